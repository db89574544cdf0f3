//! The orders desk's input: the list's filters, a move, a note, a payment and a refund.

use catalog::PageRequest;
use chrono::Datelike;
use chrono::NaiveDate;
use fields::{FieldErrors, FormErrors, required_message};
use orders::checkout::PaymentMethod;
use orders::desk::{OrderFilter, PaymentReceived, ReceivedVia, Refund, RefundMethod};
use orders::order::{OrderMove, OrderStatus, PaymentState, Shipment};
use orders::stored_as_text::Word;
use pricing::Paise;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};
use crate::error::ApiError;

/// Text of at most `max` characters (line breaks allowed; other control characters, NUL among
/// them, which PostgreSQL cannot store, are refused).
fn text(raw: &str, max: usize) -> Result<String, String> {
    let raw = raw.trim();
    if fields::text::has_control(raw) {
        Err("Control characters are not allowed.".into())
    } else if raw.chars().count() > max {
        Err(format!("At most {max} characters."))
    } else {
        Ok(raw.to_owned())
    }
}

/// One line of at most `max` characters.
fn line(raw: &str, max: usize) -> Result<String, String> {
    if raw.chars().any(char::is_control) {
        return Err("One line, please.".into());
    }
    text(raw, max)
}

/// A day as `2026-11-24`, between 2000 and 2100: chrono reads any year (`-262143-01-01`), whose
/// time-zone arithmetic would overflow and which PostgreSQL cannot store.
fn date(raw: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .ok()
        .filter(|day| (2000..=2100).contains(&day.year()))
        .ok_or_else(|| "Give a date between 2000 and 2100, as 2026-11-24.".to_owned())
}

/// A transfer's UTR or a receipt number: 6 to 30 letters and digits.
fn reference(raw: &str) -> Result<String, String> {
    let raw = raw.trim().to_uppercase();
    if (6..=30).contains(&raw.len()) && raw.chars().all(|c| c.is_ascii_alphanumeric()) {
        Ok(raw)
    } else {
        Err("A reference is 6 to 30 letters and digits (a UTR such as 412345678901).".into())
    }
}

/// A tracking number as the carrier prints it, in groups (`EK 1234 5678 9IN`): the spaces go
/// and letters are capitals, so the desk, the customer's messages and the stored value agree.
fn tracking_number(raw: &str) -> Result<String, String> {
    let s: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if s.len() <= 40 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        Ok(s.to_uppercase())
    } else {
        Err("A tracking number is up to 40 letters, digits and dashes.".into())
    }
}

/// An e-way bill's 12 digits (spaces dropped).
fn eway_bill_number(raw: &str) -> Result<String, String> {
    let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() == 12 && digits.chars().all(|c| c.is_ascii_digit()) {
        Ok(digits)
    } else {
        Err("An e-way bill number is 12 digits.".into())
    }
}

fn amount(errors: &mut FormErrors, value: Option<Paise>) -> Option<Paise> {
    match value {
        None => {
            errors.add("amount", required_message("amount"));
            None
        }
        Some(amount) if amount.get() <= 0 => {
            errors.add("amount", "The amount must be more than 0.".into());
            None
        }
        Some(amount) => Some(amount),
    }
}

/// The list's filters and page, as they arrive in the query string.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    /// One status: `placed`, `awaiting_payment`, `confirmed`, `shipped`, `delivered` or
    /// `cancelled`; all when absent.
    pub status: Option<String>,
    /// `cod` or `bank_transfer`.
    pub payment_method: Option<String>,
    /// `unpaid`, `paid` or `refunded`.
    pub payment_state: Option<String>,
    /// Placed on or after this day (India time), `2026-11-24`.
    pub from: Option<String>,
    /// Placed on or before this day (India time).
    pub to: Option<String>,
    /// An order number (or its end), a customer's name, phone, e-mail or the shipping PIN code.
    pub q: Option<String>,
    /// From 1.
    pub page: Option<String>,
    /// 1 to 48.
    pub per_page: Option<String>,
}

impl OrderListQuery {
    pub fn parse(&self) -> Result<(OrderFilter, PageRequest), ApiError> {
        let mut errors = FormErrors::default();
        let status = errors.optional("status", given(&self.status), |s| {
            OrderStatus::from_word(s).ok_or_else(|| "Not an order status.".to_owned())
        });
        let payment_method = errors.optional(
            "payment_method",
            given(&self.payment_method),
            PaymentMethod::parse,
        );
        let payment_state = errors.optional("payment_state", given(&self.payment_state), |s| {
            PaymentState::from_word(s).ok_or_else(|| "Choose unpaid, paid or refunded.".to_owned())
        });
        let from = errors.optional("from", given(&self.from), date);
        let to = errors.optional("to", given(&self.to), date);
        if let (Some(Some(from)), Some(Some(to))) = (from, to)
            && to < from
        {
            errors.add("to", "The end may not be before the start.".into());
        }
        let search = errors.optional("q", given(&self.q), |s| line(s, 100));
        let page = PageRequest::parse(self.page.as_deref(), self.per_page.as_deref())
            .map_err(|e| errors.add(e.field, e.message))
            .ok();
        let checked = (|| {
            Some((
                OrderFilter {
                    status: status?,
                    payment_method: payment_method?,
                    payment_state: payment_state?,
                    from: from?,
                    to: to?,
                    search: search?,
                },
                page?,
            ))
        })();
        errors.finish(checked).map_err(ApiError::invalid)
    }
}

/// A move: the new status, and what it needs.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderMoveBody {
    /// `confirmed`, `shipped`, `delivered` or `cancelled`.
    #[schema(required = true, value_type = OrderStatus)]
    pub status: Option<String>,
    /// Required to ship: who carries the parcel, one of the shop profile's `carriers` (whose
    /// tracking page the customer is then sent) or any other name.
    pub carrier: Option<String>,
    /// Required to ship; spaces are dropped.
    pub tracking_number: Option<String>,
    /// To ship: the e-way bill's 12 digits; required when the goods are worth over ₹50,000.
    pub eway_bill_number: Option<String>,
    /// Required to cancel; kept on the order and in its timeline.
    pub reason: Option<String>,
    /// A note for the timeline.
    pub note: Option<String>,
}

/// A checked move and its note.
pub struct CheckedMove {
    pub order_move: OrderMove,
    pub note: Option<String>,
}

impl CheckBody for OrderMoveBody {
    type Checked = CheckedMove;

    fn check(self) -> Result<CheckedMove, FieldErrors> {
        let mut errors = FormErrors::default();
        let status = errors.required("status", given(&self.status), |s| {
            OrderStatus::from_word(s).ok_or_else(|| "Not an order status.".to_owned())
        });
        let note = errors.optional("note", given(&self.note), |s| line(s, 500));
        let order_move = match status {
            Some(OrderStatus::Confirmed) => Some(OrderMove::Confirm),
            Some(OrderStatus::Delivered) => Some(OrderMove::Deliver),
            Some(OrderStatus::Shipped) => {
                let carrier = errors.required("carrier", given(&self.carrier), |s| line(s, 80));
                let tracking_number = errors.required(
                    "tracking_number",
                    given(&self.tracking_number),
                    tracking_number,
                );
                let eway_bill_number = errors.optional(
                    "eway_bill_number",
                    given(&self.eway_bill_number),
                    eway_bill_number,
                );
                (|| {
                    Some(OrderMove::Ship(Shipment {
                        carrier: carrier?,
                        tracking_number: tracking_number?,
                        eway_bill_number: eway_bill_number?,
                    }))
                })()
            }
            Some(OrderStatus::Cancelled) => errors
                .required("reason", given(&self.reason), |s| line(s, 500))
                .map(|reason| OrderMove::Cancel { reason }),
            Some(OrderStatus::Placed | OrderStatus::AwaitingPayment) => {
                errors.add(
                    "status",
                    "An order can be moved to confirmed, shipped, delivered or cancelled.".into(),
                );
                None
            }
            None => None,
        };
        let checked = (|| {
            Some(CheckedMove {
                order_move: order_move?,
                note: note?,
            })
        })();
        errors.finish(checked)
    }
}

/// One order of a bulk move, with what is its own: the parcel's tracking number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkMoveOrder {
    /// The order number, `ORD-2026-000123`.
    #[schema(required = true, value_type = String)]
    pub number: Option<String>,
    /// To ship: this parcel's tracking number (spaces are dropped).
    pub tracking_number: Option<String>,
    /// To ship: the e-way bill's 12 digits, when the goods are worth over ₹50,000.
    pub eway_bill_number: Option<String>,
}

/// Several orders moved to one status at once; to ship, with one carrier.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkMoveBody {
    /// `confirmed`, `shipped` or `delivered` (a cancellation has its own reason: one at a time).
    #[schema(required = true, value_type = OrderStatus)]
    pub status: Option<String>,
    /// Required to ship: the carrier of every parcel.
    pub carrier: Option<String>,
    /// 1 to 48 orders, each at most once.
    #[schema(required = true)]
    #[serde(default, deserialize_with = "super::objects::many")]
    pub orders: Option<Vec<BulkMoveOrder>>,
    /// A note for each order's timeline.
    pub note: Option<String>,
}

/// A checked bulk move: each order number with its move.
pub struct CheckedBulkMove {
    pub moves: Vec<(String, OrderMove)>,
    pub note: Option<String>,
}

impl CheckBody for BulkMoveBody {
    type Checked = CheckedBulkMove;

    fn check(self) -> Result<CheckedBulkMove, FieldErrors> {
        let mut errors = FormErrors::default();
        let status = errors.required(
            "status",
            given(&self.status),
            |s| match OrderStatus::from_word(s) {
                Some(
                    status @ (OrderStatus::Confirmed
                    | OrderStatus::Shipped
                    | OrderStatus::Delivered),
                ) => Ok(status),
                Some(_) => {
                    Err("Many orders at once can be confirmed, shipped or delivered.".to_owned())
                }
                None => Err("Not an order status.".to_owned()),
            },
        );
        let note = errors.optional("note", given(&self.note), |s| line(s, 500));
        let carrier = if status == Some(OrderStatus::Shipped) {
            errors.required("carrier", given(&self.carrier), |s| line(s, 80))
        } else {
            None
        };
        let orders = self.orders.unwrap_or_default();
        if orders.is_empty() || orders.len() > orders::desk::BULK_MAX {
            errors.add(
                "orders",
                format!("Choose 1 to {} orders.", orders::desk::BULK_MAX),
            );
        }
        let mut moves = Vec::with_capacity(orders.len());
        for (index, order) in orders.iter().enumerate() {
            let field = |name: &str| format!("orders.{index}.{name}");
            let number = errors.required(&field("number"), given(&order.number), |s| {
                line(s, 40).map(|s| s.to_uppercase())
            });
            if let Some(number) = &number
                && moves.iter().any(|(seen, _)| seen == number)
            {
                errors.add(&field("number"), format!("{number} is chosen twice."));
            }
            let order_move = match status {
                Some(OrderStatus::Shipped) => {
                    let tracking = errors.required(
                        &field("tracking_number"),
                        given(&order.tracking_number),
                        tracking_number,
                    );
                    let eway = errors.optional(
                        &field("eway_bill_number"),
                        given(&order.eway_bill_number),
                        eway_bill_number,
                    );
                    (|| {
                        Some(OrderMove::Ship(Shipment {
                            carrier: carrier.clone()?,
                            tracking_number: tracking?,
                            eway_bill_number: eway?,
                        }))
                    })()
                }
                Some(OrderStatus::Confirmed) => Some(OrderMove::Confirm),
                Some(OrderStatus::Delivered) => Some(OrderMove::Deliver),
                _ => None,
            };
            if let (Some(number), Some(order_move)) = (number, order_move) {
                moves.push((number, order_move));
            }
        }
        let checked = (|| Some(CheckedBulkMove { moves, note: note? }))();
        errors.finish(checked)
    }
}

/// A staff note.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderNoteBody {
    /// Up to 2,000 characters.
    #[schema(required = true, value_type = String)]
    pub body: Option<String>,
}

impl CheckBody for OrderNoteBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        let mut errors = FormErrors::default();
        let body = errors.required("body", given(&self.body), |s| text(s, 2000));
        errors.finish(body)
    }
}

/// Money received for the order (by its own method).
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentBody {
    /// Rupees; the order's total.
    #[schema(required = true, value_type = f64)]
    pub amount: Option<Paise>,
    /// The day it arrived, `2026-11-24`; not in the future.
    #[schema(required = true, value_type = String, format = Date)]
    pub paid_on: Option<String>,
    /// How the money came: `cash`, `cheque`, `bank_transfer` or `upi`; the order's own method
    /// (cash on delivery, or a bank transfer) when left out.
    #[schema(value_type = Option<ReceivedVia>)]
    pub method: Option<String>,
    /// By the method: a bank transfer's UTR or a UPI transaction ID (required, 6 to 30 letters
    /// and digits), a cheque's number (required), a cash book's receipt number such as `118`
    /// (optional; up to 30 letters, digits, dashes and slashes). Spaces are dropped.
    pub reference: Option<String>,
}

impl CheckBody for PaymentBody {
    type Checked = PaymentReceived;

    fn check(self) -> Result<PaymentReceived, FieldErrors> {
        let mut errors = FormErrors::default();
        let amount = amount(&mut errors, self.amount);
        let paid_on = errors.required("paid_on", given(&self.paid_on), date);
        let via = errors.optional("method", given(&self.method), ReceivedVia::parse);
        // Its shape depends on the method, which may be the order's own: the desk checks it.
        let reference = errors.optional("reference", given(&self.reference), |s| line(s, 60));
        let checked = (|| {
            Some(PaymentReceived {
                amount: amount?,
                paid_on: paid_on?,
                via: via?,
                reference: reference?,
            })
        })();
        errors.finish(checked)
    }
}

/// A refund paid to the customer of a cancelled paid order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundBody {
    /// Rupees; at most what was paid.
    #[schema(required = true, value_type = f64)]
    pub amount: Option<Paise>,
    #[schema(required = true, value_type = RefundMethod)]
    pub method: Option<String>,
    /// The transfer's UTR or UPI reference.
    pub reference: Option<String>,
    /// The day it was paid, `2026-11-24`; not in the future.
    #[schema(required = true, value_type = String, format = Date)]
    pub paid_on: Option<String>,
}

impl CheckBody for RefundBody {
    type Checked = Refund;

    fn check(self) -> Result<Refund, FieldErrors> {
        let mut errors = FormErrors::default();
        let amount = amount(&mut errors, self.amount);
        let method = errors.required("method", given(&self.method), RefundMethod::parse);
        let reference = errors.optional("reference", given(&self.reference), reference);
        let paid_on = errors.required("paid_on", given(&self.paid_on), date);
        if method.is_some_and(|m| m != RefundMethod::Cash) && matches!(reference, Some(None)) {
            errors.add(
                "reference",
                "Give the reference of the transfer or UPI payment.".into(),
            );
        }
        let checked = (|| {
            Some(Refund {
                amount: amount?,
                method: method?,
                reference: reference?,
                paid_on: paid_on?,
            })
        })();
        errors.finish(checked)
    }
}

/// A line of a return: which order line, how many of it came back, and whether they go back on
/// the shelf.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnLineBody {
    /// The order line's `position` (0 for the first).
    #[schema(required = true, value_type = i32)]
    pub position: Option<i32>,
    /// At least 1, at most what of the line has not come back yet.
    #[schema(required = true, value_type = u32)]
    pub quantity: Option<u32>,
    /// Whether the units go back on the shelf (not when damaged or past their date).
    #[schema(required = true, value_type = bool)]
    pub restock: Option<bool>,
}

/// Goods brought back after the order shipped: some lines, or some units of a line.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnBody {
    #[schema(required = true, value_type = Vec<ReturnLineBody>)]
    #[serde(default, deserialize_with = "super::objects::many")]
    pub lines: Option<Vec<ReturnLineBody>>,
    /// Whether the delivery charge's share of what came back is refunded too.
    #[schema(required = true, value_type = bool)]
    pub refund_delivery: Option<bool>,
    /// Why it came back (printed on the credit note): up to 300 characters.
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
}

/// The most lines one return may name: far more than any order has.
const RETURN_LINES_MAX: usize = 200;

impl CheckBody for ReturnBody {
    type Checked = orders::returns::NewReturn;

    fn check(self) -> Result<orders::returns::NewReturn, FieldErrors> {
        let mut errors = FormErrors::default();
        let reason = errors.required(
            "reason",
            given(&self.reason),
            orders::returns::NewReturn::parse_reason,
        );
        let refund_delivery = self.refund_delivery;
        if refund_delivery.is_none() {
            errors.add(
                "refund_delivery",
                "Say whether the delivery charge is refunded.".into(),
            );
        }
        let mut lines = Vec::new();
        match self.lines {
            None => errors.add("lines", "Choose the lines that came back.".into()),
            Some(given_lines) if given_lines.is_empty() => {
                errors.add("lines", "Choose the lines that came back.".into())
            }
            Some(given_lines) if given_lines.len() > RETURN_LINES_MAX => errors.add(
                "lines",
                format!("At most {RETURN_LINES_MAX} lines in one return."),
            ),
            Some(given_lines) => {
                for (index, line) in given_lines.into_iter().enumerate() {
                    let field = |name: &str| format!("lines.{index}.{name}");
                    match (line.position, line.quantity, line.restock) {
                        (Some(position), Some(quantity), Some(restock)) if quantity > 0 => lines
                            .push(orders::returns::ReturnLine {
                                position,
                                quantity,
                                restock,
                            }),
                        (position, quantity, restock) => {
                            if position.is_none() {
                                errors.add(&field("position"), "Choose the line.".into());
                            }
                            if quantity.is_none_or(|q| q == 0) {
                                errors.add(
                                    &field("quantity"),
                                    "How many came back: 1 or more.".into(),
                                );
                            }
                            if restock.is_none() {
                                errors.add(
                                    &field("restock"),
                                    "Say whether they go back on the shelf.".into(),
                                );
                            }
                        }
                    }
                }
            }
        }
        let checked = (|| {
            Some(orders::returns::NewReturn {
                lines,
                refund_delivery: refund_delivery?,
                reason: reason?,
            })
        })();
        errors.finish(checked)
    }
}
