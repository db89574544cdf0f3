//! Moving an order along: placed or awaiting payment → confirmed → shipped → delivered, or
//! cancelled before it ships (its stock then goes back on the shelf). A shipment carries its
//! carrier and tracking number, a cancellation its reason. Each change is kept with its time,
//! who made it (staff, or nobody for the command line) and their note, written to the audit log,
//! and the customer is told by e-mail, all in one transaction.

use chrono::Utc;
use db::audit::{self, AuditEntry};
use db::schema::{order_lines, orders, product_variants, stock_movements};
use db::{DbConnection, OrderId, VariantId, outbox, write_transaction};
use diesel::prelude::*;
use mail::MailContext;
use pricing::Paise;

use super::{
    MovedBy, OrderError, OrderStatus, OrderView, PaymentMethod, PaymentState, ReadOrder,
    order_by_id, record_status,
};
use crate::gst::documents::{self, DocumentError, DocumentSeries};
use crate::order::carriers::{self, Carrier};
use crate::order::links;
use crate::order::mail_texts::{WORDS, order_locale, order_news};
use crate::order::phone_news::{self, News};
use crate::stored_as_text::Word;

/// Above this value of taxable goods (₹50,000) a consignment travels with an e-way bill.
pub const EWAY_BILL_ABOVE: Paise = Paise::new(5_000_000);

#[derive(Debug, thiserror::Error)]
pub enum TransitionError {
    #[error("No order has the number {0}.")]
    UnknownOrder(String),
    #[error("An order that is {} cannot become {}.", words(from), words(to))]
    NotAllowed {
        from: &'static str,
        to: &'static str,
    },
    #[error(
        "This consignment is worth {}, over ₹50,000: give the e-way bill number it travels with.",
        pricing::format_inr(*value)
    )]
    EwayBillNeeded { value: Paise },
    /// Part of a shipped order came back already: the rest comes back as a return too, so that
    /// nothing is restocked or credited twice.
    #[error("Part of this order was returned already; take the rest back as a return.")]
    HasReturns,
    #[error(transparent)]
    Order(#[from] OrderError),
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// A batch-tracked line cannot be filled from unexpired batches, or a batch refused.
    #[error(transparent)]
    Batch(#[from] batches::BatchError),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// What moving an order needs from the shop: where its mails point, the series its GST
/// documents are numbered in, and the carriers whose tracking pages a shipment links to.
#[derive(Debug, Clone)]
pub struct MoveContext {
    pub mail: MailContext,
    pub series: DocumentSeries,
    pub carriers: Vec<Carrier>,
    /// How the shop reaches phones, as the desk tells staff.
    pub phone_channel: super::phone_news::PhoneChannel,
    /// The owner's phone, alerted of a payment that does not match its order.
    pub owner_alerts: Option<messaging::AlertPhone>,
    /// The day each financial year's annual return was filed, which ends the time for its
    /// credit notes early (CGST Act s. 34(2)).
    pub annual_returns_filed: crate::gst::deadline::AnnualReturns,
}

fn words(status: &str) -> String {
    status.replace('_', " ")
}

/// The parcel as the carrier knows it, and the e-way bill it travels with (needed over
/// ₹50,000).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Shipment {
    pub carrier: String,
    pub tracking_number: String,
    pub eway_bill_number: Option<String>,
}

/// A move and what it needs: the parcel to ship, the reason to cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderMove {
    Confirm,
    Ship(Shipment),
    Deliver,
    Cancel {
        reason: String,
    },
    /// The shop's own cancellation of a bank-transfer order whose payment did not come within
    /// `days` of its placing; only an order still awaiting its payment takes it.
    Expire {
        days: u32,
    },
}

impl OrderMove {
    pub fn status(&self) -> OrderStatus {
        match self {
            Self::Confirm => OrderStatus::Confirmed,
            Self::Ship(_) => OrderStatus::Shipped,
            Self::Deliver => OrderStatus::Delivered,
            Self::Cancel { .. } | Self::Expire { .. } => OrderStatus::Cancelled,
        }
    }
}

/// Whether an order that is `from` may become `to`.
pub fn allowed(from: OrderStatus, to: OrderStatus) -> bool {
    use OrderStatus::*;
    matches!(
        (from, to),
        (Placed | AwaitingPayment, Confirmed)
            | (Placed | Confirmed, Shipped)
            | (Shipped, Delivered)
            // A shipped parcel the carrier brings back (refused, undeliverable) is cancelled too.
            | (Placed | AwaitingPayment | Confirmed | Shipped, Cancelled)
    )
}

/// The moves an order that is `from` may make, in the order the desk offers them.
pub fn next_statuses(from: OrderStatus) -> Vec<OrderStatus> {
    OrderStatus::ALL
        .iter()
        .copied()
        .filter(|to| allowed(from, *to))
        .collect()
}

/// Moves the order with this number (e.g. `ORD-2026-000123`), `by` staff or nobody.
pub fn move_order(
    conn: &mut DbConnection,
    number: &str,
    order_move: &OrderMove,
    by: MovedBy<'_>,
    shop: &MoveContext,
) -> Result<OrderView, TransitionError> {
    write_transaction(conn, |conn| {
        let (id, _) = locate(conn, number)?;
        move_within(conn, id, order_move, by, shop)?;
        Ok(order_by_id(conn, id)?)
    })
}

/// The order's id and its number as stored, by its number however it was typed
/// (`ord-2026-000123 `).
pub(crate) fn locate(
    conn: &mut DbConnection,
    number: &str,
) -> Result<(OrderId, String), TransitionError> {
    let wanted = number.trim().to_uppercase();
    // An order number is letters, digits and hyphens; anything else (a NUL byte, which
    // PostgreSQL cannot even compare) names no order.
    let plausible = (1..=32).contains(&wanted.len())
        && wanted
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !plausible {
        return Err(TransitionError::UnknownOrder(number.to_owned()));
    }
    orders::table
        .filter(orders::number.eq(wanted))
        .select((orders::id, orders::number))
        .first(conn)
        .optional()?
        .ok_or_else(|| TransitionError::UnknownOrder(number.to_owned()))
}

/// Makes the move inside the caller's transaction. The status is re-read and changed in one
/// conditional update, so of two moves racing from the same status only one goes through (the
/// other finds it changed and is refused): a cancellation restocks once.
pub(crate) fn move_within(
    conn: &mut DbConnection,
    id: OrderId,
    order_move: &OrderMove,
    by: MovedBy<'_>,
    shop: &MoveContext,
) -> Result<(), TransitionError> {
    let to = order_move.status();
    let (number, from): (String, OrderStatus) = orders::table
        .find(id)
        .select((orders::number, orders::status))
        .first(conn)
        .of_order(id)?;
    let refused = || TransitionError::NotAllowed {
        from: from.as_str(),
        to: to.as_str(),
    };
    let expiring_something_else =
        matches!(order_move, OrderMove::Expire { .. }) && from != OrderStatus::AwaitingPayment;
    if !allowed(from, to) || expiring_something_else {
        return Err(refused());
    }
    let now = by.at.unwrap_or_else(|| Utc::now().naive_utc());
    let changed = diesel::update(orders::table.find(id).filter(orders::status.eq(from)))
        .set((orders::status.eq(to), orders::updated_at.eq(now)))
        .execute(conn)?;
    if changed != 1 {
        return Err(refused());
    }
    let moved = batches::allot::Moved {
        actor: by.actor,
        today: batches::india_date(now),
        at: now,
    };
    let was_reserving = matches!(from, OrderStatus::Placed | OrderStatus::AwaitingPayment);
    match order_move {
        OrderMove::Confirm => {
            batches::allot::allot_order(conn, id, moved)?;
            documents::issue_documents(conn, id, &shop.series, now, None)?;
        }
        OrderMove::Ship(shipment) => {
            if shipment.eway_bill_number.is_none() {
                let value = consignment_value(conn, id)?;
                if value > EWAY_BILL_ABOVE {
                    return Err(TransitionError::EwayBillNeeded { value });
                }
            }
            // Shipped straight from placed: the goods take their batches now.
            batches::allot::allot_order(conn, id, moved)?;
            let tracking_url = carriers::tracking_link(
                &shop.carriers,
                &shipment.carrier,
                &shipment.tracking_number,
            );
            diesel::update(orders::table.find(id))
                .set((
                    orders::carrier.eq(&shipment.carrier),
                    orders::tracking_number.eq(&shipment.tracking_number),
                    orders::tracking_url.eq(tracking_url),
                ))
                .execute(conn)?;
            // Goods leave with their invoice: one shipped straight from placed gets it now.
            documents::issue_documents(
                conn,
                id,
                &shop.series,
                now,
                shipment.eway_bill_number.as_deref(),
            )?;
        }
        OrderMove::Cancel { reason } => {
            if crate::returned::has_returns(conn, id)? {
                return Err(TransitionError::HasReturns);
            }
            diesel::update(orders::table.find(id))
                .set(orders::cancel_reason.eq(reason))
                .execute(conn)?;
            restock(conn, id, was_reserving, moved)?;
            documents::credit_whole_order(conn, id, &shop.series, now, reason)?;
        }
        OrderMove::Expire { days } => {
            diesel::update(orders::table.find(id))
                .set(orders::cancel_reason.eq(expiry_reason(*days)))
                .execute(conn)?;
            restock(conn, id, was_reserving, moved)?;
        }
        OrderMove::Deliver => {}
    }
    record_status(conn, id, to, now, by)?;
    let details = match order_move {
        OrderMove::Ship(shipment) => {
            serde_json::json!({"status": to.as_str(), "carrier": shipment.carrier, "tracking_number": shipment.tracking_number, "eway_bill_number": shipment.eway_bill_number, "note": by.note})
        }
        OrderMove::Cancel { reason } => {
            serde_json::json!({"status": to.as_str(), "reason": reason, "note": by.note})
        }
        OrderMove::Expire { days } => {
            serde_json::json!({"status": to.as_str(), "reason": expiry_reason(*days), "note": by.note})
        }
        OrderMove::Confirm | OrderMove::Deliver => {
            serde_json::json!({"status": to.as_str(), "note": by.note})
        }
    };
    audit::record(
        conn,
        &AuditEntry {
            actor_id: by.actor,
            action: "order.status",
            entity: "order",
            entity_id: &number,
            old_values: Some(&serde_json::json!({"status": from.as_str()}).to_string()),
            new_values: Some(&details.to_string()),
        },
    )?;
    tell_customer(conn, id, order_move, &shop.mail)?;
    Ok(())
}

/// What an e-way bill's threshold is measured on: the invoice's value less its exempt (0 %)
/// goods, each with its share of the delivery charge.
pub(crate) fn consignment_value(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> Result<Paise, OrderError> {
    // Exempt goods need no e-way bill (CGST Rules r. 138(14)(a)): only taxable lines count.
    let lines: Vec<(i64, i64)> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .filter(order_lines::supply_kind.eq(pricing::SupplyKind::Taxable.as_str()))
        .select((order_lines::total_paise, order_lines::shipping_paise))
        .load(conn)?;
    // Each order is bounded at checkout, so only an order older than that bound can fail here.
    Paise::checked_sum(
        lines
            .into_iter()
            .flat_map(|(goods, delivery)| [Paise::new(goods), Paise::new(delivery)]),
    )
    .ok_or(OrderError::TooLarge)
}

/// Why the shop cancelled an unpaid order, as its record keeps it.
fn expiry_reason(days: u32) -> String {
    format!("Payment not received within {days} days.")
}

/// Puts a cancelled order's units back on the shelf, each with a movement naming the order: a
/// batch-tracked line's into the batches it took them from.
fn restock(
    conn: &mut DbConnection,
    order_id: OrderId,
    was_reserving: bool,
    moved: batches::allot::Moved,
) -> Result<(), TransitionError> {
    let lines: Vec<(i64, VariantId, i32)> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .select((
            order_lines::id,
            order_lines::variant_id,
            order_lines::quantity,
        ))
        .load(conn)?;
    for (line, variant, quantity) in lines {
        put_back(
            conn,
            order_id,
            line,
            variant,
            quantity,
            "cancelled",
            was_reserving,
            moved,
        )?;
    }
    Ok(())
}

/// Puts `quantity` units of an order line back on the shelf with a movement naming the order and
/// why (`cancelled`, `returned`); `was_reserving` when the order had only reserved them.
#[allow(clippy::too_many_arguments)]
pub(crate) fn put_back(
    conn: &mut DbConnection,
    order_id: OrderId,
    line: i64,
    variant: VariantId,
    quantity: i32,
    reason: &str,
    was_reserving: bool,
    moved: batches::allot::Moved,
) -> Result<(), batches::BatchError> {
    if batches::settle::is_tracked(conn, variant)? {
        return batches::allot::put_back(
            conn,
            order_id,
            line,
            quantity,
            reason,
            was_reserving,
            moved,
        );
    }
    diesel::update(product_variants::table.find(variant))
        .set(product_variants::stock.eq(product_variants::stock + quantity))
        .execute(conn)?;
    diesel::insert_into(stock_movements::table)
        .values((
            stock_movements::variant_id.eq(variant),
            stock_movements::delta.eq(quantity),
            stock_movements::reason.eq(reason),
            stock_movements::order_id.eq(order_id),
            stock_movements::actor_id.eq(moved.actor),
            stock_movements::created_at.eq(moved.at),
        ))
        .execute(conn)?;
    Ok(())
}

fn tell_customer(
    conn: &mut DbConnection,
    id: OrderId,
    order_move: &OrderMove,
    mail: &MailContext,
) -> Result<(), TransitionError> {
    let order = order_by_id(conn, id)?;
    let locale = order_locale(conn, id)?;
    let words = |key: &str, args: &[(&str, &str)]| WORDS.fill(locale, key, args);
    let news = match order_move {
        // A bank transfer's payment has just been recorded: this is its acknowledgement.
        OrderMove::Confirm
            if order.payment_method == PaymentMethod::BankTransfer
                && order.payment_state == PaymentState::Paid =>
        {
            words(
                "news.paid",
                &[("amount", &pricing::format_inr(order.totals.total))],
            )
        }
        OrderMove::Confirm => words("news.confirmed", &[]),
        OrderMove::Ship(shipment) => {
            let shipped = words(
                "news.shipped",
                &[
                    ("carrier", &shipment.carrier),
                    ("tracking_number", &shipment.tracking_number),
                ],
            );
            match &order.tracking_url {
                Some(link) => format!("{shipped} {}", words("news.track", &[("link", link)])),
                None => shipped,
            }
        }
        OrderMove::Deliver => words("news.delivered", &[]),
        OrderMove::Cancel { .. } => words("news.cancelled", &[]),
        OrderMove::Expire { days } => words("news.expired", &[("days", &days.to_string())]),
    };
    let status = order_move.status();
    if let Some(letter) = order_news(mail, locale, &order, status.as_str(), news) {
        outbox::enqueue_about(conn, &letter, id)?;
    }
    // A carrier the profile does not list has no tracking page: the order's own page shows the
    // carrier and number instead, so the template's variable is never empty.
    let tracking_link = match &order.tracking_url {
        Some(link) => link.clone(),
        None => links::order_link(mail, locale, &order.uuid),
    };
    let expired;
    let news = match order_move {
        OrderMove::Confirm
            if order.payment_method == PaymentMethod::BankTransfer
                && order.payment_state == PaymentState::Paid =>
        {
            News::PaymentReceived {
                amount: order.totals.total,
            }
        }
        OrderMove::Confirm => News::Confirmed,
        OrderMove::Ship(shipment) => News::Shipped {
            carrier: &shipment.carrier,
            tracking_number: &shipment.tracking_number,
            tracking_link: &tracking_link,
        },
        OrderMove::Deliver => News::Delivered,
        OrderMove::Cancel { reason } => News::Cancelled {
            reason: reason.as_str(),
        },
        OrderMove::Expire { days } => {
            expired = words("phone.reason_expired", &[("days", &days.to_string())]);
            News::Cancelled { reason: &expired }
        }
    };
    phone_news::queue(conn, mail, locale, &order, id, &news)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_move_forward_and_cancel_only_before_shipping() {
        use OrderStatus::*;
        assert!(
            allowed(Placed, Confirmed)
                && allowed(Confirmed, Shipped)
                && allowed(Shipped, Delivered)
        );
        assert!(allowed(AwaitingPayment, Cancelled));
        assert!(
            allowed(Shipped, Cancelled),
            "a parcel the carrier brings back is cancelled"
        );
        assert!(!allowed(Delivered, Cancelled));
        assert!(!allowed(Delivered, Placed));
        assert!(
            !allowed(AwaitingPayment, Shipped),
            "a bank transfer is confirmed before it ships"
        );
        assert_eq!(next_statuses(Delivered), []);
        assert_eq!(next_statuses(Placed), [Confirmed, Shipped, Cancelled]);
    }
}
