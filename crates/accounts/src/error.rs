use std::collections::BTreeMap;

use fields::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("The given data was invalid.")]
    Invalid(FieldErrors),
    /// Always the same words, whether or not the address has an account.
    #[error("These credentials do not match our records.")]
    InvalidCredentials,
    /// A password sign-in by mobile number that failed: the same words as by e-mail, on the
    /// `phone` field.
    #[error("These credentials do not match our records.")]
    InvalidPhoneCredentials,
    /// A wrong, used or expired code sent to a phone (or no account behind the number).
    #[error("The code is wrong or has expired.")]
    WrongCode,
    #[error("This link is invalid or has expired.")]
    InvalidToken,
    /// A wrong, expired or already used second-factor code.
    #[error("The code is not valid.")]
    InvalidCode,
    /// Too many wrong second-factor codes: the step is locked for `retry_after` seconds.
    #[error("Too many attempts. Please try again in {retry_after} seconds.")]
    SecondFactorLocked { retry_after: u64 },
    #[error("{0}")]
    Conflict(String),
    #[error("Account not found.")]
    NotFound,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error("two-factor set-up failed: {0}")]
    Totp(String),
    #[error("password hashing failed: {0}")]
    Hashing(String),
}

impl AccountError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Invalid(BTreeMap::from([(field.to_owned(), vec![message.into()])]))
    }
}
