//! What came back of orders, as their pages and the desk read it (`crate::returns` takes them).

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{credit_notes, order_lines, order_return_lines, order_returns};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::{Paise, SupplyKind, TaxedAmount};
use serde::Serialize;

use crate::amounts::LineShipping;
use crate::india_time;
use crate::stored_as_text::StoredKind;

/// A return as its order shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReturnView {
    pub id: i64,
    /// The Indian day it came back.
    pub date: NaiveDate,
    pub reason: String,
    pub refund_delivery: bool,
    pub lines: Vec<ReturnLineView>,
    /// What the buyer is owed back for it: its lines and their delivery shares, tax included.
    pub value: Paise,
    /// The credit notes issued for it (none past the s. 34(2) time limit).
    pub credit_notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReturnLineView {
    /// The order line's position.
    pub position: i32,
    pub quantity: i32,
    pub restocked: bool,
    pub supply_kind: SupplyKind,
    pub taxable_value: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    /// The goods' value, tax included.
    pub total: Paise,
    /// The delivery share credited with them (zero when the delivery was not refunded).
    pub shipping: LineShipping,
}

/// Whether any part of the order has come back.
pub(crate) fn has_returns(conn: &mut DbConnection, order_id: OrderId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        order_returns::table.filter(order_returns::order_id.eq(order_id)),
    ))
    .get_result(conn)
}

/// Taxable value, CGST, SGST and IGST as a row holds them.
pub(crate) type Amounts = (i64, i64, i64, i64);

pub(crate) fn taxed((taxable, cgst, sgst, igst): Amounts) -> TaxedAmount {
    TaxedAmount {
        taxable: Paise::new(taxable),
        cgst: Paise::new(cgst),
        sgst: Paise::new(sgst),
        igst: Paise::new(igst),
    }
}

/// A returned line as read back: its return, position, quantity, whether restocked, kind, goods,
/// and delivery (gross, then its parts).
type ReturnedRow = (i64, i32, i32, bool, StoredKind, Amounts, i64, Amounts);

/// The order's returns in the order they were taken.
pub fn returns_of(conn: &mut DbConnection, order_id: OrderId) -> QueryResult<Vec<ReturnView>> {
    let returns: Vec<(i64, NaiveDateTime, String, bool)> = order_returns::table
        .filter(order_returns::order_id.eq(order_id))
        .order(order_returns::id)
        .select((
            order_returns::id,
            order_returns::created_at,
            order_returns::reason,
            order_returns::refund_delivery,
        ))
        .load(conn)?;
    if returns.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = returns.iter().map(|r| r.0).collect();
    let lines: Vec<ReturnedRow> = order_return_lines::table
        .inner_join(order_lines::table)
        .filter(order_return_lines::return_id.eq_any(&ids))
        .order(order_return_lines::id)
        .select((
            order_return_lines::return_id,
            order_lines::position,
            order_return_lines::quantity,
            order_return_lines::restocked,
            order_lines::supply_kind,
            (
                order_return_lines::taxable_paise,
                order_return_lines::cgst_paise,
                order_return_lines::sgst_paise,
                order_return_lines::igst_paise,
            ),
            order_return_lines::shipping_paise,
            (
                order_return_lines::shipping_taxable_paise,
                order_return_lines::shipping_cgst_paise,
                order_return_lines::shipping_sgst_paise,
                order_return_lines::shipping_igst_paise,
            ),
        ))
        .load(conn)?;
    let notes: Vec<(Option<i64>, String)> = credit_notes::table
        .filter(credit_notes::return_id.eq_any(&ids))
        .order(credit_notes::id)
        .select((credit_notes::return_id, credit_notes::number))
        .load(conn)?;
    Ok(returns
        .into_iter()
        .map(|(id, at, reason, refund_delivery)| {
            let lines: Vec<ReturnLineView> = lines
                .iter()
                .filter(|line| line.0 == id)
                .map(
                    |(_, position, quantity, restocked, kind, goods, shipping, part)| {
                        let goods = taxed(*goods);
                        let part = taxed(*part);
                        ReturnLineView {
                            position: *position,
                            quantity: *quantity,
                            restocked: *restocked,
                            supply_kind: kind.0,
                            taxable_value: goods.taxable,
                            cgst: goods.cgst,
                            sgst: goods.sgst,
                            igst: goods.igst,
                            total: goods.gross(),
                            shipping: LineShipping {
                                total: Paise::new(*shipping),
                                taxable: part.taxable,
                                cgst: part.cgst,
                                sgst: part.sgst,
                                igst: part.igst,
                            },
                        }
                    },
                )
                .collect();
            let value = Paise::new(
                lines
                    .iter()
                    .map(|l| l.total.get() + l.shipping.total.get())
                    .sum(),
            );
            ReturnView {
                id,
                date: india_time::date_of(at),
                reason,
                refund_delivery,
                lines,
                value,
                credit_notes: notes
                    .iter()
                    .filter(|(of, _)| *of == Some(id))
                    .map(|(_, number)| number.clone())
                    .collect(),
            }
        })
        .collect())
}
