//! What the snapshot serves, built from the catalogue's rows: every active product's card, the
//! featured products and the search documents; each brand's and category's page with the
//! products listed on it; the brand lists, the category tree and the awards.

use std::collections::HashMap;

use db::ProductId;
use pricing::Paise;

use crate::MediaUrls;
use crate::crop_terms::Need;
use crate::local_rows::{LocalProduct, LocalRows};
use crate::models::{AwardRow, BrandRow, CategoryRow, ImageRow, ListedVariantRow};
use crate::search::{CropWords, Kin, SearchDocument, Synonyms};
use crate::shared_text::{SharedList, SharedText};
use crate::stored_card::{CardFacts, StoredCard};
use crate::text_pool::TextPool;
use crate::view::{
    Award, Brand, BrandLists, BrandSummary, Category, CategoryNode, CategoryRef, FeaturedProduct,
    FeaturedVariant, Image, NamedRef,
};

/// The product side of the snapshot. A product's document id is its place in `cards` (and in
/// `documents`); brands and categories list their products by those ids.
#[derive(Default)]
pub struct Listing {
    pub cards: Vec<StoredCard>,
    /// When each card's product last changed (same order as `cards`), for sitemaps.
    pub card_dates: Vec<chrono::NaiveDateTime>,
    /// What the filters read of each card (same order): its brand's id, whether any of its pack
    /// sizes is in stock, and when the product was added.
    pub filter_facts: Vec<(i64, bool, chrono::NaiveDateTime)>,
    pub documents: Vec<SearchDocument>,
    pub featured: Vec<FeaturedProduct>,
    /// Brand id to its products' ids.
    pub brand_docs: HashMap<i64, Vec<u32>>,
    /// Category id to its products' ids, a parent's including its children's.
    pub category_docs: HashMap<i64, Vec<u32>>,
}

/// The rows that belong to each product, by product id, each list in its display order.
struct ProductParts<'a> {
    variants: HashMap<ProductId, Vec<&'a ListedVariantRow>>,
    first_images: HashMap<ProductId, &'a ImageRow>,
    categories: HashMap<ProductId, Vec<&'a CategoryRow>>,
    category_by_id: HashMap<i64, &'a CategoryRow>,
}

impl<'a> ProductParts<'a> {
    fn group(rows: &'a LocalRows) -> Self {
        let category_by_id: HashMap<i64, &CategoryRow> =
            rows.categories.iter().map(|c| (c.id, c)).collect();
        let mut parts = Self {
            variants: HashMap::new(),
            first_images: HashMap::new(),
            categories: HashMap::new(),
            category_by_id,
        };
        for row in rows.variants {
            parts.variants.entry(row.product_id).or_default().push(row);
        }
        for row in rows.images {
            parts.first_images.entry(row.product_id).or_insert(row);
        }
        for row in rows.links {
            if let Some(category) = parts.category_by_id.get(&row.category_id) {
                parts
                    .categories
                    .entry(row.product_id)
                    .or_default()
                    .push(category);
            }
        }
        parts
    }
}

/// One product with the rows that belong to it.
struct ProductEntry<'a> {
    product: &'a LocalProduct<'a>,
    brand: &'a BrandSummary,
    /// The variants in display order; the first one prices the product.
    variants: &'a [&'a ListedVariantRow],
    /// The variants that are a choice (have a name), with their names in the language.
    named_variants: Vec<(&'a ListedVariantRow, &'a str)>,
    categories: &'a [&'a CategoryRow],
    image: Option<Image>,
}

impl ProductEntry<'_> {
    fn first_variant(&self) -> Option<&ListedVariantRow> {
        self.variants.first().copied()
    }
}

impl Listing {
    /// Lists the products (in the rows' order) with their brands, variants, images and categories.
    /// A product without a brand or a variant is left out, with a warning.
    pub fn build(
        rows: &LocalRows,
        summaries: &HashMap<i64, BrandSummary>,
        media: &MediaUrls,
        search: &SearchInputs,
        pool: &mut TextPool,
    ) -> Self {
        let parts = ProductParts::group(rows);
        let mut listing = Listing {
            cards: Vec::with_capacity(rows.products.len()),
            card_dates: Vec::with_capacity(rows.products.len()),
            filter_facts: Vec::with_capacity(rows.products.len()),
            documents: Vec::with_capacity(rows.products.len()),
            ..Listing::default()
        };
        for product in &rows.products {
            let id = product.row.id;
            let (Some(brand), Some(variants)) = (
                summaries.get(&product.row.brand_id),
                parts.variants.get(&id),
            ) else {
                tracing::warn!(
                    product = id.0,
                    "product without brand or variant is not listed"
                );
                continue;
            };
            let entry = ProductEntry {
                product,
                brand,
                variants,
                named_variants: variants
                    .iter()
                    .filter_map(|v| Some((*v, rows.variant_name(v)?)))
                    .collect(),
                categories: parts.categories.get(&id).map(Vec::as_slice).unwrap_or(&[]),
                image: parts.first_images.get(&id).map(|row| row.view(media)),
            };
            let text = SearchText {
                names: search.names.get(&id).map(Vec::as_slice).unwrap_or(&[]),
                words: search.words.get(&id).map(Vec::as_slice).unwrap_or(&[]),
                crops: search.crop_text.get(&id),
                problems: search.problems.get(&id).map(Vec::as_slice).unwrap_or(&[]),
                crop_needs: search.crop_needs.get(&id).map(Vec::as_slice).unwrap_or(&[]),
            };
            listing.add(&entry, &parts.category_by_id, &text, pool);
        }
        // Staff set the featured order; products at the same position stay in name order.
        let positions: HashMap<ProductId, i32> = rows
            .products
            .iter()
            .map(|p| (p.row.id, p.row.featured_position))
            .collect();
        listing
            .featured
            .sort_by_key(|f| positions.get(&f.id).copied().unwrap_or(0));
        for docs in listing.category_docs.values_mut() {
            docs.sort_unstable();
            docs.dedup();
        }
        listing
    }

    fn add(
        &mut self,
        entry: &ProductEntry,
        category_by_id: &HashMap<i64, &CategoryRow>,
        text: &SearchText,
        pool: &mut TextPool,
    ) {
        let Some(first_variant) = entry.first_variant() else {
            return;
        };
        let doc = self.cards.len() as u32;
        self.brand_docs
            .entry(entry.product.row.brand_id)
            .or_default()
            .push(doc);
        let mut category_text = Vec::new();
        let mut kin: Vec<Kin> = text.problems.iter().map(|&p| Kin::Problem(p)).collect();
        for category in entry.categories {
            kin.push(Kin::Category(category.id));
            self.category_docs.entry(category.id).or_default().push(doc);
            category_text.push(pool.share(&category.name));
            if let Some(parent) = category.parent_id.and_then(|id| category_by_id.get(&id)) {
                self.category_docs.entry(parent.id).or_default().push(doc);
                category_text.push(pool.share(&parent.name));
            }
        }
        let variant_names: Vec<SharedText> = entry
            .named_variants
            .iter()
            .map(|(_, name)| pool.share(name))
            .collect();
        let variant_names = pool.share_list(variant_names);
        let card = product_card(entry, first_variant, variant_names, pool);
        let in_stock = entry.variants.iter().any(|v| v.stock > 0);
        self.documents.push(search_document(
            &card,
            category_text,
            kin,
            text,
            in_stock,
            pool,
        ));
        if entry.product.row.is_featured {
            self.featured.push(featured_product(entry, first_variant));
        }
        self.card_dates.push(entry.product.row.updated_at);
        self.filter_facts.push((
            entry.product.row.brand_id,
            in_stock,
            entry.product.row.created_at,
        ));
        self.cards.push(card);
    }
}

/// Search finds a product by its name (in any language) first, then by the crops it serves and
/// the problems it treats (every language and spelling), then by its categories and search words,
/// then by its brand and pack sizes.
fn search_document(
    card: &StoredCard,
    category_text: Vec<SharedText>,
    kin: Vec<Kin>,
    text: &SearchText,
    in_stock: bool,
    pool: &mut TextPool,
) -> SearchDocument {
    let mut other_text = vec![card.brand_name.clone()];
    other_text.extend(card.variant_names.iter().cloned());
    SearchDocument {
        name: card.name.clone(),
        other_names: text.names.iter().map(|n| pool.share(n)).collect(),
        crops: text
            .crops
            .into_iter()
            .flat_map(CropWords::iter)
            .map(|(w, bond)| (pool.share(w), bond))
            .collect(),
        search_words: text.words.iter().map(|w| pool.share(w)).collect(),
        categories: category_text,
        other_text,
        in_stock,
        kin,
        crop_needs: text.crop_needs.to_vec(),
    }
}

/// What search reads the same in every language: each product's names and search words, its
/// crops' and problems' names (all languages), and the synonym groups.
pub(crate) struct SearchInputs<'a> {
    pub names: &'a HashMap<ProductId, Vec<&'a str>>,
    pub words: &'a HashMap<ProductId, Vec<&'a str>>,
    pub crop_text: &'a HashMap<ProductId, CropWords>,
    pub problems: &'a HashMap<ProductId, Vec<i64>>,
    /// Each product's crops (ids), each with what for.
    pub crop_needs: &'a HashMap<ProductId, Vec<(i64, Need)>>,
    pub synonyms: &'a Synonyms,
}

/// What search reads of one product beside its card: its names in every language, its search
/// words (every language) and the names of its crops and problems.
struct SearchText<'a> {
    names: &'a [&'a str],
    words: &'a [&'a str],
    crops: Option<&'a CropWords>,
    /// The problems it treats, by id.
    problems: &'a [i64],
    crop_needs: &'a [(i64, Need)],
}

fn featured_product(entry: &ProductEntry, first_variant: &ListedVariantRow) -> FeaturedProduct {
    let product = entry.product;
    FeaturedProduct {
        id: product.row.id,
        name: product.name.to_owned(),
        slug: product.row.slug.clone(),
        first_image: entry.image.clone(),
        categories: entry
            .categories
            .iter()
            .map(|c| NamedRef {
                name: c.name.clone(),
                slug: c.slug.clone(),
            })
            .collect(),
        brand: NamedRef {
            name: entry.brand.name.clone(),
            slug: entry.brand.slug.clone(),
        },
        variants: entry
            .named_variants
            .iter()
            .map(|&(v, name)| FeaturedVariant {
                id: v.id,
                variant_name: Some(name.to_owned()),
                mrp: v.mrp_paise.map(Paise::new),
                retail_price: Paise::new(v.price_paise),
            })
            .collect(),
        retail_price: Paise::new(first_variant.price_paise),
        mrp: first_variant.mrp_paise.map(Paise::new),
    }
}

fn product_card(
    entry: &ProductEntry,
    first_variant: &ListedVariantRow,
    variant_names: SharedList,
    pool: &mut TextPool,
) -> StoredCard {
    let product = entry.product;
    let image = entry.image.as_ref();
    let facts = CardFacts {
        id: product.row.id,
        slug: pool.share(&product.row.slug),
        brand_slug: pool.share(&entry.brand.slug),
        image_url: image.map(|i| pool.share(&i.url)),
        image_width: image.map(|i| i.width),
        image_height: image.map(|i| i.height),
        image_srcset: image
            .and_then(|i| i.srcset.as_deref())
            .map(|s| pool.share(s)),
        mrp: first_variant.mrp_paise.map(Paise::new),
        retail_price: Paise::new(first_variant.price_paise),
    };
    let categories: Vec<SharedText> = entry
        .categories
        .iter()
        .map(|c| pool.share(&c.name))
        .collect();
    StoredCard {
        facts: pool.share_facts(facts),
        name: pool.share(product.name),
        brand_name: pool.share(&entry.brand.name),
        categories: pool.share_list(categories),
        variant_names,
    }
}

/// Each brand's summary (name, slug, logo), by brand id.
pub fn brand_summaries(brands: &[BrandRow], media: &MediaUrls) -> HashMap<i64, BrandSummary> {
    brands
        .iter()
        .map(|row| {
            let summary = BrandSummary {
                id: row.id,
                name: row.name.clone(),
                slug: row.slug.clone(),
                image_src: row.image_path.clone(),
                image_url: row.image_path.as_deref().map(|p| media.url(p)),
                image_srcset: row
                    .image_path
                    .as_ref()
                    .and_then(|_| media.srcset(&row.image_renditions)),
            };
            (row.id, summary)
        })
        .collect()
}

/// Each brand's page by slug, with its products' ids (taken out of `brand_docs`).
pub fn brands_by_slug(
    brands: &[BrandRow],
    summaries: &HashMap<i64, BrandSummary>,
    brand_docs: &mut HashMap<i64, Vec<u32>>,
) -> HashMap<String, (Brand, Box<[u32]>)> {
    brands
        .iter()
        .filter_map(|row| {
            let brand = Brand {
                summary: summaries.get(&row.id)?.clone(),
                description: row.description.clone(),
                is_house_brand: row.is_house_brand,
            };
            let docs = brand_docs.remove(&row.id).unwrap_or_default().into();
            Some((row.slug.clone(), (brand, docs)))
        })
        .collect()
}

/// The other brands, and the shop's own (house) brands, in display order.
pub fn brand_lists<'a>(
    brands: &[BrandRow],
    summaries: &'a HashMap<i64, BrandSummary>,
) -> BrandLists<'a> {
    let of_kind = |house: bool| -> Vec<&'a BrandSummary> {
        brands
            .iter()
            .filter(|b| b.is_house_brand == house)
            .filter_map(|b| summaries.get(&b.id))
            .collect()
    };
    BrandLists {
        brands: of_kind(false),
        well_root_brands: of_kind(true),
    }
}

/// The top-level categories, each with its sub-categories.
pub fn category_tree(categories: &[CategoryRow]) -> Vec<CategoryNode> {
    categories
        .iter()
        .filter(|c| c.parent_id.is_none())
        .map(|c| CategoryNode {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
            sub_categories: children_of(categories, c.id),
        })
        .collect()
}

/// Each category's page by slug, with its products' ids (taken out of `category_docs`).
pub fn categories_by_slug(
    categories: &[CategoryRow],
    category_docs: &mut HashMap<i64, Vec<u32>>,
) -> HashMap<String, (Category, Box<[u32]>)> {
    categories
        .iter()
        .map(|c| {
            let detail = Category {
                id: c.id,
                name: c.name.clone(),
                slug: c.slug.clone(),
                description: c.description.clone(),
                parent: c
                    .parent_id
                    .and_then(|id| categories.iter().find(|p| p.id == id))
                    .map(CategoryRow::to_ref),
                sub_categories: children_of(categories, c.id),
            };
            let docs = category_docs.remove(&c.id).unwrap_or_default().into();
            (c.slug.clone(), (detail, docs))
        })
        .collect()
}

fn children_of(categories: &[CategoryRow], parent: i64) -> Vec<CategoryRef> {
    categories
        .iter()
        .filter(|c| c.parent_id == Some(parent))
        .map(CategoryRow::to_ref)
        .collect()
}

pub fn award_views(awards: Vec<AwardRow>, media: &MediaUrls) -> Vec<Award> {
    awards
        .into_iter()
        .map(|a| Award {
            id: a.id,
            title: a.title,
            description: a.description,
            image_url: a.image_path.as_deref().map(|p| media.url(p)),
            image_srcset: a
                .image_path
                .as_ref()
                .and_then(|_| media.srcset(&a.image_renditions)),
        })
        .collect()
}
