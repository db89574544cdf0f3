use db::schema::contact_messages;
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use fields::{Email, PersonName, PhoneNumber};

use crate::{AccountError, MailContext};

/// A checked contact form.
#[derive(Debug)]
pub struct ContactMessage {
    pub name: PersonName,
    pub email: Email,
    pub phone: Option<PhoneNumber>,
    pub subject: Option<String>,
    pub message: String,
}

impl ContactMessage {
    /// A subject: one line of at most 150 characters.
    pub fn parse_subject(raw: &str) -> Result<String, String> {
        fields::text::line(raw, "subject", 1, 150)
    }

    /// A message: 10 to 5,000 characters, line breaks allowed.
    pub fn parse_message(raw: &str) -> Result<String, String> {
        fields::text::block(raw, "message", 10, 5000)
    }
}

/// Keeps the message, and queues an acknowledgement to the sender and a notice to the shop.
/// The acknowledgement repeats nothing the sender typed but their name, so the form cannot be
/// used to mail chosen words to any address.
pub fn submit_contact(
    conn: &mut DbConnection,
    form: &ContactMessage,
    mail: &MailContext,
) -> Result<(), AccountError> {
    let ContactMessage {
        name,
        email,
        phone,
        subject,
        message,
    } = form;
    let subject = subject.as_deref();
    let phone = phone.as_ref().map(PhoneNumber::as_str);
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
                &format!("We received your message — {}", mail.shop_name),
                &format!("Hello {},", name.as_str()),
                &["Thank you for writing to us. Our team answers within one working day (Monday to Saturday)."],
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
