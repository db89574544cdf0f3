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

/// A product switched to being kept by batch: each pack size's units on the shelf (its stock
/// plus the units orders not yet confirmed reserved) go into its undated opening batch
/// ([`crate::UNDATED_BATCH`]), so that nothing is lost and staff date it later. A pack size
/// that already has batches (tracked before) gets only the difference. Runs inside the caller's
/// transaction, after `products.batch_tracked` is set; returns the units put into opening batches.
pub fn start_tracking(
    conn: &mut DbConnection,
    product: db::ProductId,
    actor: Option<db::UserId>,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<i64, BatchError> {
    let mut variants: Vec<(VariantId, i32)> = product_variants::table
        .filter(product_variants::product_id.eq(product))
        .select((product_variants::id, product_variants::stock))
        .load(conn)?;
    variants.sort_by_key(|(id, _)| *id);
    let mut opened = 0;
    for (variant, stock) in variants {
        hold_variant(conn, variant)?;
        let on_shelf = i64::from(stock) + reserved_units(conn, variant)?;
        let missing = on_shelf - saleable_units(conn, variant, today)?;
        if missing <= 0 {
            continue;
        }
        let units = i32::try_from(missing).unwrap_or(i32::MAX);
        let held: Option<db::BatchId> = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(batches::number.eq(crate::UNDATED_BATCH))
            .select(batches::id)
            .first(conn)
            .optional()?;
        let batch = match held {
            Some(id) => {
                diesel::update(batches::table.find(id))
                    .set((
                        batches::quantity.eq(batches::quantity + units),
                        batches::updated_at.eq(now),
                    ))
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(batches::table)
                .values((
                    batches::variant_id.eq(variant),
                    batches::number.eq(crate::UNDATED_BATCH),
                    batches::quantity.eq(units),
                    batches::created_at.eq(now),
                    batches::updated_at.eq(now),
                ))
                .returning(batches::id)
                .get_result(conn)?,
        };
        let (before, after) = settle(conn, variant, today, now)?;
        crate::Movement {
            variant,
            batch: Some(batch),
            delta: after - before,
            batch_delta: Some(units),
            reason: "opening",
            note: Some("Stock held when the product began to be kept by batch"),
            order: None,
            actor,
            at: now,
        }
        .record(conn)?;
        opened += missing;
    }
    Ok(opened)
}
