//! Batches as the desk lists them: a pack size's batches, those near their expiry (the day's
//! dashboard), those expired and waiting to be disposed of, and undated ones to be dated.

use chrono::{Duration, NaiveDate};
use db::schema::{batches, product_variants, products, stock_receipts};
use db::{BatchId, DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use serde::Serialize;

use crate::Regulation;

/// One batch with what it is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BatchRow {
    #[schema(value_type = i64)]
    pub id: BatchId,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    pub product_name: String,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub sku: String,
    pub regulated_as: Regulation,
    pub number: String,
    #[schema(value_type = Option<String>, required = true)]
    pub manufactured_on: Option<NaiveDate>,
    /// The expiry date (a seed lot: its validity); none is unknown.
    #[schema(value_type = Option<String>, required = true)]
    pub expires_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>, required = true)]
    pub tested_on: Option<NaiveDate>,
    /// Units of it in the shop not given to an order.
    pub quantity: i32,
    /// What one unit cost, in paise, when known.
    #[schema(required = true)]
    pub unit_cost_paise: Option<i64>,
    /// The supplier it first came from.
    #[schema(required = true)]
    pub supplier: Option<String>,
    /// Days from today to its expiry (negative once expired).
    #[schema(required = true)]
    pub days_left: Option<i64>,
    /// Whether it is past its expiry: segregated, not for sale.
    pub expired: bool,
}

type Row = (
    (
        BatchId,
        VariantId,
        String,
        Option<NaiveDate>,
        Option<NaiveDate>,
        Option<NaiveDate>,
        i32,
        Option<i64>,
    ),
    (ProductId, String, Option<String>, String, String),
    Option<String>,
);

macro_rules! batch_rows {
    () => {
        batches::table
            .inner_join(product_variants::table.inner_join(products::table))
            .left_join(stock_receipts::table)
            .select((
                (
                    batches::id,
                    batches::variant_id,
                    batches::number,
                    batches::manufactured_on,
                    batches::expires_on,
                    batches::tested_on,
                    batches::quantity,
                    batches::cost_paise,
                ),
                (
                    products::id,
                    products::name,
                    product_variants::name,
                    product_variants::sku,
                    products::regulated_as,
                ),
                stock_receipts::supplier.nullable(),
            ))
    };
}

fn shape(rows: Vec<Row>, today: NaiveDate) -> Vec<BatchRow> {
    rows.into_iter()
        .map(|(b, p, supplier)| BatchRow {
            id: b.0,
            variant_id: b.1,
            product_id: p.0,
            product_name: p.1,
            variant_name: p.2,
            sku: p.3,
            regulated_as: Regulation::parse(&p.4).unwrap_or(Regulation::None),
            number: b.2,
            manufactured_on: b.3,
            expires_on: b.4,
            tested_on: b.5,
            quantity: b.6,
            unit_cost_paise: b.7,
            supplier,
            days_left: b.4.map(|e| (e - today).num_days()),
            expired: b.4.is_some_and(|e| e < today),
        })
        .collect()
}

/// The product's batches, each pack size's soonest expiring first; emptied batches last.
pub fn of_product(
    conn: &mut DbConnection,
    product: ProductId,
    today: NaiveDate,
) -> QueryResult<Vec<BatchRow>> {
    let rows: Vec<Row> = batch_rows!()
        .filter(products::id.eq(product))
        .order((
            product_variants::position,
            batches::quantity.eq(0),
            batches::expires_on.is_null(),
            batches::expires_on,
            batches::id,
        ))
        .load(conn)?;
    Ok(shape(rows, today))
}

/// One batch.
pub fn one(
    conn: &mut DbConnection,
    batch: BatchId,
    today: NaiveDate,
) -> QueryResult<Option<BatchRow>> {
    let rows: Vec<Row> = batch_rows!().filter(batches::id.eq(batch)).load(conn)?;
    Ok(shape(rows, today).into_iter().next())
}

/// The batches with these ids, in no particular order.
pub fn by_ids(
    conn: &mut DbConnection,
    ids: &[BatchId],
    today: NaiveDate,
) -> QueryResult<Vec<BatchRow>> {
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let rows: Vec<Row> = batch_rows!().filter(batches::id.eq_any(chunk)).load(conn)?;
        found.extend(shape(rows, today));
    }
    Ok(found)
}

/// Batches with units that expire from today to `days` ahead, soonest first.
pub fn expiring_within(
    conn: &mut DbConnection,
    today: NaiveDate,
    days: u32,
) -> QueryResult<Vec<BatchRow>> {
    let last = today + Duration::days(i64::from(days));
    let rows: Vec<Row> = batch_rows!()
        .filter(batches::quantity.gt(0))
        .filter(batches::expires_on.ge(today))
        .filter(batches::expires_on.le(last))
        .order((batches::expires_on, batches::id))
        .load(conn)?;
    Ok(shape(rows, today))
}

/// Expired batches still holding units: segregated, waiting to be disposed of.
pub fn awaiting_disposal(conn: &mut DbConnection, today: NaiveDate) -> QueryResult<Vec<BatchRow>> {
    let rows: Vec<Row> = batch_rows!()
        .filter(batches::quantity.gt(0))
        .filter(batches::expires_on.lt(today))
        .order((batches::expires_on, batches::id))
        .load(conn)?;
    Ok(shape(rows, today))
}

/// Batches with units whose expiry nobody has given yet (opening stock), for staff to date.
pub fn undated(conn: &mut DbConnection, today: NaiveDate) -> QueryResult<Vec<BatchRow>> {
    let rows: Vec<Row> = batch_rows!()
        .filter(batches::quantity.gt(0))
        .filter(batches::expires_on.is_null())
        .filter(products::regulated_as.ne(Regulation::Fertiliser.as_str()))
        .order(batches::id)
        .load(conn)?;
    Ok(shape(rows, today))
}
