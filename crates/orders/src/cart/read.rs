use std::collections::HashMap;

use catalog::MediaUrls;
use db::schema::{brands, cart_items, product_images, product_variants, products};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use paths::Page;
use pricing::{CartTotals, GstRate, Paise, PricedLine, cart_totals};
use serde::Serialize;

use super::{CartError, CartId};

/// The cart as the shopper sees it: `{products, cart}`, priced from the catalogue now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartView {
    pub products: Vec<CartLine>,
    pub cart: CartTotals,
}

/// The specification's cart line plus `variant_id`, `variant_name`, what is in stock and the
/// line's total.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartLine {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub quantity: i32,
    /// Unit price, tax inclusive.
    pub price: Paise,
    pub gst_rate: GstRate,
    pub line_total: Paise,
    /// One unit's shipping weight: the delivery fee goes by the parcel's weight.
    pub weight_grams: i32,
    pub available: i32,
    pub href: String,
    pub product: CartLineProduct,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartLineProduct {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: String,
    pub slug: String,
    #[schema(required = true)]
    pub first_image_url: Option<String>,
    /// The first photo's widths (`…-160.webp 160w, …`), so a thumbnail fetches the width it is
    /// drawn at; null for a picture stored in one size (SVG).
    #[schema(required = true)]
    pub first_image_srcset: Option<String>,
    pub brand: NamedLink,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NamedLink {
    pub name: String,
    pub slug: String,
}

/// A cart line with what the shopper sees of its product, as read now.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = cart_items)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct LineRow {
    variant_id: VariantId,
    quantity: i32,
    #[diesel(select_expression = product_variants::name)]
    variant_name: Option<String>,
    #[diesel(select_expression = product_variants::price_paise)]
    price_paise: i64,
    #[diesel(select_expression = product_variants::stock)]
    stock: i32,
    #[diesel(select_expression = product_variants::weight_grams)]
    weight_grams: i32,
    #[diesel(select_expression = products::id)]
    product_id: ProductId,
    #[diesel(select_expression = products::name)]
    product_name: String,
    #[diesel(select_expression = products::slug)]
    slug: String,
    #[diesel(select_expression = products::gst_rate_bp)]
    #[diesel(deserialize_as = i32)]
    gst_rate: GstRate,
    #[diesel(select_expression = brands::name)]
    brand_name: String,
    #[diesel(select_expression = brands::slug)]
    brand_slug: String,
}

impl CartView {
    /// The lines' product, pack-size and brand names as `locale` reads them (English where one
    /// has no translation). Prices and quantities are the same in every language.
    pub fn in_locale(
        mut self,
        conn: &mut DbConnection,
        locale: paths::Locale,
    ) -> Result<Self, CartError> {
        let products: Vec<ProductId> = self.products.iter().map(|l| l.product_id).collect();
        let variants: Vec<VariantId> = self.products.iter().map(|l| l.variant_id).collect();
        let brands: Vec<String> = self
            .products
            .iter()
            .map(|l| l.product.brand.slug.clone())
            .collect();
        let names = catalog::translations::names_in(conn, locale, &products, &variants, &brands)?;
        for line in &mut self.products {
            if let Some(name) = names.products.get(&line.product_id) {
                line.product.name.clone_from(name);
            }
            if let (Some(variant), Some(name)) = (
                line.variant_name.as_mut(),
                names.variants.get(&line.variant_id),
            ) {
                variant.clone_from(name);
            }
            if let Some(name) = names.brands.get(&line.product.brand.slug) {
                line.product.brand.name.clone_from(name);
            }
        }
        Ok(self)
    }
}

/// Reads a cart; no cart (or a product since withdrawn) reads as empty lines.
pub fn read(
    conn: &mut DbConnection,
    cart: Option<&CartId>,
    media: &MediaUrls,
) -> Result<CartView, CartError> {
    let rows: Vec<LineRow> = match cart {
        None => Vec::new(),
        Some(cart) => cart_items::table
            .inner_join(
                product_variants::table.inner_join(products::table.inner_join(brands::table)),
            )
            .filter(cart_items::cart_id.eq(cart.as_str()))
            .filter(products::is_active.eq(true))
            .filter(product_variants::is_active.eq(true))
            .order((cart_items::created_at, cart_items::variant_id))
            .select(LineRow::as_select())
            .load(conn)?,
    };
    let product_ids: Vec<ProductId> = rows.iter().map(|r| r.product_id).collect();
    let mut images: HashMap<ProductId, (String, String)> = HashMap::new();
    if !product_ids.is_empty() {
        let found: Vec<(ProductId, String, String)> = product_images::table
            .filter(product_images::product_id.eq_any(&product_ids))
            .order((
                product_images::product_id,
                product_images::position,
                product_images::id,
            ))
            .select((
                product_images::product_id,
                product_images::path,
                product_images::renditions,
            ))
            .load(conn)?;
        for (product_id, path, renditions) in found {
            images.entry(product_id).or_insert((path, renditions));
        }
    }

    let mut lines = Vec::with_capacity(rows.len());
    let mut priced = Vec::with_capacity(rows.len());
    for row in rows {
        let price = Paise::new(row.price_paise);
        let units = u32::try_from(row.quantity)
            .map_err(|_| CartError::InvalidData(format!("quantity {}", row.quantity)))?;
        priced.push(PricedLine {
            unit_price: price,
            gst_rate: row.gst_rate,
            quantity: units,
        });
        lines.push(CartLine {
            product_id: row.product_id,
            variant_id: row.variant_id,
            variant_name: row.variant_name,
            quantity: row.quantity,
            price,
            gst_rate: row.gst_rate,
            line_total: price
                .checked_mul(units)
                .ok_or(pricing::PricingError::Overflow)?,
            weight_grams: row.weight_grams.max(0),
            available: row.stock.max(0),
            href: Page::Product {
                brand: &row.brand_slug,
                slug: &row.slug,
            }
            .path(),
            product: CartLineProduct {
                id: row.product_id,
                first_image_url: images.get(&row.product_id).map(|(p, _)| media.url(p)),
                first_image_srcset: images
                    .get(&row.product_id)
                    .and_then(|(_, renditions)| media.srcset(renditions)),
                name: row.product_name,
                slug: row.slug,
                brand: NamedLink {
                    name: row.brand_name,
                    slug: row.brand_slug,
                },
            },
        });
    }
    Ok(CartView {
        products: lines,
        cart: cart_totals(&priced)?,
    })
}
