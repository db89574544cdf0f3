//! Applying an import: planned again inside one transaction (so it works from the values as they
//! are now, not as they were at the preview), then every change or, with any bad row, none.

use std::collections::{BTreeSet, HashMap};

use db::schema::{catalog_imports, product_variants, products, stock_movements};
use db::write_transaction;
use db::{DbConnection, ProductId, UserId, VariantId};
use diesel::dsl::max;
use diesel::prelude::*;
use pricing::{Price, SupplyKind};
use serde::Serialize;

use super::plan::{Step, StockChoice, StockChoices, plan};
use super::sheet::Sheet;
use crate::desk::{DeskError, StockReason, audit, now};

/// What an applied import did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ImportApplied {
    /// The import's number (its file is kept under it).
    pub id: i64,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
}

/// Applies the sheet (`content`, read beforehand as `sheet`) in one transaction, or nothing
/// when any row cannot be applied.
pub fn apply_import(
    conn: &mut DbConnection,
    actor: UserId,
    filename: &str,
    content: &str,
    sheet: &Sheet,
    choices: &StockChoices,
) -> Result<ImportApplied, DeskError> {
    write_transaction(conn, |conn| {
        let plan = plan(conn, sheet, choices)?;
        if !plan.preview.problems.is_empty() {
            return Err(DeskError::ImportRefused(plan.preview.problems));
        }
        let (mut created, mut updated) = (0, 0);
        let at = now();
        let import_id: i64 = diesel::insert_into(catalog_imports::table)
            .values((
                catalog_imports::actor_id.eq(actor),
                catalog_imports::filename.eq(filename),
                catalog_imports::content.eq(content),
                catalog_imports::created.eq(0),
                catalog_imports::updated.eq(0),
            ))
            .returning(catalog_imports::id)
            .get_result(conn)?;
        let note = format!("CSV import #{import_id}");
        let mut touched = BTreeSet::new();
        let mut next_position: HashMap<ProductId, i32> = HashMap::new();
        for step in plan.steps {
            match step {
                Step::Update {
                    current,
                    row,
                    stock,
                    unit,
                    supply_kind,
                    regulation,
                } => {
                    if let Some(unit) = unit {
                        diesel::update(product_variants::table.find(current.id))
                            .set((
                                product_variants::uqc.eq(unit.uqc.code()),
                                product_variants::uqc_milli.eq(unit.milli),
                            ))
                            .execute(conn)?;
                    }
                    set_kind(conn, current.product_id, supply_kind)?;
                    diesel::update(product_variants::table.find(current.id))
                        .set((
                            product_variants::price_paise
                                .eq(row.price.map_or(current.price, Price::get)),
                            product_variants::mrp_paise.eq(row.mrp.map(Price::get).or(current.mrp)),
                            product_variants::stock.eq(stock.map_or(current.stock, |s| s.to)),
                            product_variants::weight_grams
                                .eq(row.weight_grams.unwrap_or(current.weight_grams)),
                            product_variants::is_active.eq(row.active.unwrap_or(current.is_active)),
                            product_variants::updated_at.eq(at),
                        ))
                        .execute(conn)?;
                    if let Some(stock) = stock {
                        let note = match stock.choice {
                            Some(StockChoice::Difference) => {
                                format!("{note}: the sheet's change, after sales since the export")
                            }
                            Some(StockChoice::Count) => {
                                format!("{note}: the sheet's count, after sales since the export")
                            }
                            None => note.clone(),
                        };
                        record_stock(
                            conn,
                            actor,
                            current.id,
                            stock.to - current.stock,
                            stock.reason,
                            &note,
                        )?;
                    }
                    set_regulation(conn, actor, current.product_id, regulation)?;
                    touched.insert(current.product_id);
                    updated += 1;
                }
                Step::Create {
                    product_id,
                    row,
                    unit,
                    supply_kind,
                    regulation,
                } => {
                    set_kind(conn, product_id, supply_kind)?;
                    let regulation_after = regulation;
                    let position = match next_position.get(&product_id) {
                        Some(position) => *position,
                        None => product_variants::table
                            .filter(product_variants::product_id.eq(product_id))
                            .select(max(product_variants::position))
                            .first::<Option<i32>>(conn)?
                            .map_or(0, |p| p + 1),
                    };
                    next_position.insert(product_id, position + 1);
                    let stock = row.stock.unwrap_or(0);
                    let id: VariantId = diesel::insert_into(product_variants::table)
                        .values((
                            product_variants::product_id.eq(product_id),
                            product_variants::name.eq(&row.variant_name),
                            product_variants::sku.eq(&row.sku),
                            product_variants::mrp_paise.eq(row.mrp.map(Price::get)),
                            product_variants::price_paise
                                .eq(row.price.map(Price::get).unwrap_or_default()),
                            product_variants::stock.eq(stock),
                            product_variants::weight_grams.eq(row.weight_grams.unwrap_or(0)),
                            product_variants::is_active.eq(row.active.unwrap_or(true)),
                            product_variants::position.eq(position),
                            product_variants::uqc.eq(unit.uqc.code()),
                            product_variants::uqc_milli.eq(unit.milli),
                            product_variants::created_at.eq(at),
                            product_variants::updated_at.eq(at),
                        ))
                        .returning(product_variants::id)
                        .get_result(conn)?;
                    if stock > 0 {
                        record_stock(conn, actor, id, stock, StockReason::Received, &note)?;
                    }
                    set_regulation(conn, actor, product_id, regulation_after)?;
                    touched.insert(product_id);
                    created += 1;
                }
            }
        }
        let touched: Vec<ProductId> = touched.into_iter().collect();
        for ids in touched.chunks(500) {
            diesel::update(products::table.filter(products::id.eq_any(ids)))
                .set(products::updated_at.eq(at))
                .execute(conn)?;
        }
        diesel::update(catalog_imports::table.find(import_id))
            .set((
                catalog_imports::created.eq(i32::try_from(created).unwrap_or(i32::MAX)),
                catalog_imports::updated.eq(i32::try_from(updated).unwrap_or(i32::MAX)),
            ))
            .execute(conn)?;
        let applied = ImportApplied {
            id: import_id,
            created,
            updated,
            unchanged: plan.preview.unchanged,
        };
        audit(
            conn,
            actor,
            "catalog.import",
            "import",
            import_id,
            None,
            Some(&serde_json::json!({
                "filename": filename,
                "rows": plan.preview.rows,
                "created": created,
                "updated": updated,
                "unchanged": plan.preview.unchanged,
                "changes": plan.preview.changes,
            })),
        )?;
        Ok(applied)
    })
}

/// The product's batch-keeping and regulation from the sheet, when a row changes them; switched
/// to batch-tracked, its stock becomes opening batches ([`::batches::settle::start_tracking`]).
fn set_regulation(
    conn: &mut DbConnection,
    actor: UserId,
    product_id: ProductId,
    change: Option<super::plan::RegulationChange>,
) -> Result<(), DeskError> {
    let Some(change) = change else {
        return Ok(());
    };
    let was_tracked: bool = products::table
        .find(product_id)
        .select(products::batch_tracked)
        .first(conn)?;
    diesel::update(products::table.find(product_id))
        .set((
            products::batch_tracked.eq(change.batch_tracked),
            products::regulated_as.eq(change.regulated_as.as_str()),
            products::registration_number.eq(&change.registration_number),
            products::version.eq(products::version + 1),
        ))
        .execute(conn)?;
    if change.batch_tracked && !was_tracked {
        ::batches::settle::start_tracking(
            conn,
            product_id,
            Some(actor),
            ::batches::india_today(),
            now(),
        )?;
    }
    Ok(())
}

/// The product's kind of supply from the sheet, when a row changes it.
fn set_kind(
    conn: &mut DbConnection,
    product_id: ProductId,
    kind: Option<SupplyKind>,
) -> Result<(), DeskError> {
    if let Some(kind) = kind {
        diesel::update(products::table.find(product_id))
            .set((
                products::supply_kind.eq(kind.as_str()),
                products::version.eq(products::version + 1),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The sheet's change of stock in the variant's history.
fn record_stock(
    conn: &mut DbConnection,
    actor: UserId,
    variant_id: VariantId,
    delta: i32,
    reason: StockReason,
    note: &str,
) -> Result<(), DeskError> {
    if ::batches::settle::is_tracked(conn, variant_id)? {
        // A product kept by batch moves its batches too (the undated batch when adding).
        diesel::update(product_variants::table.find(variant_id))
            .set(product_variants::stock.eq(product_variants::stock - delta))
            .execute(conn)?;
        super::super::correct_batches(
            conn,
            actor,
            variant_id,
            delta,
            None,
            reason.as_str(),
            Some(note),
        )?;
        return Ok(());
    }
    diesel::insert_into(stock_movements::table)
        .values((
            stock_movements::variant_id.eq(variant_id),
            stock_movements::delta.eq(delta),
            stock_movements::reason.eq(reason.as_str()),
            stock_movements::note.eq(note),
            stock_movements::actor_id.eq(actor),
        ))
        .execute(conn)?;
    Ok(())
}
