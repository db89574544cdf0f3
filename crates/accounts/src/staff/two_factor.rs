//! The second factor of staff sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one
//! step of drift either way), each step accepted at most once per account, and single-use
//! recovery codes stored as SHA-256 hashes. Secrets and codes never reach logs or the audit log.

use chrono::Utc;
use db::audit::{self, AuditEntry};
use db::schema::{recovery_codes, user_totp, users};
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Builder, Secret, Totp};

use super::{events, lockout};
use crate::mails::AccountMails;
use crate::{AccountError, MailContext};

pub const RECOVERY_CODE_COUNT: usize = 10;

/// What enrolment shows once: the secret for typing in, the `otpauth://` URI and its QR code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Enrolment {
    /// The secret in base32, for authenticator apps without a camera.
    pub secret: String,
    /// `otpauth://totp/…`, what the QR code holds.
    pub otpauth_uri: String,
    /// The QR code of `otpauth_uri` as an SVG document.
    pub qr_svg: String,
}

/// What the second step of sign-in carries.
#[derive(Debug)]
pub enum SecondFactor {
    /// Six digits from the authenticator app.
    Code(String),
    /// One of the recovery codes shown at enrolment.
    RecoveryCode(String),
}

fn totp(secret: Secret, issuer: &str, account: &str) -> Result<Totp, AccountError> {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(30)
        .with_secret(secret)
        .with_issuer(Some(issuer))
        .with_account_name(account)
        .build()
        .map_err(|error| AccountError::Totp(error.to_string()))
}

fn stored_totp(secret: &str) -> Result<Totp, AccountError> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|error| AccountError::Totp(format!("stored secret: {error}")))?;
    totp(secret, "storefront", "staff")
}

/// A fresh secret for the account, replacing any enrolment not yet confirmed. An account whose
/// second factor is already set up cannot enrol again this way (409).
pub fn begin_enrolment(
    conn: &mut DbConnection,
    user_id: UserId,
    issuer: &str,
) -> Result<Enrolment, AccountError> {
    write_transaction(conn, |conn| {
        // Staff always have an address; the app's label falls back to the account's id.
        let email: String = users::table
            .find(user_id)
            .select(users::email)
            .first::<Option<String>>(conn)?
            .unwrap_or_else(|| format!("account {user_id}"));
        let confirmed = user_totp::table
            .find(user_id)
            .select(user_totp::confirmed_at)
            .first::<Option<chrono::NaiveDateTime>>(conn)
            .optional()?;
        if matches!(confirmed, Some(Some(_))) {
            return Err(AccountError::Conflict(
                "The second factor is already set up.".into(),
            ));
        }
        let secret = Secret::generate();
        let encoded = secret.to_base32();
        let totp = totp(secret, issuer, &email)?;
        let otpauth_uri = totp
            .to_url()
            .map_err(|error| AccountError::Totp(error.to_string()))?;
        let qr_svg = qrcode::QrCode::new(otpauth_uri.as_bytes())
            .map_err(|error| AccountError::Totp(error.to_string()))?
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(200, 200)
            .build();
        diesel::delete(user_totp::table.find(user_id)).execute(conn)?;
        diesel::insert_into(user_totp::table)
            .values((
                user_totp::user_id.eq(user_id),
                user_totp::secret.eq(&encoded),
            ))
            .execute(conn)?;
        Ok(Enrolment {
            secret: encoded,
            otpauth_uri,
            qr_svg,
        })
    })
}

/// Confirms enrolment with a first valid code (its step then counts as used) and returns the
/// recovery codes, shown this once; only their hashes are kept.
pub fn confirm_enrolment(
    conn: &mut DbConnection,
    user_id: UserId,
    code: &str,
    now: u64,
) -> Result<Vec<String>, AccountError> {
    write_transaction(conn, |conn| {
        let (secret, confirmed) = user_totp::table
            .find(user_id)
            .select((user_totp::secret, user_totp::confirmed_at))
            .first::<(String, Option<chrono::NaiveDateTime>)>(conn)
            .optional()?
            .ok_or_else(|| AccountError::Conflict("Start the set-up first.".into()))?;
        if confirmed.is_some() {
            return Err(AccountError::Conflict(
                "The second factor is already set up.".into(),
            ));
        }
        let step = stored_totp(&secret)?
            .check(code.trim(), now)
            .ok_or(AccountError::InvalidCode)?;
        let timestamp = Utc::now().naive_utc();
        diesel::update(user_totp::table.find(user_id))
            .set((
                user_totp::confirmed_at.eq(timestamp),
                user_totp::last_used_step.eq(step_column(step)),
            ))
            .execute(conn)?;
        diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user_id)))
            .execute(conn)?;
        let codes: Vec<String> = (0..RECOVERY_CODE_COUNT)
            .map(|_| new_recovery_code())
            .collect();
        for code in &codes {
            diesel::insert_into(recovery_codes::table)
                .values((
                    recovery_codes::user_id.eq(user_id),
                    recovery_codes::code_hash.eq(recovery_hash(code)),
                ))
                .execute(conn)?;
        }
        let id = user_id.to_string();
        audit::record(
            conn,
            &AuditEntry {
                actor_id: Some(user_id),
                action: "staff.two_factor_enrol",
                entity: "user",
                entity_id: &id,
                old_values: None,
                new_values: Some(r#"{"two_factor":true,"recovery_codes":10}"#),
            },
        )?;
        // The set-up's end signs the member in.
        events::record_for_staff(conn, user_id, "staff.sign_in", None)?;
        Ok(codes)
    })
}

/// Checks the second step of a staff sign-in. A TOTP code must be for a step later than the
/// last one this account used (so a code is never accepted twice, even by two processes at
/// once); a recovery code works once. A wrong one is [`AccountError::InvalidCode`], counted and
/// audited; [`WRONG_CODES_PER_LOCK`] in a row lock the step for growing periods
/// ([`AccountError::SecondFactorLocked`], even for a right code) and mail the member. A right
/// one clears the count and is audited as the sign-in.
///
/// [`WRONG_CODES_PER_LOCK`]: super::lockout::WRONG_CODES_PER_LOCK
pub fn verify_second_factor(
    conn: &mut DbConnection,
    user_id: UserId,
    factor: &SecondFactor,
    now: u64,
    mail: &MailContext,
) -> Result<(), AccountError> {
    let at = chrono::DateTime::from_timestamp(i64::try_from(now).unwrap_or(i64::MAX), 0)
        .unwrap_or_default()
        .naive_utc();
    let verdict = write_transaction(conn, |conn| {
        let lock = lockout::claim(conn, user_id)?;
        if let Some(retry_after) = lock.remaining_secs(at) {
            return Ok(Verdict::Locked(retry_after));
        }
        if right_factor(conn, user_id, factor, now)? {
            lockout::clear(conn, user_id)?;
            events::record_for_staff(conn, user_id, "staff.sign_in", None)?;
            return Ok(Verdict::Right);
        }
        let kind = match factor {
            SecondFactor::Code(_) => "code",
            SecondFactor::RecoveryCode(_) => "recovery_code",
        };
        events::record_attempt_on_staff(
            conn,
            user_id,
            "staff.two_factor_failed",
            Some(serde_json::json!({ "kind": kind })),
        )?;
        if let Some(new_lock) = lockout::wrong_code(conn, user_id, &lock, at)? {
            let minutes = new_lock.secs / 60;
            events::record_attempt_on_staff(
                conn,
                user_id,
                "staff.two_factor_locked",
                Some(serde_json::json!({ "lock": new_lock.lockouts, "minutes": minutes })),
            )?;
            let (email, name): (Option<String>, String) = users::table
                .find(user_id)
                .select((users::email, users::name))
                .first(conn)?;
            if let Some(email) = email {
                outbox::enqueue(
                    conn,
                    &mail.second_factor_locked(
                        &email,
                        &name,
                        super::lockout::WRONG_CODES_PER_LOCK,
                        minutes,
                    ),
                )?;
            }
        }
        Ok::<_, AccountError>(Verdict::Wrong)
    })?;
    match verdict {
        Verdict::Right => Ok(()),
        Verdict::Wrong => Err(AccountError::InvalidCode),
        Verdict::Locked(retry_after) => Err(AccountError::SecondFactorLocked { retry_after }),
    }
}

/// What one attempt at the second step came to; decided in a transaction that commits either
/// way, so a wrong code's count stays.
enum Verdict {
    Right,
    Wrong,
    /// Locked: seconds to wait.
    Locked(u64),
}

/// Whether `factor` is right now (and then used up).
fn right_factor(
    conn: &mut DbConnection,
    user_id: UserId,
    factor: &SecondFactor,
    now: u64,
) -> Result<bool, AccountError> {
    match factor {
        SecondFactor::Code(code) => {
            let Some((secret, confirmed, last)) = user_totp::table
                .find(user_id)
                .select((
                    user_totp::secret,
                    user_totp::confirmed_at,
                    user_totp::last_used_step,
                ))
                .first::<(String, Option<chrono::NaiveDateTime>, Option<i64>)>(conn)
                .optional()?
            else {
                return Ok(false);
            };
            if confirmed.is_none() {
                return Ok(false);
            }
            let Some(step) = stored_totp(&secret)?
                .check(code.trim(), now)
                .map(step_column)
            else {
                return Ok(false);
            };
            if last.is_some_and(|last| last >= step) {
                return Ok(false);
            }
            let claimed = diesel::update(
                user_totp::table.find(user_id).filter(
                    user_totp::last_used_step
                        .is_null()
                        .or(user_totp::last_used_step.lt(step)),
                ),
            )
            .set(user_totp::last_used_step.eq(step))
            .execute(conn)?;
            Ok(claimed == 1)
        }
        SecondFactor::RecoveryCode(code) => {
            let used = diesel::update(
                recovery_codes::table
                    .filter(recovery_codes::user_id.eq(user_id))
                    .filter(recovery_codes::code_hash.eq(recovery_hash(code)))
                    .filter(recovery_codes::used_at.is_null()),
            )
            .set(recovery_codes::used_at.eq(Utc::now().naive_utc()))
            .execute(conn)?;
            if used != 1 {
                return Ok(false);
            }
            let left: i64 = recovery_codes::table
                .filter(recovery_codes::user_id.eq(user_id))
                .filter(recovery_codes::used_at.is_null())
                .count()
                .get_result(conn)?;
            let id = user_id.to_string();
            let values = serde_json::json!({ "recovery_codes_left": left }).to_string();
            audit::record(
                conn,
                &AuditEntry {
                    actor_id: Some(user_id),
                    action: "staff.recovery_code_use",
                    entity: "user",
                    entity_id: &id,
                    old_values: None,
                    new_values: Some(&values),
                },
            )?;
            Ok(true)
        }
    }
}

fn step_column(step: u64) -> i64 {
    i64::try_from(step).unwrap_or(i64::MAX)
}

/// 80 random bits as four groups of five hex digits: `3f9a1-07c2e-b5d40-9e1a7`.
fn new_recovery_code() -> String {
    let mut bytes = [0u8; 10];
    rand::rng().fill_bytes(&mut bytes);
    let hex = hex::encode(bytes);
    [&hex[0..5], &hex[5..10], &hex[10..15], &hex[15..20]].join("-")
}

/// The stored form: the SHA-256 of the code without dashes or spaces, in lower case. The codes
/// carry 80 random bits, so a fast hash is enough; the lookup is by hash, so no code is ever
/// compared as text.
fn recovery_hash(code: &str) -> String {
    let normal: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    hex::encode(Sha256::digest(normal.as_bytes()))
}
