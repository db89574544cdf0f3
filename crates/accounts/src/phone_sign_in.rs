//! Signing in and proving a number with a code sent to the phone. Codes go only to customers'
//! accounts (never staff, who sign in with e-mail, password and TOTP), only to mobile numbers of
//! the countries the shop sends to, and within the caps of [`crate::phone_codes`]. Asking for a
//! sign-in code tells the asker nothing: whatever the number, the caller answers the same.

use chrono::Utc;
use db::schema::{orders, sessions, users};
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;
use fields::PhoneNumber;
use mail::MailContext;
use messaging::{Message, TemplateKey};
use paths::Locale;

use crate::phone_codes::{self, CodeCaps, CodeKey, CodePurpose};
use crate::staff::Role;
use crate::users::{User, find_for_code, phone_taken};
use crate::{AccountError, find_user};

/// What sending and checking codes needs.
#[derive(Debug, Clone)]
pub struct PhoneCodes {
    pub key: CodeKey,
    pub caps: CodeCaps,
    /// Country calling codes codes may be sent to (India always).
    pub calling_codes: Vec<u16>,
}

impl PhoneCodes {
    /// The number as one codes may go to: a mobile of an allowed country.
    pub(crate) fn reachable(&self, phone: &PhoneNumber) -> Option<messaging::PhoneNumber> {
        messaging::PhoneNumber::parse(phone.as_str(), &self.calling_codes).ok()
    }
}

/// Who asked for a code, and in which language their page was.
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    /// The client's address, for the per-address cap.
    pub client: &'a str,
    pub locale: Locale,
}

/// The account `id` may get and use codes: a customer's, not disabled.
fn takes_codes(conn: &mut DbConnection, id: UserId) -> QueryResult<bool> {
    let (role, disabled): (String, Option<chrono::NaiveDateTime>) = users::table
        .find(id)
        .select((users::role, users::disabled_at))
        .first(conn)?;
    Ok(Role::from_column(&role).is_none() && disabled.is_none())
}

/// Sends a sign-in code to `phone` when it names a customer's account and no cap refuses;
/// true when one was queued (the caller wakes the phone worker). Nothing else tells.
pub fn request_sign_in_code(
    conn: &mut DbConnection,
    phone: &PhoneNumber,
    asker: Asker<'_>,
    codes: &PhoneCodes,
    mail: &MailContext,
) -> Result<bool, AccountError> {
    let Some(to) = codes.reachable(phone) else {
        return Ok(false);
    };
    write_transaction(conn, |conn| {
        let Some((row, _)) = find_for_code(conn, to.e164())? else {
            return Ok(false);
        };
        if !takes_codes(conn, row.id())? {
            return Ok(false);
        }
        let user = row.into_user(conn)?;
        send_code(conn, &user, &to, CodePurpose::SignIn, asker, codes, mail)
    })
}

/// Signs in with a code sent to `phone`; the number becomes the account's verified number and
/// the guest orders placed with it join the account. A wrong, used or expired code, or a
/// number without a customer's account, is the same [`AccountError::WrongCode`].
pub fn sign_in_with_code(
    conn: &mut DbConnection,
    phone: &PhoneNumber,
    code: &str,
    codes: &PhoneCodes,
) -> Result<User, AccountError> {
    // The tries a wrong code counts are kept: the transaction commits, then the answer fails.
    let signed_in = write_transaction(conn, |conn| {
        if !phone_codes::consume(conn, &codes.key, phone.as_str(), CodePurpose::SignIn, code)? {
            return Ok(None);
        }
        let Some((row, verified)) = find_for_code(conn, phone.as_str())? else {
            return Ok(None);
        };
        if !takes_codes(conn, row.id())? {
            return Ok(None);
        }
        if !verified {
            // Whoever registered the number may not hold it (a typo, or someone else's number
            // on purpose): the one who proves it now ends every session the account had.
            diesel::delete(sessions::table.filter(sessions::user_id.eq(row.id()))).execute(conn)?;
        }
        mark_verified(conn, row.id(), phone.as_str())?;
        Ok::<_, AccountError>(find_user(conn, row.id())?)
    })?;
    signed_in.ok_or(AccountError::WrongCode)
}

/// Sends a code to the signed-in account's own number, to verify it; false when none was
/// queued (a cap refused it). The number must be one codes may go to, and not yet verified.
pub fn send_phone_code(
    conn: &mut DbConnection,
    user_id: UserId,
    asker: Asker<'_>,
    codes: &PhoneCodes,
    mail: &MailContext,
) -> Result<bool, AccountError> {
    write_transaction(conn, |conn| {
        let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
        if !takes_codes(conn, user_id)? {
            return Err(AccountError::field("phone", STAFF_NO_CODES));
        }
        let phone = user
            .phone
            .as_deref()
            .ok_or_else(|| AccountError::field("phone", NO_PHONE))?;
        if user.phone_verified_at.is_some() {
            return Err(AccountError::field("phone", ALREADY_VERIFIED));
        }
        let to = PhoneNumber::parse(phone)
            .ok()
            .and_then(|phone| codes.reachable(&phone))
            .ok_or_else(|| AccountError::field("phone", UNREACHABLE))?;
        send_code(conn, &user, &to, CodePurpose::Verify, asker, codes, mail)
    })
}

/// Verifies the signed-in account's number with the code sent to it; the guest orders placed
/// with the number join the account.
pub fn verify_phone(
    conn: &mut DbConnection,
    user_id: UserId,
    code: &str,
    codes: &PhoneCodes,
) -> Result<User, AccountError> {
    let verified = write_transaction(conn, |conn| {
        let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
        let Some(phone) = user.phone.as_deref() else {
            return Ok(None);
        };
        if !takes_codes(conn, user_id)?
            || !phone_codes::consume(conn, &codes.key, phone, CodePurpose::Verify, code)?
        {
            return Ok(None);
        }
        mark_verified(conn, user_id, phone)?;
        Ok::<_, AccountError>(find_user(conn, user_id)?)
    })?;
    verified.ok_or(AccountError::WrongCode)
}

pub(crate) const STAFF_NO_CODES: &str =
    "Staff accounts sign in with a password and an authenticator app.";
pub(crate) const NO_PHONE: &str = "Add your mobile number to your profile first.";
pub(crate) const ALREADY_VERIFIED: &str = "Your mobile number is already verified.";
pub(crate) const UNREACHABLE: &str =
    "We cannot send a code to this number. Please give a mobile number.";
pub(crate) const PHONE_TAKEN: &str = "The phone has already been taken.";

/// Issues a code (unless a cap refuses) and queues its message, in the account's language.
pub(crate) fn send_code(
    conn: &mut DbConnection,
    user: &User,
    to: &messaging::PhoneNumber,
    purpose: CodePurpose,
    asker: Asker<'_>,
    codes: &PhoneCodes,
    mail: &MailContext,
) -> Result<bool, AccountError> {
    let Some(code) = phone_codes::issue(
        conn,
        &codes.key,
        &codes.caps,
        to.e164(),
        purpose,
        asker.client,
    )?
    else {
        return Ok(false);
    };
    queue_code(conn, mail, to, user.mail_locale(asker.locale), &code)?;
    Ok(true)
}

/// The code's message: its only variable is the code, and it carries no link (WhatsApp's
/// authentication templates allow none).
fn queue_code(
    conn: &mut DbConnection,
    mail: &MailContext,
    to: &messaging::PhoneNumber,
    locale: Locale,
    code: &str,
) -> QueryResult<()> {
    let text = crate::mails::words().fill(
        locale,
        "phone.sign_in_code",
        &[("code", code), ("shop", &mail.shop_name)],
    );
    let message = Message {
        to: to.clone(),
        language: locale,
        template: TemplateKey::SignInCode,
        variables: vec![code.to_owned()],
        link: None,
        text,
    };
    enqueue_message(conn, &message)
}

/// Puts `message` (about no order) in the outbox: its number, template and text as columns, and
/// the whole message as the provider's JSON payload.
pub(crate) fn enqueue_message(conn: &mut DbConnection, message: &Message) -> QueryResult<()> {
    let payload = serde_json::to_string(message)
        .map_err(|error| diesel::result::Error::SerializationError(Box::new(error)))?;
    outbox::enqueue_phone(
        conn,
        &outbox::NewPhoneMessage {
            to: message.to.e164().to_owned(),
            template: message.template.as_str().to_owned(),
            text: message.text.clone(),
            payload,
            order_id: None,
        },
    )
}

/// `phone` is now the account's proved number (unless another account proved it first), and
/// the guest orders placed with it become the account's.
fn mark_verified(
    conn: &mut DbConnection,
    user_id: UserId,
    phone: &str,
) -> Result<(), AccountError> {
    if phone_taken(conn, phone, Some(user_id))? {
        return Err(AccountError::field("phone", PHONE_TAKEN));
    }
    diesel::update(
        users::table
            .find(user_id)
            .filter(users::phone.eq(phone))
            .filter(users::phone_verified_at.is_null()),
    )
    .set(users::phone_verified_at.eq(Utc::now().naive_utc()))
    .execute(conn)
    .map_err(|error| match error {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        ) => AccountError::field("phone", PHONE_TAKEN),
        other => other.into(),
    })?;
    let joined = diesel::update(
        orders::table
            .filter(orders::user_id.is_null())
            .filter(orders::contact_phone.eq(phone)),
    )
    .set(orders::user_id.eq(user_id))
    .execute(conn)?;
    if joined > 0 {
        tracing::info!(user_id = %user_id, joined, "guest orders joined the account with its verified number");
    }
    Ok(())
}
