//! Alerts to the shop owner's own phone (the shop profile's `alert_phone`, in its
//! `alert_language`): a new order, and a payment staff could not match to its order. Each is
//! queued in the transaction of what it reports; with no number set, nothing is.

use db::{DbConnection, OrderId};
use messaging::{AlertPhone, TemplateKey};
use pricing::{Paise, format_inr};

use super::mail_texts::WORDS;
use super::phone_news;
use super::view::OrderView;

/// Why a payment did not match its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmatched {
    /// The amount received is not the order's total.
    AmountDiffers { amount: Paise, total: Paise },
    /// The UTR or receipt was already recorded for another order.
    ReferenceUsed { reference: String, other: String },
}

pub(crate) fn new_order(
    conn: &mut DbConnection,
    owner: Option<&AlertPhone>,
    order: &OrderView,
    order_id: OrderId,
) -> diesel::QueryResult<()> {
    let total = format_inr(order.totals.total);
    send(
        conn,
        owner,
        order_id,
        TemplateKey::OwnerNewOrder,
        &[
            ("number", &order.number),
            ("name", &order.contact.name),
            ("total", &total),
        ],
    )
}

pub(crate) fn payment_unmatched(
    conn: &mut DbConnection,
    owner: Option<&AlertPhone>,
    number: &str,
    order_id: OrderId,
    why: &Unmatched,
) -> diesel::QueryResult<()> {
    let Some(language) = owner.map(|owner| owner.language) else {
        return Ok(());
    };
    let reason = match why {
        Unmatched::AmountDiffers { amount, total } => WORDS.fill(
            language,
            "alert.amount_differs",
            &[
                ("amount", &format_inr(*amount)),
                ("total", &format_inr(*total)),
            ],
        ),
        Unmatched::ReferenceUsed { reference, other } => WORDS.fill(
            language,
            "alert.reference_used",
            &[("reference", reference), ("other", other)],
        ),
    };
    send(
        conn,
        owner,
        order_id,
        TemplateKey::OwnerPaymentUnmatched,
        &[("number", number), ("reason", &reason)],
    )
}

fn send(
    conn: &mut DbConnection,
    owner: Option<&AlertPhone>,
    order_id: OrderId,
    template: TemplateKey,
    values: &[(&str, &str)],
) -> diesel::QueryResult<()> {
    let Some(owner) = owner else {
        return Ok(());
    };
    let text = WORDS.fill(owner.language, &format!("alert.{template}"), values);
    let variables = values
        .iter()
        .map(|(_, value)| (*value).to_owned())
        .collect();
    let alert = owner.alert(template, variables, text);
    phone_news::enqueue(conn, &alert, Some(order_id))
}
