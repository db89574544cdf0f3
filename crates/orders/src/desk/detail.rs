//! One order as the desk shows it: the customer's order (lines, totals, tax split, addresses),
//! with what only staff see: the moves it may make, its notes, its payments and a timeline of
//! everything that happened to it, each with who did it.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime, Timelike};
use db::schema::{order_notes, order_payments, order_status_history, orders, phone_orders, users};
use db::{DbConnection, OrderId, UserId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use super::DeskError;
use super::messages::OrderMessage;
use super::reach::CustomerReach;
use crate::order::mail_texts::order_locale;
use crate::order::phone_news::{self, News};
use crate::order::{
    MoveContext, OrderStatus, OrderView, PaymentState, ReadOrder, locate, next_statuses,
    order_by_id,
};
use crate::stored_as_text::word_enum;

/// The order with the desk's own parts.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffOrder {
    #[serde(flatten)]
    pub order: OrderView,
    /// Why it was cancelled, once it is.
    #[schema(required = true)]
    pub cancel_reason: Option<String>,
    /// The statuses it may move to now.
    pub next_statuses: Vec<OrderStatus>,
    /// Received in all.
    pub paid: Paise,
    /// Paid back in all.
    pub refunded: Paise,
    /// Whether a payment can be recorded now (unpaid and not cancelled).
    pub can_record_payment: bool,
    /// Whether a refund can be recorded now (paid, and cancelled or partly returned).
    pub can_refund: bool,
    /// What is still owed back (all that was paid of a cancelled order, else what came back).
    pub refund_owed: Paise,
    /// Whether goods can be taken back now (shipped or delivered, and some not yet back).
    pub can_return: bool,
    /// The last day a return can still be credited (CGST Act s. 34(2)): none before the order's
    /// documents are issued.
    #[schema(required = true)]
    pub last_day_to_credit: Option<chrono::NaiveDate>,
    /// Staff notes, oldest first.
    pub staff_notes: Vec<StaffNote>,
    /// Money in and out, oldest first.
    pub payments: Vec<PaymentRecord>,
    /// Every change and every message sent about it, oldest first.
    pub timeline: Vec<TimelineEntry>,
    /// How the customer hears of the order's news.
    pub reach: CustomerReach,
    /// Set for an order taken on the phone: whether it was, and by whom (the name of the member
    /// of staff, or none once their account is gone).
    pub phone_order: Option<PhoneOrderTaker>,
}

/// Who took an order on the phone, and when.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PhoneOrderTaker {
    #[schema(required = true)]
    pub taken_by: Option<String>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub taken_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffNote {
    pub id: i64,
    pub body: String,
    /// The author's name.
    #[schema(required = true)]
    pub author: Option<String>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub at: NaiveDateTime,
}

word_enum! {
    /// Money in (`received`) or out (`refund`).
    pub enum PaymentKind("payment kind") {
        Received = "received",
        Refund = "refund",
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PaymentRecord {
    pub id: i64,
    pub kind: PaymentKind,
    /// `bank_transfer` or `cod` for money received; `bank_transfer`, `upi` or `cash` for a refund.
    pub method: String,
    pub amount: Paise,
    /// The UTR of a transfer, or a receipt number.
    #[schema(required = true)]
    pub reference: Option<String>,
    /// The day the money moved.
    pub paid_on: NaiveDate,
    /// Who recorded it.
    #[schema(required = true)]
    pub recorded_by: Option<String>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub at: NaiveDateTime,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TimelineKind {
    Status,
    Payment,
    Refund,
    Note,
    /// A mail or phone message sent (or waiting to go) about the order.
    Message,
}

/// One thing that happened to the order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TimelineEntry {
    #[serde(serialize_with = "fields::utc::serialize")]
    pub at: NaiveDateTime,
    pub kind: TimelineKind,
    /// Who did it; none for the shopper's checkout, the system or the command line.
    #[schema(required = true)]
    pub actor: Option<String>,
    /// The status it moved to (for `status`).
    #[schema(required = true)]
    pub status: Option<OrderStatus>,
    /// What goes with it: the carrier and tracking number of a shipment, a cancellation's
    /// reason, a payment's method and reference, a note's text.
    #[schema(required = true)]
    pub detail: Option<String>,
    /// The note staff added to a move.
    #[schema(required = true)]
    pub note: Option<String>,
    /// A payment's or refund's amount.
    #[schema(required = true)]
    pub amount: Option<Paise>,
    /// The message (for `message`).
    #[schema(required = true)]
    pub message: Option<OrderMessage>,
    /// For news the customer is told of (placed, confirmed, paid, shipped, delivered, cancelled,
    /// refunded): a WhatsApp link (`https://wa.me/…?text=…`) with the message the phone channel
    /// sends, in the customer's language, for staff to send by hand.
    #[schema(required = true)]
    pub send_on_whatsapp: Option<String>,
}

/// The order with this number as the desk shows it.
pub fn staff_order(
    conn: &mut DbConnection,
    number: &str,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    let (id, _) = locate(conn, number)?;
    staff_order_by_id(conn, id, shop)
}

pub(super) fn staff_order_by_id(
    conn: &mut DbConnection,
    id: OrderId,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    let order = order_by_id(conn, id)?;
    let locale = order_locale(conn, id)?;
    // As the shipped message has it: the carrier's tracking page, else the order's own.
    let tracking_link = match &order.tracking_url {
        Some(link) => link.clone(),
        None => crate::order::order_link(&shop.mail, locale, &order.uuid),
    };
    let on_whatsapp = |news: News<'_>| {
        phone_news::compose(&shop.mail, locale, &order, &news)
            .map(|message| messaging::click_to_chat(&message.to, &message.text))
    };
    let cancel_reason: Option<String> = orders::table
        .find(id)
        .select(orders::cancel_reason)
        .first(conn)?;
    let history: Vec<(OrderStatus, Option<UserId>, Option<String>, NaiveDateTime)> =
        order_status_history::table
            .filter(order_status_history::order_id.eq(id))
            .order(order_status_history::id)
            .select((
                order_status_history::status,
                order_status_history::actor_id,
                order_status_history::note,
                order_status_history::created_at,
            ))
            .load(conn)
            .of_order(id)?;
    let notes: Vec<(i64, String, Option<UserId>, NaiveDateTime)> = order_notes::table
        .filter(order_notes::order_id.eq(id))
        .order(order_notes::id)
        .select((
            order_notes::id,
            order_notes::body,
            order_notes::author_id,
            order_notes::created_at,
        ))
        .load(conn)?;
    let payments: Vec<PaymentRow> = order_payments::table
        .filter(order_payments::order_id.eq(id))
        .order(order_payments::id)
        .select(PaymentRow::as_select())
        .load(conn)
        .of_order(id)?;
    let taken: Option<(Option<UserId>, NaiveDateTime)> = phone_orders::table
        .find(id)
        .select((phone_orders::taken_by, phone_orders::taken_at))
        .first(conn)
        .optional()?;
    let people: Vec<UserId> = history
        .iter()
        .filter_map(|h| h.1)
        .chain(taken.and_then(|t| t.0))
        .chain(notes.iter().filter_map(|n| n.2))
        .chain(payments.iter().filter_map(|p| p.recorded_by))
        .collect();
    let names: HashMap<UserId, String> = users::table
        .filter(users::id.eq_any(people))
        .select((users::id, users::name))
        .load::<(UserId, String)>(conn)?
        .into_iter()
        .collect();
    let name = |id: Option<UserId>| id.and_then(|id| names.get(&id).cloned());

    let mut timeline = Vec::new();
    for (status, actor, note, at) in &history {
        let detail = match status {
            OrderStatus::Shipped => match (&order.carrier, &order.tracking_number) {
                (Some(carrier), Some(tracking)) => {
                    Some(format!("{carrier}, tracking number {tracking}"))
                }
                _ => None,
            },
            OrderStatus::Cancelled => cancel_reason.clone(),
            _ => None,
        };
        let news = match status {
            OrderStatus::Placed => Some(News::Placed {
                total: order.totals.total,
            }),
            OrderStatus::Confirmed => Some(News::Confirmed),
            OrderStatus::Shipped => match (&order.carrier, &order.tracking_number) {
                (Some(carrier), Some(tracking_number)) => Some(News::Shipped {
                    carrier,
                    tracking_number,
                    tracking_link: &tracking_link,
                }),
                _ => None,
            },
            OrderStatus::Delivered => Some(News::Delivered),
            OrderStatus::Cancelled => cancel_reason
                .as_deref()
                .map(|reason| News::Cancelled { reason }),
            OrderStatus::AwaitingPayment => None,
        };
        timeline.push(TimelineEntry {
            at: *at,
            kind: TimelineKind::Status,
            actor: name(*actor),
            status: Some(*status),
            detail,
            note: note.clone(),
            amount: None,
            message: None,
            send_on_whatsapp: news.and_then(on_whatsapp),
        });
    }
    let staff_notes: Vec<StaffNote> = notes
        .into_iter()
        .map(|(id, body, author, at)| StaffNote {
            id,
            body,
            author: name(author),
            at,
        })
        .collect();
    for note in &staff_notes {
        timeline.push(TimelineEntry {
            at: note.at,
            kind: TimelineKind::Note,
            actor: note.author.clone(),
            status: None,
            detail: Some(note.body.clone()),
            note: None,
            amount: None,
            message: None,
            send_on_whatsapp: None,
        });
    }
    let payments: Vec<PaymentRecord> = payments
        .into_iter()
        .map(|row| {
            let by = name(row.recorded_by);
            row.into_record(by)
        })
        .collect();
    for payment in &payments {
        let method = payment.method.replace('_', " ");
        timeline.push(TimelineEntry {
            at: payment.at,
            kind: match payment.kind {
                PaymentKind::Received => TimelineKind::Payment,
                PaymentKind::Refund => TimelineKind::Refund,
            },
            actor: payment.recorded_by.clone(),
            status: None,
            detail: Some(match &payment.reference {
                Some(reference) => {
                    format!("{method}, reference {reference}, on {}", payment.paid_on)
                }
                None => format!("{method}, on {}", payment.paid_on),
            }),
            note: None,
            amount: Some(payment.amount),
            message: None,
            send_on_whatsapp: on_whatsapp(match payment.kind {
                PaymentKind::Received => News::PaymentReceived {
                    amount: payment.amount,
                },
                PaymentKind::Refund => News::Refunded {
                    amount: payment.amount,
                },
            }),
        });
    }
    for message in db::outbox::about_order(conn, id)? {
        let message = OrderMessage::from(message);
        timeline.push(TimelineEntry {
            at: message.queued_at,
            kind: TimelineKind::Message,
            actor: None,
            status: None,
            detail: None,
            note: None,
            amount: None,
            message: Some(message),
            send_on_whatsapp: None,
        });
    }
    // A stable sort: what happened in the same instant keeps its order of kind (a payment, then
    // the confirmation it brought). A message's time is kept to the second (the outbox's
    // default), so it follows what happened within its second.
    timeline.sort_by_key(|entry| {
        let second = entry.at.with_nanosecond(0).unwrap_or(entry.at);
        (second, entry.kind == TimelineKind::Message, entry.at)
    });

    let sum = |kind: PaymentKind| {
        Paise::checked_sum(payments.iter().filter(|p| p.kind == kind).map(|p| p.amount)).ok_or(
            DeskError::InvalidData("payments past the range of money".into()),
        )
    };
    let (status, payment_state) = (order.status, order.payment_state);
    let reach = CustomerReach::of(conn, &order, shop.phone_channel)?;
    let (paid, refunded) = (sum(PaymentKind::Received)?, sum(PaymentKind::Refund)?);
    let returned = super::owed::returned_value(&order.returns)?;
    let refund_owed = super::owed::refund_owed(status, payment_state, paid, refunded, returned);
    let can_return = matches!(status, OrderStatus::Shipped | OrderStatus::Delivered)
        && order.lines.iter().any(|line| line.returned < line.quantity);
    let last_day_to_credit = order
        .documents
        .iter()
        .map(|document| document.date)
        .min()
        .map(|supplied_on| shop.annual_returns_filed.last_day_to_credit(supplied_on));
    Ok(StaffOrder {
        refund_owed,
        can_return,
        last_day_to_credit,
        reach,
        cancel_reason,
        next_statuses: desk_moves(status, payment_state),
        paid,
        refunded,
        can_record_payment: payment_state == PaymentState::Unpaid
            && status != OrderStatus::Cancelled,
        can_refund: refund_owed > Paise::ZERO,
        staff_notes,
        payments,
        timeline,
        order,
        phone_order: taken.map(|(by, taken_at)| PhoneOrderTaker {
            taken_by: name(by),
            taken_at,
        }),
    })
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_payments)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct PaymentRow {
    id: i64,
    kind: PaymentKind,
    method: String,
    amount_paise: i64,
    reference: Option<String>,
    paid_on: NaiveDate,
    recorded_by: Option<UserId>,
    created_at: NaiveDateTime,
}

impl PaymentRow {
    fn into_record(self, recorded_by: Option<String>) -> PaymentRecord {
        PaymentRecord {
            id: self.id,
            kind: self.kind,
            method: self.method,
            amount: Paise::new(self.amount_paise),
            reference: self.reference,
            paid_on: self.paid_on,
            recorded_by,
            at: self.created_at,
        }
    }
}

/// The moves the desk offers: every allowed one, except confirming an order that awaits its
/// payment, which recording the payment does (see [`super::move_order`]).
pub(super) fn desk_moves(status: OrderStatus, payment: PaymentState) -> Vec<OrderStatus> {
    next_statuses(status)
        .into_iter()
        .filter(|to| !confirms_unpaid(status, *to, payment))
        .collect()
}

/// Confirming a bank-transfer order before its payment is recorded would ship it unpaid and
/// take it out of the sweep of unpaid orders. One paid while its batches had expired waits,
/// paid, for a receipt: staff confirm it then.
pub(super) fn confirms_unpaid(from: OrderStatus, to: OrderStatus, payment: PaymentState) -> bool {
    from == OrderStatus::AwaitingPayment
        && to == OrderStatus::Confirmed
        && payment == PaymentState::Unpaid
}
