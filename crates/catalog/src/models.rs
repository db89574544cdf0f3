//! Rows as the database holds them, and the forms that insert them.

use db::schema::*;
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;

use crate::view::CategoryRef;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = brands)]
pub struct BrandRow {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub image_path: Option<String>,
    pub image_renditions: String,
    pub is_house_brand: bool,
    pub updated_at: chrono::NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = brands)]
pub struct BrandInsertForm<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub image_path: Option<&'a str>,
    pub is_house_brand: bool,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = categories)]
pub struct CategoryRow {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub updated_at: chrono::NaiveDateTime,
}

impl CategoryRow {
    pub fn to_ref(&self) -> CategoryRef {
        CategoryRef {
            id: self.id,
            name: self.name.clone(),
            slug: self.slug.clone(),
        }
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = categories)]
pub struct CategoryInsertForm<'a> {
    pub parent_id: Option<i64>,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub sort_order: i32,
}

/// A product as its own page shows it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct ProductRow {
    pub id: ProductId,
    pub brand_id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate_bp: i32,
    pub manufacturer: String,
    pub manufacturer_address: String,
    pub country_of_origin: String,
    pub best_before: Option<String>,
    pub is_hazardous: bool,
    pub restricted_states: String,
    pub regulated_as: String,
    pub registration_number: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = products)]
pub struct ProductInsertForm<'a> {
    pub brand_id: i64,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub hsn_code: &'a str,
    pub gst_rate_bp: i32,
    pub is_featured: bool,
    pub is_active: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_categories)]
pub struct ProductCategoryRow {
    pub product_id: ProductId,
    pub category_id: i64,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_categories)]
pub struct ProductCategoryInsertForm {
    pub product_id: ProductId,
    pub category_id: i64,
    pub position: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_variants)]
pub struct VariantRow {
    pub id: VariantId,
    pub name: Option<String>,
    pub sku: String,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    pub stock: i32,
    pub net_quantity: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_variants)]
pub struct VariantInsertForm<'a> {
    pub product_id: ProductId,
    pub name: Option<&'a str>,
    pub sku: &'a str,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    pub stock: i32,
    pub position: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_images)]
pub struct ImageRow {
    pub product_id: ProductId,
    pub path: String,
    pub alt: String,
    pub width: i32,
    pub height: i32,
    pub renditions: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_images)]
pub struct ImageInsertForm<'a> {
    pub product_id: ProductId,
    pub path: &'a str,
    pub alt: &'a str,
    pub width: i32,
    pub height: i32,
    pub position: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = awards)]
pub struct AwardRow {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    pub image_path: Option<String>,
    pub image_renditions: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = awards)]
pub struct AwardInsertForm<'a> {
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub image_path: Option<&'a str>,
    pub position: i32,
}

/// The columns of a product that its card, its search entry and the featured list need (not its
/// description or declarations, which only its own page reads).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct ListedProductRow {
    pub id: ProductId,
    pub brand_id: i64,
    pub name: String,
    pub slug: String,
    pub is_featured: bool,
    pub featured_position: i32,
    /// Its English search words, one per line.
    pub search_terms: String,
    pub created_at: chrono::NaiveDateTime,
    pub updated_at: chrono::NaiveDateTime,
}

/// The columns of a pack size that a card and the featured list need.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_variants)]
pub struct ListedVariantRow {
    pub id: VariantId,
    pub product_id: ProductId,
    pub name: Option<String>,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    /// Units in stock when the snapshot was read (search ranks products in stock first).
    pub stock: i32,
}

/// Every catalogue row the snapshot is built from: brands and categories in their display
/// order, the active products by name, and each product's links, variants and images in their
/// display order.
pub struct CatalogRows {
    pub brands: Vec<BrandRow>,
    pub categories: Vec<CategoryRow>,
    pub products: Vec<ListedProductRow>,
    pub links: Vec<ProductCategoryRow>,
    pub variants: Vec<ListedVariantRow>,
    pub images: Vec<ImageRow>,
    pub awards: Vec<AwardRow>,
}

impl CatalogRows {
    pub fn read(conn: &mut DbConnection) -> QueryResult<Self> {
        let mut products: Vec<ListedProductRow> = products::table
            .filter(products::is_active.eq(true))
            .select(ListedProductRow::as_select())
            .load(conn)
            .map(tight)?;
        products.sort_by_cached_key(|p| (crate::text::normalise(&p.name), p.id));
        Ok(Self {
            brands: brands::table
                .order((brands::sort_order, brands::name))
                .select(BrandRow::as_select())
                .load(conn)
                .map(tight)?,
            categories: categories::table
                .order((categories::sort_order, categories::name))
                .select(CategoryRow::as_select())
                .load(conn)
                .map(tight)?,
            products,
            links: product_categories::table
                .order((product_categories::product_id, product_categories::position))
                .select(ProductCategoryRow::as_select())
                .load(conn)
                .map(tight)?,
            variants: product_variants::table
                .filter(product_variants::is_active.eq(true))
                .order((
                    product_variants::product_id,
                    product_variants::position,
                    product_variants::id,
                ))
                .select(ListedVariantRow::as_select())
                .load(conn)
                .map(tight)?,
            images: product_images::table
                .order((
                    product_images::product_id,
                    product_images::position,
                    product_images::id,
                ))
                .select(ImageRow::as_select())
                .load(conn)
                .map(tight)?,
            awards: awards::table
                .order((awards::position, awards::id))
                .select(AwardRow::as_select())
                .load(conn)
                .map(tight)?,
        })
    }
}

/// `rows` in an allocation of their own size (a vector read row by row doubles as it grows, and
/// these are held while every language's snapshot is built).
fn tight<T>(mut rows: Vec<T>) -> Vec<T> {
    rows.shrink_to_fit();
    rows
}

impl ImageRow {
    pub fn view(&self, media: &crate::MediaUrls) -> crate::view::Image {
        crate::view::Image {
            url: media.url(&self.path),
            alt: self.alt.clone(),
            width: self.width,
            height: self.height,
            srcset: media.srcset(&self.renditions),
        }
    }
}
