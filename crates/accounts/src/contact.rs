use db::schema::contact_messages;
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use crate::input::{Email, FormErrors, PersonName, PhoneNumber};
use crate::{AccountError, MailContext};

/// The contact form as it arrived.
#[derive(Debug)]
pub struct ContactMessage<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub subject: Option<&'a str>,
    pub message: &'a str,
}

const MAX_MESSAGE_CHARS: usize = 5000;
const MAX_SUBJECT_CHARS: usize = 150;

/// Keeps the message, and queues an acknowledgement to the sender and a notice to the shop.
pub fn submit_contact(
    conn: &mut DbConnection,
    form: &ContactMessage,
    mail: &MailContext,
) -> Result<(), AccountError> {
    let mut errors = FormErrors::default();
    let name = errors.check("name", PersonName::parse(form.name));
    let email = errors.check("email", Email::parse(form.email));
    let phone = match form.phone.map(str::trim).filter(|p| !p.is_empty()) {
        Some(raw) => errors.check("phone", PhoneNumber::parse(raw)),
        None => None,
    };
    let subject = form.subject.map(str::trim).filter(|s| !s.is_empty());
    if subject.is_some_and(|s| s.chars().count() > MAX_SUBJECT_CHARS) {
        errors.add(
            "subject",
            format!("The subject may not be greater than {MAX_SUBJECT_CHARS} characters."),
        );
    }
    let message = form.message.trim();
    match message.chars().count() {
        0 => errors.add("message", "The message field is required.".into()),
        1..10 => errors.add(
            "message",
            "The message must be at least 10 characters.".into(),
        ),
        n if n > MAX_MESSAGE_CHARS => errors.add(
            "message",
            format!("The message may not be greater than {MAX_MESSAGE_CHARS} characters."),
        ),
        _ => {}
    }
    errors.into_result()?;
    let (Some(name), Some(email)) = (name, email) else {
        return Err(AccountError::field("form", "The given data was invalid."));
    };
    let phone = phone.as_ref().map(PhoneNumber::as_str);
    let topic = subject.unwrap_or("your message");
    write_transaction(conn, |conn| {
        diesel::insert_into(contact_messages::table)
            .values((
                contact_messages::name.eq(name.as_str()),
                contact_messages::email.eq(email.as_str()),
                contact_messages::phone.eq(phone),
                contact_messages::subject.eq(subject),
                contact_messages::message.eq(message),
            ))
            .execute(conn)?;
        outbox::enqueue(
            conn,
            &mail.compose(
                email.as_str(),
                &format!("We received {topic} — {}", mail.shop_name),
                &format!("Hello {},", name.as_str()),
                &["Thank you for writing to us. Our team answers within one working day (Monday to Saturday).", "Your message:", message],
                None,
            ),
        )?;
        let staff = mail.compose(
            &mail.shop_email,
            &format!("Contact form: {}", subject.unwrap_or("(no subject)")),
            &format!(
                "{} <{}> wrote through the contact form.",
                name.as_str(),
                email.as_str()
            ),
            &[&format!("Phone: {}", phone.unwrap_or("not given")), message],
            None,
        );
        outbox::enqueue(conn, &staff)?;
        Ok(())
    })
}
