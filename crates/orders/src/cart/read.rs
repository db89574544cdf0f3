use std::collections::HashMap;

use catalog::MediaUrls;
use db::DbConnection;
use db::schema::{brands, cart_items, product_images, product_variants, products};
use diesel::prelude::*;
use paths::Page;
use pricing::{CartTotals, GstRate, Paise, PricedLine, cart_totals};
use serde::Serialize;

use super::{CartError, CartId};

/// The cart as the shopper sees it: `{products, cart}`, priced from the catalogue now.
#[derive(Debug, Serialize)]
pub struct CartView {
    pub products: Vec<CartLine>,
    pub cart: CartTotals,
}

/// The specification's cart line plus `variant_id`, `variant_name`, what is in stock and the
/// line's total.
#[derive(Debug, Serialize)]
pub struct CartLine {
    pub product_id: i64,
    pub variant_id: i64,
    pub variant_name: Option<String>,
    pub quantity: i32,
    /// Unit price, tax inclusive.
    pub price: Paise,
    pub gst_rate: GstRate,
    pub line_total: Paise,
    pub available: i32,
    pub href: String,
    pub product: CartLineProduct,
}

#[derive(Debug, Serialize)]
pub struct CartLineProduct {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub first_image_url: Option<String>,
    pub brand: NamedLink,
}

#[derive(Debug, Serialize)]
pub struct NamedLink {
    pub name: String,
    pub slug: String,
}

type LineRow = (
    i64,
    i32,
    Option<String>,
    i64,
    i32,
    i64,
    String,
    String,
    i32,
    String,
    String,
);

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
            .order((cart_items::created_at, cart_items::variant_id))
            .select((
                cart_items::variant_id,
                cart_items::quantity,
                product_variants::name,
                product_variants::price_paise,
                product_variants::stock,
                products::id,
                products::name,
                products::slug,
                products::gst_rate_bp,
                brands::name,
                brands::slug,
            ))
            .load(conn)?,
    };
    let product_ids: Vec<i64> = rows.iter().map(|r| r.5).collect();
    let mut images: HashMap<i64, String> = HashMap::new();
    if !product_ids.is_empty() {
        let found: Vec<(i64, String)> = product_images::table
            .filter(product_images::product_id.eq_any(&product_ids))
            .order((
                product_images::product_id,
                product_images::position,
                product_images::id,
            ))
            .select((product_images::product_id, product_images::path))
            .load(conn)?;
        for (product_id, path) in found {
            images.entry(product_id).or_insert(path);
        }
    }

    let mut lines = Vec::with_capacity(rows.len());
    let mut priced = Vec::with_capacity(rows.len());
    for (
        variant_id,
        quantity,
        variant_name,
        price,
        stock,
        product_id,
        name,
        slug,
        rate,
        brand,
        brand_slug,
    ) in rows
    {
        let gst_rate = GstRate::new(
            u16::try_from(rate).map_err(|_| CartError::InvalidData(format!("GST rate {rate}")))?,
        )?;
        let price = Paise::new(price);
        let units = u32::try_from(quantity)
            .map_err(|_| CartError::InvalidData(format!("quantity {quantity}")))?;
        let line = PricedLine {
            unit_price: price,
            gst_rate,
            quantity: units,
        };
        priced.push(line);
        lines.push(CartLine {
            product_id,
            variant_id,
            variant_name,
            quantity,
            price,
            gst_rate,
            line_total: price
                .checked_mul(units)
                .ok_or(pricing::PricingError::Overflow)?,
            available: stock.max(0),
            href: Page::Product {
                brand: &brand_slug,
                slug: &slug,
            }
            .path(),
            product: CartLineProduct {
                id: product_id,
                first_image_url: images.get(&product_id).map(|p| media.url(p)),
                name,
                slug,
                brand: NamedLink {
                    name: brand,
                    slug: brand_slug,
                },
            },
        });
    }
    Ok(CartView {
        products: lines,
        cart: cart_totals(&priced)?,
    })
}
