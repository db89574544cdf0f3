//! Goods brought back after they were shipped or delivered: a **return** of some lines, or some
//! units of a line, each put back on the shelf or not, with the delivery charge's share of what
//! came back refunded or not. For each document the returned lines were on, the shop issues a
//! credit note for exactly what came back (CGST Act s. 34(1)), within the time s. 34(2) allows
//! ([`crate::gst::deadline`]); after it the goods still come back and the buyer is still owed
//! their money, but no credit note is issued and the tax stays declared.
//!
//! What `k` more units of a line of `Q` units credit, when `c` had come back before: the line's
//! rule ([`pricing::tax_in`]) applied to `unit price × (c + k)` less the same applied to
//! `unit price × c`, so that any way of returning all `Q` credits the line exactly; and, when the
//! delivery is refunded, the same for the line's delivery share `S`, counted as `⌊S × d / Q⌋`
//! over the `d` units whose delivery has been refunded. The last units take exactly what is left
//! of the line as it was stored.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime, Utc};
use db::schema::{invoices, order_lines, order_return_lines, order_returns, orders};
use db::{DbConnection, OrderId, UserId, VariantId, audit, write_transaction};
use diesel::prelude::*;
use pricing::{GstRate, Paise, PlaceOfSupply, SupplyKind, TaxedAmount, tax_in};
use serde::Serialize;

use crate::gst::documents::{self, DocumentError, DocumentKind};
use crate::india_time;
use crate::order::{MoveContext, OrderStatus, put_back};
use crate::returned::{Amounts, ReturnView, returns_of, taxed};
use crate::stored_as_text::{StoredKind, StoredPlace};

/// One line of a return as staff give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnLine {
    /// The order line's position (0 for the first line).
    pub position: i32,
    pub quantity: u32,
    /// Whether the units go back on the shelf (not when damaged or expired).
    pub restock: bool,
}

/// A return as staff give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReturn {
    pub lines: Vec<ReturnLine>,
    pub refund_delivery: bool,
    pub reason: String,
}

impl NewReturn {
    /// The reason: one line of at most 300 characters.
    pub fn parse_reason(raw: &str) -> Result<String, String> {
        fields::text::line(raw, "reason", 1, 300)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    #[error("No order has the number {0}.")]
    UnknownOrder(String),
    #[error("Only a shipped or delivered order can be returned; this one is {0}.")]
    NotReturnable(&'static str),
    #[error("Choose at least one line and how many of it came back.")]
    Empty,
    /// Per line (`lines.{i}.quantity` and the like), what is wrong.
    #[error("Some lines cannot be returned.")]
    Lines(Vec<(String, String)>),
    #[error(transparent)]
    Document(#[from] DocumentError),
    #[error("An amount is too large.")]
    TooLarge,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Batch(#[from] batches::BatchError),
    #[error("the order holds an unreadable value: {0}")]
    Unreadable(String),
}

impl From<pricing::PricingError> for ReturnError {
    fn from(_: pricing::PricingError) -> Self {
        Self::TooLarge
    }
}

/// What a return did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReturnTaken {
    #[serde(rename = "return")]
    pub taken: ReturnView,
    /// The last day this order's supply could be credited (CGST Act s. 34(2)).
    pub last_day_to_credit: NaiveDate,
}

/// An order line as a return reads it, with what came back of it before.
struct StoredLine {
    id: i64,
    variant: VariantId,
    quantity: i64,
    unit_price: Paise,
    rate: GstRate,
    kind: SupplyKind,
    goods: TaxedAmount,
    shipping: TaxedAmount,
    returned: i64,
    delivery_refunded: i64,
    goods_credited: TaxedAmount,
    shipping_credited: TaxedAmount,
}

/// Takes the return of order `number` at `at` (now when `None`), by `actor`.
pub fn take_return(
    conn: &mut DbConnection,
    number: &str,
    input: &NewReturn,
    actor: Option<UserId>,
    at: Option<NaiveDateTime>,
    shop: &MoveContext,
) -> Result<ReturnTaken, ReturnError> {
    if input.lines.is_empty() {
        return Err(ReturnError::Empty);
    }
    let now = at.unwrap_or_else(|| Utc::now().naive_utc());
    write_transaction(conn, |conn| {
        let (order_id, status, place): (OrderId, OrderStatus, StoredPlace) = orders::table
            .filter(orders::number.eq(number))
            .select((orders::id, orders::status, orders::place_of_supply))
            .first(conn)
            .optional()
            .map_err(unreadable)?
            .ok_or_else(|| ReturnError::UnknownOrder(number.to_owned()))?;
        if !matches!(status, OrderStatus::Shipped | OrderStatus::Delivered) {
            return Err(ReturnError::NotReturnable(
                crate::stored_as_text::Word::as_str(status),
            ));
        }
        // Touching the order's row holds it until this transaction ends (PostgreSQL), so two
        // returns of the same order, or a return and a cancellation, take turns: neither can
        // take back units the other has just taken back.
        let held = diesel::update(
            orders::table
                .find(order_id)
                .filter(orders::status.eq_any([OrderStatus::Shipped, OrderStatus::Delivered])),
        )
        .set(orders::updated_at.eq(now))
        .execute(conn)?;
        if held != 1 {
            return Err(ReturnError::NotReturnable("no longer shipped or delivered"));
        }
        let mut lines = stored_lines(conn, order_id)?;
        let credits = credit_lines(&mut lines, input, place.0)?;
        let return_id: i64 = diesel::insert_into(order_returns::table)
            .values((
                order_returns::order_id.eq(order_id),
                order_returns::reason.eq(&input.reason),
                order_returns::refund_delivery.eq(input.refund_delivery),
                order_returns::actor_id.eq(actor),
                order_returns::created_at.eq(now),
            ))
            .returning(order_returns::id)
            .get_result(conn)?;
        for (line, wanted, goods, shipping) in &credits {
            write_line(conn, return_id, line, wanted, goods, shipping)?;
            if wanted.restock {
                let quantity = i32::try_from(wanted.quantity).unwrap_or(i32::MAX);
                let moved = batches::allot::Moved {
                    actor,
                    today: batches::india_date(now),
                    at: now,
                };
                put_back(
                    conn,
                    order_id,
                    line.id,
                    line.variant,
                    quantity,
                    "returned",
                    false,
                    moved,
                )?;
            }
        }
        let supplied_on: Option<NaiveDate> = invoices::table
            .filter(invoices::order_id.eq(order_id))
            .select(diesel::dsl::min(invoices::issued_on))
            .first(conn)?;
        let today = india_time::date_of(now);
        let last_day = shop
            .annual_returns_filed
            .last_day_to_credit(supplied_on.unwrap_or(today));
        if today <= last_day {
            let kinds: Vec<SupplyKind> = credits.iter().map(|(line, ..)| line.kind).collect();
            credit_documents(conn, order_id, return_id, &kinds, shop, now, &input.reason)?;
        }
        let details = serde_json::json!({
            "return": return_id,
            "lines": input.lines.iter().map(|l| serde_json::json!({"position": l.position, "quantity": l.quantity, "restock": l.restock})).collect::<Vec<_>>(),
            "refund_delivery": input.refund_delivery,
            "reason": input.reason,
        });
        audit::record(
            conn,
            &audit::AuditEntry {
                actor_id: actor,
                action: "order.return",
                entity: "order",
                entity_id: number,
                old_values: None,
                new_values: Some(&details.to_string()),
            },
        )?;
        let taken = returns_of(conn, order_id)?
            .into_iter()
            .find(|r| r.id == return_id)
            .ok_or(ReturnError::Database(diesel::result::Error::NotFound))?;
        Ok(ReturnTaken {
            taken,
            last_day_to_credit: last_day,
        })
    })
}

fn unreadable(error: diesel::result::Error) -> ReturnError {
    match crate::stored_as_text::unreadable_in(&error) {
        Some(word) => ReturnError::Unreadable(word.to_string()),
        None => ReturnError::Database(error),
    }
}

type LineRow = (
    i64,
    VariantId,
    i32,
    i64,
    i32,
    StoredKind,
    (i64, i64, i64, i64),
    (i64, i64, i64, i64),
);

/// The order's lines by position, with what came back of each before.
fn stored_lines(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> Result<HashMap<i32, StoredLine>, ReturnError> {
    let rows: Vec<(i32, LineRow)> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .select((
            order_lines::position,
            (
                order_lines::id,
                order_lines::variant_id,
                order_lines::quantity,
                order_lines::unit_price_paise,
                order_lines::gst_rate_bp,
                order_lines::supply_kind,
                (
                    order_lines::taxable_paise,
                    order_lines::cgst_paise,
                    order_lines::sgst_paise,
                    order_lines::igst_paise,
                ),
                (
                    order_lines::shipping_taxable_paise,
                    order_lines::shipping_cgst_paise,
                    order_lines::shipping_sgst_paise,
                    order_lines::shipping_igst_paise,
                ),
            ),
        ))
        .load(conn)
        .map_err(unreadable)?;
    let earlier: Vec<(i64, i32, bool, Amounts, Amounts)> = order_return_lines::table
        .inner_join(order_returns::table)
        .filter(order_returns::order_id.eq(order_id))
        .select((
            order_return_lines::order_line_id,
            order_return_lines::quantity,
            order_returns::refund_delivery,
            (
                order_return_lines::taxable_paise,
                order_return_lines::cgst_paise,
                order_return_lines::sgst_paise,
                order_return_lines::igst_paise,
            ),
            (
                order_return_lines::shipping_taxable_paise,
                order_return_lines::shipping_cgst_paise,
                order_return_lines::shipping_sgst_paise,
                order_return_lines::shipping_igst_paise,
            ),
        ))
        .load(conn)?;
    let mut lines = HashMap::new();
    for (position, (id, variant, quantity, unit_price, rate, kind, goods, shipping)) in rows {
        let rate = GstRate::try_from(rate).map_err(|e| ReturnError::Unreadable(e.to_string()))?;
        lines.insert(
            position,
            StoredLine {
                id,
                variant,
                quantity: i64::from(quantity),
                unit_price: Paise::new(unit_price),
                rate,
                kind: kind.0,
                goods: taxed(goods),
                shipping: taxed(shipping),
                returned: 0,
                delivery_refunded: 0,
                goods_credited: TaxedAmount::default(),
                shipping_credited: TaxedAmount::default(),
            },
        );
    }
    for (line_id, quantity, refunded_delivery, goods, shipping) in earlier {
        if let Some(line) = lines.values_mut().find(|l| l.id == line_id) {
            line.returned += i64::from(quantity);
            if refunded_delivery {
                line.delivery_refunded += i64::from(quantity);
            }
            line.goods_credited = line.goods_credited.plus(taxed(goods));
            line.shipping_credited = line.shipping_credited.plus(taxed(shipping));
        }
    }
    Ok(lines)
}

type Credit<'a> = (&'a StoredLine, ReturnLine, TaxedAmount, TaxedAmount);

/// Checks each wanted line against what is left of it and works out what it credits.
fn credit_lines<'a>(
    lines: &'a mut HashMap<i32, StoredLine>,
    input: &NewReturn,
    place: PlaceOfSupply,
) -> Result<Vec<Credit<'a>>, ReturnError> {
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for (index, wanted) in input.lines.iter().enumerate() {
        let field = |name: &str| format!("lines.{index}.{name}");
        match lines.get(&wanted.position) {
            None => problems.push((field("position"), "The order has no such line.".to_owned())),
            Some(_) if seen.contains(&wanted.position) => problems.push((
                field("position"),
                "Each line is given once; put all its units in one quantity.".to_owned(),
            )),
            Some(line) => {
                let left = line.quantity - line.returned;
                if left == 0 {
                    problems.push((
                        field("quantity"),
                        "All of this line has come back already.".to_owned(),
                    ));
                } else if wanted.quantity == 0 || i64::from(wanted.quantity) > left {
                    problems.push((
                        field("quantity"),
                        format!("Between 1 and {left} of this line can still come back."),
                    ));
                }
            }
        }
        seen.push(wanted.position);
    }
    if !problems.is_empty() {
        return Err(ReturnError::Lines(problems));
    }
    let lines: &'a HashMap<i32, StoredLine> = lines;
    input
        .lines
        .iter()
        .map(|wanted| {
            let line = &lines[&wanted.position];
            let k = i64::from(wanted.quantity);
            let goods = if line.returned + k == line.quantity {
                line.goods.minus(line.goods_credited)
            } else {
                let value = |units: i64| Paise::new(line.unit_price.get().saturating_mul(units));
                tax_in(value(line.returned + k), line.rate, place)?.minus(tax_in(
                    value(line.returned),
                    line.rate,
                    place,
                )?)
            };
            let shipping = if !input.refund_delivery {
                TaxedAmount::default()
            } else if line.delivery_refunded + k == line.quantity {
                line.shipping.minus(line.shipping_credited)
            } else {
                let share = line.shipping.gross().get();
                let of = |units: i64| {
                    let part = i128::from(share) * i128::from(units) / i128::from(line.quantity);
                    Paise::new(i64::try_from(part).unwrap_or(0))
                };
                tax_in(of(line.delivery_refunded + k), line.rate, place)?.minus(tax_in(
                    of(line.delivery_refunded),
                    line.rate,
                    place,
                )?)
            };
            Ok((line, *wanted, goods, shipping))
        })
        .collect()
}

fn write_line(
    conn: &mut DbConnection,
    return_id: i64,
    line: &StoredLine,
    wanted: &ReturnLine,
    goods: &TaxedAmount,
    shipping: &TaxedAmount,
) -> QueryResult<()> {
    diesel::insert_into(order_return_lines::table)
        .values((
            order_return_lines::return_id.eq(return_id),
            order_return_lines::order_line_id.eq(line.id),
            order_return_lines::quantity.eq(i32::try_from(wanted.quantity).unwrap_or(i32::MAX)),
            order_return_lines::restocked.eq(wanted.restock),
            order_return_lines::taxable_paise.eq(goods.taxable.get()),
            order_return_lines::cgst_paise.eq(goods.cgst.get()),
            order_return_lines::sgst_paise.eq(goods.sgst.get()),
            order_return_lines::igst_paise.eq(goods.igst.get()),
            order_return_lines::total_paise.eq(goods.gross().get()),
            order_return_lines::shipping_paise.eq(shipping.gross().get()),
            order_return_lines::shipping_taxable_paise.eq(shipping.taxable.get()),
            order_return_lines::shipping_cgst_paise.eq(shipping.cgst.get()),
            order_return_lines::shipping_sgst_paise.eq(shipping.sgst.get()),
            order_return_lines::shipping_igst_paise.eq(shipping.igst.get()),
        ))
        .execute(conn)?;
    Ok(())
}

/// A credit note on each of the order's documents that had a returned line, in the order the
/// documents were issued.
fn credit_documents(
    conn: &mut DbConnection,
    order_id: OrderId,
    return_id: i64,
    kinds: &[SupplyKind],
    shop: &MoveContext,
    now: NaiveDateTime,
    reason: &str,
) -> Result<(), ReturnError> {
    let documents: Vec<(i64, DocumentKind)> = invoices::table
        .filter(invoices::order_id.eq(order_id))
        .order(invoices::id)
        .select((invoices::id, invoices::kind))
        .load(conn)
        .map_err(unreadable)?;
    for (invoice_id, kind) in documents {
        if kinds.iter().any(|line| kind.covers(*line)) {
            documents::issue_credit_note(
                conn,
                invoice_id,
                Some(return_id),
                &shop.series,
                now,
                reason,
            )?;
        }
    }
    Ok(())
}
