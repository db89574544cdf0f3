//! Receipts as the desk lists them: the recent ones, and one with the batches it brought.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{stock_receipt_lines, stock_receipts, users};
use db::{BatchId, DbConnection, ReceiptId};
use diesel::prelude::*;
use serde::Serialize;

use crate::listing::{self, BatchRow};

/// A receipt in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReceiptSummary {
    #[schema(value_type = i64)]
    pub id: ReceiptId,
    pub supplier: String,
    pub supplier_invoice: String,
    #[schema(value_type = String)]
    pub invoice_date: NaiveDate,
    #[schema(required = true)]
    pub note: Option<String>,
    /// Who recorded it.
    #[schema(required = true)]
    pub recorded_by: Option<String>,
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    pub lines: usize,
    pub units: i64,
    /// What the goods cost, in paise.
    pub cost_paise: i64,
}

/// One line of a receipt: the units and cost it brought, and its batch as it stands now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReceivedLine {
    pub quantity: i32,
    pub unit_cost_paise: i64,
    pub batch: BatchRow,
}

/// A receipt with its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReceiptView {
    #[serde(flatten)]
    pub receipt: ReceiptSummary,
    pub received: Vec<ReceivedLine>,
}

type Head = (
    ReceiptId,
    String,
    String,
    NaiveDate,
    Option<String>,
    Option<String>,
    NaiveDateTime,
);

fn heads(
    conn: &mut DbConnection,
    only: Option<ReceiptId>,
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<Head>> {
    let mut query = stock_receipts::table
        .left_join(users::table.on(stock_receipts::actor_id.eq(users::id.nullable())))
        .select((
            stock_receipts::id,
            stock_receipts::supplier,
            stock_receipts::supplier_invoice,
            stock_receipts::invoice_date,
            stock_receipts::note,
            users::name.nullable(),
            stock_receipts::created_at,
        ))
        .order((stock_receipts::created_at.desc(), stock_receipts::id.desc()))
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(stock_receipts::id.eq(id));
    }
    query.offset(offset).limit(limit).load(conn)
}

/// Each receipt's lines: `(receipt, batch, quantity, unit cost)`.
fn lines_of(
    conn: &mut DbConnection,
    ids: &[ReceiptId],
) -> QueryResult<Vec<(ReceiptId, BatchId, i32, i64)>> {
    stock_receipt_lines::table
        .filter(stock_receipt_lines::receipt_id.eq_any(ids))
        .order(stock_receipt_lines::id)
        .select((
            stock_receipt_lines::receipt_id,
            stock_receipt_lines::batch_id,
            stock_receipt_lines::quantity,
            stock_receipt_lines::cost_paise,
        ))
        .load(conn)
}

fn summaries(heads: Vec<Head>, lines: &[(ReceiptId, BatchId, i32, i64)]) -> Vec<ReceiptSummary> {
    let mut totals: HashMap<ReceiptId, (usize, i64, i64)> = HashMap::new();
    for (receipt, _, quantity, cost) in lines {
        let total = totals.entry(*receipt).or_default();
        total.0 += 1;
        total.1 += i64::from(*quantity);
        total.2 = total
            .2
            .saturating_add(cost.saturating_mul(i64::from(*quantity)));
    }
    heads
        .into_iter()
        .map(
            |(id, supplier, supplier_invoice, invoice_date, note, recorded_by, created_at)| {
                let (lines, units, cost_paise) = totals.get(&id).copied().unwrap_or_default();
                ReceiptSummary {
                    id,
                    supplier,
                    supplier_invoice,
                    invoice_date,
                    note,
                    recorded_by,
                    created_at,
                    lines,
                    units,
                    cost_paise,
                }
            },
        )
        .collect()
}

/// The receipts recorded most recently first, `limit` of them from `offset`, and how many there
/// are in all.
pub fn recent(
    conn: &mut DbConnection,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<ReceiptSummary>, i64)> {
    let total: i64 = stock_receipts::table.count().get_result(conn)?;
    let heads = heads(conn, None, offset, limit)?;
    let ids: Vec<ReceiptId> = heads.iter().map(|h| h.0).collect();
    let lines = lines_of(conn, &ids)?;
    Ok((summaries(heads, &lines), total))
}

/// One receipt with each batch it brought, as the batch stands on `today`.
pub fn one(
    conn: &mut DbConnection,
    id: ReceiptId,
    today: NaiveDate,
) -> QueryResult<Option<ReceiptView>> {
    let heads = heads(conn, Some(id), 0, 1)?;
    if heads.is_empty() {
        return Ok(None);
    }
    let lines = lines_of(conn, &[id])?;
    let ids: Vec<BatchId> = lines.iter().map(|l| l.1).collect();
    let batches: HashMap<BatchId, BatchRow> = listing::by_ids(conn, &ids, today)?
        .into_iter()
        .map(|row| (row.id, row))
        .collect();
    let received = lines
        .iter()
        .filter_map(|(_, batch, quantity, cost)| {
            Some(ReceivedLine {
                quantity: *quantity,
                unit_cost_paise: *cost,
                batch: batches.get(batch)?.clone(),
            })
        })
        .collect();
    Ok(summaries(heads, &lines)
        .into_iter()
        .next()
        .map(|receipt| ReceiptView { receipt, received }))
}
