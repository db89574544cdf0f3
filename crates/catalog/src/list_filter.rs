//! What a shopper narrows a product list to (brands, crops, price bands, in stock only) and the
//! order they want it in, checked at the edge: each value is one the shop knows, in one spelling
//! (sorted, each once), so two addresses that ask for the same list are one address.

use serde::Serialize;

/// Which filter parameter was wrong, and why, in words a client can show (a 422: the address
/// names something the shop does not have).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FilterError {
    pub field: &'static str,
    pub message: String,
}

/// A price band, in whole rupees of the price a card shows (its first pack size's). The bands
/// split the demo catalogue's 110 products about 40, 36, 19 and 15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, utoipa::ToSchema)]
pub enum PriceBand {
    #[serde(rename = "under-200")]
    Under200,
    #[serde(rename = "200-500")]
    From200To500,
    #[serde(rename = "500-1000")]
    From500To1000,
    #[serde(rename = "over-1000")]
    Over1000,
}

impl PriceBand {
    pub const ALL: [PriceBand; 4] = [
        Self::Under200,
        Self::From200To500,
        Self::From500To1000,
        Self::Over1000,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Self::Under200 => "under-200",
            Self::From200To500 => "200-500",
            Self::From500To1000 => "500-1000",
            Self::Over1000 => "over-1000",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|band| band.slug() == raw)
    }

    /// Its lowest and first price past it, in rupees (none: open-ended).
    pub fn rupees(self) -> (u32, Option<u32>) {
        match self {
            Self::Under200 => (0, Some(200)),
            Self::From200To500 => (200, Some(500)),
            Self::From500To1000 => (500, Some(1000)),
            Self::Over1000 => (1000, None),
        }
    }

    /// The band of a price in paise: a price on a bound is in the band it starts.
    pub fn of_paise(paise: i64) -> Self {
        match paise {
            ..20_000 => Self::Under200,
            20_000..50_000 => Self::From200To500,
            50_000..100_000 => Self::From500To1000,
            _ => Self::Over1000,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The order of a list. `Relevance` is a search's best match first and, on any other list, the
/// list's own order (by name): each list's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum ListSort {
    #[default]
    #[serde(rename = "relevance")]
    Relevance,
    #[serde(rename = "price-asc")]
    PriceAsc,
    #[serde(rename = "price-desc")]
    PriceDesc,
    #[serde(rename = "newest")]
    Newest,
}

impl ListSort {
    pub const ALL: [ListSort; 4] = [
        Self::Relevance,
        Self::PriceAsc,
        Self::PriceDesc,
        Self::Newest,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Self::Relevance => "relevance",
            Self::PriceAsc => "price-asc",
            Self::PriceDesc => "price-desc",
            Self::Newest => "newest",
        }
    }

    /// The sort a `sort` parameter names; absent, the default.
    pub fn parse(raw: Option<&str>) -> Result<Self, FilterError> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(Self::default());
        };
        Self::ALL
            .into_iter()
            .find(|sort| sort.slug() == raw)
            .ok_or_else(|| FilterError {
                field: "sort",
                message: "There is no such order for a list.".into(),
            })
    }
}

/// The filters of a list, each set held sorted and once. Brand and crop slugs are checked
/// against the catalogue when the list is drawn ([`crate::CatalogSnapshot`]); an empty set
/// filters nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListFilter {
    pub brands: Vec<String>,
    pub crops: Vec<String>,
    pub prices: Vec<PriceBand>,
    pub in_stock: bool,
}

impl FilterError {
    /// A brand, crop or price band the shop does not have.
    pub fn no_such(field: &'static str, value: &str) -> Self {
        // Quoted short: the message goes back to whoever typed it.
        let value: String = value.chars().take(40).collect();
        let message = match field {
            "brand" => format!("No brand is called {value}."),
            "crop" => format!("No crop is called {value}."),
            _ => format!("No price band is called {value}."),
        };
        Self { field, message }
    }
}

/// At most this many values in one parameter: more than the shop has brands or crops of any
/// list is no list a shopper made.
const MAX_VALUES: usize = 40;

impl ListFilter {
    /// Parses the raw parameters: `brand` and `crop` are comma-separated slugs, `price`
    /// comma-separated bands, `stock` is `in` or absent.
    pub fn parse(
        brand: Option<&str>,
        crop: Option<&str>,
        price: Option<&str>,
        stock: Option<&str>,
    ) -> Result<Self, FilterError> {
        let prices = split("price", price)?
            .into_iter()
            .map(|raw| PriceBand::parse(&raw).ok_or_else(|| FilterError::no_such("price", &raw)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut prices = prices;
        prices.sort_unstable();
        prices.dedup();
        let in_stock = match stock.map(str::trim).filter(|s| !s.is_empty()) {
            None => false,
            Some("in") => true,
            Some(_) => {
                return Err(FilterError {
                    field: "stock",
                    message: "The stock filter takes one value, for products in stock only.".into(),
                });
            }
        };
        Ok(Self {
            brands: slugs("brand", brand)?,
            crops: slugs("crop", crop)?,
            prices,
            in_stock,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.brands.is_empty() && self.crops.is_empty() && self.prices.is_empty() && !self.in_stock
    }

    /// The filter as query parameters in one spelling (`brand=a,b&crop=c&price=…&stock=in`),
    /// with `sort` when it is not the default; empty when there is nothing to say.
    pub fn query(&self, sort: ListSort) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.brands.is_empty() {
            parts.push(format!("brand={}", self.brands.join(",")));
        }
        if !self.crops.is_empty() {
            parts.push(format!("crop={}", self.crops.join(",")));
        }
        if !self.prices.is_empty() {
            let bands: Vec<&str> = self.prices.iter().map(|b| b.slug()).collect();
            parts.push(format!("price={}", bands.join(",")));
        }
        if sort != ListSort::default() {
            parts.push(format!("sort={}", sort.slug()));
        }
        if self.in_stock {
            parts.push("stock=in".into());
        }
        parts.join("&")
    }

    pub(crate) fn price_mask(&self) -> [bool; 4] {
        let mut mask = [self.prices.is_empty(); 4];
        for band in &self.prices {
            mask[band.index()] = true;
        }
        mask
    }
}

fn split(field: &'static str, raw: Option<&str>) -> Result<Vec<String>, FilterError> {
    let values: Vec<String> = raw
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect();
    if values.len() > MAX_VALUES {
        return Err(FilterError {
            field,
            message: format!(
                "At most {max} values may be given, separated by commas.",
                max = MAX_VALUES
            ),
        });
    }
    Ok(values)
}

/// Slugs as the shop spells them (lowercase letters, digits, hyphens), sorted, each once.
fn slugs(field: &'static str, raw: Option<&str>) -> Result<Vec<String>, FilterError> {
    let mut values = split(field, raw)?;
    if let Some(bad) = values.iter().find(|v| {
        v.len() > 120
            || !v
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    }) {
        return Err(FilterError::no_such(field, bad));
    }
    values.sort_unstable();
    values.dedup();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_have_one_spelling() {
        let filter = ListFilter::parse(
            Some("b-two, a-one,b-two"),
            Some("pepper,cardamom"),
            Some("over-1000,under-200,over-1000"),
            Some("in"),
        )
        .unwrap();
        assert_eq!(filter.brands, ["a-one", "b-two"]);
        assert_eq!(filter.crops, ["cardamom", "pepper"]);
        assert_eq!(filter.prices, [PriceBand::Under200, PriceBand::Over1000]);
        assert!(filter.in_stock);
        assert_eq!(
            filter.query(ListSort::PriceAsc),
            "brand=a-one,b-two&crop=cardamom,pepper&price=under-200,over-1000&sort=price-asc&stock=in"
        );
        let none = ListFilter::parse(None, Some(""), None, None).unwrap();
        assert!(none.is_empty());
        assert_eq!(none.query(ListSort::Relevance), "");
    }

    #[test]
    fn bad_values_name_their_field() {
        let field = |r: Result<ListFilter, FilterError>| r.unwrap_err().field;
        assert_eq!(
            field(ListFilter::parse(Some("Neem Oil"), None, None, None)),
            "brand"
        );
        assert_eq!(
            field(ListFilter::parse(None, Some("<x>"), None, None)),
            "crop"
        );
        assert_eq!(
            field(ListFilter::parse(None, None, Some("cheap"), None)),
            "price"
        );
        assert_eq!(
            field(ListFilter::parse(None, None, None, Some("out"))),
            "stock"
        );
        let many = vec!["a"; 41].join(",");
        assert_eq!(
            field(ListFilter::parse(Some(&many), None, None, None)),
            "brand"
        );
        assert_eq!(ListSort::parse(Some("cheapest")).unwrap_err().field, "sort");
        assert_eq!(ListSort::parse(None).unwrap(), ListSort::Relevance);
        assert_eq!(ListSort::parse(Some("newest")).unwrap(), ListSort::Newest);
    }

    #[test]
    fn a_price_on_a_bound_is_in_the_band_it_starts() {
        assert_eq!(PriceBand::of_paise(19_999), PriceBand::Under200);
        assert_eq!(PriceBand::of_paise(20_000), PriceBand::From200To500);
        assert_eq!(PriceBand::of_paise(99_999), PriceBand::From500To1000);
        assert_eq!(PriceBand::of_paise(100_000), PriceBand::Over1000);
    }
}
