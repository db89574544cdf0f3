//! The catalogue as the list and search endpoints see it, built from the database in one pass
//! and swapped in whole when the catalogue changes. The four spec lists are kept serialised, so
//! answering them costs no database call and no JSON work.

use std::collections::HashMap;

use bytes::Bytes;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::*;
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use pricing::Paise;

use crate::models::{
    AwardRow, BrandRow, CategoryRow, ImageRow, ProductCategoryRow, ProductRow, VariantRow,
};
use crate::search::{SearchDocument, SearchIndex};
use crate::view::{
    Award, Brand, BrandLists, BrandSummary, Category, CategoryNode, CategoryRef, FeaturedProduct,
    FeaturedVariant, Image, NamedRef, ProductCard,
};
use crate::{CatalogError, MediaUrls, PageRequest, Paged};

/// Counts and latest changes of every catalogue table: when it differs, the snapshot is stale.
/// Stock moves (orders) do not touch `updated_at` and do not invalidate the snapshot, which
/// holds no stock.
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
        Ok(Self(vec![
            stamp!(brands),
            stamp!(categories),
            stamp!(products),
            stamp!(product_variants),
            stamp!(awards),
            (images.0 * 1_000_000_007 + images.1.unwrap_or(0), None),
            (links, None),
            (active, None),
        ]))
    }
}

pub struct CatalogSnapshot {
    pub fingerprint: Fingerprint,
    brands_json: Bytes,
    categories_json: Bytes,
    featured_json: Bytes,
    awards_json: Bytes,
    brands: HashMap<String, (Brand, Vec<u32>)>,
    categories: HashMap<String, (Category, Vec<u32>)>,
    /// Every active product's card, in name order; the index's document ids point into it.
    cards: Vec<ProductCard>,
    /// Each card's document id by product slug.
    card_by_slug: HashMap<String, u32>,
    /// When each brand, category and card (same order as `cards`) last changed, for sitemaps.
    brand_dates: Vec<(String, NaiveDateTime)>,
    category_dates: Vec<(String, NaiveDateTime)>,
    card_dates: Vec<NaiveDateTime>,
    search: SearchIndex,
}

impl CatalogSnapshot {
    pub fn load(conn: &mut DbConnection, media: &MediaUrls) -> Result<Self, CatalogError> {
        let fingerprint = Fingerprint::read(conn)?;
        let brand_rows: Vec<BrandRow> = brands::table
            .order((brands::sort_order, brands::name))
            .select(BrandRow::as_select())
            .load(conn)?;
        let category_rows: Vec<CategoryRow> = categories::table
            .order((categories::sort_order, categories::name))
            .select(CategoryRow::as_select())
            .load(conn)?;
        let mut product_rows: Vec<ProductRow> = products::table
            .filter(products::is_active.eq(true))
            .select(ProductRow::as_select())
            .load(conn)?;
        let link_rows: Vec<ProductCategoryRow> = product_categories::table
            .order((product_categories::product_id, product_categories::position))
            .select(ProductCategoryRow::as_select())
            .load(conn)?;
        let variant_rows: Vec<VariantRow> = product_variants::table
            .order((
                product_variants::product_id,
                product_variants::position,
                product_variants::id,
            ))
            .select(VariantRow::as_select())
            .load(conn)?;
        let image_rows: Vec<ImageRow> = product_images::table
            .order((
                product_images::product_id,
                product_images::position,
                product_images::id,
            ))
            .select(ImageRow::as_select())
            .load(conn)?;
        let award_rows: Vec<AwardRow> = awards::table
            .order((awards::position, awards::id))
            .select(AwardRow::as_select())
            .load(conn)?;

        let summaries: HashMap<i64, BrandSummary> = brand_rows
            .iter()
            .map(|b| (b.id, brand_summary(b, media)))
            .collect();
        let category_by_id: HashMap<i64, &CategoryRow> =
            category_rows.iter().map(|c| (c.id, c)).collect();
        let mut variants: HashMap<i64, Vec<&VariantRow>> = HashMap::new();
        for row in &variant_rows {
            variants.entry(row.product_id).or_default().push(row);
        }
        let mut first_images: HashMap<i64, &ImageRow> = HashMap::new();
        for row in &image_rows {
            first_images.entry(row.product_id).or_insert(row);
        }
        let mut links: HashMap<i64, Vec<&CategoryRow>> = HashMap::new();
        for row in &link_rows {
            if let Some(category) = category_by_id.get(&row.category_id) {
                links.entry(row.product_id).or_default().push(category);
            }
        }

        product_rows.sort_by_cached_key(|p| (crate::text::normalise(&p.name), p.id));
        let mut cards = Vec::with_capacity(product_rows.len());
        let mut card_dates = Vec::with_capacity(product_rows.len());
        let mut documents = Vec::with_capacity(product_rows.len());
        let mut featured = Vec::new();
        let mut brand_docs: HashMap<i64, Vec<u32>> = HashMap::new();
        let mut category_docs: HashMap<i64, Vec<u32>> = HashMap::new();
        for product in &product_rows {
            let (Some(brand), Some(product_variants)) =
                (summaries.get(&product.brand_id), variants.get(&product.id))
            else {
                tracing::warn!(
                    product = product.id,
                    "product without brand or variant is not listed"
                );
                continue;
            };
            let Some(first_variant) = product_variants.first() else {
                continue;
            };
            let doc = cards.len() as u32;
            let product_categories = links.get(&product.id).map(Vec::as_slice).unwrap_or(&[]);
            let image = first_images.get(&product.id).map(|row| Image {
                url: media.url(&row.path),
                alt: row.alt.clone(),
                width: row.width,
                height: row.height,
            });
            let named: Vec<&&VariantRow> = product_variants
                .iter()
                .filter(|v| v.name.is_some())
                .collect();

            brand_docs.entry(product.brand_id).or_default().push(doc);
            let mut category_text = Vec::new();
            for category in product_categories {
                category_docs.entry(category.id).or_default().push(doc);
                category_text.push(category.name.clone());
                if let Some(parent) = category.parent_id.and_then(|id| category_by_id.get(&id)) {
                    category_docs.entry(parent.id).or_default().push(doc);
                    category_text.push(parent.name.clone());
                }
            }
            let variant_names: Vec<String> = named.iter().filter_map(|v| v.name.clone()).collect();
            let mut other_text = vec![brand.name.clone()];
            other_text.extend(category_text);
            other_text.extend(variant_names.iter().cloned());
            documents.push(SearchDocument {
                name: product.name.clone(),
                other_text,
            });

            if product.is_featured {
                featured.push(FeaturedProduct {
                    id: product.id,
                    name: product.name.clone(),
                    slug: product.slug.clone(),
                    first_image: image.clone(),
                    categories: product_categories
                        .iter()
                        .map(|c| NamedRef {
                            name: c.name.clone(),
                            slug: c.slug.clone(),
                        })
                        .collect(),
                    brand: NamedRef {
                        name: brand.name.clone(),
                        slug: brand.slug.clone(),
                    },
                    variants: named
                        .iter()
                        .map(|v| FeaturedVariant {
                            id: v.id,
                            variant_name: v.name.clone(),
                            mrp: v.mrp_paise.map(Paise::new),
                            retail_price: Paise::new(v.price_paise),
                        })
                        .collect(),
                    retail_price: Paise::new(first_variant.price_paise),
                    mrp: first_variant.mrp_paise.map(Paise::new),
                });
            }
            card_dates.push(product.updated_at);
            cards.push(ProductCard {
                id: product.id,
                name: product.name.clone(),
                slug: product.slug.clone(),
                brand_slug: brand.slug.clone(),
                brand_name: brand.name.clone(),
                image_url: image.as_ref().map(|i| i.url.clone()),
                image_width: image.as_ref().map(|i| i.width),
                image_height: image.as_ref().map(|i| i.height),
                categories: product_categories.iter().map(|c| c.name.clone()).collect(),
                mrp: first_variant.mrp_paise.map(Paise::new),
                retail_price: Paise::new(first_variant.price_paise),
                variant_names,
            });
        }
        for docs in category_docs.values_mut() {
            docs.sort_unstable();
            docs.dedup();
        }

        let brands = brand_rows
            .iter()
            .filter_map(|row| {
                let summary = summaries.get(&row.id)?.clone();
                let docs = brand_docs.remove(&row.id).unwrap_or_default();
                let brand = Brand {
                    summary,
                    description: row.description.clone(),
                    is_house_brand: row.is_house_brand,
                };
                Some((row.slug.clone(), (brand, docs)))
            })
            .collect();
        let lists = BrandLists {
            brands: brand_rows
                .iter()
                .filter(|b| !b.is_house_brand)
                .filter_map(|b| summaries.get(&b.id))
                .collect(),
            well_root_brands: brand_rows
                .iter()
                .filter(|b| b.is_house_brand)
                .filter_map(|b| summaries.get(&b.id))
                .collect(),
        };

        let children_of = |parent: i64| -> Vec<CategoryRef> {
            category_rows
                .iter()
                .filter(|c| c.parent_id == Some(parent))
                .map(category_ref)
                .collect()
        };
        let tree: Vec<CategoryNode> = category_rows
            .iter()
            .filter(|c| c.parent_id.is_none())
            .map(|c| CategoryNode {
                id: c.id,
                name: c.name.clone(),
                slug: c.slug.clone(),
                sub_categories: children_of(c.id),
            })
            .collect();
        let categories = category_rows
            .iter()
            .map(|c| {
                let detail = Category {
                    id: c.id,
                    name: c.name.clone(),
                    slug: c.slug.clone(),
                    description: c.description.clone(),
                    parent: c
                        .parent_id
                        .and_then(|id| category_by_id.get(&id))
                        .map(|p| category_ref(p)),
                    sub_categories: children_of(c.id),
                };
                (
                    c.slug.clone(),
                    (detail, category_docs.remove(&c.id).unwrap_or_default()),
                )
            })
            .collect();
        let awards: Vec<Award> = award_rows
            .into_iter()
            .map(|a| Award {
                id: a.id,
                title: a.title,
                description: a.description,
                image_url: a.image_path.as_deref().map(|p| media.url(p)),
            })
            .collect();

        let card_by_slug = cards
            .iter()
            .enumerate()
            .map(|(doc, card)| (card.slug.clone(), doc as u32))
            .collect();
        Ok(Self {
            fingerprint,
            card_by_slug,
            card_dates,
            brand_dates: brand_rows
                .iter()
                .map(|b| (b.slug.clone(), b.updated_at))
                .collect(),
            category_dates: category_rows
                .iter()
                .map(|c| (c.slug.clone(), c.updated_at))
                .collect(),
            brands_json: to_json(&lists)?,
            categories_json: to_json(&tree)?,
            featured_json: to_json(&featured)?,
            awards_json: to_json(&awards)?,
            brands,
            categories,
            search: SearchIndex::build(&documents),
            cards,
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

    pub fn brand_products(
        &self,
        slug: &str,
        page: PageRequest,
    ) -> Result<Paged<&ProductCard>, CatalogError> {
        let (_, docs) = self
            .brands
            .get(slug)
            .ok_or(CatalogError::NotFound("Brand"))?;
        Ok(self.page_of(docs, page))
    }

    pub fn category(&self, slug: &str) -> Result<&Category, CatalogError> {
        self.categories
            .get(slug)
            .map(|(c, _)| c)
            .ok_or(CatalogError::NotFound("Category"))
    }

    /// A category's products; a top-level category's include its sub-categories'.
    pub fn category_products(
        &self,
        slug: &str,
        page: PageRequest,
    ) -> Result<Paged<&ProductCard>, CatalogError> {
        let (_, docs) = self
            .categories
            .get(slug)
            .ok_or(CatalogError::NotFound("Category"))?;
        Ok(self.page_of(docs, page))
    }

    /// One page of the products matching `term`, best first, and how many match in all.
    pub fn search(&self, term: &str, page: PageRequest) -> Paged<&ProductCard> {
        let range = page.range(usize::MAX);
        let hits = self.search.search(term, range.end);
        let data: Vec<&ProductCard> = hits
            .best
            .get(range.start..)
            .unwrap_or_default()
            .iter()
            .map(|&doc| &self.cards[doc as usize])
            .collect();
        Paged {
            has_more: range.end < hits.total,
            total: hits.total,
            data,
            page: page.page,
            per_page: page.per_page,
        }
    }

    /// The card of the active product with this slug.
    pub fn product(&self, slug: &str) -> Option<&ProductCard> {
        self.card_by_slug
            .get(slug)
            .map(|&doc| &self.cards[doc as usize])
    }

    /// Every active product's card with when the product last changed, in name order.
    pub fn products_with_dates(&self) -> impl Iterator<Item = (&ProductCard, NaiveDateTime)> {
        self.cards.iter().zip(self.card_dates.iter().copied())
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

    pub fn product_count(&self) -> usize {
        self.cards.len()
    }

    fn page_of(&self, docs: &[u32], page: PageRequest) -> Paged<&ProductCard> {
        Paged::from_slice(docs, page, |&doc| &self.cards[doc as usize])
    }
}

fn brand_summary(row: &BrandRow, media: &MediaUrls) -> BrandSummary {
    BrandSummary {
        id: row.id,
        name: row.name.clone(),
        slug: row.slug.clone(),
        image_src: row.image_path.clone(),
        image_url: row.image_path.as_deref().map(|p| media.url(p)),
    }
}

fn category_ref(row: &CategoryRow) -> CategoryRef {
    CategoryRef {
        id: row.id,
        name: row.name.clone(),
        slug: row.slug.clone(),
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Bytes, CatalogError> {
    serde_json::to_vec(value)
        .map(Bytes::from)
        .map_err(|e| CatalogError::InvalidData(e.to_string()))
}
