//! The order news a customer gets on their phone (WhatsApp or SMS, whichever the shop set up),
//! in the language of their order, when they said yes to it ([`super::consent`]). Each message
//! is a template the shop registers with its provider (`README.md`, "Messages to phones"): its
//! words here (`locales/*.json`, `phone.{template}`) and its variables in the order the
//! placeholders are listed, so what the provider fills in and what the file channel and the desk
//! show are the same message.

use db::outbox::{self, NewPhoneMessage};
use db::{DbConnection, OrderId};
use mail::MailContext;
use messaging::{Message, PhoneNumber, TemplateKey};
use paths::{Locale, Page};

use super::mail_words::WORDS;
use super::view::OrderView;
use super::{consent, links};

/// Queues `template` for the order's customer, its placeholders filled from `values` (their
/// values are the template's variables, in this order), with a link to the order's page.
pub(crate) fn queue(
    conn: &mut DbConnection,
    mail: &MailContext,
    locale: Locale,
    order: &OrderView,
    order_id: OrderId,
    template: TemplateKey,
    values: &[(&str, &str)],
) -> diesel::QueryResult<()> {
    let Ok(to) = PhoneNumber::from_e164(&order.contact.phone) else {
        // Orders keep the number as checkout checked it (E.164); an older one may not be.
        tracing::warn!(number = %order.number, "the order's phone cannot take messages");
        return Ok(());
    };
    if !consent::wants_order_updates(conn, to.e164())? {
        return Ok(());
    }
    let mut args = vec![("name", order.contact.name.as_str())];
    args.extend_from_slice(values);
    let key = links::order_key(&mail.order_links, &order.uuid);
    let page = || Page::SignedOrder {
        uuid: &order.uuid,
        key: &key,
    };
    let link = mail.link_in(locale, page());
    // A template's URL button holds the shop's address; the message fills in what follows it.
    let suffix = locale
        .localize(&page().path())
        .trim_start_matches('/')
        .to_owned();
    let news = WORDS.fill(locale, &format!("phone.{template}"), &args);
    let message = Message {
        to: to.clone(),
        language: locale,
        template,
        variables: args.iter().map(|(_, value)| (*value).to_owned()).collect(),
        link: Some(suffix),
        text: WORDS.fill(
            locale,
            "phone.with_link",
            &[("news", &news), ("link", &link)],
        ),
    };
    let payload = serde_json::to_string(&message)
        .map_err(|error| diesel::result::Error::SerializationError(Box::new(error)))?;
    outbox::enqueue_phone(
        conn,
        &NewPhoneMessage {
            to: to.e164().to_owned(),
            template: template.as_str().to_owned(),
            text: message.text,
            payload,
            order_id: Some(order_id),
        },
    )
}
