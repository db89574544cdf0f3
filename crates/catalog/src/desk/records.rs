//! The desk's rows and what it answers: a product as staff see it (every field, inactive
//! variants too), list rows, stock movements and low-stock items.

use chrono::NaiveDateTime;
use db::schema::*;
use db::{DbConnection, OrderId, ProductId, UserId, VariantId};
use diesel::prelude::*;
use pricing::{GstRate, Paise, SupplyKind, milli_text};
use serde::Serialize;

use super::translation_fields::{self, ByLocale, ProductWords, VariantWords};
use super::{Declarations, DeskError};
use crate::search_terms::split_search_terms;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub(super) struct DeskProductRow {
    pub id: ProductId,
    pub brand_id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate_bp: i32,
    pub supply_kind: String,
    pub is_featured: bool,
    pub is_active: bool,
    pub featured_position: i32,
    pub manufacturer: String,
    pub manufacturer_address: String,
    pub country_of_origin: String,
    pub best_before: Option<String>,
    pub is_hazardous: bool,
    pub restricted_states: String,
    pub search_terms: String,
    pub batch_tracked: bool,
    pub regulated_as: String,
    pub registration_number: Option<String>,
    pub updated_at: NaiveDateTime,
    pub version: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_variants)]
pub(super) struct DeskVariantRow {
    pub id: VariantId,
    pub product_id: ProductId,
    pub name: Option<String>,
    pub sku: String,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    pub stock: i32,
    pub position: i32,
    pub weight_grams: i32,
    pub net_quantity: Option<String>,
    pub uqc: String,
    pub uqc_milli: Option<i64>,
    pub low_stock_threshold: i32,
    pub is_active: bool,
    pub version: i32,
}

/// A variant as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffVariant {
    #[schema(value_type = i64)]
    pub id: VariantId,
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub sku: String,
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
    pub retail_price: Paise,
    pub weight_grams: i32,
    /// The net quantity per pack, as the label declares it ("500 ml").
    #[schema(required = true)]
    pub net_quantity: Option<String>,
    /// The GSTN unit quantity code the pack is reported in (`KGS`, `LTR`, `NOS`, `NA`).
    pub uqc: String,
    /// How much of `uqc` one pack holds (`"0.5"`); null for `NA`.
    #[schema(required = true)]
    pub uqc_quantity: Option<String>,
    pub stock: i32,
    pub low_stock_threshold: i32,
    pub position: i32,
    pub is_active: bool,
    /// Its name in Malayalam and Tamil (null: the English one).
    pub translations: ByLocale<VariantWords>,
    /// Bumped by each save of the variant (not by stock moves): send it back with an edit.
    pub version: i32,
}

impl StaffVariant {
    fn new(row: DeskVariantRow, translations: ByLocale<VariantWords>) -> Self {
        Self {
            id: row.id,
            product_id: row.product_id,
            variant_name: row.name,
            sku: row.sku,
            mrp: row.mrp_paise.map(Paise::new),
            retail_price: Paise::new(row.price_paise),
            weight_grams: row.weight_grams,
            net_quantity: row.net_quantity,
            uqc_quantity: row.uqc_milli.filter(|_| row.uqc != "NA").map(milli_text),
            uqc: row.uqc,
            stock: row.stock,
            low_stock_threshold: row.low_stock_threshold,
            position: row.position,
            is_active: row.is_active,
            translations,
            version: row.version,
        }
    }
}

/// A product as staff see it, with all its variants and the slugs it answered to before.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffProduct {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: String,
    pub slug: String,
    pub brand_id: i64,
    pub category_ids: Vec<i64>,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate: GstRate,
    pub supply_kind: SupplyKind,
    pub is_active: bool,
    pub is_featured: bool,
    pub featured_position: i32,
    pub declarations: Declarations,
    /// Whether its stock is kept by batch (with manufacture and expiry dates).
    pub batch_tracked: bool,
    /// The dealer licence its sale needs and what its papers show.
    pub regulated_as: ::batches::Regulation,
    /// An insecticide's CIB&RC registration number.
    #[schema(required = true)]
    pub registration_number: Option<String>,
    /// Words shoppers search for it by besides its name (Latin spellings of local names).
    pub search_terms: Vec<String>,
    /// Its words in Malayalam and Tamil, field by field (null: the English one).
    pub translations: ByLocale<ProductWords>,
    /// Earlier slugs, which still lead to this product.
    pub old_slugs: Vec<String>,
    pub variants: Vec<StaffVariant>,
    #[schema(value_type = String)]
    #[serde(serialize_with = "fields::utc::serialize")]
    pub updated_at: NaiveDateTime,
    /// Bumped by each save of the product's own fields: send it back with an edit.
    pub version: i32,
    /// What the desk asks staff to check, without refusing the product: a GST rate or kind
    /// unlike the shop's rate list for its HSN.
    pub warnings: Vec<String>,
}

/// One row of the staff product list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffProductSummary {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: String,
    pub slug: String,
    pub brand_id: i64,
    pub brand_name: String,
    pub is_active: bool,
    pub is_featured: bool,
    pub featured_position: i32,
    pub variant_count: usize,
    /// The lowest variant price.
    #[schema(required = true)]
    pub retail_price: Option<Paise>,
    pub stock: i64,
    /// Whether any active variant is at or below its low-stock threshold.
    pub low_stock: bool,
    #[schema(value_type = String)]
    #[serde(serialize_with = "fields::utc::serialize")]
    pub updated_at: NaiveDateTime,
}

/// One change of a variant's stock.
#[derive(Debug, Clone, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = stock_movements)]
pub struct StockMovement {
    pub id: i64,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    pub delta: i32,
    /// `received`, `damaged`, `returned`, `correction` or `sold`.
    pub reason: String,
    #[schema(required = true)]
    pub note: Option<String>,
    #[schema(required = true, value_type = Option<i64>)]
    pub actor_id: Option<UserId>,
    #[schema(required = true, value_type = Option<i64>)]
    pub order_id: Option<OrderId>,
    #[schema(value_type = String)]
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// A pack size with its stock, as the low-stock and counting lists show it (selected from
/// `product_variants` joined with `products`).
#[derive(Debug, Clone, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = product_variants)]
pub struct LowStockItem {
    #[schema(value_type = i64)]
    #[diesel(column_name = id)]
    pub variant_id: VariantId,
    #[schema(value_type = i64)]
    #[diesel(select_expression = products::id, select_expression_type = products::id)]
    pub product_id: ProductId,
    #[diesel(select_expression = products::name, select_expression_type = products::name)]
    pub product_name: String,
    #[schema(required = true)]
    #[diesel(column_name = name)]
    pub variant_name: Option<String>,
    pub sku: String,
    pub stock: i32,
    pub low_stock_threshold: i32,
}

pub(super) fn product_row(
    conn: &mut DbConnection,
    id: ProductId,
) -> Result<DeskProductRow, DeskError> {
    products::table
        .find(id)
        .select(DeskProductRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Product"))
}

pub(super) fn variant_row(
    conn: &mut DbConnection,
    id: VariantId,
) -> Result<DeskVariantRow, DeskError> {
    product_variants::table
        .find(id)
        .select(DeskVariantRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Variant"))
}

/// The variant with `id` as staff see it.
pub(super) fn staff_variant(
    conn: &mut DbConnection,
    id: VariantId,
) -> Result<StaffVariant, DeskError> {
    let row = variant_row(conn, id)?;
    let mut words = translation_fields::read_variants(conn, &[id])?;
    Ok(StaffVariant::new(
        row,
        words.remove(&id).unwrap_or_default(),
    ))
}

/// The product with `id` as staff see it.
pub(super) fn read_staff_product(
    conn: &mut DbConnection,
    id: ProductId,
) -> Result<StaffProduct, DeskError> {
    let row = product_row(conn, id)?;
    let category_ids = product_categories::table
        .filter(product_categories::product_id.eq(id))
        .order(product_categories::position)
        .select(product_categories::category_id)
        .load(conn)?;
    let old_slugs = product_slug_redirects::table
        .filter(product_slug_redirects::product_id.eq(id))
        .order(product_slug_redirects::old_slug)
        .select(product_slug_redirects::old_slug)
        .load(conn)?;
    let variants: Vec<DeskVariantRow> = product_variants::table
        .filter(product_variants::product_id.eq(id))
        .order((product_variants::position, product_variants::id))
        .select(DeskVariantRow::as_select())
        .load(conn)?;
    let ids: Vec<VariantId> = variants.iter().map(|v| v.id).collect();
    let mut variant_words = translation_fields::read_variants(conn, &ids)?;
    let translations = translation_fields::read_product(conn, id)?;
    let gst_rate = GstRate::try_from(row.gst_rate_bp)?;
    let supply_kind =
        SupplyKind::parse(&row.supply_kind).map_err(|e| DeskError::InvalidData(e.to_string()))?;
    let warnings = super::rate_list::rate_warning(&row.hsn_code, supply_kind, gst_rate, &row.name)
        .into_iter()
        .collect();
    Ok(StaffProduct {
        id: row.id,
        gst_rate,
        supply_kind,
        warnings,
        declarations: Declarations {
            manufacturer: row.manufacturer,
            manufacturer_address: row.manufacturer_address,
            country_of_origin: row.country_of_origin,
            best_before: row.best_before,
            is_hazardous: row.is_hazardous,
            restricted_states: serde_json::from_str(&row.restricted_states)
                .map_err(|e| DeskError::InvalidData(e.to_string()))?,
        },
        name: row.name,
        slug: row.slug,
        brand_id: row.brand_id,
        category_ids,
        description: row.description,
        hsn_code: row.hsn_code,
        is_active: row.is_active,
        is_featured: row.is_featured,
        featured_position: row.featured_position,
        batch_tracked: row.batch_tracked,
        regulated_as: ::batches::Regulation::parse(&row.regulated_as)
            .ok_or_else(|| DeskError::InvalidData(format!("regulated_as {}", row.regulated_as)))?,
        registration_number: row.registration_number,
        search_terms: split_search_terms(&row.search_terms),
        translations,
        old_slugs,
        variants: variants
            .into_iter()
            .map(|v| {
                let words = variant_words.remove(&v.id).unwrap_or_default();
                StaffVariant::new(v, words)
            })
            .collect(),
        updated_at: row.updated_at,
        version: row.version,
    })
}
