use db::DbConnection;
use db::schema::users;
use diesel::prelude::*;
use fields::{Email, PhoneNumber};

use crate::staff::Role;
use crate::users::{User, find_by_phone, find_with_hash};
use crate::{AccountError, PasswordHasher};

/// What a sign-in names the account by: an e-mail address, or a mobile number (customers only;
/// staff sign in by e-mail).
#[derive(Debug, Clone)]
pub enum Login {
    Email(Email),
    Phone(PhoneNumber),
}

impl Login {
    /// The address or the number (E.164): the account limit's key and the known device's name.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Email(email) => email.as_str(),
            Self::Phone(phone) => phone.as_str(),
        }
    }
}

/// What a sign-in form carries: an address or a number (checked for its form only) and a
/// password.
#[derive(Debug)]
pub struct Credentials {
    pub login: Login,
    pub password: String,
}

/// The account for these credentials. Every failure, an unknown address or number, an account
/// without a password and a staff account named by its number included, is the same
/// [`AccountError::InvalidCredentials`] (on `phone`: [`AccountError::InvalidPhoneCredentials`])
/// after the same amount of work: one bcrypt verification. A wrong password for a staff account
/// is in the audit log.
pub fn sign_in(
    conn: &mut DbConnection,
    credentials: &Credentials,
    hasher: PasswordHasher,
) -> Result<User, AccountError> {
    let (found, refusal) = match &credentials.login {
        Login::Email(email) => (
            find_with_hash(conn, email.as_str())?,
            AccountError::InvalidCredentials,
        ),
        Login::Phone(phone) => {
            let found = match find_by_phone(conn, phone.as_str())? {
                Some((row, hash)) => Some((row.into_user(conn)?, hash)),
                None => None,
            };
            (found, AccountError::InvalidPhoneCredentials)
        }
    };
    let hash = found.as_ref().and_then(|(_, hash)| hash.as_deref());
    if !hasher.verify(&credentials.password, hash) {
        if let Some((user, _)) = &found {
            crate::staff::events::record_attempt_on_staff(
                conn,
                user.id,
                "staff.sign_in_failed",
                None,
            )?;
        }
        return Err(refusal);
    }
    let Some((user, _)) = found else {
        return Err(refusal);
    };
    let by_phone = matches!(credentials.login, Login::Phone(_));
    if by_phone && Role::from_column(&user.role).is_some() {
        return Err(refusal);
    }
    // A disabled account reads as wrong credentials: the answer tells an attacker nothing.
    let disabled: Option<chrono::NaiveDateTime> = users::table
        .find(user.id)
        .select(users::disabled_at)
        .first(conn)?;
    match disabled {
        Some(_) => Err(refusal),
        None => Ok(user),
    }
}
