//! A product's page, read from the database so that stock is live.

use db::schema::*;
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use paths::Page;
use pricing::{GstRate, Paise};

use crate::desk::Declarations;
use crate::desk::markup;
use crate::models::{BrandRow, CategoryRow, ImageRow, ProductRow, VariantRow};
use crate::translations::{ProductRows, localize_categories};
use crate::view::{
    BrandRef, Crumb, CustomerCare, Image, ProductAnswer, ProductCategory, ProductDetail,
    StockState, Variant,
};
use crate::{CatalogError, MediaUrls};
use paths::Locale;

/// The current slug of an active product that once answered to `old_slug`, if any.
pub fn renamed_product(
    conn: &mut DbConnection,
    old_slug: &str,
) -> Result<Option<String>, CatalogError> {
    Ok(product_slug_redirects::table
        .inner_join(products::table)
        .filter(product_slug_redirects::old_slug.eq(old_slug))
        .filter(products::is_active.eq(true))
        .select(products::slug)
        .first(conn)
        .optional()?)
}

/// The active product with this slug, with everything its page shows; or, for a slug the
/// product had before it was renamed, the slug it has now.
pub fn product_by_slug(
    conn: &mut DbConnection,
    slug: &str,
    media: &MediaUrls,
    care: Option<CustomerCare>,
    locale: Locale,
) -> Result<ProductAnswer, CatalogError> {
    let found: Option<ProductRow> = products::table
        .filter(products::slug.eq(slug))
        .filter(products::is_active.eq(true))
        .select(ProductRow::as_select())
        .first(conn)
        .optional()?;
    let Some(mut product) = found else {
        return renamed_product(conn, slug)?
            .map(ProductAnswer::Moved)
            .ok_or(CatalogError::NotFound("Product"));
    };
    let mut brand: BrandRow = brands::table
        .find(product.brand_id)
        .select(BrandRow::as_select())
        .first(conn)?;
    let mut variants: Vec<VariantRow> = product_variants::table
        .filter(product_variants::product_id.eq(product.id))
        .filter(product_variants::is_active.eq(true))
        .order((product_variants::position, product_variants::id))
        .select(VariantRow::as_select())
        .load(conn)?;
    let images: Vec<ImageRow> = product_images::table
        .filter(product_images::product_id.eq(product.id))
        .order((product_images::position, product_images::id))
        .select(ImageRow::as_select())
        .load(conn)?;
    let mut linked: Vec<CategoryRow> = product_categories::table
        .inner_join(categories::table)
        .filter(product_categories::product_id.eq(product.id))
        .order((
            product_categories::position,
            categories::sort_order,
            categories::name,
        ))
        .select(CategoryRow::as_select())
        .load(conn)?;
    let parent_ids: Vec<i64> = linked.iter().filter_map(|c| c.parent_id).collect();
    let mut parents: Vec<CategoryRow> = categories::table
        .filter(categories::id.eq_any(&parent_ids))
        .select(CategoryRow::as_select())
        .load(conn)?;
    ProductRows {
        product: &mut product,
        brand: &mut brand,
        variants: &mut variants,
        categories: &mut linked,
    }
    .localize(conn, locale)?;
    localize_categories(conn, locale, &mut parents)?;

    // A product whose variants are all inactive is not for sale.
    let first = variants.first().ok_or(CatalogError::NotFound("Product"))?;
    let default = variant_view(first)?;
    let has_named_variants = first.name.is_some();
    let variants = variants
        .iter()
        .map(variant_view)
        .collect::<Result<Vec<_>, _>>()?;
    // A photo's description is written once, in English: in another language the product's
    // own (translated) name describes it.
    let images: Vec<Image> = images
        .into_iter()
        .map(|row| {
            let mut image = row.view(media);
            if locale != Locale::En {
                image.alt.clone_from(&product.name);
            }
            image
        })
        .collect();
    let categories: Vec<ProductCategory> = linked
        .iter()
        .map(|c| ProductCategory {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
            parent: c
                .parent_id
                .and_then(|id| parents.iter().find(|p| p.id == id))
                .map(CategoryRow::to_ref),
        })
        .collect();

    let declarations = Declarations {
        manufacturer: product.manufacturer.clone(),
        manufacturer_address: product.manufacturer_address.clone(),
        country_of_origin: product.country_of_origin.clone(),
        best_before: product.best_before.clone(),
        is_hazardous: product.is_hazardous,
        restricted_states: serde_json::from_str(&product.restricted_states)
            .map_err(|e| CatalogError::InvalidData(e.to_string()))?,
    };
    Ok(ProductAnswer::Found(Box::new(ProductDetail {
        breadcrumb: breadcrumb(&product, &brand.slug, categories.first()),
        id: product.id,
        gst_rate: GstRate::try_from(product.gst_rate_bp)?,
        declarations,
        customer_care: care,
        description_blocks: markup::blocks(&product.description),
        name: product.name,
        slug: product.slug,
        description: product.description,
        hsn_code: product.hsn_code,
        brand: BrandRef {
            id: brand.id,
            name: brand.name,
            slug: brand.slug,
        },
        categories,
        first_image: images.first().cloned(),
        images,
        variants: if has_named_variants {
            variants
        } else {
            Vec::new()
        },
        retail_price: default.retail_price,
        mrp: default.mrp,
        discount_percent: default.discount_percent,
        stock: default.stock,
        stock_state: default.stock_state,
        net_quantity: default.net_quantity,
        default_variant_id: default.id,
        regulated_as: ::batches::Regulation::parse(&product.regulated_as)
            .unwrap_or(::batches::Regulation::None),
        registration_number: product.registration_number,
        sale_licence: None,
        may_sell: true,
    })))
}

/// A product's active variants' stock now, in page order: `(variant id, stock)`. Empty when
/// the product is not for sale (withdrawn, or no active variant).
pub fn live_stock(
    conn: &mut DbConnection,
    product_id: ProductId,
) -> Result<Vec<(VariantId, i32)>, CatalogError> {
    Ok(product_variants::table
        .inner_join(products::table)
        .filter(product_variants::product_id.eq(product_id))
        .filter(product_variants::is_active.eq(true))
        .filter(products::is_active.eq(true))
        .order((product_variants::position, product_variants::id))
        .select((product_variants::id, product_variants::stock))
        .load(conn)?)
}

impl ProductDetail {
    /// The part of `live` (as [`live_stock`] reads it) this detail shows: every variant's stock,
    /// or the first one's for a product sold in one unnamed unit. None when `live` has other
    /// variants than this detail (the product must be read again).
    pub fn shown_stock<'a>(&self, live: &'a [(VariantId, i32)]) -> Option<&'a [(VariantId, i32)]> {
        if self.variants.is_empty() {
            let first = live.get(..1)?;
            (first[0].0 == self.default_variant_id).then_some(first)
        } else {
            let same = live
                .iter()
                .map(|(id, _)| *id)
                .eq(self.variants.iter().map(|v| v.id));
            same.then_some(live)
        }
    }

    /// Shows `stock`, a [`Self::shown_stock`] of this detail.
    pub fn set_stock(&mut self, stock: &[(VariantId, i32)]) {
        if let Some(&(_, units)) = stock.first() {
            self.stock = units.max(0);
            self.stock_state = StockState::of(units);
        }
        for (variant, &(_, units)) in self.variants.iter_mut().zip(stock) {
            variant.stock = units.max(0);
            variant.stock_state = StockState::of(units);
        }
    }
}

pub(crate) fn variant_view(row: &VariantRow) -> Result<Variant, CatalogError> {
    let retail_price = Paise::new(row.price_paise);
    let mrp = row.mrp_paise.map(Paise::new);
    Ok(Variant {
        id: row.id,
        variant_name: row.name.clone(),
        sku: row.sku.clone(),
        mrp,
        retail_price,
        discount_percent: discount_number(mrp, retail_price),
        stock: row.stock.max(0),
        stock_state: StockState::of(row.stock),
        net_quantity: row.net_quantity.clone(),
    })
}

/// The discount as a JSON number with 2 decimals, when the pricing rules show one.
pub(crate) fn discount_number(mrp: Option<Paise>, retail_price: Paise) -> Option<f64> {
    use rust_decimal::prelude::ToPrimitive;
    pricing::discount_percent(mrp, retail_price).and_then(|d| d.to_f64())
}

/// Home, then the product's first category under its parent, then the product itself, linked
/// along the same category path (or under its brand when it has no category).
fn breadcrumb(
    product: &ProductRow,
    brand_slug: &str,
    category: Option<&ProductCategory>,
) -> Vec<Crumb> {
    let crumb = |name: &str, page: Page| Crumb {
        name: name.to_owned(),
        href: page.path(),
    };
    let mut crumbs = vec![crumb("Home", Page::Home)];
    let product_page = match category {
        Some(category) => {
            let parent = category.parent.as_ref().map(|p| p.slug.as_str());
            if let Some(parent) = &category.parent {
                crumbs.push(crumb(
                    &parent.name,
                    Page::Category {
                        parent: None,
                        slug: &parent.slug,
                    },
                ));
            }
            crumbs.push(crumb(
                &category.name,
                Page::Category {
                    parent,
                    slug: &category.slug,
                },
            ));
            Page::CategoryProduct {
                parent,
                category: &category.slug,
                product: &product.slug,
            }
        }
        None => Page::Product {
            brand: brand_slug,
            slug: &product.slug,
        },
    };
    crumbs.push(crumb(&product.name, product_page));
    crumbs
}
