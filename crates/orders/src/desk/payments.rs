//! Money for an order: a bank transfer received (its UTR) or cash on delivery collected marks the
//! order paid, and an order awaiting its payment moves on to confirmed; a cancelled paid order's
//! refund marks it refunded. Each is a row of `order_payments` and an audit row, written with the
//! order's new payment state in one transaction.

use chrono::{NaiveDate, Utc};
use db::audit::{self, AuditEntry};
use db::schema::{order_payments, orders};
use db::{DbConnection, OrderId, UserId, outbox, write_transaction};
use diesel::prelude::*;
use pricing::{Paise, format_inr};

use super::detail::staff_order_by_id;
use super::{DeskError, PaymentKind, StaffOrder};
use crate::india_time;
use crate::order::mail_texts::{WORDS, order_locale, order_news};
use crate::order::owner_alerts::{self, Unmatched};
use crate::order::phone_news::{self, News};
use crate::order::{
    MoveContext, MovedBy, OrderMove, OrderStatus, PaymentMethod, PaymentState, ReadOrder, locate,
    move_within,
};
use crate::stored_as_text::Word;

/// Money received, as staff record it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentReceived {
    pub amount: Paise,
    pub paid_on: NaiveDate,
    /// How it came; None is the order's own method (cash for cash on delivery, else a transfer).
    pub via: Option<ReceivedVia>,
    /// As typed (one line, trimmed); [`ReceivedVia::check_reference`] reads it by the way the
    /// money came.
    pub reference: Option<String>,
}

/// How money for an order came in, as the shop's books say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReceivedVia {
    Cash,
    Cheque,
    BankTransfer,
    Upi,
}

impl ReceivedVia {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::Cheque => "cheque",
            Self::BankTransfer => "bank_transfer",
            Self::Upi => "upi",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "cash" => Ok(Self::Cash),
            "cheque" => Ok(Self::Cheque),
            "bank_transfer" => Ok(Self::BankTransfer),
            "upi" => Ok(Self::Upi),
            _ => Err("Choose cash, cheque, bank_transfer or upi.".into()),
        }
    }

    /// The order's own way of paying, when staff do not say another.
    fn of(method: PaymentMethod) -> Self {
        match method {
            PaymentMethod::Cod => Self::Cash,
            PaymentMethod::BankTransfer => Self::BankTransfer,
        }
    }

    /// The reference as the shop keeps it: a bank transfer's UTR or a UPI transaction ID is
    /// required and is 6 to 30 letters and digits (a UPI ID is a 12-digit RRN, an IMPS UTR too,
    /// a NEFT/RTGS UTR 16 to 22 characters); a cheque needs its number; a cash receipt number
    /// from the cash book (`118`, `B2/118`) may be left out. Spaces go, letters are capitals.
    pub fn check_reference(self, raw: Option<&str>) -> Result<Option<String>, String> {
        let raw = raw.map(|r| r.split_whitespace().collect::<String>().to_uppercase());
        let raw = raw.filter(|r| !r.is_empty());
        match self {
            Self::BankTransfer | Self::Upi => {
                let name = if self == Self::Upi {
                    "UPI transaction ID"
                } else {
                    "UTR"
                };
                let Some(raw) = raw else {
                    return Err(if self == Self::Upi {
                        "Give the payment's UPI transaction ID.".into()
                    } else {
                        "Give the transfer's UTR.".into()
                    });
                };
                if (6..=30).contains(&raw.len()) && raw.chars().all(|c| c.is_ascii_alphanumeric()) {
                    Ok(Some(raw))
                } else {
                    Err(format!(
                        "A {name} is 6 to 30 letters and digits (such as 412345678901)."
                    ))
                }
            }
            Self::Cash | Self::Cheque => {
                let name = if self == Self::Cheque {
                    "cheque number"
                } else {
                    "receipt number"
                };
                match raw {
                    None if self == Self::Cheque => Err("Give the cheque number.".into()),
                    None => Ok(None),
                    Some(raw)
                        if raw.len() <= 30
                            && raw
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '/') =>
                    {
                        Ok(Some(raw))
                    }
                    Some(_) => Err(format!(
                        "A {name} is up to 30 letters, digits, dashes and slashes (such as 118)."
                    )),
                }
            }
        }
    }
}

/// How a refund was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefundMethod {
    BankTransfer,
    Upi,
    Cash,
}

impl RefundMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::BankTransfer => "bank_transfer",
            Self::Upi => "upi",
            Self::Cash => "cash",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "bank_transfer" => Ok(Self::BankTransfer),
            "upi" => Ok(Self::Upi),
            "cash" => Ok(Self::Cash),
            _ => Err("Choose bank_transfer, upi or cash.".into()),
        }
    }
}

/// A refund paid to the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub amount: Paise,
    pub method: RefundMethod,
    pub reference: Option<String>,
    pub paid_on: NaiveDate,
}

struct Payable {
    id: OrderId,
    number: String,
    status: OrderStatus,
    payment_method: PaymentMethod,
    payment_state: PaymentState,
    total: Paise,
    placed_on: NaiveDate,
}

fn payable(conn: &mut DbConnection, number: &str) -> Result<Payable, DeskError> {
    let (id, number) = locate(conn, number)?;
    let (status, payment_method, payment_state, total, placed_at) = orders::table
        .find(id)
        .select((
            orders::status,
            orders::payment_method,
            orders::payment_state,
            orders::total_paise,
            orders::created_at,
        ))
        .first::<(
            OrderStatus,
            PaymentMethod,
            PaymentState,
            i64,
            chrono::NaiveDateTime,
        )>(conn)
        .of_order(id)?;
    Ok(Payable {
        id,
        number,
        status,
        payment_method,
        payment_state,
        total: Paise::new(total),
        placed_on: india_time::date_of(placed_at),
    })
}

/// The day money moved: not before the order was placed, not after today (IST).
fn check_day(paid_on: NaiveDate, placed_on: NaiveDate) -> Result<(), DeskError> {
    if paid_on > india_time::date_of(Utc::now().naive_utc()) {
        return Err(DeskError::invalid(
            "paid_on",
            "The date may not be in the future.",
        ));
    }
    if paid_on < placed_on {
        return Err(DeskError::invalid(
            "paid_on",
            format!("The date may not be before the order was placed ({placed_on})."),
        ));
    }
    Ok(())
}

/// Sets the payment state from `from` to `to`, unless another request changed it first.
fn set_payment_state(
    conn: &mut DbConnection,
    id: OrderId,
    from: PaymentState,
    to: PaymentState,
) -> Result<(), DeskError> {
    let set = (
        orders::payment_state.eq(to),
        orders::updated_at.eq(Utc::now().naive_utc()),
    );
    let order = orders::table
        .find(id)
        .filter(orders::payment_state.eq(from));
    // Money received never lands on an order cancelled meanwhile (PostgreSQL does not serialise
    // the two requests as SQLite does): the update re-checks the status as it writes.
    let changed = if to == PaymentState::Paid {
        diesel::update(order.filter(orders::status.ne(OrderStatus::Cancelled)))
            .set(set)
            .execute(conn)?
    } else {
        diesel::update(order).set(set).execute(conn)?
    };
    if changed == 1 {
        Ok(())
    } else {
        Err(DeskError::Conflict(
            "The order's payment changed meanwhile; reload it.".into(),
        ))
    }
}

/// Records the order's payment and marks it paid; an order awaiting it is confirmed (and the
/// customer told).
pub fn record_payment(
    conn: &mut DbConnection,
    number: &str,
    actor: UserId,
    payment: PaymentReceived,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    // A refused payment writes nothing, but the owner hears of it: after the refusal rolls back,
    // the alert is queued in a transaction of its own.
    let mut unmatched = None;
    let recorded = write_transaction(conn, |conn| {
        let order = payable(conn, number)?;
        if order.status == OrderStatus::Cancelled {
            return Err(DeskError::Conflict(
                "A cancelled order cannot be paid.".into(),
            ));
        }
        if order.payment_state != PaymentState::Unpaid {
            return Err(DeskError::Conflict(format!(
                "Order {} is already {}.",
                order.number,
                order.payment_state.as_str()
            )));
        }
        if payment.amount != order.total {
            unmatched = Some((
                order.id,
                order.number.clone(),
                Unmatched::AmountDiffers {
                    amount: payment.amount,
                    total: order.total,
                },
            ));
            return Err(DeskError::invalid(
                "amount",
                format!(
                    "The amount must be the order's total, {}.",
                    format_inr(order.total)
                ),
            ));
        }
        check_day(payment.paid_on, order.placed_on)?;
        let via = payment
            .via
            .unwrap_or_else(|| ReceivedVia::of(order.payment_method));
        let reference = via
            .check_reference(payment.reference.as_deref())
            .map_err(|message| DeskError::invalid("reference", message))?;
        // Said by staff, the way is kept as said; left out, as the order's own method (as
        // before there was a choice).
        let method = match payment.via {
            Some(via) => via.as_str(),
            None => order.payment_method.as_str(),
        };
        if let Some(reference) = &reference {
            let earlier: Option<String> = order_payments::table
                .inner_join(orders::table)
                .filter(order_payments::kind.eq(PaymentKind::Received))
                .filter(order_payments::reference.eq(reference))
                .select(orders::number)
                .first(conn)
                .optional()?;
            if let Some(earlier) = earlier {
                unmatched = Some((
                    order.id,
                    order.number.clone(),
                    Unmatched::ReferenceUsed {
                        reference: reference.clone(),
                        other: earlier.clone(),
                    },
                ));
                return Err(DeskError::Conflict(format!(
                    "The reference {reference} is already recorded for order {earlier}."
                )));
            }
        }
        book(
            conn,
            &order.number,
            &NewPayment {
                order_id: order.id,
                kind: PaymentKind::Received,
                method,
                amount_paise: payment.amount.get(),
                reference: reference.as_deref(),
                paid_on: payment.paid_on,
                recorded_by: Some(actor),
                created_at: Utc::now().naive_utc(),
            },
            (PaymentState::Unpaid, PaymentState::Paid),
            "order.payment",
        )?;
        let today = batches::india_today();
        // The money is booked whatever the stock; an order whose batches expired while it waited
        // for its payment stays awaiting, paid, until a receipt lets it be confirmed.
        if order.status == OrderStatus::AwaitingPayment
            && batches::allot::can_fill(conn, order.id, today)?
        {
            move_within(
                conn,
                order.id,
                &OrderMove::Confirm,
                MovedBy {
                    actor: Some(actor),
                    note: Some("Payment received."),
                    at: None,
                },
                shop,
            )?;
        }
        staff_order_by_id(conn, order.id, shop)
    });
    if let (Err(_), Some((id, number, why))) = (&recorded, unmatched) {
        write_transaction(conn, |conn| {
            owner_alerts::payment_unmatched(conn, shop.owner_alerts.as_ref(), &number, id, &why)
        })?;
    }
    recorded
}

/// Records a refund of a cancelled paid order, or of what came back of a paid one (no more than
/// is owed), and marks the order refunded once all it paid went back; the customer is told.
pub fn record_refund(
    conn: &mut DbConnection,
    number: &str,
    actor: UserId,
    refund: Refund,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    let mail = &shop.mail;
    write_transaction(conn, |conn| {
        let order = payable(conn, number)?;
        let sum_of = |conn: &mut DbConnection, kind: PaymentKind| {
            let amounts: Vec<i64> = order_payments::table
                .filter(order_payments::order_id.eq(order.id))
                .filter(order_payments::kind.eq(kind))
                .select(order_payments::amount_paise)
                .load(conn)?;
            Paise::checked_sum(amounts.into_iter().map(Paise::new)).ok_or(DeskError::InvalidData(
                "payments past the range of money".into(),
            ))
        };
        let paid = sum_of(conn, PaymentKind::Received)?;
        let refunded = sum_of(conn, PaymentKind::Refund)?;
        let returned = super::owed::returned_value(&crate::returned::returns_of(conn, order.id)?)?;
        let owed =
            super::owed::refund_owed(order.status, order.payment_state, paid, refunded, returned);
        if owed == Paise::ZERO {
            return Err(DeskError::Conflict(
                "Only a paid order that was cancelled, or part of which came back, can be refunded, up to what is owed.".into(),
            ));
        }
        if refund.amount.get() <= 0 || refund.amount > owed {
            return Err(DeskError::invalid(
                "amount",
                format!(
                    "The refund may be at most what is owed back, {}.",
                    format_inr(owed)
                ),
            ));
        }
        let all_back = order.status == OrderStatus::Cancelled
            || refunded.get() + refund.amount.get() >= paid.get();
        let to = if all_back {
            PaymentState::Refunded
        } else {
            PaymentState::Paid
        };
        check_day(refund.paid_on, order.placed_on)?;
        book(
            conn,
            &order.number,
            &NewPayment {
                order_id: order.id,
                kind: PaymentKind::Refund,
                method: refund.method.as_str(),
                amount_paise: refund.amount.get(),
                reference: refund.reference.as_deref(),
                paid_on: refund.paid_on,
                recorded_by: Some(actor),
                created_at: Utc::now().naive_utc(),
            },
            (PaymentState::Paid, to),
            "order.refund",
        )?;
        let view = staff_order_by_id(conn, order.id, shop)?;
        let locale = order_locale(conn, order.id)?;
        let method = format!("refund.{}", refund.method.as_str());
        let news = WORDS.fill(
            locale,
            "news.refunded",
            &[
                ("amount", &format_inr(refund.amount)),
                ("number", &order.number),
                ("method", WORDS.text(locale, &method)),
                ("date", &mail::long_date(locale, refund.paid_on)),
            ],
        );
        let refunded = PaymentState::Refunded.as_str();
        if let Some(letter) = order_news(mail, locale, &view.order, refunded, news) {
            outbox::enqueue_about(conn, &letter, order.id)?;
        }
        phone_news::queue(
            conn,
            mail,
            locale,
            &view.order,
            order.id,
            &News::Refunded {
                amount: refund.amount,
            },
        )?;
        // Read again, so that its timeline shows the messages just queued.
        staff_order_by_id(conn, order.id, shop)
    })
}

/// A row of `order_payments` about to be written.
#[derive(Insertable)]
#[diesel(table_name = order_payments)]
struct NewPayment<'a> {
    order_id: OrderId,
    kind: PaymentKind,
    method: &'a str,
    amount_paise: i64,
    reference: Option<&'a str>,
    paid_on: NaiveDate,
    recorded_by: Option<UserId>,
    created_at: chrono::NaiveDateTime,
}

/// Moves the order's payment state `from` → `to` (unless another request moved it first), and
/// writes the payment's row and its audit entry.
fn book(
    conn: &mut DbConnection,
    number: &str,
    payment: &NewPayment<'_>,
    (from, to): (PaymentState, PaymentState),
    action: &str,
) -> Result<(), DeskError> {
    set_payment_state(conn, payment.order_id, from, to)?;
    diesel::insert_into(order_payments::table)
        .values(payment)
        .execute(conn)
        .map_err(|error| match error {
            // The unique index on received references: another request recorded this UTR for
            // another order between the check above and this insert.
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => DeskError::Conflict(format!(
                "The reference {} is already recorded for another order.",
                payment.reference.unwrap_or_default()
            )),
            other => DeskError::Database(other),
        })?;
    audit::record(
        conn,
        &AuditEntry {
            actor_id: payment.recorded_by,
            action,
            entity: "order",
            entity_id: number,
            old_values: Some(&serde_json::json!({ "payment_state": from.as_str() }).to_string()),
            new_values: Some(
                &serde_json::json!({
                    "payment_state": to.as_str(),
                    "amount": Paise::new(payment.amount_paise),
                    "method": payment.method,
                    "reference": payment.reference,
                    "paid_on": payment.paid_on,
                })
                .to_string(),
            ),
        },
    )?;
    Ok(())
}
