//! The contact form.

use accounts::ContactMessage;
use fields::{Email, FieldErrors, FormErrors, PersonName, PhoneNumber};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactBody {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub subject: Option<String>,
    /// 10 to 5,000 characters.
    pub message: Option<String>,
}

impl CheckBody for ContactBody {
    type Checked = ContactMessage;

    fn check(self) -> Result<ContactMessage, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let email = errors.required("email", given(&self.email), Email::parse);
        let phone = errors.optional("phone", self.phone.as_deref(), PhoneNumber::parse);
        let subject = errors.optional(
            "subject",
            self.subject.as_deref(),
            ContactMessage::parse_subject,
        );
        let message = errors.required(
            "message",
            given(&self.message),
            ContactMessage::parse_message,
        );
        let form = (|| {
            Some(ContactMessage {
                name: name?,
                email: email?,
                phone: phone?,
                subject: subject?,
                message: message?,
            })
        })();
        errors.finish(form)
    }
}
