use db::DbConnection;
use db::schema::users;
use diesel::prelude::*;
use fields::Email;

use crate::users::{User, find_with_hash};
use crate::{AccountError, PasswordHasher};

/// What a sign-in form carries: an address (checked for its form only) and a password.
#[derive(Debug)]
pub struct Credentials {
    pub email: Email,
    pub password: String,
}

/// The account for these credentials. Every failure, an unknown address included, is the same
/// [`AccountError::InvalidCredentials`] after the same amount of work: one bcrypt verification.
/// A wrong password for a staff account is in the audit log.
pub fn sign_in(
    conn: &mut DbConnection,
    credentials: &Credentials,
    hasher: PasswordHasher,
) -> Result<User, AccountError> {
    let found = find_with_hash(conn, credentials.email.as_str())?;
    let hash = found.as_ref().map(|(_, hash)| hash.as_str());
    if !hasher.verify(&credentials.password, hash) {
        if let Some((user, _)) = &found {
            crate::staff::events::record_attempt_on_staff(
                conn,
                user.id,
                "staff.sign_in_failed",
                None,
            )?;
        }
        return Err(AccountError::InvalidCredentials);
    }
    let user = found
        .map(|(user, _)| user)
        .ok_or(AccountError::InvalidCredentials)?;
    // A disabled account reads as wrong credentials: the answer tells an attacker nothing.
    let disabled: Option<chrono::NaiveDateTime> = users::table
        .find(user.id)
        .select(users::disabled_at)
        .first(conn)?;
    match disabled {
        Some(_) => Err(AccountError::InvalidCredentials),
        None => Ok(user),
    }
}
