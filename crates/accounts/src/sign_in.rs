use db::DbConnection;

use crate::input::Email;
use crate::users::{User, find_with_hash};
use crate::{AccountError, PasswordHasher};

/// The account for these credentials. Every failure, an unknown address included, is the same
/// [`AccountError::InvalidCredentials`] after the same amount of work.
pub fn sign_in(
    conn: &mut DbConnection,
    email: &str,
    password: &str,
    hasher: PasswordHasher,
) -> Result<User, AccountError> {
    let found = match Email::parse(email) {
        Ok(email) => find_with_hash(conn, email.as_str())?,
        Err(_) => None,
    };
    let hash = found.as_ref().map(|(_, hash)| hash.as_str());
    if hasher.verify(password, hash) {
        found
            .map(|(user, _)| user)
            .ok_or(AccountError::InvalidCredentials)
    } else {
        Err(AccountError::InvalidCredentials)
    }
}
