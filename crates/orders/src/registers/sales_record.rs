//! The record of insecticide sales for a range of days (r. 15(2): every sale entered
//! insecticide-wise): one row per batch of each insecticide line sold, and one per batch of
//! each return after delivery, its units negative, dated the day the goods came back and naming
//! the credit note when one was issued.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{
    credit_notes, invoices, order_line_batches, order_lines, order_return_lines, order_returns,
    orders,
};
use db::{DbConnection, OrderId, VariantId};
use diesel::prelude::*;
use pricing::SupplyKind;
use serde::Serialize;

use super::{Measured, address_line, day_of, item_name, measured};
use crate::gst::documents::DocumentKind;
use crate::india_time::day_start;
use crate::order::OrderStatus;
use crate::reports::ReportRange;
use crate::sold_batches;
use crate::stored_as_text::Word;

/// Whether a row is a sale or goods coming back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SaleKind {
    Sale,
    /// A return after delivery: the units are negative.
    Return,
}

/// One row of the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SaleRow {
    /// The Indian day of the sale (the order's confirmation) or of the return.
    #[schema(value_type = String)]
    pub date: NaiveDate,
    pub kind: SaleKind,
    /// The buyer: the business billed, else the person who ordered.
    pub buyer: String,
    /// The billing address on one line.
    pub buyer_address: String,
    /// The product and its pack, as sold.
    pub product: String,
    /// The insecticide's CIB&RC registration number, as on the order line.
    pub registration_number: Option<String>,
    pub batch: String,
    #[schema(value_type = Option<String>)]
    pub manufactured_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>)]
    pub expires_on: Option<NaiveDate>,
    /// Packs sold (negative for a return).
    pub units: i64,
    /// The same in kilograms or litres, when the pack is weighed or measured.
    pub measured: Option<Measured>,
    /// The tax invoice (or bill of supply) of a sale; the credit note of a return, if issued.
    pub document: Option<String>,
    pub order_number: String,
    #[serde(skip)]
    pub variant_id: VariantId,
}

/// The record for a range of days, in date order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SalesRecord {
    pub range: ReportRange,
    pub rows: Vec<SaleRow>,
}

struct Line {
    order: OrderId,
    variant: VariantId,
    number: String,
    buyer: String,
    address: String,
    product: String,
    registration_number: Option<String>,
    uqc: String,
    uqc_milli: Option<i64>,
    kind: Option<SupplyKind>,
}

type LineRow = (
    i64,
    OrderId,
    VariantId,
    (String, String, Option<String>, String),
    (String, Option<String>, Option<String>),
    (String, Option<i64>, String),
);

/// The insecticide lines (of orders not cancelled) that took batches or had goods back in
/// `[start, end)`.
fn lines_in(
    conn: &mut DbConnection,
    start: NaiveDateTime,
    end: NaiveDateTime,
) -> QueryResult<Vec<i64>> {
    let mut lines: Vec<i64> = order_line_batches::table
        .inner_join(order_lines::table.inner_join(orders::table))
        .filter(order_lines::regulated_as.eq("insecticide"))
        .filter(orders::status.ne(OrderStatus::Cancelled))
        .filter(order_line_batches::created_at.ge(start))
        .filter(order_line_batches::created_at.lt(end))
        .select(order_lines::id)
        .load(conn)?;
    lines.extend(
        order_return_lines::table
            .inner_join(order_returns::table)
            .inner_join(order_lines::table)
            .filter(order_lines::regulated_as.eq("insecticide"))
            .filter(order_returns::created_at.ge(start))
            .filter(order_returns::created_at.lt(end))
            .select(order_lines::id)
            .load::<i64>(conn)?,
    );
    lines.sort_unstable();
    lines.dedup();
    Ok(lines)
}

fn load_lines(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, Line>> {
    let mut found = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<LineRow> = order_lines::table
            .inner_join(orders::table)
            .filter(order_lines::id.eq_any(chunk))
            .select((
                order_lines::id,
                orders::id,
                order_lines::variant_id,
                (
                    orders::number,
                    orders::contact_name,
                    orders::business_name,
                    orders::billing_address,
                ),
                (
                    order_lines::product_name,
                    order_lines::variant_name,
                    order_lines::registration_number,
                ),
                (
                    order_lines::uqc,
                    order_lines::uqc_milli,
                    order_lines::supply_kind,
                ),
            ))
            .load(conn)?;
        for (
            id,
            order,
            variant,
            (number, name, business, billing),
            (product, pack, reg),
            (uqc, milli, kind),
        ) in rows
        {
            found.insert(
                id,
                Line {
                    order,
                    variant,
                    number,
                    buyer: business.filter(|b| !b.trim().is_empty()).unwrap_or(name),
                    address: address_line(&billing),
                    product: item_name(&product, pack.as_deref()),
                    registration_number: reg,
                    uqc,
                    uqc_milli: milli,
                    kind: SupplyKind::parse(&kind).ok(),
                },
            );
        }
    }
    Ok(found)
}

/// A document's kind (when readable) and number.
type Document = (Option<DocumentKind>, String);

/// Each order's documents, in the order issued.
fn documents_of(
    conn: &mut DbConnection,
    orders_of: &[OrderId],
) -> QueryResult<HashMap<OrderId, Vec<Document>>> {
    let mut found: HashMap<OrderId, Vec<Document>> = HashMap::new();
    for chunk in orders_of.chunks(500) {
        let rows: Vec<(OrderId, String, String)> = invoices::table
            .filter(invoices::order_id.eq_any(chunk))
            .order(invoices::id)
            .select((invoices::order_id, invoices::kind, invoices::number))
            .load(conn)?;
        for (order, kind, number) in rows {
            found
                .entry(order)
                .or_default()
                .push((DocumentKind::from_word(&kind), number));
        }
    }
    Ok(found)
}

/// The document that bills a line of `kind`: the one that covers it, else the first.
fn document_for(documents: &[Document], kind: Option<SupplyKind>) -> Option<String> {
    documents
        .iter()
        .find(|(doc, _)| matches!((doc, kind), (Some(doc), Some(kind)) if doc.covers(kind)))
        .or_else(|| documents.first())
        .map(|(_, number)| number.clone())
}

/// The insecticide sales record for `range`.
pub fn sales_record(conn: &mut DbConnection, range: ReportRange) -> QueryResult<SalesRecord> {
    let start = day_start(range.from);
    let end = day_start(range.to.succ_opt().unwrap_or(range.to));
    let ids = lines_in(conn, start, end)?;
    let lines = load_lines(conn, &ids)?;
    let mut order_ids: Vec<OrderId> = lines.values().map(|l| l.order).collect();
    order_ids.sort_unstable();
    order_ids.dedup();
    let documents = documents_of(conn, &order_ids)?;
    let mut return_ids: Vec<i64> = Vec::new();
    let sold = sold_batches::of_lines(conn, &ids)?;
    for batches in sold.values() {
        return_ids.extend(batches.returns.iter().map(|r| r.return_id));
    }
    return_ids.sort_unstable();
    return_ids.dedup();
    let mut notes: HashMap<i64, Vec<String>> = HashMap::new();
    for chunk in return_ids.chunks(500) {
        let rows: Vec<(Option<i64>, String)> = credit_notes::table
            .filter(credit_notes::return_id.eq_any(chunk.iter().map(|&id| Some(id))))
            .order(credit_notes::id)
            .select((credit_notes::return_id, credit_notes::number))
            .load(conn)?;
        for (id, number) in rows {
            if let Some(id) = id {
                notes.entry(id).or_default().push(number);
            }
        }
    }
    let within = |at: NaiveDateTime| at >= start && at < end;
    let mut rows = Vec::new();
    for id in &ids {
        let (Some(line), Some(batches)) = (lines.get(id), sold.get(id)) else {
            continue;
        };
        let row =
            |date, kind, batch: Option<&sold_batches::Allotment>, units: i64, document| SaleRow {
                date,
                kind,
                buyer: line.buyer.clone(),
                buyer_address: line.address.clone(),
                product: line.product.clone(),
                registration_number: line.registration_number.clone(),
                batch: batch
                    .map_or_else(|| batches::UNDATED_BATCH.to_owned(), |b| b.number.clone()),
                manufactured_on: batch.and_then(|b| b.manufactured_on),
                expires_on: batch.and_then(|b| b.expires_on),
                units,
                measured: measured(&line.uqc, line.uqc_milli, units),
                document,
                order_number: line.number.clone(),
                variant_id: line.variant,
            };
        let invoice = documents
            .get(&line.order)
            .and_then(|docs| document_for(docs, line.kind));
        for allotment in batches.allotments.iter().filter(|a| within(a.at)) {
            rows.push(row(
                day_of(allotment.at),
                SaleKind::Sale,
                Some(allotment),
                i64::from(allotment.quantity),
                invoice.clone(),
            ));
        }
        for share in batches.returns.iter().filter(|r| within(r.at)) {
            rows.push(row(
                day_of(share.at),
                SaleKind::Return,
                share.allotment.and_then(|i| batches.allotments.get(i)),
                -i64::from(share.units),
                notes.get(&share.return_id).map(|n| n.join(", ")),
            ));
        }
    }
    rows.sort_by(|a, b| {
        (a.date, &a.order_number, a.kind, &a.product, &a.batch).cmp(&(
            b.date,
            &b.order_number,
            b.kind,
            &b.product,
            &b.batch,
        ))
    });
    Ok(SalesRecord { range, rows })
}
