//! The demo catalogue in Malayalam and Tamil (`translations/ml.json`, `translations/ta.json`
//! beside this crate's `catalog.json`): names, descriptions, pack sizes and search words for
//! every brand, category, product and award, written into the catalogue's translation tables.

use std::collections::HashMap;

use chrono::Utc;
use db::DbConnection;
use db::schema::{
    award_translations, awards, brand_translations, brands, categories, category_translations,
    product_translations, product_variants, products, variant_translations,
};
use diesel::prelude::*;
use serde::Deserialize;

use crate::error::SeedError;

#[derive(Debug, Deserialize)]
struct LocaleFile {
    brands: HashMap<String, Text>,
    categories: HashMap<String, Text>,
    products: HashMap<String, ProductText>,
    awards: Vec<AwardText>,
}

#[derive(Debug, Deserialize)]
struct Text {
    name: String,
    description: String,
}

#[derive(Debug, Deserialize)]
struct ProductText {
    name: String,
    description: String,
    variants: HashMap<String, Option<String>>,
    search_terms: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct AwardText {
    title: String,
    description: String,
}

/// The demo's declarations are three phrases, each translated here once: (English, ml, ta).
const DECLARATIONS: [(&str, &str, &str); 3] = [
    (
        "24 months from the date of manufacture",
        "നിർമ്മാണ തീയതി മുതൽ 24 മാസം",
        "தயாரிப்புத் தேதியிலிருந்து 24 மாதங்கள்",
    ),
    (
        "9 months from the date of packing",
        "പാക്ക് ചെയ്ത തീയതി മുതൽ 9 മാസം",
        "பேக் செய்த தேதியிலிருந்து 9 மாதங்கள்",
    ),
    ("India", "ഇന്ത്യ", "இந்தியா"),
];

/// A declaration in `locale`, where the demo has it.
fn declared(english: Option<&str>, locale: &str) -> Option<&'static str> {
    let english = english?;
    DECLARATIONS
        .iter()
        .find(|(phrase, _, _)| *phrase == english)
        .map(|(_, ml, ta)| if locale == "ml" { *ml } else { *ta })
}

/// Each language's file, by its code.
const FILES: [(&str, &str); 2] = [
    ("ml", include_str!("../translations/ml.json")),
    ("ta", include_str!("../translations/ta.json")),
];

/// Inserts a row unless one with its key is there (staff may have edited it since).
macro_rules! insert_new {
    ($conn:expr, $table:expr, $values:expr) => {
        db::per_backend!(&mut *$conn, |c| diesel::insert_into($table)
            .values($values)
            .on_conflict_do_nothing()
            .execute(c))?
    };
}

/// Writes the translations of the demo rows that exist (by slug, SKU and award order); rows
/// already translated are left as staff may have edited them.
pub fn seed(conn: &mut DbConnection) -> Result<usize, SeedError> {
    let brand_ids = brands::table
        .select((brands::slug, brands::id))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect::<HashMap<_, _>>();
    let category_ids = categories::table
        .select((categories::slug, categories::id))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect::<HashMap<_, _>>();
    let product_ids = products::table
        .select((products::slug, products::id))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect::<HashMap<_, _>>();
    let declarations: HashMap<i64, (String, Option<String>)> = products::table
        .select((
            products::id,
            (products::country_of_origin, products::best_before),
        ))
        .load::<(i64, (String, Option<String>))>(conn)?
        .into_iter()
        .collect();
    let variant_ids = product_variants::table
        .select((product_variants::sku, product_variants::id))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect::<HashMap<_, _>>();
    let award_ids: Vec<i64> = awards::table
        .order((awards::position, awards::id))
        .select(awards::id)
        .load(conn)?;
    let now = Utc::now().naive_utc();
    let mut written = 0;
    for (locale, json) in FILES {
        let file: LocaleFile = serde_json::from_str(json)
            .map_err(|e| SeedError::Content(format!("translations/{locale}.json: {e}")))?;
        for (slug, text) in &file.brands {
            if let Some(id) = brand_ids.get(slug) {
                written += insert_new!(
                    conn,
                    brand_translations::table,
                    (
                        brand_translations::brand_id.eq(id),
                        brand_translations::locale.eq(locale),
                        brand_translations::name.eq(&text.name),
                        brand_translations::description.eq(&text.description),
                        brand_translations::updated_at.eq(now),
                    )
                );
            }
        }
        for (slug, text) in &file.categories {
            if let Some(id) = category_ids.get(slug) {
                written += insert_new!(
                    conn,
                    category_translations::table,
                    (
                        category_translations::category_id.eq(id),
                        category_translations::locale.eq(locale),
                        category_translations::name.eq(&text.name),
                        category_translations::description.eq(&text.description),
                        category_translations::updated_at.eq(now),
                    )
                );
            }
        }
        for (slug, text) in &file.products {
            let Some(id) = product_ids.get(slug) else {
                continue;
            };
            written += insert_new!(
                conn,
                product_translations::table,
                (
                    product_translations::product_id.eq(id),
                    product_translations::locale.eq(locale),
                    product_translations::name.eq(&text.name),
                    product_translations::description.eq(&text.description),
                    product_translations::search_terms.eq(text.search_terms.join("\n")),
                    product_translations::country_of_origin.eq(declarations
                        .get(id)
                        .and_then(|(origin, _)| declared(Some(origin), locale))),
                    product_translations::best_before.eq(declarations
                        .get(id)
                        .and_then(|(_, best)| declared(best.as_deref(), locale))),
                    product_translations::updated_at.eq(now),
                )
            );
            for (sku, name) in &text.variants {
                if let (Some(id), Some(name)) = (variant_ids.get(sku), name) {
                    written += insert_new!(
                        conn,
                        variant_translations::table,
                        (
                            variant_translations::variant_id.eq(id),
                            variant_translations::locale.eq(locale),
                            variant_translations::name.eq(name),
                            variant_translations::updated_at.eq(now),
                        )
                    );
                }
            }
        }
        for (id, text) in award_ids.iter().zip(&file.awards) {
            written += insert_new!(
                conn,
                award_translations::table,
                (
                    award_translations::award_id.eq(id),
                    award_translations::locale.eq(locale),
                    award_translations::title.eq(&text.title),
                    award_translations::description.eq(&text.description),
                    award_translations::updated_at.eq(now),
                )
            );
        }
    }
    Ok(written)
}
