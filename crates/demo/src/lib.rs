//! The demo shop: a Kerala retailer's catalogue (`catalog.json` beside this crate's
//! `Cargo.toml`), its generated SVG art, and an optional large generated catalogue for
//! benchmarks. Seeding is idempotent: whatever already exists (by slug, SKU or title) is left as
//! it is. Only the `storefront seed-demo` command and tests use this crate; a serving shop never
//! does.

mod batches_demo;
mod bench;
mod content;
mod crops;
mod error;
mod svg;
mod translations;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use db::schema::*;
use db::{DbConnection, write_transaction};
use diesel::prelude::*;

use catalog::forms::*;
use content::{DemoCatalog, DemoProduct};
pub use crops::CropsReport;
pub use error::SeedError;
use svg::PRODUCT_IMAGE_SIZE;
pub use svg::ShopPhoto;

/// What a seeding run added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub brands: usize,
    pub categories: usize,
    pub products: usize,
    pub awards: usize,
    /// Malayalam and Tamil rows written.
    pub translations: usize,
    pub bench_products: usize,
    /// Crops, problems, their links to products and synonym groups.
    pub crops: crops::CropsReport,
}

/// Writes the demo art under `media_dir` and adds the demo catalogue, plus `bench_products`
/// generated products, to the database.
pub fn seed_demo(
    conn: &mut DbConnection,
    media_dir: &Path,
    bench_products: usize,
) -> Result<SeedReport, SeedError> {
    let catalog = DemoCatalog::parse()?;
    write_media(media_dir, &catalog)?;
    let (report, added) = write_transaction(conn, |conn| {
        let mut report = SeedReport::default();
        let brand_ids = seed_brands(conn, &catalog, &mut report)?;
        let category_ids = seed_categories(conn, &catalog, &mut report)?;
        let added = seed_products(conn, &catalog, &brand_ids, &category_ids, &mut report)?;
        seed_awards(conn, &catalog, &mut report)?;
        report.translations = translations::seed(conn)?;
        report.crops = crops::seed(conn)?;
        if bench_products > 0 {
            report.bench_products =
                bench::seed(conn, &catalog, &brand_ids, &category_ids, bench_products)?;
        }
        Ok::<_, SeedError>((report, added))
    })?;
    // Each receipt is a write transaction of its own.
    batches_demo::seed(conn, &catalog, &added)?;
    Ok(report)
}

fn write_media(media_dir: &Path, catalog: &DemoCatalog) -> Result<(), SeedError> {
    let write = |relative: &str, content: String| -> Result<(), SeedError> {
        let path = media_dir.join(relative);
        let io = |source| SeedError::Media {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(content.as_str()) {
            std::fs::write(&path, content).map_err(io)?;
        }
        Ok(())
    };
    let brand_names: HashMap<&str, &str> = catalog
        .brands
        .iter()
        .map(|b| (b.slug.as_str(), b.name.as_str()))
        .collect();
    for brand in catalog.brands.iter().filter(|b| b.has_image) {
        write(
            &brand.image_path(),
            svg::brand_logo(&brand.name, &brand.color),
        )?;
    }
    for product in &catalog.products {
        let brand = brand_names
            .get(product.brand.as_str())
            .copied()
            .unwrap_or_default();
        let pack = product
            .variants
            .first()
            .and_then(|v| v.name.as_deref())
            .unwrap_or("");
        write(
            &product.image_path(),
            svg::product_image(
                &product.name,
                brand,
                &product.art.kind,
                pack,
                &product.art.color,
            ),
        )?;
    }
    for award in catalog.awards.iter().filter(|a| a.has_image) {
        write(&award.image_path(), svg::award_image(&award.title))?;
    }
    write("shop/inside.svg", svg::shop_photo(ShopPhoto::Inside))?;
    write("shop/outside.svg", svg::shop_photo(ShopPhoto::Outside))?;
    write("site/hero.svg", svg::hero_image())?;
    Ok(())
}

fn seed_brands(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    report: &mut SeedReport,
) -> Result<HashMap<String, i64>, SeedError> {
    let mut ids = existing(conn, brands::table.select((brands::slug, brands::id)))?;
    for brand in &catalog.brands {
        if ids.contains_key(&brand.slug) {
            continue;
        }
        let image_path = brand.has_image.then(|| brand.image_path());
        let id = diesel::insert_into(brands::table)
            .values(BrandInsertForm {
                name: &brand.name,
                slug: &brand.slug,
                description: &brand.description,
                image_path: image_path.as_deref(),
                is_house_brand: brand.house_brand,
                sort_order: brand.sort_order,
            })
            .returning(brands::id)
            .get_result(conn)?;
        ids.insert(brand.slug.clone(), id);
        report.brands += 1;
    }
    Ok(ids)
}

fn seed_categories(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    report: &mut SeedReport,
) -> Result<HashMap<String, i64>, SeedError> {
    let mut ids = existing(
        conn,
        categories::table.select((categories::slug, categories::id)),
    )?;
    for top in &catalog.categories {
        let parent = insert_category(conn, &mut ids, top, None, report)?;
        for child in &top.children {
            insert_category(conn, &mut ids, child, Some(parent), report)?;
        }
    }
    Ok(ids)
}

fn insert_category(
    conn: &mut DbConnection,
    ids: &mut HashMap<String, i64>,
    category: &content::DemoCategory,
    parent_id: Option<i64>,
    report: &mut SeedReport,
) -> Result<i64, SeedError> {
    if let Some(id) = ids.get(&category.slug) {
        return Ok(*id);
    }
    let id = diesel::insert_into(categories::table)
        .values(CategoryInsertForm {
            parent_id,
            name: &category.name,
            slug: &category.slug,
            description: &category.description,
            sort_order: category.sort_order,
        })
        .returning(categories::id)
        .get_result(conn)?;
    ids.insert(category.slug.clone(), id);
    report.categories += 1;
    Ok(id)
}

/// The product's declarations and supply kind, and its variants' weights, net quantities and
/// units (each checked by the desk's own rules).
fn seed_declarations(
    conn: &mut DbConnection,
    id: db::ProductId,
    product: &DemoProduct,
) -> Result<(), SeedError> {
    let invalid =
        |error: pricing::SupplyError| SeedError::Content(format!("{}: {error}", product.slug));
    let states = serde_json::to_string(&product.restricted_states)
        .map_err(|e| SeedError::Content(e.to_string()))?;
    let kind = pricing::SupplyKind::parse(&product.supply_kind).map_err(invalid)?;
    let rate = u16::try_from(product.gst_rate_bp)
        .ok()
        .and_then(|bp| pricing::GstRate::new(bp).ok())
        .ok_or_else(|| SeedError::Content(format!("{}: bad GST rate", product.slug)))?;
    kind.check_rate(rate).map_err(invalid)?;
    diesel::update(products::table.find(id))
        .set((
            products::supply_kind.eq(kind.as_str()),
            products::manufacturer.eq(product.manufacturer.as_deref().unwrap_or_default()),
            products::manufacturer_address
                .eq(product.manufacturer_address.as_deref().unwrap_or_default()),
            products::country_of_origin.eq(product.country_of_origin.as_deref().unwrap_or("India")),
            products::best_before.eq(product.best_before.as_deref()),
            products::is_hazardous.eq(product.hazardous),
            products::restricted_states.eq(states),
            products::regulated_as.eq(&product.regulated_as),
            products::batch_tracked.eq(product.batch_tracked),
            products::registration_number.eq(product.registration_number.as_deref()),
        ))
        .execute(conn)?;
    for variant in &product.variants {
        let unit = pricing::PackUnit::parse(&variant.uqc, variant.uqc_quantity.as_deref())
            .map_err(invalid)?;
        diesel::update(product_variants::table.filter(product_variants::sku.eq(&variant.sku)))
            .set((
                product_variants::weight_grams.eq(variant.weight_grams),
                product_variants::net_quantity.eq(variant.net_quantity.as_deref()),
                product_variants::uqc.eq(unit.uqc.code()),
                product_variants::uqc_milli.eq(unit.milli),
            ))
            .execute(conn)?;
    }
    Ok(())
}

fn seed_products(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    brand_ids: &HashMap<String, i64>,
    category_ids: &HashMap<String, i64>,
    report: &mut SeedReport,
) -> Result<HashSet<String>, SeedError> {
    let mut added = HashSet::new();
    let known: HashSet<String> = products::table
        .select(products::slug)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    for product in catalog.products.iter().filter(|p| !known.contains(&p.slug)) {
        let brand_id = *brand_ids
            .get(&product.brand)
            .ok_or_else(|| SeedError::Content(format!("unknown brand {}", product.brand)))?;
        let id: db::ProductId = diesel::insert_into(products::table)
            .values(ProductInsertForm {
                brand_id,
                name: &product.name,
                slug: &product.slug,
                description: &product.description,
                hsn_code: &product.hsn_code,
                gst_rate_bp: product.gst_rate_bp,
                is_featured: product.featured,
                is_active: true,
            })
            .returning(products::id)
            .get_result(conn)?;
        if !product.search_terms.is_empty() {
            diesel::update(products::table.find(id))
                .set(products::search_terms.eq(product.search_terms.join("\n")))
                .execute(conn)?;
        }
        let links = product
            .categories
            .iter()
            .enumerate()
            .map(|(position, slug)| {
                let category_id = *category_ids
                    .get(slug)
                    .ok_or_else(|| SeedError::Content(format!("unknown category {slug}")))?;
                Ok(ProductCategoryInsertForm {
                    product_id: id,
                    category_id,
                    position: position as i32,
                })
            })
            .collect::<Result<Vec<_>, SeedError>>()?;
        for row in &links {
            diesel::insert_into(product_categories::table)
                .values(row)
                .execute(conn)?;
        }
        let variants: Vec<VariantInsertForm> = product
            .variants
            .iter()
            .enumerate()
            .map(|(position, v)| VariantInsertForm {
                product_id: id,
                name: v.name.as_deref(),
                sku: &v.sku,
                mrp_paise: v.mrp_paise,
                price_paise: v.price_paise,
                stock: v.stock,
                position: position as i32,
            })
            .collect();
        for row in &variants {
            diesel::insert_into(product_variants::table)
                .values(row)
                .execute(conn)?;
        }
        seed_declarations(conn, id, product)?;
        let image_path = product.image_path();
        diesel::insert_into(product_images::table)
            .values(ImageInsertForm {
                product_id: id,
                path: &image_path,
                alt: &product.name,
                width: PRODUCT_IMAGE_SIZE,
                height: PRODUCT_IMAGE_SIZE,
                position: 0,
            })
            .execute(conn)?;
        report.products += 1;
        added.insert(product.slug.clone());
    }
    Ok(added)
}

fn seed_awards(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    report: &mut SeedReport,
) -> Result<(), SeedError> {
    let known: HashSet<String> = awards::table
        .select(awards::title)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    for (position, award) in catalog.awards.iter().enumerate() {
        if known.contains(&award.title) {
            continue;
        }
        let image_path = award.has_image.then(|| award.image_path());
        diesel::insert_into(awards::table)
            .values(AwardInsertForm {
                title: &award.title,
                description: Some(award.description.as_str()).filter(|d| !d.is_empty()),
                image_path: image_path.as_deref(),
                position: position as i32,
            })
            .execute(conn)?;
        report.awards += 1;
    }
    Ok(())
}

fn existing<Q>(conn: &mut DbConnection, query: Q) -> Result<HashMap<String, i64>, SeedError>
where
    Q: diesel::query_dsl::LoadQuery<'static, DbConnection, (String, i64)>,
{
    Ok(query.load::<(String, i64)>(conn)?.into_iter().collect())
}
