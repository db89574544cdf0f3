//! Rows as the database holds them, and the forms that insert them.

use db::schema::*;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = brands)]
pub struct BrandRow {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub image_path: Option<String>,
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

#[derive(Debug, Insertable)]
#[diesel(table_name = categories)]
pub struct CategoryInsertForm<'a> {
    pub parent_id: Option<i64>,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct ProductRow {
    pub id: i64,
    pub brand_id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate_bp: i32,
    pub is_featured: bool,
    pub updated_at: chrono::NaiveDateTime,
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
    pub product_id: i64,
    pub category_id: i64,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_categories)]
pub struct ProductCategoryInsertForm {
    pub product_id: i64,
    pub category_id: i64,
    pub position: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = product_variants)]
pub struct VariantRow {
    pub id: i64,
    pub product_id: i64,
    pub name: Option<String>,
    pub sku: String,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    pub stock: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_variants)]
pub struct VariantInsertForm<'a> {
    pub product_id: i64,
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
    pub product_id: i64,
    pub path: String,
    pub alt: String,
    pub width: i32,
    pub height: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = product_images)]
pub struct ImageInsertForm<'a> {
    pub product_id: i64,
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
}

#[derive(Debug, Insertable)]
#[diesel(table_name = awards)]
pub struct AwardInsertForm<'a> {
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub image_path: Option<&'a str>,
    pub position: i32,
}
