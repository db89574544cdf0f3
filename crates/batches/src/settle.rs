//! The saleable stock of a batch-tracked pack size, worked out from its batches.
//!
//! `product_variants.stock` is what the storefront offers: the units of batches that have not
//! expired (or whose expiry is unknown), less the units reserved by orders placed but not yet
//! confirmed (those take their units from batches only when confirmed). Every change to a batch
//! settles the stock again in its own transaction, with the pack size's row held first so that a
//! checkout taking stock at the same moment waits rather than being overwritten.

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{batches, order_lines, orders, product_variants, products};
use db::{DbConnection, VariantId};
use diesel::dsl::sum;
use diesel::prelude::*;

use crate::BatchError;

/// The order statuses whose lines hold stock without having taken it from a batch.
pub const RESERVING: [&str; 2] = ["placed", "awaiting_payment"];

/// Holds the pack size's row until the transaction ends (PostgreSQL; SQLite has one writer), so
/// that batch changes and checkouts of one pack size take turns.
pub fn hold_variant(conn: &mut DbConnection, variant: VariantId) -> Result<(), BatchError> {
    let held = diesel::update(product_variants::table.find(variant))
        .set(product_variants::stock.eq(product_variants::stock))
        .execute(conn)?;
    if held == 1 {
        Ok(())
    } else {
        Err(BatchError::UnknownVariant(variant))
    }
}

/// Whether the pack size's product keeps its stock by batch.
pub fn is_tracked(conn: &mut DbConnection, variant: VariantId) -> Result<bool, BatchError> {
    product_variants::table
        .inner_join(products::table)
        .filter(product_variants::id.eq(variant))
        .select(products::batch_tracked)
        .first(conn)
        .optional()?
        .ok_or(BatchError::UnknownVariant(variant))
}

/// Units of the pack size's batches that may be sold on `today`.
pub fn saleable_units(
    conn: &mut DbConnection,
    variant: VariantId,
    today: NaiveDate,
) -> Result<i64, BatchError> {
    let units: Option<i64> = batches::table
        .filter(batches::variant_id.eq(variant))
        .filter(
            batches::expires_on
                .is_null()
                .or(batches::expires_on.ge(today)),
        )
        .select(sum(batches::quantity))
        .first(conn)?;
    Ok(units.unwrap_or(0))
}

/// Units of the pack size reserved by orders placed but not yet confirmed.
pub fn reserved_units(conn: &mut DbConnection, variant: VariantId) -> Result<i64, BatchError> {
    let units: Option<i64> = order_lines::table
        .inner_join(orders::table)
        .filter(order_lines::variant_id.eq(variant))
        .filter(orders::status.eq_any(RESERVING))
        .select(sum(order_lines::quantity))
        .first(conn)?;
    Ok(units.unwrap_or(0))
}

/// Sets the pack size's saleable stock from its batches and returns it before and after. Never
/// below 0: when batches expired under reserved units, the shortfall shows when those orders
/// are confirmed ([`BatchError::Shortage`]). The caller holds the row ([`hold_variant`]).
pub fn settle(
    conn: &mut DbConnection,
    variant: VariantId,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<(i32, i32), BatchError> {
    let before: i32 = product_variants::table
        .find(variant)
        .select(product_variants::stock)
        .first(conn)
        .optional()?
        .ok_or(BatchError::UnknownVariant(variant))?;
    let free = saleable_units(conn, variant, today)? - reserved_units(conn, variant)?;
    let after = i32::try_from(free.max(0)).unwrap_or(i32::MAX);
    if after != before {
        diesel::update(product_variants::table.find(variant))
            .set((
                product_variants::stock.eq(after),
                product_variants::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok((before, after))
}
