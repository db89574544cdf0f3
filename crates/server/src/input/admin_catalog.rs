//! The catalogue desk's bodies: a product (with its declarations), a variant, a stock adjustment,
//! brands, categories and awards, each with its words in Malayalam and Tamil.

use catalog::PageRequest;
use catalog::desk::{
    AwardWords, Declarations, NamedWords, ProductDraft, ProductFilter, ProductSort, ProductWords,
    STOCK_DELTA_MAX, STOCK_MAX, StockAdjustment, StockReason, VariantDraft, VariantWords,
    WEIGHT_GRAMS_MAX, WordEdits, check_price, parse_description, parse_gst_rate, parse_hsn,
    parse_search_terms, parse_sku, parse_text,
};
use fields::{FieldErrors, FormErrors, required_message};
use pricing::{Paise, Price};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

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
trait CheckWords {
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
fn check_translations<B: CheckWords>(
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
    /// Rupees, at most 10,00,000; the price may not be more than it.
    #[serde(rename = "MRP")]
    pub mrp: Option<Paise>,
    /// Rupees, tax included: from 0 to 10,00,000.
    pub retail_price: Option<Paise>,
    /// For shipping: 0 to 1,000,000 grams.
    pub weight_grams: Option<i32>,
    /// As the pack's label declares it ("500 ml").
    pub net_quantity: Option<String>,
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

/// A change of stock with its reason.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockAdjustmentBody {
    /// Units added (positive) or taken away (negative): not zero, at most 1,000,000 either
    /// way; the stock stays from 0 to 10,000,000.
    pub delta: Option<i32>,
    /// `received`, `damaged`, `returned` or `correction`.
    pub reason: Option<String>,
    pub note: Option<String>,
}

fn present<T>(errors: &mut FormErrors, field: &str, value: Option<T>) -> Option<T> {
    errors.check(field, value.ok_or_else(|| required_message(field)))
}

fn at_least(
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

/// A price as staff give it: bounded by [`Price`], the one place the bound lives.
fn price(raw: Paise) -> Result<Price, String> {
    Price::new(raw).map_err(|error| error.to_string())
}

fn within(
    errors: &mut FormErrors,
    field: &str,
    value: Option<i32>,
    range: std::ops::RangeInclusive<i32>,
    default: i32,
) -> Option<i32> {
    let value = value.unwrap_or(default);
    errors.check(
        field,
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(format!("From {} to {}.", range.start(), range.end()))
        },
    )
}

impl ProductBody {
    fn check_into(self, errors: &mut FormErrors) -> Option<ProductDraft> {
        let name = errors.required("name", given(&self.name), |s| parse_text(s, 200));
        let brand_id = present(errors, "brand_id", self.brand_id);
        let description = errors.check(
            "description",
            parse_description(self.description.as_deref().unwrap_or_default()),
        );
        let hsn_code = errors.required("hsn_code", given(&self.hsn_code), parse_hsn);
        let gst_rate = present(errors, "gst_rate", self.gst_rate)
            .and_then(|rate| errors.check("gst_rate", parse_gst_rate(rate)));
        let d = self.declarations.unwrap_or_default();
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
        let featured_position = at_least(errors, "featured_position", self.featured_position, 0, 0);
        let search_terms = match &self.search_terms {
            Some(raw) => errors
                .check("search_terms", parse_search_terms(raw))
                .map(Some),
            None => Some(None),
        };
        let translations = check_translations(errors, "", self.translations);
        Some(ProductDraft {
            name: name?,
            brand_id: brand_id?,
            category_ids: self.category_ids.unwrap_or_default(),
            description: description?,
            hsn_code: hsn_code?,
            gst_rate: gst_rate?,
            is_active: self.is_active.unwrap_or(true),
            is_featured: self.is_featured.unwrap_or(false),
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
            translations: translations?,
            loaded_version: self.version,
        })
    }
}

impl VariantBody {
    /// The checked variant; its errors are named under `prefix` (`variants.0.`).
    fn check_into(self, prefix: &str, errors: &mut FormErrors) -> Option<VariantDraft> {
        let field = |name: &str| format!("{prefix}{name}");
        let variant_name =
            errors.optional(&field("variant_name"), given(&self.variant_name), |s| {
                parse_text(s, 100)
            });
        let sku = errors.required(&field("sku"), given(&self.sku), parse_sku);
        let mrp = self
            .mrp
            .map(|mrp| errors.check(&field("MRP"), price(mrp)))
            .map_or(Some(None), |mrp| mrp.map(Some));
        let retail_price = present(errors, &field("retail_price"), self.retail_price)
            .and_then(|raw| errors.check(&field("retail_price"), price(raw)));
        let price_ok = match (retail_price, mrp) {
            (Some(price), Some(mrp)) => errors
                .check(&field("retail_price"), check_price(mrp, price))
                .is_some(),
            _ => false,
        };
        let weight_grams = within(
            errors,
            &field("weight_grams"),
            self.weight_grams,
            0..=WEIGHT_GRAMS_MAX,
            0,
        );
        let net_quantity =
            errors.optional(&field("net_quantity"), given(&self.net_quantity), |s| {
                parse_text(s, 50)
            });
        let stock = within(errors, &field("stock"), self.stock, 0..=STOCK_MAX, 0);
        let threshold = at_least(
            errors,
            &field("low_stock_threshold"),
            self.low_stock_threshold,
            0,
            5,
        );
        let position = at_least(errors, &field("position"), self.position, 0, 0);
        let translations = check_translations(errors, prefix, self.translations);
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
            stock: stock?,
            low_stock_threshold: threshold?,
            position: position?,
            is_active: self.is_active.unwrap_or(true),
            translations: translations?,
            loaded_version: self.version,
        })
    }
}

impl CheckBody for ProductBody {
    type Checked = ProductDraft;

    fn check(self) -> Result<ProductDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = self.check_into(&mut errors);
        errors.finish(draft)
    }
}

impl CheckBody for NewProductBody {
    type Checked = (ProductDraft, Vec<VariantDraft>);

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = self.product.check_into(&mut errors);
        let raw = self.variants.unwrap_or_default();
        if raw.is_empty() {
            errors.add("variants", "A product needs at least one variant.".into());
        }
        let variants: Vec<Option<VariantDraft>> = raw
            .into_iter()
            .enumerate()
            .map(|(i, v)| v.check_into(&format!("variants.{i}."), &mut errors))
            .collect();
        let checked = (|| Some((draft?, variants.into_iter().collect::<Option<Vec<_>>>()?)))();
        errors.finish(checked)
    }
}

impl CheckBody for VariantBody {
    type Checked = VariantDraft;

    fn check(self) -> Result<VariantDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = self.check_into("", &mut errors);
        errors.finish(draft)
    }
}

impl CheckBody for StockAdjustmentBody {
    type Checked = StockAdjustment;

    fn check(self) -> Result<StockAdjustment, FieldErrors> {
        let mut errors = FormErrors::default();
        let delta = present(&mut errors, "delta", self.delta).and_then(|d| {
            errors.check(
                "delta",
                if d == 0 {
                    Err("The change may not be 0.".to_owned())
                } else if d.unsigned_abs() > STOCK_DELTA_MAX.unsigned_abs() {
                    Err(format!(
                        "One adjustment moves at most {STOCK_DELTA_MAX} units either way."
                    ))
                } else {
                    Ok(d)
                },
            )
        });
        let reason = errors.required("reason", given(&self.reason), StockReason::parse);
        let note = errors.optional("note", given(&self.note), |s| parse_text(s, 500));
        let checked = (|| {
            Some(StockAdjustment {
                delta: delta?,
                reason: reason?,
                note: note?,
            })
        })();
        errors.finish(checked)
    }
}

/// The staff product list's filters, as they arrive.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    /// Words of the name, brand, search words or a SKU.
    pub search: Option<String>,
    /// A brand's id.
    pub brand: Option<String>,
    /// A category's id (a top-level one includes its sub-categories).
    pub category: Option<String>,
    /// `true` or `false`.
    pub active: Option<String>,
    /// `true` or `false`.
    pub featured: Option<String>,
    /// `true` or `false`: whether a variant is at or below its threshold.
    pub low_stock: Option<String>,
    /// `name` (default), `updated`, `stock` or `featured`.
    pub sort: Option<String>,
    /// From 1.
    pub page: Option<String>,
    /// 1 to 48.
    pub per_page: Option<String>,
}

impl ProductListQuery {
    pub fn parse(&self) -> Result<(ProductFilter, PageRequest), crate::error::ApiError> {
        let mut errors = FormErrors::default();
        let id = |s: &str| s.parse::<i64>().map_err(|_| "Give an id.".to_owned());
        let flag = |s: &str| match s {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err("Give true or false.".to_owned()),
        };
        let brand_id = errors.optional("brand", given(&self.brand), id);
        let category_id = errors.optional("category", given(&self.category), id);
        let active = errors.optional("active", given(&self.active), flag);
        let featured = errors.optional("featured", given(&self.featured), flag);
        let low_stock = errors.optional("low_stock", given(&self.low_stock), flag);
        let sort = errors.optional("sort", given(&self.sort), ProductSort::parse);
        let page = PageRequest::parse(self.page.as_deref(), self.per_page.as_deref())
            .map_err(|e| errors.add(e.field, e.message))
            .ok();
        let checked = (|| {
            Some((
                ProductFilter {
                    search: given(&self.search).map(str::to_owned),
                    brand_id: brand_id?,
                    category_id: category_id?,
                    active: active?,
                    featured: featured?,
                    low_stock: low_stock?,
                    sort: sort?.unwrap_or_default(),
                },
                page?,
            ))
        })();
        errors
            .finish(checked)
            .map_err(crate::error::ApiError::invalid)
    }
}

/// A brand.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BrandBody {
    /// Its slug is made from it and must be free.
    pub name: Option<String>,
    pub description: Option<String>,
    /// The shop's own brand ("wellRootBrands"); default false.
    pub is_house_brand: Option<bool>,
    /// Smaller first; default 0.
    pub sort_order: Option<i32>,
    pub translations: Option<TranslationsBody<NamedWordsBody>>,
}

impl CheckBody for BrandBody {
    type Checked = catalog::desk::BrandDraft;

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), |s| parse_text(s, 100));
        let description = errors.check(
            "description",
            parse_description(self.description.as_deref().unwrap_or_default()),
        );
        let sort_order = at_least(&mut errors, "sort_order", self.sort_order, 0, 0);
        let translations = check_translations(&mut errors, "", self.translations);
        let checked = (|| {
            Some(catalog::desk::BrandDraft {
                name: name?,
                description: description?,
                is_house_brand: self.is_house_brand.unwrap_or(false),
                sort_order: sort_order?,
                translations: translations?,
            })
        })();
        errors.finish(checked)
    }
}

/// A category: top-level, or under a top-level one (`parent_id`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct CategoryBody {
    pub name: Option<String>,
    /// A top-level category's id; absent or null for a top-level category.
    pub parent_id: Option<i64>,
    pub description: Option<String>,
    /// Smaller first; default 0.
    pub sort_order: Option<i32>,
    pub translations: Option<TranslationsBody<NamedWordsBody>>,
}

impl CheckBody for CategoryBody {
    type Checked = catalog::desk::CategoryDraft;

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), |s| parse_text(s, 100));
        let description = errors.check(
            "description",
            parse_description(self.description.as_deref().unwrap_or_default()),
        );
        let sort_order = at_least(&mut errors, "sort_order", self.sort_order, 0, 0);
        let translations = check_translations(&mut errors, "", self.translations);
        let checked = (|| {
            Some(catalog::desk::CategoryDraft {
                name: name?,
                parent_id: self.parent_id,
                description: description?,
                sort_order: sort_order?,
                translations: translations?,
            })
        })();
        errors.finish(checked)
    }
}

/// An award or certification.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AwardBody {
    pub title: Option<String>,
    pub description: Option<String>,
    /// Smaller first; default 0.
    pub position: Option<i32>,
    pub translations: Option<TranslationsBody<AwardWordsBody>>,
}

impl CheckBody for AwardBody {
    type Checked = catalog::desk::AwardDraft;

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let title = errors.required("title", given(&self.title), |s| parse_text(s, 200));
        let description =
            errors.optional("description", given(&self.description), parse_description);
        let position = at_least(&mut errors, "position", self.position, 0, 0);
        let translations = check_translations(&mut errors, "", self.translations);
        let checked = (|| {
            Some(catalog::desk::AwardDraft {
                title: title?,
                description: description?,
                position: position?,
                translations: translations?,
            })
        })();
        errors.finish(checked)
    }
}

/// A photo's alt text: what the photo shows, for those who cannot see it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhotoAltBody {
    pub alt: Option<String>,
}

impl CheckBody for PhotoAltBody {
    type Checked = String;

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let alt = errors.required("alt", given(&self.alt), |s| {
            parse_text(s, catalog::desk::ALT_MAX_CHARS)
        });
        errors.finish(alt)
    }
}

/// A product's photos in their new order: each photo's id once.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhotoOrderBody {
    pub ids: Option<Vec<i64>>,
}

impl CheckBody for PhotoOrderBody {
    type Checked = Vec<i64>;

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let ids = match self.ids {
            Some(ids) => Some(ids),
            None => {
                errors.add("ids", required_message("ids"));
                None
            }
        };
        errors.finish(ids)
    }
}

/// A `multipart/form-data` body of one or more files in the `files` field, each a JPEG, PNG or
/// WebP of at most 10 MB; the type is read from the bytes.
#[derive(ToSchema)]
#[allow(dead_code)]
// only its schema is used; the handler reads the stream
// The contract names the one field the app sends; others are read as files too.
#[serde(deny_unknown_fields)]
pub struct PhotoUpload {
    #[schema(value_type = Vec<String>, format = Binary, min_items = 1)]
    files: Vec<Vec<u8>>,
}
