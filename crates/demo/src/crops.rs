//! The demo's crops and problems (`crops.json` beside this crate's `catalog.json`): ten crops and
//! the pests, diseases and deficiencies of the region, with their names in Malayalam and Tamil
//! and the Latin spellings shoppers type; which demo products serve which crop, for which need
//! (from the product's category), and treat which problem; a few synonym groups for search.
//!
//! Like the rest of the seed it fills what is missing: a crop or problem already there (by slug)
//! is left as staff keep it, and links are written only for the crops and problems this run
//! adds, so a link staff removed is not brought back. Synonyms are seeded into an empty list only.

use std::collections::HashMap;

use chrono::Utc;
use db::DbConnection;
use db::schema::{
    crop_translations, crops, problem_crops, problem_translations, problems, product_crops,
    product_problems, products, search_synonyms,
};
use diesel::prelude::*;
use serde::Deserialize;

use crate::error::SeedError;

#[derive(Debug, Deserialize)]
struct CropsFile {
    crops: Vec<Named>,
    problems: Vec<Problem>,
    synonyms: Vec<Vec<String>>,
    /// (product slug, crop slug, need).
    product_crops: Vec<(String, String, String)>,
}

#[derive(Debug, Deserialize)]
struct Named {
    slug: String,
    name: String,
    other_names: Vec<String>,
    sort_order: i32,
    ml: Words,
    ta: Words,
}

#[derive(Debug, Deserialize)]
struct Words {
    name: String,
    other_names: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Problem {
    #[serde(flatten)]
    named: Named,
    kind: String,
    /// The crops it affects, by slug.
    crops: Vec<String>,
    /// The products that treat it, by slug.
    products: Vec<String>,
}

/// What a seeding run added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CropsReport {
    pub crops: usize,
    pub problems: usize,
    pub links: usize,
    pub synonyms: usize,
}

const FILE: &str = include_str!("../crops.json");

fn slug_ids<T>(rows: T) -> HashMap<String, i64>
where
    T: IntoIterator<Item = (String, i64)>,
{
    rows.into_iter().collect()
}

/// Adds the crops and problems that are missing, with their words and links.
pub fn seed(conn: &mut DbConnection) -> Result<CropsReport, SeedError> {
    let file: CropsFile =
        serde_json::from_str(FILE).map_err(|e| SeedError::Content(format!("crops.json: {e}")))?;
    let now = Utc::now().naive_utc();
    let mut report = CropsReport::default();
    let product_ids = slug_ids(
        products::table
            .select((products::slug, products::id))
            .load::<(String, i64)>(conn)?,
    );
    let mut crop_ids = slug_ids(
        crops::table
            .select((crops::slug, crops::id))
            .load::<(String, i64)>(conn)?,
    );
    let mut new_crops = Vec::new();
    for crop in &file.crops {
        if crop_ids.contains_key(&crop.slug) {
            continue;
        }
        let id: i64 = diesel::insert_into(crops::table)
            .values((
                crops::slug.eq(&crop.slug),
                crops::name.eq(&crop.name),
                crops::other_names.eq(crop.other_names.join("\n")),
                crops::sort_order.eq(crop.sort_order),
            ))
            .returning(crops::id)
            .get_result(conn)?;
        for (locale, words) in [("ml", &crop.ml), ("ta", &crop.ta)] {
            diesel::insert_into(crop_translations::table)
                .values((
                    crop_translations::crop_id.eq(id),
                    crop_translations::locale.eq(locale),
                    crop_translations::name.eq(&words.name),
                    crop_translations::other_names.eq(words.other_names.join("\n")),
                    crop_translations::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
        crop_ids.insert(crop.slug.clone(), id);
        new_crops.push(crop.slug.as_str());
        report.crops += 1;
    }
    for (product, crop, need) in &file.product_crops {
        if !new_crops.contains(&crop.as_str()) {
            continue;
        }
        let (Some(product), Some(crop)) = (product_ids.get(product), crop_ids.get(crop)) else {
            continue;
        };
        report.links += diesel::insert_into(product_crops::table)
            .values((
                product_crops::product_id.eq(product),
                product_crops::crop_id.eq(crop),
                product_crops::need.eq(need),
            ))
            .execute(conn)?;
    }
    let problem_slugs = slug_ids(
        problems::table
            .select((problems::slug, problems::id))
            .load::<(String, i64)>(conn)?,
    );
    for problem in &file.problems {
        let named = &problem.named;
        if problem_slugs.contains_key(&named.slug) {
            continue;
        }
        let id: i64 = diesel::insert_into(problems::table)
            .values((
                problems::slug.eq(&named.slug),
                problems::name.eq(&named.name),
                problems::kind.eq(&problem.kind),
                problems::other_names.eq(named.other_names.join("\n")),
                problems::sort_order.eq(named.sort_order),
            ))
            .returning(problems::id)
            .get_result(conn)?;
        for (locale, words) in [("ml", &named.ml), ("ta", &named.ta)] {
            diesel::insert_into(problem_translations::table)
                .values((
                    problem_translations::problem_id.eq(id),
                    problem_translations::locale.eq(locale),
                    problem_translations::name.eq(&words.name),
                    problem_translations::other_names.eq(words.other_names.join("\n")),
                    problem_translations::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
        for crop in problem.crops.iter().filter_map(|slug| crop_ids.get(slug)) {
            diesel::insert_into(problem_crops::table)
                .values((
                    problem_crops::problem_id.eq(id),
                    problem_crops::crop_id.eq(crop),
                ))
                .execute(conn)?;
        }
        for product in problem
            .products
            .iter()
            .filter_map(|slug| product_ids.get(slug))
        {
            report.links += diesel::insert_into(product_problems::table)
                .values((
                    product_problems::product_id.eq(product),
                    product_problems::problem_id.eq(id),
                ))
                .execute(conn)?;
        }
        report.problems += 1;
    }
    let synonyms: i64 = search_synonyms::table.count().get_result(conn)?;
    if synonyms == 0 {
        for group in &file.synonyms {
            report.synonyms += diesel::insert_into(search_synonyms::table)
                .values(search_synonyms::words.eq(group.join("\n")))
                .execute(conn)?;
        }
    }
    Ok(report)
}
