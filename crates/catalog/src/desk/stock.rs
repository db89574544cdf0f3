//! Stock adjustments: each is a `stock_movements` row, and the variant's stock moves with it in
//! the same transaction, never below zero.

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, UserId, VariantId};
use diesel::prelude::*;

use super::products::products_in_category;
use super::records::variant_row;
use super::variants::touch_product;
use super::{
    DeskError, LowStockItem, STOCK_MAX, StockAdjustment, StockMovement, StockReason, audit,
    correct_batches, now,
};

/// Moves the variant's stock by the adjustment's delta, recording who and why.
pub fn adjust_stock(
    conn: &mut DbConnection,
    actor: UserId,
    variant_id: VariantId,
    adjustment: StockAdjustment,
) -> Result<StockMovement, DeskError> {
    write_transaction(conn, |conn| {
        let variant = variant_row(conn, variant_id)?;
        if ::batches::settle::is_tracked(conn, variant_id)? {
            let (before, after) = correct_batches(
                conn,
                actor,
                variant_id,
                adjustment.delta,
                adjustment.batch,
                adjustment.reason.as_str(),
                adjustment.note.as_deref(),
            )?;
            touch_product(conn, variant.product_id)?;
            audit(
                conn,
                actor,
                "stock.adjust",
                "variant",
                variant_id,
                Some(&serde_json::json!({"stock": before})),
                Some(
                    &serde_json::json!({"stock": after, "delta": adjustment.delta, "batch_id": adjustment.batch, "reason": adjustment.reason, "note": adjustment.note}),
                ),
            )?;
            return Ok(stock_movements::table
                .filter(stock_movements::variant_id.eq(variant_id))
                .order(stock_movements::id.desc())
                .select(StockMovement::as_select())
                .first(conn)?);
        }
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
        .select(LowStockItem::as_select())
        .load(conn)?)
}

/// One pack size counted on the shelf.
#[derive(Debug, Clone)]
pub struct ShelfCount {
    pub variant_id: VariantId,
    /// Units on the shelf.
    pub counted: i32,
    /// The stock the counter's list showed, when it says: a sale since then is reported
    /// ([`DeskError::Conflict`]) rather than silently counted over.
    pub stock_seen: Option<i32>,
}

/// What a count did to one pack size.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct CountedStock {
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    pub product_name: String,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    /// The stock before the count.
    pub before: i32,
    pub counted: i32,
    /// `counted - before`: the movement recorded (none when 0).
    pub difference: i32,
}

/// The most pack sizes one stocktake saves at once.
pub const COUNTS_MAX: usize = 5000;

/// Sets each pack size's stock to the counted quantity (a stocktake), in one transaction: a
/// `stocktake` movement of the difference with `note`, and an audit entry, for each that
/// differs. A pack size sold since the list was read (`stock_seen`) refuses the whole count,
/// naming each, so the owner counts it again rather than losing or doubling a sale.
pub fn set_counted(
    conn: &mut DbConnection,
    actor: UserId,
    counts: &[ShelfCount],
    note: Option<&str>,
) -> Result<Vec<CountedStock>, DeskError> {
    write_transaction(conn, |conn| {
        let mut done = Vec::with_capacity(counts.len());
        let mut moved = Vec::new();
        for count in counts {
            let variant = variant_row(conn, count.variant_id)?;
            let product_name: String = products::table
                .find(variant.product_id)
                .select(products::name)
                .first(conn)?;
            let label = match &variant.name {
                Some(pack) => format!("{product_name} {pack}"),
                None => product_name.clone(),
            };
            if count.stock_seen.is_some_and(|seen| seen != variant.stock) {
                moved.push(format!(
                    "{label} (was {} on your list, {} now)",
                    count.stock_seen.unwrap_or_default(),
                    variant.stock
                ));
                continue;
            }
            let difference = count.counted - variant.stock;
            if difference != 0 {
                let note = match note {
                    Some(note) => {
                        format!("Counted {} (was {}): {note}", count.counted, variant.stock)
                    }
                    None => format!("Counted {} (was {})", count.counted, variant.stock),
                };
                if ::batches::settle::is_tracked(conn, count.variant_id)? {
                    correct_batches(
                        conn,
                        actor,
                        count.variant_id,
                        difference,
                        None,
                        StockReason::Stocktake.as_str(),
                        Some(&note),
                    )?;
                } else {
                    diesel::update(product_variants::table.find(count.variant_id))
                        .set((
                            product_variants::stock.eq(count.counted),
                            product_variants::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                    diesel::insert_into(stock_movements::table)
                        .values((
                            stock_movements::variant_id.eq(count.variant_id),
                            stock_movements::delta.eq(difference),
                            stock_movements::reason.eq(StockReason::Stocktake.as_str()),
                            stock_movements::note.eq(&note),
                            stock_movements::actor_id.eq(actor),
                        ))
                        .execute(conn)?;
                }
                touch_product(conn, variant.product_id)?;
                audit(
                    conn,
                    actor,
                    "stock.count",
                    "variant",
                    count.variant_id,
                    Some(&serde_json::json!({"stock": variant.stock})),
                    Some(&serde_json::json!({
                        "stock": count.counted,
                        "delta": difference,
                        "reason": StockReason::Stocktake,
                        "note": note,
                    })),
                )?;
            }
            done.push(CountedStock {
                variant_id: count.variant_id,
                product_name,
                variant_name: variant.name.clone(),
                before: variant.stock,
                counted: count.counted,
                difference,
            });
        }
        if !moved.is_empty() {
            return Err(DeskError::Conflict(format!(
                "Stock moved since your list was read (a sale or another change): {}. Nothing was saved; reload the list and count those again.",
                moved.join("; ")
            )));
        }
        Ok(done)
    })
}

/// Active pack sizes of active products, as a counting list: by product name then position;
/// `category` (with its sub-categories) and `search` (words of the name, or a SKU) narrow it.
pub fn count_list(
    conn: &mut DbConnection,
    category: Option<i64>,
    search: Option<&str>,
) -> Result<Vec<LowStockItem>, DeskError> {
    let mut query = product_variants::table
        .inner_join(products::table)
        .filter(product_variants::is_active.eq(true))
        .filter(products::is_active.eq(true))
        .order((
            products::name,
            product_variants::position,
            product_variants::id,
        ))
        .select(LowStockItem::as_select())
        .into_boxed();
    if let Some(category) = category {
        query = query.filter(products::id.eq_any(products_in_category(conn, category)?));
    }
    let items = query.load(conn)?;
    let words: Vec<String> = search
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    Ok(items
        .into_iter()
        .filter(|item| {
            let text = format!(
                "{} {} {}",
                item.product_name,
                item.variant_name.as_deref().unwrap_or_default(),
                item.sku
            )
            .to_lowercase();
            words.iter().all(|word| text.contains(word))
        })
        .collect())
}
