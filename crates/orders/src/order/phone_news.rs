//! The order news a customer gets on their phone (WhatsApp or SMS, whichever the shop set up),
//! in the language of their order, when they said yes to it ([`super::consent`]). Each message
//! is a template the shop registers with its provider (`README.md`, "Messages to phones"): its
//! words here (`locales/*.json`, `phone.{template}`) and its variables in the order the
//! placeholders are listed, so what the provider fills in, what the file channel and the desk
//! show, and what the desk's "Send on WhatsApp" writes are the same message ([`compose`]).

use db::outbox::{self, NewPhoneMessage};
use db::{DbConnection, OrderId};
use mail::MailContext;
use messaging::{Message, PhoneNumber, TemplateKey};
use paths::{Locale, Page};
use pricing::{Paise, format_inr};
use serde::Serialize;

use super::mail_texts::WORDS;
use super::view::OrderView;
use super::{consent, links};

/// The channel the shop sends phone messages by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PhoneChannel {
    /// Meta's WhatsApp Cloud API.
    Whatsapp,
    /// MSG91's SMS.
    Sms,
    /// No provider: messages are only written to files, nobody receives them.
    None,
}

/// One piece of news about an order, with what its message says beyond the customer's name and
/// the order's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum News<'a> {
    Placed {
        total: Paise,
    },
    Confirmed,
    PaymentReceived {
        amount: Paise,
    },
    Shipped {
        carrier: &'a str,
        tracking_number: &'a str,
        /// The carrier's tracking page for this parcel, else the order's own page.
        tracking_link: &'a str,
    },
    Delivered,
    Cancelled {
        reason: &'a str,
    },
    Refunded {
        amount: Paise,
    },
}

impl News<'_> {
    pub fn template(&self) -> TemplateKey {
        match self {
            Self::Placed { .. } => TemplateKey::OrderPlaced,
            Self::Confirmed => TemplateKey::OrderConfirmed,
            Self::PaymentReceived { .. } => TemplateKey::PaymentReceived,
            Self::Shipped { .. } => TemplateKey::OrderShipped,
            Self::Delivered => TemplateKey::OrderDelivered,
            Self::Cancelled { .. } => TemplateKey::OrderCancelled,
            Self::Refunded { .. } => TemplateKey::OrderRefunded,
        }
    }

    /// The template's placeholders after `name`, with their values, in the template's order.
    fn values(&self, number: &str) -> Vec<(&'static str, String)> {
        let number = ("number", number.to_owned());
        match *self {
            Self::Placed { total } => vec![number, ("total", format_inr(total))],
            Self::PaymentReceived { amount } | Self::Refunded { amount } => {
                vec![("amount", format_inr(amount)), number]
            }
            Self::Shipped {
                carrier,
                tracking_number,
                tracking_link,
            } => vec![
                number,
                ("carrier", carrier.to_owned()),
                ("tracking_number", tracking_number.to_owned()),
                ("tracking_link", tracking_link.to_owned()),
            ],
            Self::Cancelled { reason } => vec![number, ("reason", reason.to_owned())],
            Self::Confirmed | Self::Delivered => vec![number],
        }
    }
}

/// The order's page: its whole address, and what follows the shop's address in a template's URL
/// button.
pub struct OrderLink {
    pub url: String,
    pub suffix: String,
}

/// Where a message sends the customer to see their order: its signed link, which opens without
/// signing in until it expires (`links`).
pub(crate) fn order_link(mail: &MailContext, locale: Locale, order: &OrderView) -> OrderLink {
    let key = links::order_key(&mail.order_links, &order.uuid);
    let page = || Page::SignedOrder {
        uuid: &order.uuid,
        key: &key,
    };
    OrderLink {
        url: mail.link_in(locale, page()),
        suffix: locale
            .localize(&page().path())
            .trim_start_matches('/')
            .to_owned(),
    }
}

/// The message `news` is on the customer's phone, in `locale`, with the order's link (and its
/// tax invoice's, once there is one); none when the order's number cannot take messages.
pub fn compose(
    mail: &MailContext,
    locale: Locale,
    order: &OrderView,
    news: &News,
) -> Option<Message> {
    let Ok(to) = PhoneNumber::from_e164(&order.contact.phone) else {
        // Orders keep the number as checkout checked it (E.164); an older one may not be.
        tracing::warn!(number = %order.number, "the order's phone cannot take messages");
        return None;
    };
    let template = news.template();
    let mut values = vec![("name", order.contact.name.clone())];
    values.extend(news.values(&order.number));
    let args: Vec<(&str, &str)> = values
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    let link = order_link(mail, locale, order);
    let said = WORDS.fill(locale, &format!("phone.{template}"), &args);
    let text = match &order.invoice {
        Some(_) => WORDS.fill(
            locale,
            "phone.with_invoice",
            &[
                ("news", &said),
                ("link", &link.url),
                ("invoice", &format!("{}#tax-invoice", link.url)),
            ],
        ),
        None => WORDS.fill(
            locale,
            "phone.with_link",
            &[("news", &said), ("link", &link.url)],
        ),
    };
    Some(Message {
        to,
        language: locale,
        template,
        variables: values.into_iter().map(|(_, value)| value).collect(),
        link: Some(link.suffix),
        text,
    })
}

/// Queues `news` for the order's customer when they said yes to order updates on their phone.
pub(crate) fn queue(
    conn: &mut DbConnection,
    mail: &MailContext,
    locale: Locale,
    order: &OrderView,
    order_id: OrderId,
    news: &News,
) -> diesel::QueryResult<()> {
    let Some(message) = compose(mail, locale, order, news) else {
        return Ok(());
    };
    if !consent::wants_order_updates(conn, message.to.e164())? {
        return Ok(());
    }
    enqueue(conn, &message, Some(order_id))
}

/// Puts `message` in the outbox, about `order_id` when it is about an order.
pub(crate) fn enqueue(
    conn: &mut DbConnection,
    message: &Message,
    order_id: Option<OrderId>,
) -> diesel::QueryResult<()> {
    let payload = serde_json::to_string(message)
        .map_err(|error| diesel::result::Error::SerializationError(Box::new(error)))?;
    outbox::enqueue_phone(
        conn,
        &NewPhoneMessage {
            to: message.to.e164().to_owned(),
            template: message.template.as_str().to_owned(),
            text: message.text.clone(),
            payload,
            order_id,
        },
    )
}
