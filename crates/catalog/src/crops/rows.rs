//! Crops, problems, their links to products and the search's synonym groups, read in one pass
//! with the rest of the catalogue.

use std::collections::{HashMap, HashSet};

use db::schema::{
    crop_translations, crops, problem_crops, problem_translations, problems, product_crops,
    product_problems, search_synonyms,
};
use db::{DbConnection, ProductId};
use diesel::prelude::*;
use paths::Locale;

use super::{Need, ProblemKind, split_names};
use crate::search::{Bond, CropWords};
use crate::text::words;

/// A problem of at most this many crops is each one's own (see [`CropRows::crop_text`]).
const OWN_PROBLEM_CROPS: usize = 2;

/// A name in one language (none: the English one) and that script's other names.
pub type LocalWords = (Option<String>, Vec<String>);

/// A crop or a problem with its words in every language.
#[derive(Debug, Clone)]
pub struct Named {
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// The English row's other names: the Latin spellings.
    pub other_names: Vec<String>,
    /// Malayalam and Tamil: the name (none: the English one) and that script's other names.
    pub words: HashMap<Locale, LocalWords>,
}

impl Named {
    /// The name a reader of `locale` reads.
    pub fn name_in(&self, locale: Locale) -> &str {
        self.words
            .get(&locale)
            .and_then(|(name, _)| name.as_deref())
            .unwrap_or(&self.name)
    }

    /// The other names shown beside the name in `locale`: that language's own spellings first,
    /// then the Latin ones, each once and never the name itself.
    pub fn other_names_in(&self, locale: Locale) -> Vec<String> {
        let name = self.name_in(locale);
        let own = self
            .words
            .get(&locale)
            .map(|(_, others)| others.as_slice())
            .unwrap_or_default();
        let mut seen = HashSet::new();
        own.iter()
            .chain(&self.other_names)
            .filter(|other| other.as_str() != name && seen.insert(other.as_str()))
            .cloned()
            .collect()
    }

    /// Every word that names it, in every language: what search finds it by.
    pub fn every_word(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str())
            .chain(self.other_names.iter().map(String::as_str))
            .chain(self.words.values().flat_map(|(name, others)| {
                name.as_deref()
                    .into_iter()
                    .chain(others.iter().map(String::as_str))
            }))
    }
}

#[derive(Debug, Clone)]
pub struct ProblemEntry {
    pub named: Named,
    pub kind: ProblemKind,
    /// The crops it affects.
    pub crops: Vec<i64>,
}

/// Crops and problems in their order, with the products linked to them.
#[derive(Debug, Default)]
pub struct CropRows {
    pub crops: Vec<Named>,
    pub problems: Vec<ProblemEntry>,
    pub product_crops: Vec<(ProductId, i64, Need)>,
    pub product_problems: Vec<(ProductId, i64)>,
    /// Each group of words that mean one thing to search.
    pub synonyms: Vec<Vec<String>>,
}

type BaseRow = (i64, String, String, String);
type WordRow = (i64, String, Option<String>, String);

fn with_words(rows: Vec<BaseRow>, words: Vec<WordRow>) -> Vec<Named> {
    let mut by_id: HashMap<i64, HashMap<Locale, LocalWords>> = HashMap::new();
    for (id, code, name, others) in words {
        let Some(locale) = Locale::parse(&code).filter(|l| *l != Locale::En) else {
            continue;
        };
        let name = name.filter(|n| !n.trim().is_empty());
        by_id
            .entry(id)
            .or_default()
            .insert(locale, (name, split_names(&others)));
    }
    rows.into_iter()
        .map(|(id, slug, name, others)| Named {
            id,
            slug,
            name,
            other_names: split_names(&others),
            words: by_id.remove(&id).unwrap_or_default(),
        })
        .collect()
}

impl CropRows {
    pub fn read(conn: &mut DbConnection) -> QueryResult<Self> {
        let crop_rows: Vec<BaseRow> = crops::table
            .order((crops::sort_order, crops::name))
            .select((crops::id, crops::slug, crops::name, crops::other_names))
            .load(conn)?;
        let crop_words: Vec<WordRow> = crop_translations::table
            .select((
                crop_translations::crop_id,
                crop_translations::locale,
                crop_translations::name,
                crop_translations::other_names,
            ))
            .load(conn)?;
        let problem_rows: Vec<(i64, String, String, String, String)> = problems::table
            .order((problems::sort_order, problems::name))
            .select((
                problems::id,
                problems::slug,
                problems::name,
                problems::other_names,
                problems::kind,
            ))
            .load(conn)?;
        let problem_words: Vec<WordRow> = problem_translations::table
            .select((
                problem_translations::problem_id,
                problem_translations::locale,
                problem_translations::name,
                problem_translations::other_names,
            ))
            .load(conn)?;
        let affected: Vec<(i64, i64)> = problem_crops::table
            .order((problem_crops::problem_id, problem_crops::crop_id))
            .select((problem_crops::problem_id, problem_crops::crop_id))
            .load(conn)?;
        let product_crop_rows: Vec<(ProductId, i64, String)> = product_crops::table
            .select((
                product_crops::product_id,
                product_crops::crop_id,
                product_crops::need,
            ))
            .load(conn)?;
        let product_problems: Vec<(ProductId, i64)> = product_problems::table
            .select((product_problems::product_id, product_problems::problem_id))
            .load(conn)?;
        let synonyms: Vec<String> = search_synonyms::table
            .order(search_synonyms::id)
            .select(search_synonyms::words)
            .load(conn)?;

        let mut crops_of: HashMap<i64, Vec<i64>> = HashMap::new();
        for (problem, crop) in affected {
            crops_of.entry(problem).or_default().push(crop);
        }
        let kinds: HashMap<i64, ProblemKind> = problem_rows
            .iter()
            .filter_map(|(id, .., kind)| Some((*id, ProblemKind::parse(kind)?)))
            .collect();
        let problems = with_words(
            problem_rows
                .into_iter()
                .map(|(id, slug, name, others, _)| (id, slug, name, others))
                .collect(),
            problem_words,
        )
        .into_iter()
        .filter_map(|named| {
            Some(ProblemEntry {
                kind: *kinds.get(&named.id)?,
                crops: crops_of.remove(&named.id).unwrap_or_default(),
                named,
            })
        })
        .collect();
        Ok(Self {
            crops: with_words(crop_rows, crop_words),
            problems,
            product_crops: product_crop_rows
                .into_iter()
                .filter_map(|(product, crop, need)| Some((product, crop, Need::parse(&need)?)))
                .collect(),
            product_problems,
            synonyms: synonyms
                .iter()
                .map(|words| split_names(words))
                .filter(|group| group.len() > 1)
                .collect(),
        })
    }

    /// For each product, every word of every language naming the crops it serves and the
    /// problems it treats, each once, by how closely it serves them ([`CropWords`]): the search
    /// finds the product by any of them, on every language's pages.
    ///
    /// As a shop assistant ranks what a grower of a crop wants: the crop's planting material and
    /// what treats the crop's own pests, diseases and deficiencies first (those of at most
    /// [`OWN_PROBLEM_CROPS`] crops); then its nutrition and
    /// protection and the products for a problem named; its irrigation, tools and services last.
    pub fn crop_text(
        &self,
        names: &HashMap<ProductId, Vec<&str>>,
    ) -> HashMap<ProductId, CropWords> {
        let crops: HashMap<i64, &Named> = self.crops.iter().map(|c| (c.id, c)).collect();
        // A product named for the crop in any language (Cardamom Special, Banana Micronutrient
        // Mix) is made for it: its nutrition or protection is the crop's own.
        let crop_names: HashMap<i64, Vec<Vec<String>>> = self
            .crops
            .iter()
            .map(|c| (c.id, c.every_word().map(|n| words(n).collect()).collect()))
            .collect();
        // Each linked product's name words, cut once however many crops it serves.
        let mut name_words: HashMap<ProductId, HashSet<String>> = HashMap::new();
        for (product, _, _) in &self.product_crops {
            name_words.entry(*product).or_insert_with(|| {
                names
                    .get(product)
                    .into_iter()
                    .flatten()
                    .flat_map(|n| words(n))
                    .collect()
            });
        }
        let named_for = |product: &ProductId, crop: i64| {
            let Some(name_words) = name_words.get(product) else {
                return false;
            };
            crop_names.get(&crop).is_some_and(|names| {
                names
                    .iter()
                    .any(|n| !n.is_empty() && n.iter().all(|w| name_words.contains(w)))
            })
        };
        let problems: HashMap<i64, &ProblemEntry> =
            self.problems.iter().map(|p| (p.named.id, p)).collect();
        // A crop's own problems: a pest, disease or deficiency of at most two crops (quick wilt
        // of pepper, capsule rot of cardamom). What many crops share (zinc deficiency,
        // nematodes) is ordinary nutrition or protection for each of them.
        let mut treated: HashMap<ProductId, HashSet<i64>> = HashMap::new();
        for (product, problem) in &self.product_problems {
            if let Some(problem) = problems.get(problem)
                && problem.crops.len() <= OWN_PROBLEM_CROPS
            {
                treated
                    .entry(*product)
                    .or_default()
                    .extend(problem.crops.iter().copied());
            }
        }
        let bond = |product: &ProductId, crop: i64, need: Need| match need {
            Need::Planting => Bond::Core,
            Need::Nutrition | Need::Protection if named_for(product, crop) => Bond::Core,
            _ if treated
                .get(product)
                .is_some_and(|crops| crops.contains(&crop)) =>
            {
                Bond::Core
            }
            Need::Nutrition | Need::Protection => Bond::Plain,
            Need::Irrigation | Need::Tools | Need::Services => Bond::Support,
        };
        let named = self
            .product_crops
            .iter()
            .filter_map(|(product, crop, need)| {
                Some((*product, *crops.get(crop)?, bond(product, *crop, *need)))
            })
            .chain(
                self.product_problems
                    .iter()
                    .filter_map(|(product, problem)| {
                        Some((*product, &problems.get(problem)?.named, Bond::Plain))
                    }),
            );
        let mut text: HashMap<ProductId, CropWords> = HashMap::new();
        for (product, named, bond) in named {
            let words = text.entry(product).or_default();
            for word in named.every_word() {
                words.add(word, bond);
            }
        }
        text
    }
}
