//! The monthly return of insecticide sales (r. 15(2): sent to the licensing officer within 15
//! days of the month's close; since the 2026 amendment, in digital form as an appendix to the
//! licence, Form III): for each pack size of each insecticide, with its registration number, the
//! stock at the start of the month, what was received, what was sold (less what came back after
//! delivery), what else moved (disposal of expired stock, counts, goods returned damaged) and the
//! stock at the close, in packs and in kilograms or litres.
//!
//! Stock is what the batches hold: every change of a batch is a stock movement with its
//! `batch_delta`, so the stock on any day is the sum of the movements before it. Sold is the
//! sales record's units, so the two always agree; "other" is what is left to balance.

use std::collections::HashMap;

use db::schema::{product_variants, products, stock_movements};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use serde::Serialize;

use super::{Measured, measured, sales_record};
use crate::india_time::day_start;
use crate::reports::ReportRange;

/// A quantity in packs, and in kilograms or litres when the pack is weighed or measured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Figure {
    pub units: i64,
    pub measured: Option<Measured>,
}

/// One pack size of one insecticide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReturnRow {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    pub product: String,
    pub pack: Option<String>,
    pub sku: String,
    /// The CIB&RC registration number.
    pub registration_number: Option<String>,
    pub opening: Figure,
    pub received: Figure,
    /// Sold, less returns after delivery.
    pub sold: Figure,
    /// Disposed of, counted, returned damaged: what else changed the batches.
    pub other: Figure,
    pub closing: Figure,
}

/// The return for a month (any range of days).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct MonthlyReturn {
    pub range: ReportRange,
    pub rows: Vec<ReturnRow>,
}

type PackRow = (
    VariantId,
    ProductId,
    String,
    Option<String>,
    String,
    Option<String>,
    String,
    Option<i64>,
);

#[derive(Default)]
struct Sums {
    opening: i64,
    received: i64,
    sold: i64,
    closing: i64,
}

/// The monthly return for `range`: every pack size of the products sold as insecticides that
/// held or moved stock by then.
pub fn monthly_return(conn: &mut DbConnection, range: ReportRange) -> QueryResult<MonthlyReturn> {
    let start = day_start(range.from);
    let end = day_start(range.to.succ_opt().unwrap_or(range.to));
    let packs: Vec<PackRow> = product_variants::table
        .inner_join(products::table)
        .filter(products::regulated_as.eq("insecticide"))
        .order((
            products::name,
            product_variants::position,
            product_variants::id,
        ))
        .select((
            product_variants::id,
            products::id,
            products::name,
            product_variants::name,
            product_variants::sku,
            products::registration_number,
            product_variants::uqc,
            product_variants::uqc_milli,
        ))
        .load(conn)?;
    let ids: Vec<VariantId> = packs.iter().map(|p| p.0).collect();
    let mut sums: HashMap<VariantId, Sums> = HashMap::new();
    for chunk in ids.chunks(500) {
        let moves: Vec<(VariantId, String, Option<i32>, chrono::NaiveDateTime)> =
            stock_movements::table
                .filter(stock_movements::variant_id.eq_any(chunk))
                .filter(stock_movements::batch_id.is_not_null())
                .filter(stock_movements::created_at.lt(end))
                .select((
                    stock_movements::variant_id,
                    stock_movements::reason,
                    stock_movements::batch_delta,
                    stock_movements::created_at,
                ))
                .load(conn)?;
        for (variant, reason, delta, at) in moves {
            let delta = i64::from(delta.unwrap_or(0));
            let sum = sums.entry(variant).or_default();
            sum.closing += delta;
            if at < start {
                sum.opening += delta;
            } else if reason == "received" {
                sum.received += delta;
            }
        }
    }
    for row in sales_record(conn, range)?.rows {
        sums.entry(row.variant_id).or_default().sold += row.units;
    }
    let rows = packs
        .into_iter()
        .filter_map(
            |(variant, product_id, product, pack, sku, reg, uqc, milli)| {
                let sum = sums.remove(&variant)?;
                let other = sum.closing - sum.opening - sum.received + sum.sold;
                let figure = |units: i64| Figure {
                    units,
                    measured: measured(&uqc, milli, units),
                };
                Some(ReturnRow {
                    product_id,
                    product,
                    pack,
                    sku,
                    registration_number: reg,
                    opening: figure(sum.opening),
                    received: figure(sum.received),
                    sold: figure(sum.sold),
                    other: figure(other),
                    closing: figure(sum.closing),
                })
            },
        )
        .collect();
    Ok(MonthlyReturn { range, rows })
}
