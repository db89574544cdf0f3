//! The shop owner's own phone: where alerts about the shop go (a new order, a contact message, a
//! payment that does not match its order), in the language the owner reads.

use paths::Locale;

use crate::message::{Message, TemplateKey};
use crate::phone::PhoneNumber;

/// The number and language of the owner's alerts (the shop profile's `alert_phone` and
/// `alert_language`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertPhone {
    pub to: PhoneNumber,
    pub language: Locale,
}

impl AlertPhone {
    /// An alert to the owner: `template` with its `variables` in order, and its whole `text`.
    /// Alerts carry no link: the owner opens the desk.
    pub fn alert(&self, template: TemplateKey, variables: Vec<String>, text: String) -> Message {
        Message {
            to: self.to.clone(),
            language: self.language,
            template,
            variables,
            link: None,
            text,
        }
    }
}
