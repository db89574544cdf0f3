//! The words of the mails orders send their customers, in each language (`locales/{en,ml,ta}.json`
//! beside this crate's `Cargo.toml`), and the language an order's mail is written in: the one its
//! page was in at checkout. The shop's own notice of a new order stays English.

use std::sync::LazyLock;

use db::outbox::NewMail;
use db::schema::{orders, product_translations, variant_translations};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use mail::{Button, Letter, MailContext, Texts};
use paths::Locale;

use super::links;
use super::view::OrderView;

pub(crate) static WORDS: LazyLock<Texts> = LazyLock::new(|| {
    Texts::load(
        "orders",
        include_str!("../../locales/en.json"),
        include_str!("../../locales/ml.json"),
        include_str!("../../locales/ta.json"),
    )
});

/// Texts a Malayalam or Tamil mail keeps in Latin letters: payment terms shoppers use as they
/// are, and the names of UPI apps.
#[cfg(test)]
pub(crate) const KEPT_AS_THEY_ARE: &[&str] = &[
    "GST", "COD", "UPI", "IFSC", "UTR", "QR", "BHIM", "Google", "Pay", "PhonePe", "Paytm",
];

/// A mail telling the customer what became of their order: its new `status` (a key under
/// `status.`) and the `news` in a sentence, with a button to the order's page in their language.
pub(crate) fn order_news(
    mail: &MailContext,
    locale: Locale,
    order: &OrderView,
    status: &str,
    news: String,
) -> Option<NewMail> {
    // A phone-first order has no address to mail; its page shows the news.
    let to = order.contact.email.as_deref()?;
    // The confirmation carries the invoice: its button opens there.
    let url = if status == "confirmed" && order.invoice.is_some() {
        links::invoice_link(mail, locale, &order.uuid)
    } else {
        links::order_link(mail, locale, &order.uuid)
    };
    Some(mail.write(Letter {
        locale,
        to,
        subject: WORDS.fill(
            locale,
            "status.subject",
            &[
                ("number", &order.number),
                ("status", WORDS.text(locale, &format!("status.{status}"))),
                ("shop", &mail.shop_name),
            ],
        ),
        greeting: mail::hello(locale, &order.contact.name),
        paragraphs: vec![news],
        picture: None,
        button: Some(Button {
            label: WORDS.text(locale, "view_order"),
            url: &url,
        }),
    }))
}

/// The order with its lines named in `locale` as the catalogue names them now (the order keeps
/// the English names it was sold under; a name without a translation stays so).
pub(crate) fn lines_in(
    conn: &mut DbConnection,
    locale: Locale,
    mut order: OrderView,
) -> QueryResult<OrderView> {
    if locale == Locale::En {
        return Ok(order);
    }
    for line in &mut order.lines {
        let name: Option<Option<String>> = product_translations::table
            .find((line.product_id, locale.code()))
            .select(product_translations::name)
            .first(conn)
            .optional()?;
        if let Some(name) = name.flatten().filter(|n| !n.trim().is_empty()) {
            line.product_name = name;
        }
        if line.variant_name.is_some() {
            let variant: Option<Option<String>> = variant_translations::table
                .find((line.variant_id, locale.code()))
                .select(variant_translations::name)
                .first(conn)
                .optional()?;
            if let Some(variant) = variant.flatten().filter(|n| !n.trim().is_empty()) {
                line.variant_name = Some(variant);
            }
        }
    }
    Ok(order)
}

/// The language the order was placed in.
pub(crate) fn order_locale(conn: &mut DbConnection, order_id: OrderId) -> QueryResult<Locale> {
    let code: String = orders::table
        .find(order_id)
        .select(orders::locale)
        .first(conn)?;
    Ok(Locale::parse(&code).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_mail_text_exists_in_every_language() {
        let problems = WORDS.problems(KEPT_AS_THEY_ARE);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
