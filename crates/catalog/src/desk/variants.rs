//! Adding and editing variants (with their names in Malayalam and Tamil). A variant's stock moves only by adjustments (`stock.rs`); a new
//! variant's opening stock is recorded as a `received` movement.

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, ProductId, UserId, VariantId};
use diesel::prelude::*;

use super::records::{read_staff_product, staff_variant};
use super::stale::refuse_stale;
use super::translation_fields;
use super::{DeskError, StaffVariant, VariantDraft, audit, now};

/// Adds a variant to the product.
pub fn add_variant(
    conn: &mut DbConnection,
    actor: UserId,
    product_id: ProductId,
    draft: VariantDraft,
) -> Result<StaffVariant, DeskError> {
    write_transaction(conn, |conn| {
        read_staff_product(conn, product_id)?;
        let id = insert_variant(conn, actor, product_id, &draft, "")?;
        touch_product(conn, product_id)?;
        staff_variant(conn, id)
    })
}

/// Replaces the variant's fields (not its stock).
pub fn update_variant(
    conn: &mut DbConnection,
    actor: UserId,
    id: VariantId,
    draft: VariantDraft,
) -> Result<StaffVariant, DeskError> {
    write_transaction(conn, |conn| {
        let before = staff_variant(conn, id)?;
        refuse_stale(
            conn,
            ("variant", "variant", id),
            &before,
            before.version,
            draft.loaded_version,
        )?;
        check_sku(conn, &draft.sku, Some(id), "")?;
        if draft.variant_name.is_none() {
            // Only removing a name is checked here: a product with an unnamed variant among
            // named ones (from before this rule) can still have its prices edited.
            check_naming(conn, before.product_id, Some(id), None, "")?;
        }
        diesel::update(product_variants::table.find(id))
            .set((
                variant_columns(&draft),
                product_variants::updated_at.eq(now()),
                product_variants::version.eq(product_variants::version + 1),
            ))
            .execute(conn)?;
        translation_fields::write_variant(conn, id, &draft.translations)?;
        touch_product(conn, before.product_id)?;
        let after = staff_variant(conn, id)?;
        audit(
            conn,
            actor,
            "variant.update",
            "variant",
            id,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Inserts a variant (its errors name fields under `prefix`) with its opening stock and audit
/// row; the caller holds the transaction.
pub(super) fn insert_variant(
    conn: &mut DbConnection,
    actor: UserId,
    product_id: ProductId,
    draft: &VariantDraft,
    prefix: &str,
) -> Result<VariantId, DeskError> {
    check_sku(conn, &draft.sku, None, prefix)?;
    check_naming(
        conn,
        product_id,
        None,
        draft.variant_name.as_deref(),
        prefix,
    )?;
    let id: VariantId = diesel::insert_into(product_variants::table)
        .values((
            product_variants::product_id.eq(product_id),
            variant_columns(draft),
            product_variants::stock.eq(draft.stock),
        ))
        .returning(product_variants::id)
        .get_result(conn)?;
    translation_fields::write_variant(conn, id, &draft.translations)?;
    if draft.stock > 0 && ::batches::settle::is_tracked(conn, id)? {
        // Opening stock of a product kept by batch goes into its undated batch.
        diesel::update(product_variants::table.find(id))
            .set(product_variants::stock.eq(0))
            .execute(conn)?;
        super::correct_batches(
            conn,
            actor,
            id,
            draft.stock,
            None,
            "received",
            Some("Opening stock"),
        )?;
    } else if draft.stock > 0 {
        diesel::insert_into(stock_movements::table)
            .values((
                stock_movements::variant_id.eq(id),
                stock_movements::delta.eq(draft.stock),
                stock_movements::reason.eq("received"),
                stock_movements::note.eq("Opening stock"),
                stock_movements::actor_id.eq(actor),
            ))
            .execute(conn)?;
    }
    let created = staff_variant(conn, id)?;
    audit(
        conn,
        actor,
        "variant.create",
        "variant",
        id,
        None,
        Some(&created),
    )?;
    Ok(id)
}

/// A product is sold either as one unnamed unit or in named variants the shopper chooses
/// between (the shop shows the choice only when the first is named): so once a product has
/// more than one variant, every one of them has a name.
pub(super) fn check_naming(
    conn: &mut DbConnection,
    product_id: ProductId,
    own: Option<VariantId>,
    name: Option<&str>,
    prefix: &str,
) -> Result<(), DeskError> {
    let others: Vec<Option<String>> = product_variants::table
        .filter(product_variants::product_id.eq(product_id))
        .filter(product_variants::id.ne(own.unwrap_or(VariantId(0))))
        .select(product_variants::name)
        .load(conn)?;
    if others.is_empty() {
        return Ok(());
    }
    let field = format!("{prefix}variant_name");
    if name.is_none() {
        return Err(DeskError::invalid(
            field,
            "Name this variant (for example 5 kg): the product is sold in more than one.",
        ));
    }
    if others.iter().any(Option::is_none) {
        return Err(DeskError::invalid(
            field,
            "The product's other variant has no name: name it first (for example 1 kg), so shoppers can choose.",
        ));
    }
    Ok(())
}

/// Marks the product changed, so that the catalogue snapshot is rebuilt.
pub(super) fn touch_product(conn: &mut DbConnection, product_id: ProductId) -> QueryResult<()> {
    diesel::update(products::table.find(product_id))
        .set(products::updated_at.eq(now()))
        .execute(conn)
        .map(drop)
}

fn check_sku(
    conn: &mut DbConnection,
    sku: &str,
    own: Option<VariantId>,
    prefix: &str,
) -> Result<(), DeskError> {
    let taken: Option<VariantId> = product_variants::table
        .filter(product_variants::sku.eq(sku))
        .select(product_variants::id)
        .first(conn)
        .optional()?;
    match taken {
        Some(other) if Some(other) != own => Err(DeskError::invalid(
            format!("{prefix}sku"),
            "Another variant already has this SKU.",
        )),
        _ => Ok(()),
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = product_variants, treat_none_as_null = true)]
struct VariantColumns<'a> {
    name: Option<&'a str>,
    sku: &'a str,
    mrp_paise: Option<i64>,
    price_paise: i64,
    weight_grams: i32,
    net_quantity: Option<&'a str>,
    uqc: &'static str,
    uqc_milli: Option<i64>,
    low_stock_threshold: i32,
    position: i32,
    is_active: bool,
}

fn variant_columns(draft: &VariantDraft) -> VariantColumns<'_> {
    VariantColumns {
        name: draft.variant_name.as_deref(),
        sku: &draft.sku,
        mrp_paise: draft.mrp.map(pricing::Price::get),
        price_paise: draft.retail_price.get(),
        weight_grams: draft.weight_grams,
        net_quantity: draft.net_quantity.as_deref(),
        uqc: draft.unit.uqc.code(),
        uqc_milli: draft.unit.milli,
        low_stock_threshold: draft.low_stock_threshold,
        position: draft.position,
        is_active: draft.is_active,
    }
}
