//! Stock adjustments: each is a `stock_movements` row, and the variant's stock moves with it in
//! the same transaction, never below zero.

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, UserId, VariantId};
use diesel::prelude::*;

use super::records::variant_row;
use super::variants::touch_product;
use super::{DeskError, LowStockItem, STOCK_MAX, StockAdjustment, StockMovement, audit, now};

/// Moves the variant's stock by the adjustment's delta, recording who and why.
pub fn adjust_stock(
    conn: &mut DbConnection,
    actor: UserId,
    variant_id: VariantId,
    adjustment: StockAdjustment,
) -> Result<StockMovement, DeskError> {
    write_transaction(conn, |conn| {
        let variant = variant_row(conn, variant_id)?;
        let stock = variant.stock.checked_add(adjustment.delta);
        let stock = match stock {
            Some(stock) if stock < 0 => Err(format!(
                "Stock may not go below 0: there are {} in stock.",
                variant.stock
            )),
            Some(stock) if stock <= STOCK_MAX => Ok(stock),
            _ => Err(format!(
                "Stock may not go above {STOCK_MAX}: there are {} in stock.",
                variant.stock
            )),
        }
        .map_err(|message| DeskError::invalid("delta", message))?;
        diesel::update(product_variants::table.find(variant_id))
            .set((
                product_variants::stock.eq(stock),
                product_variants::updated_at.eq(now()),
            ))
            .execute(conn)?;
        touch_product(conn, variant.product_id)?;
        let movement_id: i64 = diesel::insert_into(stock_movements::table)
            .values((
                stock_movements::variant_id.eq(variant_id),
                stock_movements::delta.eq(adjustment.delta),
                stock_movements::reason.eq(adjustment.reason.as_str()),
                stock_movements::note.eq(adjustment.note.as_deref()),
                stock_movements::actor_id.eq(actor),
            ))
            .returning(stock_movements::id)
            .get_result(conn)?;
        let movement: StockMovement = stock_movements::table
            .find(movement_id)
            .select(StockMovement::as_select())
            .first(conn)?;
        audit(
            conn,
            actor,
            "stock.adjust",
            "variant",
            variant_id,
            Some(&serde_json::json!({"stock": variant.stock})),
            Some(
                &serde_json::json!({"stock": stock, "delta": adjustment.delta, "reason": adjustment.reason, "note": adjustment.note}),
            ),
        )?;
        Ok(movement)
    })
}

/// The variant's stock movements, newest first.
pub fn stock_movements(
    conn: &mut DbConnection,
    variant_id: VariantId,
) -> Result<Vec<StockMovement>, DeskError> {
    variant_row(conn, variant_id)?;
    Ok(stock_movements::table
        .filter(stock_movements::variant_id.eq(variant_id))
        .order(stock_movements::id.desc())
        .select(StockMovement::as_select())
        .load(conn)?)
}

/// Active variants at or below their low-stock threshold, least stock first.
pub fn low_stock(conn: &mut DbConnection) -> Result<Vec<LowStockItem>, DeskError> {
    Ok(product_variants::table
        .inner_join(products::table)
        .filter(product_variants::is_active.eq(true))
        .filter(product_variants::stock.le(product_variants::low_stock_threshold))
        .order((product_variants::stock, product_variants::id))
        .select((
            product_variants::id,
            products::id,
            products::name,
            product_variants::name,
            product_variants::sku,
            product_variants::stock,
            product_variants::low_stock_threshold,
        ))
        .load::<LowStockItem>(conn)?)
}
