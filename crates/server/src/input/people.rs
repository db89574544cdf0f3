//! The people desk's input: staff's note on a customer, a guest's key in a path, and a shopper's
//! confirmation that they mean to erase their account.

use accounts::people::CustomerNote;
use accounts::people::rights::Confirmation;
use fields::{FieldErrors, FormErrors};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};
use crate::error::ApiError;

/// Staff's note on a customer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteBody {
    /// Up to 2,000 characters; blank (or left out) removes the note.
    #[schema(max_length = 2000)]
    pub note: Option<String>,
}

impl CheckBody for NoteBody {
    type Checked = Option<CustomerNote>;

    fn check(self) -> Result<Option<CustomerNote>, FieldErrors> {
        let mut errors = FormErrors::default();
        let note = match CustomerNote::parse(self.note.as_deref().unwrap_or_default()) {
            Ok(note) => note,
            Err(message) => {
                errors.add("note", message);
                None
            }
        };
        errors.finish(Some(note))
    }
}

/// A guest's key as the customers list gives it: 24 lower-case hex digits. Anything else names
/// nobody (404, as an unknown key does).
pub fn guest_key(raw: &str) -> Result<String, ApiError> {
    if raw.len() == 24 && raw.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(raw.to_owned())
    } else {
        Err(ApiError::NotFound("No such customer.".into()))
    }
}

/// A shopper's confirmation that they mean to erase their account: their password, or a
/// sign-in code sent to their verified number (`POST /api/login/code-request`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct EraseBody {
    pub password: Option<String>,
    /// Six digits.
    pub code: Option<String>,
}

impl CheckBody for EraseBody {
    type Checked = Confirmation;

    fn check(self) -> Result<Confirmation, FieldErrors> {
        let mut errors = FormErrors::default();
        let confirmation = match (given(&self.password), given(&self.code)) {
            (Some(_), _) => self.password.map(Confirmation::Password),
            (None, Some(code)) => Some(Confirmation::Code(code.to_owned())),
            (None, None) => {
                errors.add(
                    "password",
                    "Enter your password, or a code sent to your phone.".into(),
                );
                None
            }
        };
        errors.finish(confirmation)
    }
}
