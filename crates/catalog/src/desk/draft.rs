//! The checked values staff send: what a product or variant should be, and a stock adjustment.
//! Each parse function gives the message a staff member reads under the field.

use fields::IndianState;
use pricing::{GstRate, PackUnit, Price, SupplyKind};
use serde::{Deserialize, Serialize};

use super::translation_fields::{ProductWords, VariantWords, WordEdits};
use crate::search_terms::split_search_terms;

/// The GST slabs in force since 22 September 2025, in basis points: a product's rate is one of
/// these (orders keep the rate they were sold at, so changing the list changes no order).
pub const GST_SLABS_BP: [u16; 4] = [0, 500, 1800, 4000];

/// A GST rate given as a fraction (0.18), which must be one of [`GST_SLABS_BP`].
pub fn parse_gst_rate(fraction: f64) -> Result<GstRate, String> {
    let refused = || "Choose one of the GST slabs: 0, 5, 18 or 40 percent.".to_owned();
    let bp = (fraction * 10_000.0).round();
    if !fraction.is_finite() || (fraction * 10_000.0 - bp).abs() > 1e-6 {
        return Err(refused());
    }
    GST_SLABS_BP
        .iter()
        .find(|slab| f64::from(**slab) == bp)
        .and_then(|slab| GstRate::new(*slab).ok())
        .ok_or_else(refused)
}

/// The kind of supply a product is, checked against its rate. Absent, it is what a client that
/// does not know kinds meant: `taxable` above 0 %, `exempt` at 0 % (the exempt goods of
/// 10/2025-CT(R) were the shop's only 0 % products).
pub fn parse_supply_kind(raw: Option<&str>, rate: Option<GstRate>) -> Result<SupplyKind, String> {
    let kind = match (raw, rate) {
        (Some(word), _) => SupplyKind::parse(word).map_err(|e| e.to_string())?,
        (None, Some(rate)) if rate.basis_points() > 0 => SupplyKind::Taxable,
        (None, _) => SupplyKind::Exempt,
    };
    match rate {
        Some(rate) => kind
            .check_rate(rate)
            .map(|()| kind)
            .map_err(|e| e.to_string()),
        None => Ok(kind),
    }
}

/// An HSN code: 4, 6 or 8 digits.
pub fn parse_hsn(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if matches!(raw.len(), 4 | 6 | 8) && raw.chars().all(|c| c.is_ascii_digit()) {
        Ok(raw.to_owned())
    } else {
        Err("The HSN code has 4, 6 or 8 digits.".into())
    }
}

/// Trimmed text of 1 to `max` characters.
pub fn parse_text(raw: &str, max: usize) -> Result<String, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        Err("This may not be blank.".into())
    } else if fields::text::has_control(raw) {
        // PostgreSQL refuses a NUL in TEXT; no name or label needs any control character.
        Err("This may not contain control characters.".into())
    } else if raw.chars().count() > max {
        Err(format!("At most {max} characters."))
    } else {
        Ok(raw.to_owned())
    }
}

/// A description in the tiny markup of [`crate::desk::markup`]: plain text only, no HTML.
pub fn parse_description(raw: &str) -> Result<String, String> {
    if raw.contains('<') || raw.contains('>') {
        return Err(
            "Write the description as plain text: paragraphs separated by a blank line, \
             list items starting with \"- \". HTML is not accepted."
                .into(),
        );
    }
    if raw.chars().count() > 10_000 {
        return Err("At most 10000 characters.".into());
    }
    if fields::text::has_control(raw) {
        return Err("The description may not contain control characters.".into());
    }
    Ok(raw.trim().replace("\r\n", "\n"))
}

/// At most this many search words per product and language.
pub const SEARCH_TERMS_MAX: usize = 50;
/// At most this many characters in one search word.
pub const SEARCH_TERM_MAX_CHARS: usize = 60;

/// A product's search words as staff give them (each item may itself hold several, one per line
/// or comma-separated): trimmed, blanks dropped, each kept once whatever its case.
pub fn parse_search_terms(raw: &[String]) -> Result<Vec<String>, String> {
    let mut terms: Vec<String> = Vec::new();
    for term in raw.iter().flat_map(|item| split_search_terms(item)) {
        if fields::text::has_control(&term) {
            return Err("Search words may not contain control characters.".into());
        }
        if term.chars().count() > SEARCH_TERM_MAX_CHARS {
            return Err(format!(
                "A search word has at most {SEARCH_TERM_MAX_CHARS} characters; separate words with commas."
            ));
        }
        let folded = term.to_lowercase();
        if !terms.iter().any(|t| t.to_lowercase() == folded) {
            terms.push(term);
        }
    }
    if terms.len() > SEARCH_TERMS_MAX {
        return Err(format!("At most {SEARCH_TERMS_MAX} search words."));
    }
    Ok(terms)
}

/// A product's regulation as staff write it: `none`, `insecticide`, `fertiliser` or `seed`.
pub fn parse_regulation(raw: &str) -> Result<::batches::Regulation, String> {
    ::batches::Regulation::parse(&raw.trim().to_lowercase())
        .ok_or_else(|| "Choose none, insecticide, fertiliser or seed.".into())
}

/// An insecticide's CIB&RC registration number as staff write it: blank is none; else up to 100
/// characters.
pub fn parse_registration_number(raw: &str) -> Result<Option<String>, String> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        parse_text(raw, 100).map(Some)
    }
}

/// The message when an insecticide has no registration number.
pub const REGISTRATION_REQUIRED: &str =
    "An insecticide needs its CIB&RC registration number (it is printed on its papers).";

/// What the Legal Metrology (Packaged Commodities) and Consumer Protection (E-Commerce) rules
/// ask a product page to declare, and where the product may not be shipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Declarations {
    /// The manufacturer or packer.
    pub manufacturer: String,
    pub manufacturer_address: String,
    pub country_of_origin: String,
    /// Best before or expiry, where it applies ("24 months from manufacture").
    #[schema(required = true)]
    pub best_before: Option<String>,
    /// Hazardous or restricted goods (some pesticides): checkout refuses `restricted_states`.
    pub is_hazardous: bool,
    /// States this product may not be shipped to.
    pub restricted_states: Vec<String>,
}

impl Declarations {
    /// The restricted states as stored: a JSON array of state names.
    pub fn states_json(&self) -> String {
        serde_json::to_string(&self.restricted_states).unwrap_or_else(|_| "[]".into())
    }

    /// Checks every restricted state's name and gives it as India's list spells it.
    pub fn parse_states(raw: &[String]) -> Result<Vec<String>, String> {
        let mut states: Vec<String> = raw
            .iter()
            .map(|s| IndianState::parse(s).map(|s| s.name().to_owned()))
            .collect::<Result<_, _>>()?;
        states.sort();
        states.dedup();
        Ok(states)
    }
}

/// A product as staff set it (everything but its variants).
#[derive(Debug, Clone)]
pub struct ProductDraft {
    pub name: String,
    pub brand_id: i64,
    pub category_ids: Vec<i64>,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate: GstRate,
    pub supply_kind: SupplyKind,
    pub is_active: bool,
    pub is_featured: bool,
    pub featured_position: i32,
    pub declarations: Declarations,
    /// Its English search words; `None` leaves them as they are.
    pub search_terms: Option<Vec<String>>,
    /// Whether its stock is kept by batch; `None` leaves it as it is (a new product: not).
    pub batch_tracked: Option<bool>,
    /// The licence its sale needs; `None` leaves it as it is (a new product: none).
    pub regulated_as: Option<::batches::Regulation>,
    /// An insecticide's CIB&RC registration number: `None` leaves it as it is, `Some(None)`
    /// removes it.
    pub registration_number: Option<Option<String>>,
    pub translations: WordEdits<ProductWords>,
    /// The `version` the staff member's form was loaded at; a save from an older one is
    /// refused ([`super::DeskError::Stale`]). `None` saves whatever the version.
    pub loaded_version: Option<i32>,
}

/// A variant as staff set it. `stock` is the opening stock of a new variant (recorded as a
/// `received` movement); an edit never sets stock, which moves only by adjustments.
#[derive(Debug, Clone)]
pub struct VariantDraft {
    pub variant_name: Option<String>,
    pub sku: String,
    pub mrp: Option<Price>,
    pub retail_price: Price,
    pub weight_grams: i32,
    pub net_quantity: Option<String>,
    /// The GSTN unit one pack is reported in, and how much of it the pack holds.
    pub unit: PackUnit,
    pub stock: i32,
    pub low_stock_threshold: i32,
    pub position: i32,
    pub is_active: bool,
    pub translations: WordEdits<VariantWords>,
    /// As [`ProductDraft::loaded_version`].
    pub loaded_version: Option<i32>,
}

/// The most units a variant may hold in stock: a bound far above any shelf, so that sums of
/// stock (and a cancelled order's restock) stay far inside `i32`.
pub const STOCK_MAX: i32 = 10_000_000;
/// The most units one stock adjustment may move, either way.
pub const STOCK_DELTA_MAX: i32 = 1_000_000;
/// The heaviest unit, in grams (one tonne): parcel weights are summed per order.
pub const WEIGHT_GRAMS_MAX: i32 = 1_000_000;

/// The price may never exceed the MRP.
pub fn check_price(mrp: Option<Price>, retail_price: Price) -> Result<(), String> {
    match mrp {
        Some(mrp) if retail_price > mrp => Err("The price may not be more than the MRP.".into()),
        _ => Ok(()),
    }
}

/// A SKU: 1 to 64 letters, digits, hyphens, dots or underscores.
pub fn parse_sku(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if !raw.is_empty()
        && raw.len() <= 64
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        Ok(raw.to_owned())
    } else {
        Err("A SKU has 1 to 64 letters, digits, hyphens, dots or underscores.".into())
    }
}

/// Why stock moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockReason {
    Received,
    Damaged,
    Returned,
    Correction,
    /// A count of the shelf replaced the stock (a stocktake); the movement is the difference.
    /// Written by "set to counted quantity" and a sheet's count (not given as a reason).
    Stocktake,
    /// Written by checkout (not accepted from staff).
    Sold,
    /// Written when an order is cancelled and its units go back on the shelf.
    Cancelled,
}

impl StockReason {
    /// A reason staff may give.
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw.trim() {
            "received" => Ok(Self::Received),
            "damaged" => Ok(Self::Damaged),
            "returned" => Ok(Self::Returned),
            "correction" => Ok(Self::Correction),
            _ => Err("Choose received, damaged, returned or correction.".into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Received => "received",
            Self::Damaged => "damaged",
            Self::Returned => "returned",
            Self::Correction => "correction",
            Self::Stocktake => "stocktake",
            Self::Sold => "sold",
            Self::Cancelled => "cancelled",
        }
    }
}

/// A change of a variant's stock by `delta` units (not zero).
#[derive(Debug, Clone)]
pub struct StockAdjustment {
    pub delta: i32,
    pub reason: StockReason,
    pub note: Option<String>,
    /// The batch it concerns, for a product kept by batch (else the first to expire when
    /// taking, the newest when adding).
    pub batch: Option<db::BatchId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gst_rates_must_be_a_slab() {
        assert_eq!(i32::from(parse_gst_rate(0.18).unwrap()), 1800);
        assert_eq!(i32::from(parse_gst_rate(0.4).unwrap()), 4000);
        assert_eq!(i32::from(parse_gst_rate(0.0).unwrap()), 0);
        assert!(parse_gst_rate(0.12).is_err());
        assert!(parse_gst_rate(0.28).is_err());
        assert!(parse_gst_rate(18.0).is_err());
    }

    #[test]
    fn supply_kinds_default_from_the_rate_and_agree_with_it() {
        let rate = |bp| Some(GstRate::new(bp).unwrap());
        assert_eq!(parse_supply_kind(None, rate(500)), Ok(SupplyKind::Taxable));
        assert_eq!(parse_supply_kind(None, rate(0)), Ok(SupplyKind::Exempt));
        assert_eq!(
            parse_supply_kind(Some("nil-rated"), rate(0)),
            Ok(SupplyKind::NilRated)
        );
        assert!(parse_supply_kind(Some("taxable"), rate(0)).is_err());
        assert!(parse_supply_kind(Some("exempt"), rate(1800)).is_err());
        assert!(parse_supply_kind(Some("zero"), rate(0)).is_err());
        assert_eq!(
            parse_supply_kind(Some("non_gst"), None),
            Ok(SupplyKind::NonGst),
            "no rate to check against: its own error is shown"
        );
    }

    #[test]
    fn hsn_codes_have_4_6_or_8_digits() {
        assert!(parse_hsn("3808").is_ok());
        assert!(parse_hsn("380891").is_ok());
        assert!(parse_hsn("38089199").is_ok());
        assert!(parse_hsn("38089").is_err());
        assert!(parse_hsn("3808A199").is_err());
    }

    #[test]
    fn the_price_may_not_exceed_the_mrp() {
        let price = |paise| Price::new(pricing::Paise::new(paise)).unwrap();
        assert!(check_price(Some(price(100)), price(100)).is_ok());
        assert!(check_price(None, price(100)).is_ok());
        assert_eq!(
            check_price(Some(price(100)), price(101)).unwrap_err(),
            "The price may not be more than the MRP."
        );
    }

    #[test]
    fn descriptions_refuse_html() {
        assert!(parse_description("Use <b>early</b>").is_err());
        assert_eq!(
            parse_description(" One.\r\n\r\n- a ").unwrap(),
            "One.\n\n- a"
        );
    }

    #[test]
    fn search_words_are_split_trimmed_and_kept_once() {
        let terms = parse_search_terms(&["elam, Elakkai".into(), " ഏലം\nELAM ".into(), " ".into()]);
        assert_eq!(terms.unwrap(), ["elam", "Elakkai", "ഏലം"]);
        assert!(parse_search_terms(&["x".repeat(61)]).is_err());
        assert!(parse_search_terms(&["el\u{7}am".into()]).is_err());
        let many: Vec<String> = (0..51).map(|i| format!("word{i}")).collect();
        assert_eq!(
            parse_search_terms(&many).unwrap_err(),
            "At most 50 search words."
        );
    }

    #[test]
    fn restricted_states_are_canonical() {
        let states =
            Declarations::parse_states(&["kerala".into(), "Punjab".into(), "KERALA".into()])
                .unwrap();
        assert_eq!(states, ["Kerala", "Punjab"]);
        assert!(Declarations::parse_states(&["Atlantis".into()]).is_err());
    }

    #[test]
    fn staff_may_not_record_sales() {
        assert_eq!(StockReason::parse("damaged"), Ok(StockReason::Damaged));
        assert!(StockReason::parse("sold").is_err());
    }
}
