//! Filtering, ordering and counting a product list in memory: what each product is for the
//! filters (its brand, crops, price band, stock, age) held by document id, and one pass over a
//! list that keeps the products matching every filter and counts, for each option, the products
//! matching every *other* filter (ticking one brand still shows what the others hold).

use std::collections::HashMap;

use serde::Serialize;

use crate::list_filter::{FilterError, ListFilter, ListSort, PriceBand};
use crate::view::ProductCard;

/// Each product's facts for the filters, by document id, and the options they name.
pub struct DocFacets {
    brand: Box<[u16]>,
    price: Box<[i64]>,
    in_stock: Box<[bool]>,
    /// Seconds since the epoch of the product's creation (newest first sorts on it).
    created: Box<[i64]>,
    /// Document `d`'s crops are `crop_ids[crop_start[d]..crop_start[d + 1]]`.
    crop_start: Box<[u32]>,
    crop_ids: Box<[u16]>,
    /// (slug, name) in the shop's order.
    brands: Vec<(String, String)>,
    crops: Vec<(String, String)>,
    brand_of: HashMap<String, u16>,
    crop_of: HashMap<String, u16>,
}

/// One product as the filters read it (the builder's input).
pub struct DocFact {
    pub brand: u16,
    pub price_paise: i64,
    pub in_stock: bool,
    pub created: i64,
    pub crops: Vec<u16>,
}

/// A filter checked against the catalogue: which options are ticked, by index.
pub struct Selection {
    brands: Vec<bool>,
    any_brand: bool,
    crops: Vec<bool>,
    any_crop: bool,
    prices: [bool; 4],
    any_price: bool,
    in_stock: bool,
}

/// The options of a list's filters with how many products each would show.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Facets<'a> {
    /// The brands in the shop's order; one with no product among the other filters' is left
    /// out unless ticked.
    pub brands: Vec<FacetOption<'a>>,
    /// The crops in the shop's order (empty on a crop's own page), left out as brands are.
    pub crops: Vec<FacetOption<'a>>,
    /// The price bands, cheapest first, left out as brands are.
    pub prices: Vec<PriceFacet>,
    pub in_stock: StockFacet,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FacetOption<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    /// The products this option shows together with the other filters ticked.
    pub count: u32,
    pub selected: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PriceFacet {
    pub slug: PriceBand,
    /// Its lowest price, in rupees.
    pub min: u32,
    /// The first price past it, in rupees; null for the top band.
    #[schema(required = true)]
    pub max: Option<u32>,
    pub count: u32,
    pub selected: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StockFacet {
    /// The products in stock among the other filters'.
    pub count: u32,
    pub selected: bool,
}

/// One page of a filtered list: `{data, total, page, per_page, has_more}` as every list pages,
/// with the filters' options and counts and the order applied.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProductList<'a> {
    pub data: Vec<ProductCard<'a>>,
    /// How many products match the filters.
    pub total: usize,
    pub page: u32,
    pub per_page: u32,
    pub has_more: bool,
    pub facets: Facets<'a>,
    pub sort: ListSort,
}

/// Which facets a list shows: a crop's page has no crop filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CropFacet {
    Shown,
    Hidden,
}

impl DocFacets {
    pub fn build(
        docs: Vec<DocFact>,
        brands: Vec<(String, String)>,
        crops: Vec<(String, String)>,
    ) -> Self {
        let mut crop_start = Vec::with_capacity(docs.len() + 1);
        let mut crop_ids = Vec::new();
        crop_start.push(0);
        for doc in &docs {
            crop_ids.extend_from_slice(&doc.crops);
            crop_start.push(crop_ids.len() as u32);
        }
        let index = |list: &[(String, String)]| -> HashMap<String, u16> {
            list.iter()
                .enumerate()
                .map(|(i, (slug, _))| (slug.clone(), i as u16))
                .collect()
        };
        Self {
            brand: docs.iter().map(|d| d.brand).collect(),
            price: docs.iter().map(|d| d.price_paise).collect(),
            in_stock: docs.iter().map(|d| d.in_stock).collect(),
            created: docs.iter().map(|d| d.created).collect(),
            crop_start: crop_start.into(),
            crop_ids: crop_ids.into(),
            brand_of: index(&brands),
            crop_of: index(&crops),
            brands,
            crops,
        }
    }

    /// The filter's slugs as options of this catalogue; an unknown one names its field.
    pub fn select(&self, filter: &ListFilter) -> Result<Selection, FilterError> {
        let mask = |slugs: &[String],
                    of: &HashMap<String, u16>,
                    len: usize,
                    field: &'static str|
         -> Result<Vec<bool>, FilterError> {
            let mut mask = vec![false; len];
            for slug in slugs {
                let &at = of
                    .get(slug)
                    .ok_or_else(|| FilterError::no_such(field, slug))?;
                mask[at as usize] = true;
            }
            Ok(mask)
        };
        Ok(Selection {
            brands: mask(&filter.brands, &self.brand_of, self.brands.len(), "brand")?,
            any_brand: filter.brands.is_empty(),
            crops: mask(&filter.crops, &self.crop_of, self.crops.len(), "crop")?,
            any_crop: filter.crops.is_empty(),
            prices: filter.price_mask(),
            any_price: filter.prices.is_empty(),
            in_stock: filter.in_stock,
        })
    }

    fn crops_of(&self, doc: u32) -> &[u16] {
        let d = doc as usize;
        &self.crop_ids[self.crop_start[d] as usize..self.crop_start[d + 1] as usize]
    }

    fn band(&self, doc: u32) -> PriceBand {
        PriceBand::of_paise(self.price[doc as usize])
    }

    /// The products of `docs` (in their order) that match every filter, and each option's count.
    pub fn filter<'a>(
        &'a self,
        docs: impl IntoIterator<Item = u32>,
        selection: &Selection,
        crop_facet: CropFacet,
    ) -> (Vec<u32>, Facets<'a>) {
        let mut kept = Vec::new();
        let mut brand_counts = vec![0u32; self.brands.len()];
        let mut crop_counts = vec![0u32; self.crops.len()];
        let mut price_counts = [0u32; 4];
        let mut stock_count = 0u32;
        for doc in docs {
            let d = doc as usize;
            let brand = self.brand[d] as usize;
            let band = self.band(doc) as usize;
            let by_brand = selection.any_brand || selection.brands[brand];
            let by_crop = selection.any_crop
                || self
                    .crops_of(doc)
                    .iter()
                    .any(|&c| selection.crops[c as usize]);
            let by_price = selection.prices[band];
            let in_stock = self.in_stock[d];
            let by_stock = !selection.in_stock || in_stock;
            if by_crop && by_price && by_stock {
                brand_counts[brand] += 1;
            }
            if by_brand && by_price && by_stock && crop_facet == CropFacet::Shown {
                for &c in self.crops_of(doc) {
                    crop_counts[c as usize] += 1;
                }
            }
            if by_brand && by_crop && by_stock {
                price_counts[band] += 1;
            }
            if by_brand && by_crop && by_price {
                stock_count += u32::from(in_stock);
                if by_stock {
                    kept.push(doc);
                }
            }
        }
        let options = |list: &'a [(String, String)], counts: &[u32], ticked: &[bool]| {
            list.iter()
                .zip(counts)
                .zip(ticked)
                .filter(|&((_, &count), &selected)| count > 0 || selected)
                .map(|(((slug, name), &count), &selected)| FacetOption {
                    slug,
                    name,
                    count,
                    selected,
                })
                .collect::<Vec<_>>()
        };
        let facets = Facets {
            brands: options(&self.brands, &brand_counts, &selection.brands),
            crops: match crop_facet {
                CropFacet::Shown => options(&self.crops, &crop_counts, &selection.crops),
                CropFacet::Hidden => Vec::new(),
            },
            prices: PriceBand::ALL
                .into_iter()
                .zip(price_counts)
                .filter(|(band, count)| {
                    *count > 0 || (!selection.any_price && selection.prices[*band as usize])
                })
                .map(|(band, count)| {
                    let (min, max) = band.rupees();
                    PriceFacet {
                        slug: band,
                        min,
                        max,
                        count,
                        selected: !selection.any_price && selection.prices[band as usize],
                    }
                })
                .collect(),
            in_stock: StockFacet {
                count: stock_count,
                selected: selection.in_stock,
            },
        };
        (kept, facets)
    }

    /// Orders `docs` (a list in its own order) by `sort`, enough that its first `wanted` are in
    /// place; products that tie keep the list's order.
    pub fn sort(&self, docs: &mut [u32], sort: ListSort, wanted: usize) {
        let wanted = wanted.min(docs.len());
        if wanted == 0 || sort == ListSort::Relevance {
            return;
        }
        // The list's order breaks ties: each product's place in it goes into the key.
        let mut keyed: Vec<(i64, u32, u32)> = docs
            .iter()
            .enumerate()
            .map(|(place, &doc)| {
                let d = doc as usize;
                let key = match sort {
                    ListSort::PriceAsc => self.price[d],
                    ListSort::PriceDesc => -self.price[d],
                    ListSort::Newest => -self.created[d],
                    ListSort::Relevance => 0,
                };
                (key, place as u32, doc)
            })
            .collect();
        if wanted < keyed.len() {
            keyed.select_nth_unstable(wanted - 1);
            keyed.truncate(wanted);
        }
        keyed.sort_unstable();
        for (slot, (_, _, doc)) in docs.iter_mut().zip(keyed) {
            *slot = doc;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six products: brands a (0) and b (1); crops cardamom (0) and pepper (1).
    ///
    /// | doc | brand | price ₹ | stock | crops | created |
    /// |-----|-------|---------|-------|-------|---------|
    /// | 0   | a     | 150     | yes   | c     | 1       |
    /// | 1   | a     | 300     | no    | c, p  | 5       |
    /// | 2   | b     | 1200    | yes   | p     | 3       |
    /// | 3   | b     | 450     | yes   | —     | 6       |
    /// | 4   | a     | 800     | yes   | p     | 2       |
    /// | 5   | b     | 199     | no    | c     | 4       |
    fn facets() -> DocFacets {
        let doc = |brand, rupees: i64, in_stock, crops: &[u16], created| DocFact {
            brand,
            price_paise: rupees * 100,
            in_stock,
            created,
            crops: crops.to_vec(),
        };
        let named = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(s, n)| (s.to_string(), n.to_string()))
                .collect()
        };
        DocFacets::build(
            vec![
                doc(0, 150, true, &[0], 1),
                doc(0, 300, false, &[0, 1], 5),
                doc(1, 1200, true, &[1], 3),
                doc(1, 450, true, &[], 6),
                doc(0, 800, true, &[1], 2),
                doc(1, 199, false, &[0], 4),
            ],
            named(&[("a", "Agro A"), ("b", "Bio B")]),
            named(&[("cardamom", "Cardamom"), ("pepper", "Pepper")]),
        )
    }

    fn filter(brand: &str, crop: &str, price: &str, stock: bool) -> ListFilter {
        let some = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        ListFilter::parse(
            some(brand).as_deref(),
            some(crop).as_deref(),
            some(price).as_deref(),
            stock.then_some("in"),
        )
        .unwrap()
    }

    fn counts<'a>(options: &'a [FacetOption<'a>]) -> Vec<(&'a str, u32, bool)> {
        options
            .iter()
            .map(|o| (o.slug, o.count, o.selected))
            .collect()
    }

    #[test]
    fn nothing_ticked_counts_the_whole_list() {
        let f = facets();
        let selection = f.select(&ListFilter::default()).unwrap();
        let (kept, facets) = f.filter(0..6, &selection, CropFacet::Shown);
        assert_eq!(kept, [0, 1, 2, 3, 4, 5]);
        assert_eq!(counts(&facets.brands), [("a", 3, false), ("b", 3, false)]);
        assert_eq!(
            counts(&facets.crops),
            [("cardamom", 3, false), ("pepper", 3, false)]
        );
        let prices: Vec<(&str, u32)> = facets
            .prices
            .iter()
            .map(|p| (p.slug.slug(), p.count))
            .collect();
        // 150 and 199; 300 and 450; 800; 1200.
        assert_eq!(
            prices,
            [
                ("under-200", 2),
                ("200-500", 2),
                ("500-1000", 1),
                ("over-1000", 1)
            ]
        );
        assert_eq!(facets.in_stock.count, 4);
    }

    #[test]
    fn each_facet_counts_under_the_other_filters() {
        let f = facets();
        // Brand a and in stock: docs 0 and 4.
        let selection = f.select(&filter("a", "", "", true)).unwrap();
        let (kept, facets) = f.filter(0..6, &selection, CropFacet::Shown);
        assert_eq!(kept, [0, 4]);
        // Brands under "in stock" alone: a has 0 and 4, b has 2 and 3.
        assert_eq!(counts(&facets.brands), [("a", 2, true), ("b", 2, false)]);
        // Crops under brand a and in stock: cardamom 0, pepper 4.
        assert_eq!(
            counts(&facets.crops),
            [("cardamom", 1, false), ("pepper", 1, false)]
        );
        // In stock under brand a: 0 and 4 of a's 0, 1, 4.
        assert_eq!(facets.in_stock.count, 2);
        assert!(facets.in_stock.selected);
        // Prices under brand a and in stock: 150 and 800.
        let prices: Vec<(&str, u32)> = facets
            .prices
            .iter()
            .map(|p| (p.slug.slug(), p.count))
            .collect();
        assert_eq!(prices, [("under-200", 1), ("500-1000", 1)]);
    }

    #[test]
    fn a_ticked_option_without_products_stays_and_others_without_go() {
        let f = facets();
        // Pepper under ₹200: nothing (pepper's are 300, 1200 and 800).
        let selection = f.select(&filter("", "pepper", "under-200", false)).unwrap();
        let (kept, facets) = f.filter(0..6, &selection, CropFacet::Shown);
        assert!(kept.is_empty());
        assert_eq!(
            counts(&facets.crops),
            [("cardamom", 2, false), ("pepper", 0, true)]
        );
        assert!(facets.brands.is_empty());
        let prices: Vec<(&str, u32, bool)> = facets
            .prices
            .iter()
            .map(|p| (p.slug.slug(), p.count, p.selected))
            .collect();
        assert_eq!(
            prices,
            [
                ("under-200", 0, true),
                ("200-500", 1, false),
                ("500-1000", 1, false),
                ("over-1000", 1, false)
            ]
        );
        // Two crops ticked: either will do.
        let selection = f.select(&filter("", "cardamom,pepper", "", false)).unwrap();
        assert_eq!(
            f.filter(0..6, &selection, CropFacet::Shown).0,
            [0, 1, 2, 4, 5]
        );
    }

    #[test]
    fn unknown_slugs_name_their_field() {
        let f = facets();
        assert_eq!(
            f.select(&filter("zz", "", "", false)).err().unwrap().field,
            "brand"
        );
        assert_eq!(
            f.select(&filter("", "rice", "", false))
                .err()
                .unwrap()
                .field,
            "crop"
        );
    }

    #[test]
    fn sorts_keep_the_list_order_between_equals() {
        let f = facets();
        let mut docs = vec![5, 4, 3, 2, 1, 0];
        f.sort(&mut docs, ListSort::PriceAsc, 6);
        assert_eq!(docs, [0, 5, 1, 3, 4, 2]);
        f.sort(&mut docs, ListSort::PriceDesc, 6);
        assert_eq!(docs, [2, 4, 3, 1, 5, 0]);
        let mut docs = vec![0, 1, 2, 3, 4, 5];
        f.sort(&mut docs, ListSort::Newest, 2);
        assert_eq!(&docs[..2], [3, 1]);
        let mut docs = vec![3, 0];
        f.sort(&mut docs, ListSort::Relevance, 2);
        assert_eq!(docs, [3, 0]);
    }
}
