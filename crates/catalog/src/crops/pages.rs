//! Each language's crop pages: the crop list (kept serialised) and, per crop, its products
//! grouped by need and the problems that affect it with the products that treat them. Products
//! are held by their document ids (places in the snapshot's cards, in name order).

use std::collections::HashMap;

use bytes::Bytes;
use db::ProductId;
use paths::Locale;
use serde::Serialize;

use super::rows::CropRows;
use super::{Need, ProblemKind};
use crate::facets::Facets;
use crate::list_filter::ListSort;
use crate::view::ProductCard;

/// A crop in the list of crops.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CropSummary {
    pub slug: String,
    pub name: String,
    /// Its other names: this language's spellings, then the Latin ones.
    pub other_names: Vec<String>,
    /// How many products on sale serve it.
    pub product_count: usize,
}

/// A crop's page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CropDetail<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    #[schema(value_type = Vec<String>)]
    pub other_names: &'a [String],
    /// Its products by need, in the order planting, nutrition, protection, irrigation, tools, services;
    /// a need no product serves is left out.
    pub groups: Vec<NeedGroup<'a>>,
    /// The problems that affect it, each with the products that treat it; a problem no product
    /// on sale treats is left out.
    pub problems: Vec<ProblemProducts<'a>>,
    /// The filters' options with their counts over all the crop's products (no crop options).
    pub facets: Facets<'a>,
    /// The order of each group's products (`relevance`: name order).
    pub sort: ListSort,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NeedGroup<'a> {
    pub need: Need,
    /// In name order.
    pub products: Vec<ProductCard<'a>>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProblemProducts<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub kind: ProblemKind,
    /// In name order.
    pub products: Vec<ProductCard<'a>>,
}

struct CropPage {
    slug: String,
    name: String,
    other_names: Vec<String>,
    groups: Vec<(Need, Box<[u32]>)>,
    problems: Vec<ProblemPage>,
}

struct ProblemPage {
    slug: String,
    name: String,
    kind: ProblemKind,
    docs: Box<[u32]>,
}

/// One language's crop list and pages.
pub struct CropPages {
    list_json: Bytes,
    pages: HashMap<String, CropPage>,
}

fn sorted(mut docs: Vec<u32>) -> Box<[u32]> {
    docs.sort_unstable();
    docs.dedup();
    docs.into_boxed_slice()
}

impl CropPages {
    /// The pages as `locale` reads them; `doc_of` gives each listed product's document id
    /// (products not on sale have none and are left out).
    pub fn build(
        rows: &CropRows,
        locale: Locale,
        doc_of: &HashMap<ProductId, u32>,
    ) -> Result<Self, serde_json::Error> {
        let mut by_crop: HashMap<i64, HashMap<Need, Vec<u32>>> = HashMap::new();
        for (product, crop, need) in &rows.product_crops {
            if let Some(&doc) = doc_of.get(product) {
                by_crop
                    .entry(*crop)
                    .or_default()
                    .entry(*need)
                    .or_default()
                    .push(doc);
            }
        }
        let mut by_problem: HashMap<i64, Vec<u32>> = HashMap::new();
        for (product, problem) in &rows.product_problems {
            if let Some(&doc) = doc_of.get(product) {
                by_problem.entry(*problem).or_default().push(doc);
            }
        }
        let by_problem: HashMap<i64, Box<[u32]>> = by_problem
            .into_iter()
            .map(|(problem, docs)| (problem, sorted(docs)))
            .collect();
        let mut list = Vec::with_capacity(rows.crops.len());
        let mut pages = HashMap::with_capacity(rows.crops.len());
        for crop in &rows.crops {
            let mut needs = by_crop.remove(&crop.id).unwrap_or_default();
            let groups: Vec<(Need, Box<[u32]>)> = Need::ALL
                .into_iter()
                .filter_map(|need| Some((need, sorted(needs.remove(&need)?))))
                .collect();
            let mut all: Vec<u32> = groups.iter().flat_map(|(_, d)| d.iter().copied()).collect();
            all.sort_unstable();
            all.dedup();
            let problems = rows
                .problems
                .iter()
                .filter(|p| p.crops.contains(&crop.id))
                .filter_map(|p| {
                    let docs = by_problem.get(&p.named.id).filter(|d| !d.is_empty())?;
                    Some(ProblemPage {
                        slug: p.named.slug.clone(),
                        name: p.named.name_in(locale).to_owned(),
                        kind: p.kind,
                        docs: docs.clone(),
                    })
                })
                .collect();
            let page = CropPage {
                slug: crop.slug.clone(),
                name: crop.name_in(locale).to_owned(),
                other_names: crop.other_names_in(locale),
                groups,
                problems,
            };
            list.push(CropSummary {
                slug: page.slug.clone(),
                name: page.name.clone(),
                other_names: page.other_names.clone(),
                product_count: all.len(),
            });
            pages.insert(crop.slug.clone(), page);
        }
        Ok(Self {
            list_json: Bytes::from(serde_json::to_vec(&list)?),
            pages,
        })
    }

    /// The crops in their order, serialised.
    pub fn list_json(&self) -> Bytes {
        self.list_json.clone()
    }

    pub fn has(&self, slug: &str) -> bool {
        self.pages.contains_key(slug)
    }

    /// Every product on the crop's page (by need or by problem), each once, in name order.
    pub fn docs(&self, slug: &str) -> Option<Vec<u32>> {
        let page = self.pages.get(slug)?;
        let all = page
            .groups
            .iter()
            .map(|(_, docs)| docs)
            .chain(page.problems.iter().map(|p| &p.docs))
            .flat_map(|docs| docs.iter().copied())
            .collect();
        Some(sorted(all).into_vec())
    }

    /// The crop's page, its products' cards drawn by `card`, each group's products chosen and
    /// ordered by `narrow` (the filters, whose `facets` and `sort` the page carries); a need or
    /// problem left without products is left out.
    pub fn page<'a>(
        &'a self,
        slug: &str,
        card: impl Fn(u32) -> ProductCard<'a>,
        narrow: impl Fn(&[u32]) -> Vec<u32>,
        (facets, sort): (Facets<'a>, ListSort),
    ) -> Option<CropDetail<'a>> {
        let page = self.pages.get(slug)?;
        let cards = |docs: &[u32]| -> Vec<ProductCard<'a>> {
            narrow(docs).into_iter().map(&card).collect()
        };
        Some(CropDetail {
            slug: &page.slug,
            name: &page.name,
            other_names: &page.other_names,
            groups: page
                .groups
                .iter()
                .map(|(need, docs)| NeedGroup {
                    need: *need,
                    products: cards(docs),
                })
                .filter(|group| !group.products.is_empty())
                .collect(),
            problems: page
                .problems
                .iter()
                .map(|p| ProblemProducts {
                    slug: &p.slug,
                    name: &p.name,
                    kind: p.kind,
                    products: cards(&p.docs),
                })
                .filter(|problem| !problem.products.is_empty())
                .collect(),
            facets,
            sort,
        })
    }
}
