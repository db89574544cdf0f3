//! Registration, sign-in and out, the signed-in user, password reset and e-mail verification.

pub mod password_reset;
pub mod profile;
pub mod register;
pub mod sign_in;
pub mod verification;

use serde_json::Value;

/// A string field of a JSON object ("" when absent or not a string; the domain names it).
pub(crate) fn text<'a>(body: &'a Value, field: &str) -> &'a str {
    body.get(field).and_then(Value::as_str).unwrap_or_default()
}

pub(crate) fn optional_text<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body.get(field).and_then(Value::as_str)
}
