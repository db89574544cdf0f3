//! What staff send for a product and its variants, and the one rule for each field: the product
//! form, the JSON API and the CSV sheet all check values here ([`ProductDraft::parse`],
//! [`VariantDraft::parse`] and the field functions they use).

use fields::{FormErrors, required_message};
use serde::Deserialize;
use utoipa::ToSchema;

use super::amounts::{
    QuantityInput, RupeesInput, parse_pack_unit, parse_price, parse_weight, weight_grams,
};
use super::translation_fields::{AwardWords, NamedWords, ProductWords, VariantWords, WordEdits};
use super::{
    Declarations, ProductDraft, REGISTRATION_REQUIRED, STOCK_MAX, VariantDraft, check_price,
    parse_description, parse_gst_rate, parse_hsn, parse_registration_number, parse_regulation,
    parse_search_terms, parse_sku, parse_supply_kind, parse_text,
};

/// The text of an optional field, trimmed; blank is absent.
pub fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|raw| !raw.is_empty())
}

/// The Legal Metrology and e-commerce declarations, and where the product may not be shipped.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DeclarationsBody {
    /// The manufacturer or packer. Required.
    pub manufacturer: Option<String>,
    /// Required.
    pub manufacturer_address: Option<String>,
    /// Required, such as "India".
    pub country_of_origin: Option<String>,
    /// Best before or expiry, where it applies.
    pub best_before: Option<String>,
    pub is_hazardous: Option<bool>,
    /// States (as India's list names them) the product may not be shipped to.
    pub restricted_states: Option<Vec<String>>,
}

/// Words in Malayalam (`ml`) and Tamil (`ta`) beside the English fields; no other language is
/// accepted. A language left out stays as it is; within a language given, a blank or null field
/// is removed and the shop shows the English one there.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "T: serde::de::DeserializeOwned")
)]
pub struct TranslationsBody<T> {
    #[serde(default, deserialize_with = "words_object")]
    pub ml: Option<T>,
    #[serde(default, deserialize_with = "words_object")]
    pub ta: Option<T>,
}

/// One language's words, given as a JSON object only, as the contract says: serde would also
/// take a list (or null) for a struct. A language left out is `None` (`#[serde(default)]`).
fn words_object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let object = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
    T::deserialize(serde_json::Value::Object(object))
        .map(Some)
        .map_err(serde::de::Error::custom)
}

/// A product's words in one language.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProductWordsBody {
    /// Up to 200 characters.
    pub name: Option<String>,
    /// Plain text, as the English description.
    pub description: Option<String>,
    /// Words shoppers type for it in this language or its Latin spelling; each up to 60
    /// characters, at most 50.
    pub search_terms: Option<Vec<String>>,
    /// Up to 100 characters.
    pub country_of_origin: Option<String>,
    /// Up to 200 characters; shown only where the English best-before is given.
    pub best_before: Option<String>,
}

/// A variant's name in one language.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct VariantWordsBody {
    /// Up to 100 characters.
    pub variant_name: Option<String>,
}

/// A brand's or category's words in one language.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NamedWordsBody {
    /// Up to 100 characters.
    pub name: Option<String>,
    /// Plain text, as the English description.
    pub description: Option<String>,
}

/// An award's words in one language.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AwardWordsBody {
    /// Up to 200 characters.
    pub title: Option<String>,
    /// Plain text, as the English description.
    pub description: Option<String>,
}

/// One language's words checked, their errors named under `prefix` (`translations.ml.`).
pub trait CheckWords {
    type Words;
    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<Self::Words>;
}

/// An optional text field of a translation: blank is `None` (English stands in).
fn words_text(
    errors: &mut FormErrors,
    field: String,
    raw: &Option<String>,
    max: usize,
) -> Option<Option<String>> {
    errors.optional(&field, given(raw), |s| parse_text(s, max))
}

fn words_description(
    errors: &mut FormErrors,
    field: String,
    raw: &Option<String>,
) -> Option<Option<String>> {
    errors.optional(&field, given(raw), parse_description)
}

impl CheckWords for ProductWordsBody {
    type Words = ProductWords;

    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<ProductWords> {
        let f = |name: &str| format!("{prefix}{name}");
        let name = words_text(errors, f("name"), &self.name, 200);
        let description = words_description(errors, f("description"), &self.description);
        let search_terms = errors.check(
            &f("search_terms"),
            parse_search_terms(&self.search_terms.unwrap_or_default()),
        );
        let country_of_origin =
            words_text(errors, f("country_of_origin"), &self.country_of_origin, 100);
        let best_before = words_text(errors, f("best_before"), &self.best_before, 200);
        Some(ProductWords {
            name: name?,
            description: description?,
            search_terms: search_terms?,
            country_of_origin: country_of_origin?,
            best_before: best_before?,
        })
    }
}

impl CheckWords for VariantWordsBody {
    type Words = VariantWords;

    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<VariantWords> {
        let field = format!("{prefix}variant_name");
        Some(VariantWords {
            variant_name: words_text(errors, field, &self.variant_name, 100)?,
        })
    }
}

impl CheckWords for NamedWordsBody {
    type Words = NamedWords;

    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<NamedWords> {
        let name = words_text(errors, format!("{prefix}name"), &self.name, 100);
        let description =
            words_description(errors, format!("{prefix}description"), &self.description);
        Some(NamedWords {
            name: name?,
            description: description?,
        })
    }
}

impl CheckWords for AwardWordsBody {
    type Words = AwardWords;

    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<AwardWords> {
        let title = words_text(errors, format!("{prefix}title"), &self.title, 200);
        let description =
            words_description(errors, format!("{prefix}description"), &self.description);
        Some(AwardWords {
            title: title?,
            description: description?,
        })
    }
}

/// Each language given, checked under `{prefix}translations.{locale}.`; absent, nothing changes.
pub fn check_translations<B: CheckWords>(
    errors: &mut FormErrors,
    prefix: &str,
    body: Option<TranslationsBody<B>>,
) -> Option<WordEdits<B::Words>> {
    let TranslationsBody { ml, ta } = body.unwrap_or(TranslationsBody { ml: None, ta: None });
    let mut one = |locale: &str, words: Option<B>| match words {
        None => Some(None),
        Some(words) => words
            .check_into(&format!("{prefix}translations.{locale}."), errors)
            .map(Some),
    };
    let ml = one("ml", ml);
    let ta = one("ta", ta);
    Some(WordEdits { ml: ml?, ta: ta? })
}

/// A product's fields (its variants are written separately, or with a new product).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductBody {
    /// Up to 200 characters; the slug is made from it and must be free.
    pub name: Option<String>,
    pub brand_id: Option<i64>,
    pub category_ids: Option<Vec<i64>>,
    /// Plain text: paragraphs separated by a blank line, list items starting with "- ". No HTML.
    pub description: Option<String>,
    /// 4, 6 or 8 digits.
    pub hsn_code: Option<String>,
    /// A fraction, one of the GST slabs: 0, 0.05, 0.18 or 0.4.
    pub gst_rate: Option<f64>,
    /// `taxable` (a rate above 0), `nil_rated`, `exempt` or `non_gst` (those three at 0).
    /// Absent: `taxable` above 0 %, `exempt` at 0 %.
    pub supply_kind: Option<String>,
    /// Default true.
    pub is_active: Option<bool>,
    /// Default false.
    pub is_featured: Option<bool>,
    /// Smaller first; default 0.
    pub featured_position: Option<i32>,
    pub declarations: Option<DeclarationsBody>,
    /// Words shoppers search for it by besides its name, such as the Latin spellings of local
    /// names ("elam, elakkai"); each up to 60 characters, at most 50. Absent: left as they are.
    pub search_terms: Option<Vec<String>>,
    pub translations: Option<TranslationsBody<ProductWordsBody>>,
    /// Whether its stock is kept by batch (pesticides, fertilisers, seeds; not hand tools or
    /// services). Switching it on turns each pack size's stock into an undated `OPENING` batch.
    /// Absent: left as it is (a new product: false).
    pub batch_tracked: Option<bool>,
    /// The licence its sale needs and what its papers show: `none`, `insecticide` (also
    /// fungicides, herbicides, bio-pesticides), `fertiliser` or `seed`. Absent: left as it is
    /// (a new product: `none`).
    pub regulated_as: Option<String>,
    /// An insecticide's CIB&RC registration number, up to 100 characters; required when
    /// `regulated_as` is `insecticide`. Absent: left as it is; empty: none.
    pub registration_number: Option<String>,
    /// On an edit, the `version` the form was loaded at: when the product was saved since,
    /// the save is refused (409, with `changed` and the current `version`). Ignored on create.
    pub version: Option<i32>,
}

/// A new product and its variants (at least one).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewProductBody {
    #[serde(flatten)]
    pub product: ProductBody,
    pub variants: Option<Vec<VariantBody>>,
}

/// A variant's fields. `stock` is only read when the variant is created (its opening stock).
#[derive(Debug, Deserialize, ToSchema)]
pub struct VariantBody {
    /// Absent for a product sold in one unnamed unit.
    pub variant_name: Option<String>,
    pub sku: Option<String>,
    /// Rupees, more than 0 and at most 10,00,000, as a number or as written (`"₹2,800"`);
    /// the price may not be more than it.
    #[serde(rename = "MRP")]
    pub mrp: Option<RupeesInput>,
    /// Rupees, tax included, more than 0 and at most 10,00,000: a number (`2800`) or text as
    /// written (`"₹2,800"`, `"2800.00"`).
    pub retail_price: Option<RupeesInput>,
    /// The shipping weight with its unit: `"25.2 kg"` or `"500 g"` (a bare number is refused;
    /// `"0"` is a service, which pays no delivery). Give this or `weight_grams`, not both.
    pub weight: Option<String>,
    /// The shipping weight in grams: 0 (a service) to 1,000,000. Default 0.
    pub weight_grams: Option<i32>,
    /// As the pack's label declares it ("500 ml").
    pub net_quantity: Option<String>,
    /// The GSTN unit quantity code the pack is reported in (GSTR-1's HSN summary): `KGS`,
    /// `LTR`, `NOS`… or `NA` for a service. Default `NOS`.
    pub uqc: Option<String>,
    /// How much of `uqc` one pack holds, up to 3 decimals (`0.5` for 500 ml in `LTR`); a number
    /// or text. Default 1; absent, null or empty for `NA`.
    pub uqc_quantity: Option<QuantityInput>,
    /// Opening stock of a new variant: 0 (the default) to 10,000,000.
    pub stock: Option<i32>,
    /// Default 5.
    pub low_stock_threshold: Option<i32>,
    pub position: Option<i32>,
    /// Default true.
    pub is_active: Option<bool>,
    pub translations: Option<TranslationsBody<VariantWordsBody>>,
    /// On an edit, the `version` the form was loaded at (as the product's). Ignored on create.
    pub version: Option<i32>,
}

/// A count of units on the shelf: 0 to [`STOCK_MAX`].
pub fn within_stock(units: i32) -> Result<i32, String> {
    if (0..=STOCK_MAX).contains(&units) {
        Ok(units)
    } else {
        Err(format!("From 0 to {STOCK_MAX}."))
    }
}

pub fn present<T>(errors: &mut FormErrors, field: &str, value: Option<T>) -> Option<T> {
    errors.check(field, value.ok_or_else(|| required_message(field)))
}

pub fn at_least(
    errors: &mut FormErrors,
    field: &str,
    value: Option<i32>,
    min: i32,
    default: i32,
) -> Option<i32> {
    let value = value.unwrap_or(default);
    errors.check(
        field,
        if value >= min {
            Ok(value)
        } else {
            Err(format!("At least {min}."))
        },
    )
}

impl ProductDraft {
    /// The checked product, its errors added to `errors` by field name; `None` when any failed.
    pub fn parse(this: ProductBody, errors: &mut FormErrors) -> Option<ProductDraft> {
        let name = errors.required("name", given(&this.name), |s| parse_text(s, 200));
        let brand_id = present(errors, "brand_id", this.brand_id);
        let description = errors.check(
            "description",
            parse_description(this.description.as_deref().unwrap_or_default()),
        );
        let hsn_code = errors.required("hsn_code", given(&this.hsn_code), parse_hsn);
        let gst_rate = present(errors, "gst_rate", this.gst_rate)
            .and_then(|rate| errors.check("gst_rate", parse_gst_rate(rate)));
        let supply_kind = errors.check(
            "supply_kind",
            parse_supply_kind(given(&this.supply_kind), gst_rate),
        );
        let d = this.declarations.unwrap_or_default();
        let manufacturer =
            errors.required("declarations.manufacturer", given(&d.manufacturer), |s| {
                parse_text(s, 200)
            });
        let manufacturer_address = errors.required(
            "declarations.manufacturer_address",
            given(&d.manufacturer_address),
            |s| parse_text(s, 500),
        );
        let country_of_origin = errors.required(
            "declarations.country_of_origin",
            given(&d.country_of_origin),
            |s| parse_text(s, 100),
        );
        let best_before = errors.optional("declarations.best_before", given(&d.best_before), |s| {
            parse_text(s, 200)
        });
        let restricted_states = errors.check(
            "declarations.restricted_states",
            Declarations::parse_states(&d.restricted_states.unwrap_or_default()),
        );
        let featured_position = at_least(errors, "featured_position", this.featured_position, 0, 0);
        let search_terms = match &this.search_terms {
            Some(raw) => errors
                .check("search_terms", parse_search_terms(raw))
                .map(Some),
            None => Some(None),
        };
        let translations = check_translations(errors, "", this.translations);
        let regulated_as = match &this.regulated_as {
            Some(raw) => errors
                .check("regulated_as", parse_regulation(raw))
                .map(Some),
            None => Some(None),
        };
        let registration_number = match &this.registration_number {
            Some(raw) => errors
                .check("registration_number", parse_registration_number(raw))
                .map(Some),
            None => Some(None),
        };
        if let (Some(Some(::batches::Regulation::Insecticide)), Some(Some(None))) =
            (regulated_as, &registration_number)
        {
            errors.add("registration_number", REGISTRATION_REQUIRED.into());
            return None;
        }
        Some(ProductDraft {
            name: name?,
            brand_id: brand_id?,
            category_ids: this.category_ids.unwrap_or_default(),
            description: description?,
            hsn_code: hsn_code?,
            gst_rate: gst_rate?,
            supply_kind: supply_kind?,
            is_active: this.is_active.unwrap_or(true),
            is_featured: this.is_featured.unwrap_or(false),
            featured_position: featured_position?,
            declarations: Declarations {
                manufacturer: manufacturer?,
                manufacturer_address: manufacturer_address?,
                country_of_origin: country_of_origin?,
                best_before: best_before?,
                is_hazardous: d.is_hazardous.unwrap_or(false),
                restricted_states: restricted_states?,
            },
            search_terms: search_terms?,
            batch_tracked: this.batch_tracked,
            regulated_as: regulated_as?,
            registration_number: registration_number?,
            translations: translations?,
            loaded_version: this.version,
        })
    }
}

impl VariantDraft {
    /// The checked variant; its errors are named under `prefix` (`variants.0.`).
    pub fn parse(this: VariantBody, prefix: &str, errors: &mut FormErrors) -> Option<VariantDraft> {
        let field = |name: &str| format!("{prefix}{name}");
        let variant_name =
            errors.optional(&field("variant_name"), given(&this.variant_name), |s| {
                parse_text(s, 100)
            });
        let sku = errors.required(&field("sku"), given(&this.sku), parse_sku);
        let mrp = match &this.mrp {
            Some(raw) => errors.check(&field("MRP"), parse_price(raw)).map(Some),
            None => Some(None),
        };
        let retail_price = present(errors, &field("retail_price"), this.retail_price.as_ref())
            .and_then(|raw| errors.check(&field("retail_price"), parse_price(raw)));
        let price_ok = match (retail_price, mrp) {
            (Some(price), Some(mrp)) => errors
                .check(&field("retail_price"), check_price(mrp, price))
                .is_some(),
            _ => false,
        };
        let weight_grams = match (given(&this.weight), this.weight_grams) {
            (Some(_), Some(_)) => {
                errors.add(
                    &field("weight"),
                    "Give the weight once: as weight (\"25.2 kg\") or as weight_grams.".into(),
                );
                None
            }
            (Some(raw), None) => errors.check(&field("weight"), parse_weight(raw)),
            (None, grams) => errors.check(&field("weight_grams"), weight_grams(grams.unwrap_or(0))),
        };
        let net_quantity =
            errors.optional(&field("net_quantity"), given(&this.net_quantity), |s| {
                parse_text(s, 50)
            });
        let quantity = this.uqc_quantity.as_ref().map(QuantityInput::text);
        let unit = parse_pack_unit(this.uqc.as_deref(), quantity.as_deref())
            .map_err(|(unit_field, message)| errors.add(&field(unit_field.name()), message))
            .ok();
        let stock = errors.check(&field("stock"), within_stock(this.stock.unwrap_or(0)));
        let threshold = at_least(
            errors,
            &field("low_stock_threshold"),
            this.low_stock_threshold,
            0,
            5,
        );
        let position = at_least(errors, &field("position"), this.position, 0, 0);
        let translations = check_translations(errors, prefix, this.translations);
        if !price_ok {
            return None;
        }
        Some(VariantDraft {
            variant_name: variant_name?,
            sku: sku?,
            mrp: mrp?,
            retail_price: retail_price?,
            weight_grams: weight_grams?,
            net_quantity: net_quantity?,
            unit: unit?,
            stock: stock?,
            low_stock_threshold: threshold?,
            position: position?,
            is_active: this.is_active.unwrap_or(true),
            translations: translations?,
            loaded_version: this.version,
        })
    }
}

impl ProductDraft {
    /// Warnings (not refusals) about the product: a rate or kind unlike the shop's rate list for
    /// its HSN.
    pub fn warnings(&self) -> Vec<String> {
        super::rate_list::rate_warning(&self.hsn_code, self.supply_kind, self.gst_rate, &self.name)
            .into_iter()
            .collect()
    }
}

impl VariantDraft {
    /// Warnings (not refusals) about the variant, such as a weight that looks typed in the
    /// wrong unit.
    pub fn warnings(&self) -> Vec<String> {
        super::amounts::weight_warning(
            &[self.variant_name.as_deref(), self.net_quantity.as_deref()],
            self.weight_grams,
        )
        .into_iter()
        .collect()
    }
}
