use db::schema::contact_messages;
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use fields::{Email, PersonName, PhoneNumber};
use mail::Letter;
use messaging::{AlertPhone, TemplateKey};
use paths::Locale;

use crate::{AccountError, MailContext};

/// A checked contact form: a way to answer, by e-mail or phone, at least one.
#[derive(Debug)]
pub struct ContactMessage {
    pub name: PersonName,
    pub email: Option<Email>,
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

/// Keeps the message, and queues an acknowledgement to the sender's e-mail address when they
/// gave one (in `locale`, the language of the page they wrote on) and a notice to the shop (in
/// English). The acknowledgement repeats
/// nothing the sender typed but their name, so the form cannot be used to mail chosen words to
/// any address.
pub fn submit_contact(
    conn: &mut DbConnection,
    form: &ContactMessage,
    locale: Locale,
    mail: &MailContext,
    owner: Option<&AlertPhone>,
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
    let email = email.as_ref().map(Email::as_str);
    write_transaction(conn, |conn| {
        diesel::insert_into(contact_messages::table)
            .values((
                contact_messages::name.eq(name.as_str()),
                contact_messages::email.eq(email),
                contact_messages::phone.eq(phone),
                contact_messages::subject.eq(subject),
                contact_messages::message.eq(message),
            ))
            .execute(conn)?;
        if let Some(email) = email {
            let words = crate::mails::words();
            outbox::enqueue(
                conn,
                &mail.write(Letter {
                    locale,
                    to: email,
                    subject: words.fill(locale, "contact.subject", &[("shop", &mail.shop_name)]),
                    greeting: mail::hello(locale, name.as_str()),
                    paragraphs: vec![words.text(locale, "contact.thanks").to_owned()],
                    picture: None,
                    button: None,
                }),
            )?;
        }
        let staff = mail.compose(
            &mail.shop_email,
            &format!("Contact form: {}", subject.unwrap_or("(no subject)")),
            &match email {
                Some(email) => format!(
                    "{} <{email}> wrote through the contact form.",
                    name.as_str()
                ),
                None => format!(
                    "{} wrote through the contact form (no e-mail address: answer by phone).",
                    name.as_str()
                ),
            },
            &[&format!("Phone: {}", phone.unwrap_or("not given")), message],
            None,
        );
        outbox::enqueue(conn, &staff)?;
        if let Some(owner) = owner {
            // How to answer them: the e-mail address they gave, else their number.
            let contact = email.or(phone).unwrap_or_default();
            alert_owner(conn, owner, name.as_str(), contact, subject)?;
        }
        Ok(())
    })
}

/// A line on the owner's phone: who wrote, how to answer them, and about what.
fn alert_owner(
    conn: &mut DbConnection,
    owner: &AlertPhone,
    name: &str,
    contact: &str,
    subject: Option<&str>,
) -> QueryResult<()> {
    let words = crate::mails::words();
    let language = owner.language;
    let subject = subject.unwrap_or_else(|| words.text(language, "alert.no_subject"));
    let values = [("name", name), ("contact", contact), ("subject", subject)];
    let template = TemplateKey::OwnerContactMessage;
    let text = words.fill(language, &format!("alert.{template}"), &values);
    let alert = owner.alert(
        template,
        values
            .iter()
            .map(|(_, value)| (*value).to_owned())
            .collect(),
        text,
    );
    crate::phone_sign_in::enqueue_message(conn, &alert)
}
