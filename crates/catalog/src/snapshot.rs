//! The catalogue as the list and search endpoints see it, built from the database in one pass
//! and swapped in whole when the catalogue changes. The four spec lists are kept serialised, so
//! answering them costs no database call and no JSON work.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::Bytes;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::*;
use diesel::dsl::{count_star, max};
use diesel::prelude::*;

use crate::crop_terms::Need;
use crate::crops::pages::{CropDetail, CropPages};
use crate::crops::rows::CropRows;
use crate::facets::{CropFacet, DocFacets, DocFact, ProductList};
use crate::list_filter::{ListFilter, ListSort};
use crate::listing::{
    Listing, SearchInputs, award_views, brand_lists, brand_summaries, brands_by_slug,
    categories_by_slug, category_tree,
};
use crate::local_rows::LocalRows;
use crate::models::CatalogRows;
use crate::search::{CropNeedWords, SearchIndex, Synonyms};
use crate::stored_card::StoredCard;
use crate::text_pool::TextPool;
use crate::translations::Translations;
use crate::view::{Brand, Category, ProductCard};
use crate::{CatalogError, MediaUrls, PageRequest, Paged};
use paths::Locale;

/// Counts and latest changes of every catalogue table: when it differs, the snapshot is stale.
/// Stock moves (orders) do not touch `updated_at`; the snapshot holds no stock counts, only
/// whether each product is in stock (search ranks those first), so only the number of pack sizes
/// in stock is counted: a pack size selling out or coming back invalidates it, a sale does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint(Vec<(i64, Option<NaiveDateTime>)>);

impl Fingerprint {
    pub fn read(conn: &mut DbConnection) -> Result<Self, CatalogError> {
        macro_rules! stamp {
            ($table:ident) => {
                $table::table
                    .select((count_star(), max($table::updated_at)))
                    .first::<(i64, Option<NaiveDateTime>)>(conn)?
            };
        }
        let images: (i64, Option<i64>) = product_images::table
            .select((count_star(), max(product_images::id)))
            .first(conn)?;
        let links: i64 = product_categories::table.select(count_star()).first(conn)?;
        // Timestamps have whole seconds on SQLite: count the active products too, so that hiding
        // one is seen even within the second of the previous change.
        let active: i64 = products::table
            .filter(products::is_active.eq(true))
            .select(count_star())
            .first(conn)?;
        let in_stock: i64 = product_variants::table
            .filter(product_variants::is_active.eq(true))
            .filter(product_variants::stock.gt(0))
            .select(count_star())
            .first(conn)?;
        Ok(Self(vec![
            stamp!(product_translations),
            stamp!(variant_translations),
            stamp!(brand_translations),
            stamp!(category_translations),
            stamp!(award_translations),
            stamp!(brands),
            stamp!(categories),
            stamp!(products),
            stamp!(product_variants),
            stamp!(awards),
            stamp!(crops),
            stamp!(crop_translations),
            stamp!(problems),
            stamp!(problem_translations),
            stamp!(problem_crops),
            stamp!(product_crops),
            stamp!(product_problems),
            stamp!(search_synonyms),
            (images.0 * 1_000_000_007 + images.1.unwrap_or(0), None),
            (links, None),
            (active, None),
            (in_stock, None),
        ]))
    }
}

pub struct CatalogSnapshot {
    pub fingerprint: Fingerprint,
    brands_json: Bytes,
    categories_json: Bytes,
    featured_json: Bytes,
    awards_json: Bytes,
    brands: HashMap<String, (Brand, Box<[u32]>)>,
    categories: HashMap<String, (Category, Box<[u32]>)>,
    /// Every active product's card, in name order; the index's document ids point into it.
    cards: Box<[StoredCard]>,
    /// The document ids in the order of their products' slugs (a product is found by its slug in
    /// a binary search: a twentieth of a map's memory).
    docs_by_slug: Box<[u32]>,
    /// When each brand, category and card (same order as `cards`) last changed, for sitemaps.
    brand_dates: Vec<(String, NaiveDateTime)>,
    category_dates: Vec<(String, NaiveDateTime)>,
    card_dates: Box<[NaiveDateTime]>,
    search: SearchIndex,
    crops: CropPages,
    facets: DocFacets,
}

/// The catalogue as each language reads it (one snapshot per language, read in one pass; texts
/// that read the same in several languages are held once).
pub struct Catalogs {
    pub fingerprint: Fingerprint,
    en: Arc<CatalogSnapshot>,
    ml: Arc<CatalogSnapshot>,
    ta: Arc<CatalogSnapshot>,
}

impl Catalogs {
    /// Reads the whole catalogue and its translations, and builds each language's snapshot.
    pub fn load(conn: &mut DbConnection, media: &MediaUrls) -> Result<Self, CatalogError> {
        let fingerprint = Fingerprint::read(conn)?;
        let rows = CatalogRows::read(conn)?;
        let translations = Translations::read(conn)?;
        let words = translations.search_words(&rows.products);
        let names = translations.names(&rows.products);
        let crop_rows = CropRows::read(conn)?;
        let crop_text = crop_rows.crop_text(&names);
        let mut problems: HashMap<db::ProductId, Vec<i64>> = HashMap::new();
        for (product, problem) in &crop_rows.product_problems {
            problems.entry(*product).or_default().push(*problem);
        }
        // Staff's synonym groups (the desk's search words): one meaning in every language.
        let synonyms = Synonyms::new(crop_rows.synonyms.clone());
        let mut crop_needs: HashMap<db::ProductId, Vec<(i64, Need)>> = HashMap::new();
        for &(product, crop, need) in &crop_rows.product_crops {
            crop_needs.entry(product).or_default().push((crop, need));
        }
        let search = SearchInputs {
            crop_needs: &crop_needs,
            names: &names,
            words: &words,
            crop_text: &crop_text,
            problems: &problems,
            synonyms: &synonyms,
        };
        let mut pool = TextPool::default();
        let mut build = |locale: Locale| {
            CatalogSnapshot::build(
                fingerprint.clone(),
                &LocalRows::new(&rows, &translations, locale),
                &crop_rows,
                media,
                &search,
                &mut pool,
            )
            .map(Arc::new)
        };
        Ok(Self {
            en: build(Locale::En)?,
            ml: build(Locale::Ml)?,
            ta: build(Locale::Ta)?,
            fingerprint,
        })
    }

    pub fn get(&self, locale: Locale) -> Arc<CatalogSnapshot> {
        match locale {
            Locale::En => self.en.clone(),
            Locale::Ml => self.ml.clone(),
            Locale::Ta => self.ta.clone(),
        }
    }

    pub fn english(&self) -> Arc<CatalogSnapshot> {
        self.en.clone()
    }
}

impl CatalogSnapshot {
    /// Builds every list, page and the search index from the rows (as one language reads them).
    fn build(
        fingerprint: Fingerprint,
        rows: &LocalRows,
        crop_rows: &CropRows,
        media: &MediaUrls,
        search: &SearchInputs,
        pool: &mut TextPool,
    ) -> Result<Self, CatalogError> {
        let summaries = brand_summaries(&rows.brands, media);
        let mut listing = Listing::build(rows, &summaries, media, search, pool);
        let doc_of: HashMap<db::ProductId, u32> = listing
            .cards
            .iter()
            .enumerate()
            .map(|(doc, card)| (card.facts.id, doc as u32))
            .collect();
        let crops = CropPages::build(crop_rows, rows.locale, &doc_of)
            .map_err(|e| CatalogError::InvalidData(e.to_string()))?;
        let facets = doc_facets(rows, crop_rows, &listing, &doc_of);
        let lists = brand_lists(&rows.brands, &summaries);
        let tree = category_tree(&rows.categories);
        let awards = award_views(rows.awards.clone(), media);
        let mut docs_by_slug: Box<[u32]> = (0..listing.cards.len() as u32).collect();
        docs_by_slug.sort_unstable_by(|&a, &b| {
            listing.cards[a as usize]
                .slug()
                .cmp(listing.cards[b as usize].slug())
        });
        Ok(Self {
            fingerprint,
            docs_by_slug,
            brand_dates: rows
                .brands
                .iter()
                .map(|b| (b.slug.clone(), b.updated_at))
                .collect(),
            category_dates: rows
                .categories
                .iter()
                .map(|c| (c.slug.clone(), c.updated_at))
                .collect(),
            brands_json: to_json(&lists)?,
            categories_json: to_json(&tree)?,
            featured_json: to_json(&listing.featured)?,
            awards_json: to_json(&awards)?,
            brands: brands_by_slug(&rows.brands, &summaries, &mut listing.brand_docs),
            categories: categories_by_slug(&rows.categories, &mut listing.category_docs),
            search: SearchIndex::build(
                &listing.documents,
                search.synonyms,
                CropNeedWords::new(
                    crop_rows
                        .crops
                        .iter()
                        .flat_map(|crop| crop.every_word().map(move |name| (crop.id, name))),
                    &crop_rows.synonyms,
                ),
                pool,
            ),
            crops,
            facets,
            card_dates: listing.card_dates.into_boxed_slice(),
            cards: listing.cards.into_boxed_slice(),
        })
    }

    /// `{brands, wellRootBrands}`, serialised.
    pub fn brands_json(&self) -> Bytes {
        self.brands_json.clone()
    }

    /// The category tree with `sub_categories`, serialised.
    pub fn categories_json(&self) -> Bytes {
        self.categories_json.clone()
    }

    pub fn featured_json(&self) -> Bytes {
        self.featured_json.clone()
    }

    pub fn awards_json(&self) -> Bytes {
        self.awards_json.clone()
    }

    pub fn brand(&self, slug: &str) -> Result<&Brand, CatalogError> {
        self.brands
            .get(slug)
            .map(|(b, _)| b)
            .ok_or(CatalogError::NotFound("Brand"))
    }

    pub fn category(&self, slug: &str) -> Result<&Category, CatalogError> {
        self.categories
            .get(slug)
            .map(|(c, _)| c)
            .ok_or(CatalogError::NotFound("Category"))
    }

    /// One page of the products matching `term`, best first, and how many match in all.
    pub fn search(&self, term: &str, page: PageRequest) -> Paged<ProductCard<'_>> {
        let range = page.range(usize::MAX);
        let hits = self.search.search(term, range.end);
        let data: Vec<ProductCard> = hits
            .best
            .get(range.start..)
            .unwrap_or_default()
            .iter()
            .map(|&doc| self.cards[doc as usize].view())
            .collect();
        Paged {
            has_more: range.end < hits.total,
            total: hits.total,
            data,
            page: page.page,
            per_page: page.per_page,
        }
    }

    /// Whether the category (a top-level one counting its sub-categories') lists the active
    /// product with this slug.
    pub fn category_lists(&self, category: &str, product: &str) -> bool {
        let Some((_, docs)) = self.categories.get(category) else {
            return false;
        };
        docs.iter()
            .any(|&doc| self.cards[doc as usize].slug() == product)
    }

    /// The card of the active product with this slug.
    pub fn product(&self, slug: &str) -> Option<ProductCard<'_>> {
        let at = self
            .docs_by_slug
            .binary_search_by(|&doc| self.cards[doc as usize].slug().cmp(slug))
            .ok()?;
        Some(self.cards[self.docs_by_slug[at] as usize].view())
    }

    /// Every active product's brand slug and slug, with when the product last changed, in
    /// name order.
    pub fn products_with_dates(&self) -> impl Iterator<Item = (&str, &str, NaiveDateTime)> {
        self.cards
            .iter()
            .zip(self.card_dates.iter().copied())
            .map(|(card, date)| (card.brand_slug(), card.slug(), date))
    }

    /// Every brand with when it last changed, in menu order.
    pub fn brands_with_dates(&self) -> impl Iterator<Item = (&Brand, NaiveDateTime)> {
        self.brand_dates
            .iter()
            .filter_map(|(slug, date)| Some((&self.brands.get(slug)?.0, *date)))
    }

    /// Every category with when it last changed, in menu order.
    pub fn categories_with_dates(&self) -> impl Iterator<Item = (&Category, NaiveDateTime)> {
        self.category_dates
            .iter()
            .filter_map(|(slug, date)| Some((&self.categories.get(slug)?.0, *date)))
    }

    /// The crops in their order (`[{slug, name, other_names, product_count}]`), serialised.
    pub fn crops_json(&self) -> Bytes {
        self.crops.list_json()
    }

    pub fn has_brand(&self, slug: &str) -> bool {
        self.brands.contains_key(slug)
    }

    pub fn has_crop(&self, slug: &str) -> bool {
        self.crops.has(slug)
    }

    /// A crop's page: its products by need and the problems that affect it.
    pub fn crop(&self, slug: &str) -> Result<CropDetail<'_>, CatalogError> {
        self.crop_list(slug, &ListFilter::default(), ListSort::default())
    }

    pub fn product_count(&self) -> usize {
        self.cards.len()
    }

    /// One page of a category's products (a top-level one's with its sub-categories'), filtered,
    /// ordered and counted.
    pub fn category_list(
        &self,
        slug: &str,
        filter: &ListFilter,
        sort: ListSort,
        page: PageRequest,
    ) -> Result<ProductList<'_>, CatalogError> {
        let (_, docs) = self
            .categories
            .get(slug)
            .ok_or(CatalogError::NotFound("Category"))?;
        self.list_of(docs.iter().copied(), filter, sort, page)
    }

    /// One page of a brand's products, filtered, ordered and counted.
    pub fn brand_list(
        &self,
        slug: &str,
        filter: &ListFilter,
        sort: ListSort,
        page: PageRequest,
    ) -> Result<ProductList<'_>, CatalogError> {
        let (_, docs) = self
            .brands
            .get(slug)
            .ok_or(CatalogError::NotFound("Brand"))?;
        self.list_of(docs.iter().copied(), filter, sort, page)
    }

    /// One page of the products matching `term` (best first for `relevance`), filtered, ordered
    /// and counted over every match.
    pub fn search_list(
        &self,
        term: &str,
        filter: &ListFilter,
        sort: ListSort,
        page: PageRequest,
    ) -> Result<ProductList<'_>, CatalogError> {
        let hits = self.search.search(term, usize::MAX);
        self.list_of(hits.best, filter, sort, page)
    }

    /// A crop's page with its products (by need and by problem) narrowed by `filter` and each
    /// group ordered by `sort`; the facets count over all the crop's products and have no crop
    /// options.
    pub fn crop_list(
        &self,
        slug: &str,
        filter: &ListFilter,
        sort: ListSort,
    ) -> Result<CropDetail<'_>, CatalogError> {
        let docs = self
            .crops
            .docs(slug)
            .ok_or(CatalogError::NotFound("Crop"))?;
        let selection = self.facets.select(filter)?;
        let (kept, facets) = self.facets.filter(docs, &selection, CropFacet::Hidden);
        let narrow = |docs: &[u32]| -> Vec<u32> {
            let mut shown: Vec<u32> = docs
                .iter()
                .copied()
                .filter(|doc| kept.binary_search(doc).is_ok())
                .collect();
            let all = shown.len();
            self.facets.sort(&mut shown, sort, all);
            shown
        };
        self.crops
            .page(
                slug,
                |doc| self.cards[doc as usize].view(),
                narrow,
                (facets, sort),
            )
            .ok_or(CatalogError::NotFound("Crop"))
    }

    fn list_of(
        &self,
        docs: impl IntoIterator<Item = u32>,
        filter: &ListFilter,
        sort: ListSort,
        page: PageRequest,
    ) -> Result<ProductList<'_>, CatalogError> {
        let selection = self.facets.select(filter)?;
        let (mut kept, facets) = self.facets.filter(docs, &selection, CropFacet::Shown);
        let range = page.range(kept.len());
        self.facets.sort(&mut kept, sort, range.end);
        Ok(ProductList {
            data: kept[range.clone()]
                .iter()
                .map(|&doc| self.cards[doc as usize].view())
                .collect(),
            total: kept.len(),
            page: page.page,
            per_page: page.per_page,
            has_more: range.end < kept.len(),
            facets,
            sort,
        })
    }
}

/// What the filters read of each card, and their brand and crop options in the shop's order as
/// this language names them.
fn doc_facets(
    rows: &LocalRows,
    crop_rows: &CropRows,
    listing: &Listing,
    doc_of: &HashMap<db::ProductId, u32>,
) -> DocFacets {
    let brand_at: HashMap<i64, u16> = rows
        .brands
        .iter()
        .enumerate()
        .map(|(i, b)| (b.id, i as u16))
        .collect();
    let crop_at: HashMap<i64, u16> = crop_rows
        .crops
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id, i as u16))
        .collect();
    let mut crops_of: Vec<Vec<u16>> = vec![Vec::new(); listing.cards.len()];
    for (product, crop, _) in &crop_rows.product_crops {
        if let (Some(&doc), Some(&crop)) = (doc_of.get(product), crop_at.get(crop)) {
            let crops = &mut crops_of[doc as usize];
            if !crops.contains(&crop) {
                crops.push(crop);
            }
        }
    }
    let docs = listing
        .cards
        .iter()
        .zip(&listing.filter_facts)
        .zip(crops_of)
        .map(|((card, &(brand, in_stock, created)), crops)| DocFact {
            brand: brand_at.get(&brand).copied().unwrap_or_default(),
            price_paise: card.facts.retail_price.get(),
            in_stock,
            created: created.and_utc().timestamp(),
            crops,
        })
        .collect();
    DocFacets::build(
        docs,
        rows.brands
            .iter()
            .map(|b| (b.slug.clone(), b.name.clone()))
            .collect(),
        crop_rows
            .crops
            .iter()
            .map(|c| (c.slug.clone(), c.name_in(rows.locale).to_owned()))
            .collect(),
    )
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Bytes, CatalogError> {
    serde_json::to_vec(value)
        .map(Bytes::from)
        .map_err(|e| CatalogError::InvalidData(e.to_string()))
}
