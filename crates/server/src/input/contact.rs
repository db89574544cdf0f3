//! The contact form.

use accounts::ContactMessage;
use fields::{Email, FieldErrors, FormErrors, PersonName, PhoneNumber};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

const NO_WAY_TO_ANSWER: &str = "Give a phone number or an e-mail address so we can answer.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactBody {
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    /// An e-mail address or a phone number to answer at: at least one.
    #[schema(max_length = 254)]
    pub email: Option<String>,
    #[schema(example = "+91 98470 12345")]
    pub phone: Option<String>,
    pub subject: Option<String>,
    /// 10 to 5,000 characters.
    #[schema(required = true, value_type = String, min_length = 10, max_length = 5000)]
    pub message: Option<String>,
}

impl CheckBody for ContactBody {
    type Checked = ContactMessage;

    fn check(self) -> Result<ContactMessage, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let email = errors.optional("email", self.email.as_deref(), Email::parse);
        let phone = errors.optional("phone", self.phone.as_deref(), PhoneNumber::parse);
        if given(&self.email).is_none() && given(&self.phone).is_none() {
            for field in ["email", "phone"] {
                errors.add(field, NO_WAY_TO_ANSWER.to_owned());
            }
        }
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
