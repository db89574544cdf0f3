//! Creating, editing, deleting and listing products; an edit writes its search words and its
//! Malayalam and Tamil words with its own fields.

use std::collections::HashMap;

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, ProductId, UserId};
use diesel::dsl::count_star;
use diesel::prelude::*;
use pricing::Paise;

use super::records::{DeskProductRow, DeskVariantRow, read_staff_product};
use super::stale::refuse_stale;
use super::translation_fields;
use super::variants::insert_variant;
use super::{DeskError, ProductDraft, StaffProduct, StaffProductSummary, VariantDraft, audit, now};
use crate::{PageRequest, Paged, slugify};

/// Creates a product with its variants (at least one); its slug is made from its name.
pub fn create_product(
    conn: &mut DbConnection,
    actor: UserId,
    draft: ProductDraft,
    variants: Vec<VariantDraft>,
) -> Result<StaffProduct, DeskError> {
    write_transaction(conn, |conn| {
        check_references(conn, &draft)?;
        let slug = free_slug(conn, &draft.name, None)?;
        let id: ProductId = diesel::insert_into(products::table)
            .values((
                products::name.eq(&draft.name),
                products::slug.eq(&slug),
                product_columns(&draft),
                products::search_terms.eq(draft
                    .search_terms
                    .as_deref()
                    .unwrap_or_default()
                    .join("\n")),
            ))
            .returning(products::id)
            .get_result(conn)?;
        link_categories(conn, id, &draft.category_ids)?;
        translation_fields::write_product(conn, id, &draft.translations)?;
        for (index, variant) in variants.iter().enumerate() {
            insert_variant(conn, actor, id, variant, &format!("variants.{index}."))?;
        }
        set_regulation(conn, actor, id, &draft, None)?;
        let created = read_staff_product(conn, id)?;
        audit(
            conn,
            actor,
            "product.create",
            "product",
            id,
            None,
            Some(&created),
        )?;
        Ok(created)
    })
}

/// Replaces the product's fields; a new name gives a new slug, and the old one keeps leading here.
pub fn update_product(
    conn: &mut DbConnection,
    actor: UserId,
    id: ProductId,
    draft: ProductDraft,
) -> Result<StaffProduct, DeskError> {
    write_transaction(conn, |conn| {
        let before = read_staff_product(conn, id)?;
        refuse_stale(
            conn,
            ("product", "product", id),
            &before,
            before.version,
            draft.loaded_version,
        )?;
        check_references(conn, &draft)?;
        let slug = free_slug(conn, &draft.name, Some(id))?;
        if slug != before.slug {
            // The new slug may be one this product had before: it is no longer a redirect.
            diesel::delete(
                product_slug_redirects::table.filter(product_slug_redirects::old_slug.eq(&slug)),
            )
            .execute(conn)?;
            diesel::insert_into(product_slug_redirects::table)
                .values((
                    product_slug_redirects::old_slug.eq(&before.slug),
                    product_slug_redirects::product_id.eq(id),
                ))
                .execute(conn)?;
        }
        diesel::update(products::table.find(id))
            .set((
                products::name.eq(&draft.name),
                products::slug.eq(&slug),
                product_columns(&draft),
                products::updated_at.eq(now()),
                products::version.eq(products::version + 1),
            ))
            .execute(conn)?;
        diesel::delete(product_categories::table.filter(product_categories::product_id.eq(id)))
            .execute(conn)?;
        link_categories(conn, id, &draft.category_ids)?;
        if let Some(terms) = &draft.search_terms {
            diesel::update(products::table.find(id))
                .set(products::search_terms.eq(terms.join("\n")))
                .execute(conn)?;
        }
        translation_fields::write_product(conn, id, &draft.translations)?;
        set_regulation(conn, actor, id, &draft, Some(&before))?;
        let after = read_staff_product(conn, id)?;
        audit(
            conn,
            actor,
            "product.update",
            "product",
            id,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Deletes a product nobody ordered; one with orders is refused (deactivate it instead), since
/// its orders and invoices name it.
pub fn delete_product(
    conn: &mut DbConnection,
    actor: UserId,
    id: ProductId,
) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = read_staff_product(conn, id)?;
        let ordered: i64 = order_lines::table
            .filter(order_lines::product_id.eq(id))
            .select(count_star())
            .first(conn)?;
        if ordered > 0 {
            return Err(DeskError::Conflict(
                "This product has orders, so it cannot be deleted. Deactivate it instead \
                 (is_active: false): it leaves the shop and its orders keep their lines."
                    .into(),
            ));
        }
        // Variants, their cart lines and stock movements, links, images and old slugs cascade.
        diesel::delete(products::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "product.delete",
            "product",
            id,
            Some(&before),
            None,
        )?;
        Ok(())
    })
}

/// One product with all its variants, inactive or not.
pub fn staff_product(conn: &mut DbConnection, id: ProductId) -> Result<StaffProduct, DeskError> {
    read_staff_product(conn, id)
}

/// How the staff list is sorted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProductSort {
    #[default]
    Name,
    /// Most recently changed first.
    Updated,
    /// Least stock first.
    Stock,
    /// The featured order.
    Featured,
}

impl ProductSort {
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "name" => Ok(Self::Name),
            "updated" => Ok(Self::Updated),
            "stock" => Ok(Self::Stock),
            "featured" => Ok(Self::Featured),
            _ => Err("Sort by name, updated, stock or featured.".into()),
        }
    }
}

/// The staff list's filters; `None` leaves a filter off.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub search: Option<String>,
    pub brand_id: Option<i64>,
    pub category_id: Option<i64>,
    pub active: Option<bool>,
    pub featured: Option<bool>,
    pub low_stock: Option<bool>,
    pub sort: ProductSort,
}

/// Every product (inactive ones too) that passes `filter`, one page of it.
pub fn list_products(
    conn: &mut DbConnection,
    filter: &ProductFilter,
    page: PageRequest,
) -> Result<Paged<StaffProductSummary>, DeskError> {
    let mut query = products::table
        .inner_join(brands::table)
        .select((DeskProductRow::as_select(), brands::name))
        .into_boxed();
    if let Some(brand) = filter.brand_id {
        query = query.filter(products::brand_id.eq(brand));
    }
    if let Some(active) = filter.active {
        query = query.filter(products::is_active.eq(active));
    }
    if let Some(featured) = filter.featured {
        query = query.filter(products::is_featured.eq(featured));
    }
    if let Some(category) = filter.category_id {
        query = query.filter(products::id.eq_any(products_in_category(conn, category)?));
    }
    let rows: Vec<(DeskProductRow, String)> = query.load(conn)?;
    let mut variants: HashMap<ProductId, Vec<DeskVariantRow>> = HashMap::new();
    for variant in product_variants::table
        .select(DeskVariantRow::as_select())
        .load::<DeskVariantRow>(conn)?
    {
        variants
            .entry(variant.product_id)
            .or_default()
            .push(variant);
    }
    let words: Vec<String> = filter
        .search
        .as_deref()
        .map(|s| crate::text::words(s).collect())
        .unwrap_or_default();
    let mut list: Vec<StaffProductSummary> = rows
        .into_iter()
        .filter_map(|(row, brand_name)| {
            let own = variants.remove(&row.id).unwrap_or_default();
            let haystack = crate::text::normalise(&format!(
                "{} {} {} {}",
                row.name,
                brand_name,
                row.search_terms,
                own.iter()
                    .map(|v| v.sku.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
            if !words.iter().all(|w| haystack.contains(w.as_str())) {
                return None;
            }
            let summary = summarise(row, brand_name, &own);
            match filter.low_stock {
                Some(wanted) if summary.low_stock != wanted => None,
                _ => Some(summary),
            }
        })
        .collect();
    match filter.sort {
        ProductSort::Name => list.sort_by_cached_key(|p| (crate::text::normalise(&p.name), p.id)),
        ProductSort::Updated => list.sort_by_key(|p| (std::cmp::Reverse(p.updated_at), p.id)),
        ProductSort::Stock => list.sort_by_key(|p| (p.stock, p.id)),
        ProductSort::Featured => {
            list.sort_by_key(|p| (!p.is_featured, p.featured_position, p.id));
        }
    }
    Ok(Paged::from_slice(&list, page, Clone::clone))
}

fn summarise(
    row: DeskProductRow,
    brand_name: String,
    variants: &[DeskVariantRow],
) -> StaffProductSummary {
    StaffProductSummary {
        id: row.id,
        name: row.name,
        slug: row.slug,
        brand_id: row.brand_id,
        brand_name,
        is_active: row.is_active,
        is_featured: row.is_featured,
        featured_position: row.featured_position,
        variant_count: variants.len(),
        retail_price: variants.iter().map(|v| v.price_paise).min().map(Paise::new),
        stock: variants.iter().map(|v| i64::from(v.stock)).sum(),
        low_stock: variants
            .iter()
            .any(|v| v.is_active && v.stock <= v.low_stock_threshold),
        updated_at: row.updated_at,
    }
}

/// The columns every write of a product sets besides its name and slug.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = products, treat_none_as_null = true)]
struct ProductColumns<'a> {
    brand_id: i64,
    description: &'a str,
    hsn_code: &'a str,
    gst_rate_bp: i32,
    supply_kind: &'a str,
    is_active: bool,
    is_featured: bool,
    featured_position: i32,
    manufacturer: &'a str,
    manufacturer_address: &'a str,
    country_of_origin: &'a str,
    best_before: Option<&'a str>,
    is_hazardous: bool,
    restricted_states: String,
}

fn product_columns(draft: &ProductDraft) -> ProductColumns<'_> {
    let d = &draft.declarations;
    ProductColumns {
        brand_id: draft.brand_id,
        description: &draft.description,
        hsn_code: &draft.hsn_code,
        gst_rate_bp: i32::from(draft.gst_rate),
        supply_kind: draft.supply_kind.as_str(),
        is_active: draft.is_active,
        is_featured: draft.is_featured,
        featured_position: draft.featured_position,
        manufacturer: &d.manufacturer,
        manufacturer_address: &d.manufacturer_address,
        country_of_origin: &d.country_of_origin,
        best_before: d.best_before.as_deref(),
        is_hazardous: d.is_hazardous,
        restricted_states: d.states_json(),
    }
}

/// Sets whether the product is kept by batch, the licence its sale needs and its registration
/// number, each left as it was (`before`; a new product: untracked, unregulated) where the draft
/// gives none. An insecticide must carry its registration number; other products carry none.
/// Switched to batch-tracked, its stock becomes opening batches
/// ([`::batches::settle::start_tracking`]); switched off, its stock stays the number it is.
fn set_regulation(
    conn: &mut DbConnection,
    actor: UserId,
    id: ProductId,
    draft: &ProductDraft,
    before: Option<&StaffProduct>,
) -> Result<(), DeskError> {
    use ::batches::Regulation;
    let was_tracked = before.is_some_and(|b| b.batch_tracked);
    let tracked = draft.batch_tracked.unwrap_or(was_tracked);
    let regulation = draft
        .regulated_as
        .unwrap_or(before.map_or(Regulation::None, |b| b.regulated_as));
    let number = match &draft.registration_number {
        Some(given) => given.clone(),
        None => before.and_then(|b| b.registration_number.clone()),
    }
    .filter(|_| regulation == Regulation::Insecticide);
    if regulation == Regulation::Insecticide && number.is_none() {
        return Err(DeskError::invalid(
            "registration_number",
            super::REGISTRATION_REQUIRED,
        ));
    }
    diesel::update(products::table.find(id))
        .set((
            products::batch_tracked.eq(tracked),
            products::regulated_as.eq(regulation.as_str()),
            products::registration_number.eq(number),
        ))
        .execute(conn)?;
    if tracked && !was_tracked {
        ::batches::settle::start_tracking(conn, id, Some(actor), ::batches::india_today(), now())?;
    }
    Ok(())
}

/// The brand and every category must exist.
fn check_references(conn: &mut DbConnection, draft: &ProductDraft) -> Result<(), DeskError> {
    let brand: i64 = brands::table
        .filter(brands::id.eq(draft.brand_id))
        .select(count_star())
        .first(conn)?;
    if brand == 0 {
        return Err(DeskError::invalid("brand_id", "There is no such brand."));
    }
    let found: i64 = categories::table
        .filter(categories::id.eq_any(&draft.category_ids))
        .select(count_star())
        .first(conn)?;
    if usize::try_from(found).unwrap_or(0) != draft.category_ids.len() {
        return Err(DeskError::invalid(
            "category_ids",
            "One of these categories does not exist.",
        ));
    }
    Ok(())
}

/// The slug of `name`, when no other product has it now or had it before.
fn free_slug(
    conn: &mut DbConnection,
    name: &str,
    own: Option<ProductId>,
) -> Result<String, DeskError> {
    let slug = slugify(name);
    if slug.is_empty() {
        return Err(DeskError::invalid(
            "name",
            "The name needs letters or digits.",
        ));
    }
    let taken: Option<ProductId> = products::table
        .filter(products::slug.eq(&slug))
        .select(products::id)
        .first(conn)
        .optional()?;
    let was: Option<ProductId> = product_slug_redirects::table
        .filter(product_slug_redirects::old_slug.eq(&slug))
        .select(product_slug_redirects::product_id)
        .first(conn)
        .optional()?;
    match taken.or(was) {
        Some(other) if Some(other) != own => Err(DeskError::invalid(
            "name",
            format!("Another product already uses the address \"{slug}\"; choose another name."),
        )),
        _ => Ok(slug),
    }
}

fn link_categories(conn: &mut DbConnection, id: ProductId, categories: &[i64]) -> QueryResult<()> {
    for (position, category) in categories.iter().enumerate() {
        diesel::insert_into(product_categories::table)
            .values((
                product_categories::product_id.eq(id),
                product_categories::category_id.eq(category),
                product_categories::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The products in a category or, for a top-level one, in any of its sub-categories.
pub(super) fn products_in_category(
    conn: &mut DbConnection,
    category: i64,
) -> Result<Vec<ProductId>, DeskError> {
    let children = categories::table
        .filter(categories::parent_id.eq(category))
        .select(categories::id)
        .load::<i64>(conn)?;
    Ok(product_categories::table
        .filter(product_categories::category_id.eq(category))
        .or_filter(product_categories::category_id.eq_any(children))
        .select(product_categories::product_id)
        .load::<ProductId>(conn)?)
}
