//! A large generated catalogue for benchmarks: plausible names built from word lists, spread
//! over the demo's brands and sub-categories, reusing the demo's product art.

use std::collections::{HashMap, HashSet};

use db::DbConnection;
use db::schema::*;
use diesel::prelude::*;

use crate::content::DemoCatalog;
use crate::error::SeedError;
use crate::svg::PRODUCT_IMAGE_SIZE;
use catalog::forms::*;
use catalog::slugify;

const QUALITIES: [&str; 12] = [
    "Super", "Bio", "Max", "Pro", "Gold", "Green", "Vital", "Prime", "Ultra", "Nova", "Agro",
    "Hi-Yield",
];
const ACTIVES: [(&str, &str, i32); 15] = [
    ("Potash", "31042000", 500),
    ("Neem", "38089199", 1800),
    ("Copper", "38089290", 1800),
    ("Boron", "31059090", 500),
    ("Zinc", "31059090", 500),
    ("Humic", "31010099", 500),
    ("Seaweed", "31010099", 500),
    ("Calcium", "31059090", 500),
    ("Magnesium", "31059090", 500),
    ("Sulphur", "38089290", 1800),
    ("Mancozeb", "38089290", 1800),
    ("Trichoderma", "38089390", 1800),
    ("Pseudomonas", "38089390", 1800),
    ("NPK 19:19:19", "31052000", 500),
    ("Amino", "38089340", 1800),
];
const FORMS: [(&str, bool); 8] = [
    ("Granules", false),
    ("Liquid", true),
    ("Powder", false),
    ("Spray", true),
    ("Tonic", true),
    ("Booster", false),
    ("Mix", false),
    ("Concentrate", true),
];
const CROPS: [&str; 6] = [
    "Cardamom",
    "Pepper",
    "Passion Fruit",
    "Banana",
    "Pineapple",
    "Vegetables",
];
const GRADES: [&str; 4] = ["", " Plus", " 2X", " Extra"];

/// Adds generated products until `count` of them exist; returns how many it added.
pub fn seed(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    brand_ids: &HashMap<String, i64>,
    category_ids: &HashMap<String, i64>,
    count: usize,
) -> Result<usize, SeedError> {
    let known: HashSet<String> = products::table
        .select(products::slug)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let brands: Vec<i64> = catalog
        .brands
        .iter()
        .filter_map(|b| brand_ids.get(&b.slug).copied())
        .collect();
    let sub_categories: Vec<i64> = catalog
        .categories
        .iter()
        .flat_map(|c| &c.children)
        .filter_map(|c| category_ids.get(&c.slug).copied())
        .collect();
    let art: Vec<String> = catalog.products.iter().map(|p| p.image_path()).collect();
    if brands.is_empty() || sub_categories.is_empty() || art.is_empty() {
        return Err(SeedError::Content("the demo catalogue is empty".into()));
    }

    let mut added = 0;
    for i in 0..count {
        let item = Generated::new(i);
        let slug = format!("{}-{}", slugify(&item.name), i + 1);
        if known.contains(&slug) {
            continue;
        }
        let id: db::ProductId = diesel::insert_into(products::table)
            .values(ProductInsertForm {
                brand_id: brands[i % brands.len()],
                name: &item.name,
                slug: &slug,
                description: &item.description,
                hsn_code: item.hsn_code,
                gst_rate_bp: item.gst_rate_bp,
                is_featured: false,
                is_active: true,
            })
            .returning(products::id)
            .get_result(conn)?;
        diesel::insert_into(product_categories::table)
            .values(ProductCategoryInsertForm {
                product_id: id,
                category_id: sub_categories[i % sub_categories.len()],
                position: 0,
            })
            .execute(conn)?;
        let skus: Vec<String> = item
            .packs
            .iter()
            .map(|pack| format!("BX{:06}-{}", i + 1, slugify(pack)))
            .collect();
        let variants: Vec<VariantInsertForm> = item
            .packs
            .iter()
            .zip(&skus)
            .enumerate()
            .map(|(position, (pack, sku))| {
                let price = item.base_price_paise * (1 << position);
                VariantInsertForm {
                    product_id: id,
                    name: Some(pack),
                    sku,
                    mrp_paise: (i % 3 == 0).then_some(price + price / 8),
                    price_paise: price,
                    stock: ((i * 37 + position * 11) % 300) as i32,
                    position: position as i32,
                }
            })
            .collect();
        for row in &variants {
            diesel::insert_into(product_variants::table)
                .values(row)
                .execute(conn)?;
        }
        diesel::insert_into(product_images::table)
            .values(ImageInsertForm {
                product_id: id,
                path: &art[i % art.len()],
                alt: &item.name,
                width: PRODUCT_IMAGE_SIZE,
                height: PRODUCT_IMAGE_SIZE,
                position: 0,
            })
            .execute(conn)?;
        added += 1;
    }
    Ok(added)
}

struct Generated {
    name: String,
    description: String,
    hsn_code: &'static str,
    gst_rate_bp: i32,
    packs: &'static [&'static str],
    base_price_paise: i64,
}

impl Generated {
    /// The `i`th combination of the word lists; distinct for the first 34,560.
    fn new(i: usize) -> Self {
        let mut n = i;
        let mut pick = |len: usize| {
            let k = n % len;
            n /= len;
            k
        };
        let crop = CROPS[pick(CROPS.len())];
        let (form, liquid) = FORMS[pick(FORMS.len())];
        let (active, hsn_code, gst_rate_bp) = ACTIVES[pick(ACTIVES.len())];
        let quality = QUALITIES[pick(QUALITIES.len())];
        let grade = GRADES[pick(GRADES.len())];
        let packs: &'static [&'static str] = match (liquid, i % 3) {
            (true, 0) => &["250 ml", "500 ml", "1 L"],
            (true, _) => &["500 ml", "1 L"],
            (false, 0) => &["250 g", "500 g", "1 kg"],
            (false, _) => &["1 kg", "5 kg"],
        };
        Self {
            name: format!("{quality} {active} {form}{grade} for {crop}"),
            description: format!(
                "{active} {} for {}. Use as directed on the label.",
                form.to_lowercase(),
                crop.to_lowercase()
            ),
            hsn_code,
            gst_rate_bp,
            packs,
            base_price_paise: 4_900 + ((i * 7_919) % 90) as i64 * 1_000,
        }
    }
}
