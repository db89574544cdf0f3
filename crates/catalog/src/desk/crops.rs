//! Crops, problems, a product's links to them and the search's synonym groups, as staff keep
//! them. Every write runs in one transaction with its `audit_log` row; the rows' `updated_at`
//! (and the link rows') change the catalogue's fingerprint, so every snapshot follows.

use std::collections::{HashMap, HashSet};

use db::schema::*;
use db::{DbConnection, ProductId, UserId, write_transaction};
use diesel::dsl::count_star;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::{DeskError, audit, now};
use crate::crop_terms::{Need, ProblemKind, join_names, split_names};

/// A crop's or a problem's words in Malayalam or Tamil.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LocalNames {
    /// The name in that language; null: the English one stands in.
    #[schema(required = true)]
    pub name: Option<String>,
    /// Other spellings in that script.
    pub other_names: Vec<String>,
}

/// A crop or a problem as staff write it (checked).
#[derive(Debug, Clone)]
pub struct NamedDraft {
    pub slug: String,
    pub name: String,
    /// Latin spellings shoppers type ("elam", "elakka").
    pub other_names: Vec<String>,
    pub sort_order: i32,
    pub ml: LocalNames,
    pub ta: LocalNames,
}

#[derive(Debug, Clone)]
pub struct ProblemDraft {
    pub named: NamedDraft,
    pub kind: ProblemKind,
    /// The crops it affects.
    pub crop_ids: Vec<i64>,
}

/// A crop as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffCrop {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub other_names: Vec<String>,
    pub sort_order: i32,
    pub ml: LocalNames,
    pub ta: LocalNames,
    /// Products linked to it (inactive ones too).
    pub product_count: i64,
}

/// A problem (pest, disease, deficiency) as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffProblem {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub kind: ProblemKind,
    pub other_names: Vec<String>,
    pub sort_order: i32,
    pub ml: LocalNames,
    pub ta: LocalNames,
    pub crop_ids: Vec<i64>,
    /// Products that treat it (inactive ones too).
    pub product_count: i64,
}

/// A product serves a crop for a need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CropLink {
    pub crop_id: i64,
    pub need: Need,
}

/// The crops a product serves and the problems it treats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductCropLinks {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    /// In the crops' order.
    pub crops: Vec<CropLink>,
    /// In the problems' order.
    pub problem_ids: Vec<i64>,
}

/// Words that mean one thing to the search.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SynonymGroup {
    pub id: i64,
    pub words: Vec<String>,
}

/// A slug staff choose: lower-case letters, digits and single hyphens, at most 60 characters.
pub fn parse_slug(raw: &str) -> Result<String, String> {
    let slug = raw.trim();
    let valid = !slug.is_empty()
        && slug.len() <= 60
        && slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--");
    if valid {
        Ok(slug.to_owned())
    } else {
        Err(
            "Use lower-case letters, digits and single hyphens (at most 60), like black-pepper."
                .into(),
        )
    }
}

/// Other names or synonyms as staff type them (a list, each item may hold several separated
/// by commas or lines): each at most 60 characters, each once whatever its case, at most 30.
pub fn parse_words(raw: &[String]) -> Result<Vec<String>, String> {
    let mut words: Vec<String> = Vec::new();
    for word in raw.iter().flat_map(|item| split_names(item)) {
        if fields::text::has_control(&word) {
            return Err("Words may not contain control characters.".into());
        }
        if word.chars().count() > 60 {
            return Err("A word has at most 60 characters; separate words with commas.".into());
        }
        let folded = word.to_lowercase();
        if !words.iter().any(|w| w.to_lowercase() == folded) {
            words.push(word);
        }
    }
    if words.len() > 30 {
        return Err("At most 30 words.".into());
    }
    Ok(words)
}

type NamedRecord = (i64, String, String, String, i32);
type WordRecord = (i64, String, Option<String>, String);

fn local_names(words: &[WordRecord], id: i64, locale: &str) -> LocalNames {
    words
        .iter()
        .find(|(of, code, ..)| *of == id && code == locale)
        .map(|(_, _, name, others)| LocalNames {
            name: name.clone(),
            other_names: split_names(others),
        })
        .unwrap_or_default()
}

fn crop_words(conn: &mut DbConnection, id: Option<i64>) -> QueryResult<Vec<WordRecord>> {
    let mut query = crop_translations::table
        .select((
            crop_translations::crop_id,
            crop_translations::locale,
            crop_translations::name,
            crop_translations::other_names,
        ))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(crop_translations::crop_id.eq(id));
    }
    query.load(conn)
}

fn problem_words(conn: &mut DbConnection, id: Option<i64>) -> QueryResult<Vec<WordRecord>> {
    let mut query = problem_translations::table
        .select((
            problem_translations::problem_id,
            problem_translations::locale,
            problem_translations::name,
            problem_translations::other_names,
        ))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(problem_translations::problem_id.eq(id));
    }
    query.load(conn)
}

fn crop_records(conn: &mut DbConnection, id: Option<i64>) -> Result<Vec<StaffCrop>, DeskError> {
    let mut query = crops::table
        .order((crops::sort_order, crops::name))
        .select((
            crops::id,
            crops::slug,
            crops::name,
            crops::other_names,
            crops::sort_order,
        ))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(crops::id.eq(id));
    }
    let rows: Vec<NamedRecord> = query.load(conn)?;
    let words = crop_words(conn, id)?;
    let counts: HashMap<i64, i64> = product_crops::table
        .group_by(product_crops::crop_id)
        .select((product_crops::crop_id, count_star()))
        .load::<(i64, i64)>(conn)?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|(id, slug, name, others, sort_order)| StaffCrop {
            id,
            slug,
            name,
            other_names: split_names(&others),
            sort_order,
            ml: local_names(&words, id, "ml"),
            ta: local_names(&words, id, "ta"),
            product_count: counts.get(&id).copied().unwrap_or(0),
        })
        .collect())
}

fn problem_records(
    conn: &mut DbConnection,
    id: Option<i64>,
) -> Result<Vec<StaffProblem>, DeskError> {
    let mut query = problems::table
        .order((problems::sort_order, problems::name))
        .select((
            problems::id,
            problems::slug,
            problems::name,
            problems::other_names,
            problems::sort_order,
            problems::kind,
        ))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(problems::id.eq(id));
    }
    let rows: Vec<(i64, String, String, String, i32, String)> = query.load(conn)?;
    let words = problem_words(conn, id)?;
    let counts: HashMap<i64, i64> = product_problems::table
        .group_by(product_problems::problem_id)
        .select((product_problems::problem_id, count_star()))
        .load::<(i64, i64)>(conn)?
        .into_iter()
        .collect();
    let mut crops_of: HashMap<i64, Vec<i64>> = HashMap::new();
    let affected: Vec<(i64, i64)> = problem_crops::table
        .inner_join(crops::table)
        .order((crops::sort_order, crops::name))
        .select((problem_crops::problem_id, problem_crops::crop_id))
        .load(conn)?;
    for (problem, crop) in affected {
        crops_of.entry(problem).or_default().push(crop);
    }
    rows.into_iter()
        .map(|(id, slug, name, others, sort_order, kind)| {
            Ok(StaffProblem {
                id,
                slug,
                name,
                kind: ProblemKind::parse(&kind)
                    .ok_or_else(|| DeskError::InvalidData(format!("problem kind {kind}")))?,
                other_names: split_names(&others),
                sort_order,
                ml: local_names(&words, id, "ml"),
                ta: local_names(&words, id, "ta"),
                crop_ids: crops_of.remove(&id).unwrap_or_default(),
                product_count: counts.get(&id).copied().unwrap_or(0),
            })
        })
        .collect()
}

/// Every crop, in the shop's order.
pub fn list_crops(conn: &mut DbConnection) -> Result<Vec<StaffCrop>, DeskError> {
    crop_records(conn, None)
}

/// Every problem, in the shop's order.
pub fn list_problems(conn: &mut DbConnection) -> Result<Vec<StaffProblem>, DeskError> {
    problem_records(conn, None)
}

fn find_crop(conn: &mut DbConnection, id: i64) -> Result<StaffCrop, DeskError> {
    crop_records(conn, Some(id))?
        .pop()
        .ok_or(DeskError::NotFound("Crop"))
}

fn find_problem(conn: &mut DbConnection, id: i64) -> Result<StaffProblem, DeskError> {
    problem_records(conn, Some(id))?
        .pop()
        .ok_or(DeskError::NotFound("Problem"))
}

/// The (language, words) rows worth keeping: a language with a name or other names.
fn word_rows(draft: &NamedDraft) -> Vec<(&'static str, Option<&str>, String)> {
    [("ml", &draft.ml), ("ta", &draft.ta)]
        .into_iter()
        .filter(|(_, words)| words.name.is_some() || !words.other_names.is_empty())
        .map(|(code, words)| (code, words.name.as_deref(), join_names(&words.other_names)))
        .collect()
}

/// Creates (`id` none) or replaces a crop; its slug must be free.
pub fn save_crop(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    draft: NamedDraft,
) -> Result<StaffCrop, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_crop(conn, id)).transpose()?;
        let taken: Option<i64> = crops::table
            .filter(crops::slug.eq(&draft.slug))
            .select(crops::id)
            .first(conn)
            .optional()?;
        if taken.is_some_and(|other| Some(other) != id) {
            return Err(DeskError::invalid(
                "slug",
                "Another crop already has this slug.",
            ));
        }
        let others = join_names(&draft.other_names);
        let values = (
            crops::slug.eq(&draft.slug),
            crops::name.eq(&draft.name),
            crops::other_names.eq(&others),
            crops::sort_order.eq(draft.sort_order),
            crops::updated_at.eq(now()),
        );
        let id = match id {
            Some(id) => {
                diesel::update(crops::table.find(id))
                    .set(values)
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(crops::table)
                .values(values)
                .returning(crops::id)
                .get_result(conn)?,
        };
        diesel::delete(crop_translations::table.filter(crop_translations::crop_id.eq(id)))
            .execute(conn)?;
        for (code, name, others) in word_rows(&draft) {
            diesel::insert_into(crop_translations::table)
                .values((
                    crop_translations::crop_id.eq(id),
                    crop_translations::locale.eq(code),
                    crop_translations::name.eq(name),
                    crop_translations::other_names.eq(others),
                    crop_translations::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        let after = find_crop(conn, id)?;
        let action = if before.is_some() {
            "crop.update"
        } else {
            "crop.create"
        };
        audit(
            conn,
            actor,
            action,
            "crop",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes a crop no product serves (its links to problems go with it).
pub fn delete_crop(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_crop(conn, id)?;
        if before.product_count > 0 {
            return Err(DeskError::Conflict(format!(
                "{} products are linked to this crop; unlink them first.",
                before.product_count
            )));
        }
        diesel::delete(crops::table.find(id)).execute(conn)?;
        audit(conn, actor, "crop.delete", "crop", id, Some(&before), None)
    })
}

/// The places in `ids` of the ids that name no crop.
fn unknown_crops(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<usize>> {
    let known: HashSet<i64> = crops::table
        .filter(crops::id.eq_any(ids))
        .select(crops::id)
        .load::<i64>(conn)?
        .into_iter()
        .collect();
    Ok((0..ids.len())
        .filter(|&i| !known.contains(&ids[i]))
        .collect())
}

/// Creates (`id` none) or replaces a problem with the crops it affects; its slug must be free.
pub fn save_problem(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    draft: ProblemDraft,
) -> Result<StaffProblem, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_problem(conn, id)).transpose()?;
        if let Some(&at) = unknown_crops(conn, &draft.crop_ids)?.first() {
            return Err(DeskError::invalid(
                format!("crop_ids.{at}"),
                "There is no such crop.",
            ));
        }
        let named = &draft.named;
        let taken: Option<i64> = problems::table
            .filter(problems::slug.eq(&named.slug))
            .select(problems::id)
            .first(conn)
            .optional()?;
        if taken.is_some_and(|other| Some(other) != id) {
            return Err(DeskError::invalid(
                "slug",
                "Another problem already has this slug.",
            ));
        }
        let others = join_names(&named.other_names);
        let values = (
            problems::slug.eq(&named.slug),
            problems::name.eq(&named.name),
            problems::kind.eq(draft.kind.as_str()),
            problems::other_names.eq(&others),
            problems::sort_order.eq(named.sort_order),
            problems::updated_at.eq(now()),
        );
        let id = match id {
            Some(id) => {
                diesel::update(problems::table.find(id))
                    .set(values)
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(problems::table)
                .values(values)
                .returning(problems::id)
                .get_result(conn)?,
        };
        diesel::delete(problem_translations::table.filter(problem_translations::problem_id.eq(id)))
            .execute(conn)?;
        for (code, name, others) in word_rows(named) {
            diesel::insert_into(problem_translations::table)
                .values((
                    problem_translations::problem_id.eq(id),
                    problem_translations::locale.eq(code),
                    problem_translations::name.eq(name),
                    problem_translations::other_names.eq(others),
                    problem_translations::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        diesel::delete(problem_crops::table.filter(problem_crops::problem_id.eq(id)))
            .execute(conn)?;
        for crop in &draft.crop_ids {
            diesel::insert_into(problem_crops::table)
                .values((
                    problem_crops::problem_id.eq(id),
                    problem_crops::crop_id.eq(crop),
                    problem_crops::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        let after = find_problem(conn, id)?;
        let action = if before.is_some() {
            "problem.update"
        } else {
            "problem.create"
        };
        audit(
            conn,
            actor,
            action,
            "problem",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes a problem no product treats.
pub fn delete_problem(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_problem(conn, id)?;
        if before.product_count > 0 {
            return Err(DeskError::Conflict(format!(
                "{} products are linked to this problem; unlink them first.",
                before.product_count
            )));
        }
        diesel::delete(problems::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "problem.delete",
            "problem",
            id,
            Some(&before),
            None,
        )
    })
}

/// The crops a product serves and the problems it treats.
pub fn product_crop_links(
    conn: &mut DbConnection,
    product: ProductId,
) -> Result<ProductCropLinks, DeskError> {
    let exists: i64 = products::table
        .find(product)
        .select(count_star())
        .first(conn)?;
    if exists == 0 {
        return Err(DeskError::NotFound("Product"));
    }
    let crops: Vec<(i64, String)> = product_crops::table
        .inner_join(crops::table)
        .filter(product_crops::product_id.eq(product))
        .order((crops::sort_order, crops::name))
        .select((product_crops::crop_id, product_crops::need))
        .load(conn)?;
    let problem_ids: Vec<i64> = product_problems::table
        .inner_join(problems::table)
        .filter(product_problems::product_id.eq(product))
        .order((problems::sort_order, problems::name))
        .select(product_problems::problem_id)
        .load(conn)?;
    Ok(ProductCropLinks {
        product_id: product,
        crops: crops
            .into_iter()
            .map(|(crop_id, need)| {
                Need::parse(&need)
                    .map(|need| CropLink { crop_id, need })
                    .ok_or_else(|| DeskError::InvalidData(format!("need {need}")))
            })
            .collect::<Result<_, _>>()?,
        problem_ids,
    })
}

/// Replaces the crops a product serves (a need each) and the problems it treats.
pub fn set_product_crop_links(
    conn: &mut DbConnection,
    actor: UserId,
    product: ProductId,
    crops_served: Vec<CropLink>,
    problems_treated: Vec<i64>,
) -> Result<ProductCropLinks, DeskError> {
    write_transaction(conn, |conn| {
        let before = product_crop_links(conn, product)?;
        let crop_ids: Vec<i64> = crops_served.iter().map(|l| l.crop_id).collect();
        if let Some(&at) = unknown_crops(conn, &crop_ids)?.first() {
            return Err(DeskError::invalid(
                format!("crops.{at}.crop_id"),
                "There is no such crop.",
            ));
        }
        let known: HashSet<i64> = problems::table
            .filter(problems::id.eq_any(&problems_treated))
            .select(problems::id)
            .load::<i64>(conn)?
            .into_iter()
            .collect();
        if let Some(at) = problems_treated.iter().position(|id| !known.contains(id)) {
            return Err(DeskError::invalid(
                format!("problem_ids.{at}"),
                "There is no such problem.",
            ));
        }
        diesel::delete(product_crops::table.filter(product_crops::product_id.eq(product)))
            .execute(conn)?;
        diesel::delete(product_problems::table.filter(product_problems::product_id.eq(product)))
            .execute(conn)?;
        for link in &crops_served {
            diesel::insert_into(product_crops::table)
                .values((
                    product_crops::product_id.eq(product),
                    product_crops::crop_id.eq(link.crop_id),
                    product_crops::need.eq(link.need.as_str()),
                    product_crops::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        for problem in &problems_treated {
            diesel::insert_into(product_problems::table)
                .values((
                    product_problems::product_id.eq(product),
                    product_problems::problem_id.eq(problem),
                    product_problems::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        let after = product_crop_links(conn, product)?;
        audit(
            conn,
            actor,
            "product.crops",
            "product",
            product.0,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
}

fn synonym_records(conn: &mut DbConnection, id: Option<i64>) -> QueryResult<Vec<SynonymGroup>> {
    let mut query = search_synonyms::table
        .order(search_synonyms::id)
        .select((search_synonyms::id, search_synonyms::words))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(search_synonyms::id.eq(id));
    }
    Ok(query
        .load::<(i64, String)>(conn)?
        .into_iter()
        .map(|(id, words)| SynonymGroup {
            id,
            words: split_names(&words),
        })
        .collect())
}

/// Every synonym group, oldest first.
pub fn list_synonyms(conn: &mut DbConnection) -> Result<Vec<SynonymGroup>, DeskError> {
    Ok(synonym_records(conn, None)?)
}

fn find_synonyms(conn: &mut DbConnection, id: i64) -> Result<SynonymGroup, DeskError> {
    synonym_records(conn, Some(id))?
        .pop()
        .ok_or(DeskError::NotFound("Synonym group"))
}

/// Creates (`id` none) or replaces a group of words that mean one thing.
pub fn save_synonyms(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    words: Vec<String>,
) -> Result<SynonymGroup, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_synonyms(conn, id)).transpose()?;
        let joined = join_names(&words);
        let id = match id {
            Some(id) => {
                diesel::update(search_synonyms::table.find(id))
                    .set((
                        search_synonyms::words.eq(&joined),
                        search_synonyms::updated_at.eq(now()),
                    ))
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(search_synonyms::table)
                .values(search_synonyms::words.eq(&joined))
                .returning(search_synonyms::id)
                .get_result(conn)?,
        };
        let after = find_synonyms(conn, id)?;
        let action = if before.is_some() {
            "synonyms.update"
        } else {
            "synonyms.create"
        };
        audit(
            conn,
            actor,
            action,
            "synonyms",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes a synonym group.
pub fn delete_synonyms(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_synonyms(conn, id)?;
        diesel::delete(search_synonyms::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "synonyms.delete",
            "synonyms",
            id,
            Some(&before),
            None,
        )
    })
}
