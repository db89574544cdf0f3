//! A list page's filters and order from its address (`?brand=a,b&price=under-200&sort=...`):
//! only the parameters that page type takes, only values the catalogue has, in one spelling,
//! so that one list is one address, one cache key and one react-query key
//! (`frontend/src/lib/list-filters.ts` writes the same spelling).

use std::borrow::Cow;

use catalog::{CatalogSnapshot, ListFilter, ListSort, PriceBand};

use crate::route::PageKind;

/// The filters and order a list page was asked with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListChoice {
    pub filter: ListFilter,
    pub sort: ListSort,
}

impl ListChoice {
    /// The choice in one spelling (`brand=a,b&crop=c&price=…&sort=…&stock=in`), empty for the
    /// list as it comes.
    pub fn query(&self) -> String {
        self.filter.query(self.sort)
    }

    /// Whether the list is narrowed or reordered: such a page is not indexed and is drawn
    /// within the budget for open addresses.
    pub fn is_default(&self) -> bool {
        self.filter.is_empty() && self.sort == ListSort::default()
    }

    /// What `query` (a request's query string) asks of the list page `kind`, keeping only the
    /// parameters its type takes (a crop's page has no crop filter; other pages none at all)
    /// and the values the catalogue knows; anything else is dropped, as other queries are.
    pub fn of(catalog: &CatalogSnapshot, kind: &PageKind, query: &str) -> Self {
        let takes_crop = match kind {
            PageKind::Category { .. }
            | PageKind::SubCategory { .. }
            | PageKind::Brand { .. }
            | PageKind::Search { .. } => true,
            PageKind::Crop { .. } => false,
            _ => return Self::default(),
        };
        let mut brand = None;
        let mut crop = None;
        let mut price = None;
        let mut stock = None;
        let mut sort = None;
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            let slot = match key.as_ref() {
                "brand" => &mut brand,
                "crop" if takes_crop => &mut crop,
                "price" => &mut price,
                "stock" => &mut stock,
                "sort" => &mut sort,
                _ => continue,
            };
            // A repeated parameter adds to the first (`brand=a&brand=b` is `brand=a,b`).
            let joined: Cow<str> = match slot.take() {
                Some(before) => Cow::Owned(format!("{before},{value}")),
                None => value,
            };
            *slot = Some(joined.into_owned());
        }
        let words = |raw: &Option<String>| -> Vec<String> {
            raw.as_deref()
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let mut filter = ListFilter {
            brands: words(&brand),
            crops: words(&crop),
            prices: words(&price)
                .iter()
                .filter_map(|p| PriceBand::parse(p))
                .collect(),
            in_stock: stock.as_deref() == Some("in"),
        };
        filter.brands.retain(|slug| catalog.has_brand(slug));
        filter.crops.retain(|slug| catalog.has_crop(slug));
        for list in [&mut filter.brands, &mut filter.crops] {
            list.sort_unstable();
            list.dedup();
        }
        filter.prices.sort_unstable();
        filter.prices.dedup();
        Self {
            filter,
            sort: ListSort::parse(sort.as_deref()).unwrap_or_default(),
        }
    }
}
