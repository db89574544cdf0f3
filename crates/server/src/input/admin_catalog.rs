//! The catalogue desk's bodies: a product (with its declarations), a variant, a stock adjustment,
//! brands, categories and awards, each with its words in Malayalam and Tamil. A product's and a
//! variant's fields are checked by the catalogue's own rules (`catalog::desk::input`), the same
//! the CSV sheet uses.

use catalog::PageRequest;
use catalog::desk::bulk::StockChoices;
use catalog::desk::input::{
    AwardWordsBody, NamedWordsBody, TranslationsBody, at_least, check_translations, present,
    within_stock,
};
pub use catalog::desk::input::{NewProductBody, ProductBody, VariantBody};
use catalog::desk::{
    COUNTS_MAX, ProductDraft, ProductFilter, ProductSort, STOCK_DELTA_MAX, ShelfCount,
    StockAdjustment, StockReason, VariantDraft, parse_description, parse_sku, parse_text,
};
use db::VariantId;
use fields::{FieldErrors, FormErrors, required_message};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

/// A change of stock with its reason.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockAdjustmentBody {
    /// Units added (positive) or taken away (negative): not zero, at most 1,000,000 either
    /// way; the stock stays from 0 to 10,000,000.
    pub delta: Option<i32>,
    /// `received`, `damaged`, `returned` or `correction`.
    pub reason: Option<String>,
    pub note: Option<String>,
    /// For a product kept by batch: the batch it concerns (else the first to expire when
    /// taking, the newest when adding).
    pub batch_id: Option<i64>,
}

impl CheckBody for ProductBody {
    type Checked = ProductDraft;

    fn check(self) -> Result<ProductDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = ProductDraft::parse(self, &mut errors);
        errors.finish(draft)
    }
}

impl CheckBody for NewProductBody {
    type Checked = (ProductDraft, Vec<VariantDraft>);

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = ProductDraft::parse(self.product, &mut errors);
        let raw = self.variants.unwrap_or_default();
        if raw.is_empty() {
            errors.add("variants", "A product needs at least one variant.".into());
        }
        let variants: Vec<Option<VariantDraft>> = raw
            .into_iter()
            .enumerate()
            .map(|(i, v)| VariantDraft::parse(v, &format!("variants.{i}."), &mut errors))
            .collect();
        let checked = (|| Some((draft?, variants.into_iter().collect::<Option<Vec<_>>>()?)))();
        errors.finish(checked)
    }
}

impl CheckBody for VariantBody {
    type Checked = VariantDraft;

    fn check(self) -> Result<VariantDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = VariantDraft::parse(self, "", &mut errors);
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
        let batch = Some(self.batch_id.map(db::BatchId));
        let checked = (|| {
            Some(StockAdjustment {
                delta: delta?,
                reason: reason?,
                note: note?,
                batch: batch?,
            })
        })();
        errors.finish(checked)
    }
}

/// One pack size's count, as it arrives.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShelfCountBody {
    pub variant_id: Option<i64>,
    /// Units counted on the shelf: 0 to 10,000,000.
    pub counted: Option<i32>,
    /// The stock the counting list showed; when sales moved it since, nothing is saved (409).
    pub stock_seen: Option<i32>,
}

/// A stocktake: pack sizes counted on the shelf, each set to its count.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockCountBody {
    /// 1 to 5000 pack sizes, each once.
    #[serde(default, deserialize_with = "super::objects::many")]
    pub counts: Option<Vec<ShelfCountBody>>,
    /// Why or by whom, kept with each movement ("Monthly count, godown 2").
    pub note: Option<String>,
}

/// A checked stocktake.
#[derive(Debug)]
pub struct StockCount {
    pub counts: Vec<ShelfCount>,
    pub note: Option<String>,
}

impl CheckBody for StockCountBody {
    type Checked = StockCount;

    fn check(self) -> Result<StockCount, FieldErrors> {
        let mut errors = FormErrors::default();
        let raw = self.counts.unwrap_or_default();
        if raw.is_empty() || raw.len() > COUNTS_MAX {
            errors.add("counts", format!("Give 1 to {COUNTS_MAX} counts."));
        }
        let mut seen = std::collections::HashSet::new();
        let counts: Vec<Option<ShelfCount>> = raw
            .into_iter()
            .enumerate()
            .map(|(i, count)| {
                let field = |name: &str| format!("counts.{i}.{name}");
                let variant_id = present(&mut errors, &field("variant_id"), count.variant_id);
                if let Some(id) = variant_id
                    && !seen.insert(id)
                {
                    errors.add(&field("variant_id"), "Each pack size once.".into());
                }
                let counted = present(&mut errors, &field("counted"), count.counted)
                    .and_then(|n| errors.check(&field("counted"), within_stock(n)));
                Some(ShelfCount {
                    variant_id: VariantId(variant_id?),
                    counted: counted?,
                    stock_seen: count.stock_seen,
                })
            })
            .collect();
        let note = errors.optional("note", given(&self.note), |s| parse_text(s, 500));
        let checked = (|| {
            Some(StockCount {
                counts: counts.into_iter().collect::<Option<Vec<_>>>()?,
                note: note?,
            })
        })();
        errors.finish(checked)
    }
}

/// The counting list's filters, as they arrive.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CountListQuery {
    /// A category's id (a top-level one includes its sub-categories).
    pub category: Option<String>,
    /// Words of the name, or a SKU.
    pub search: Option<String>,
}

impl CountListQuery {
    pub fn parse(&self) -> Result<(Option<i64>, Option<String>), crate::error::ApiError> {
        let mut errors = FormErrors::default();
        let category = errors.optional("category", given(&self.category), |s| {
            s.parse::<i64>()
                .map_err(|_| "Give a category's id.".to_owned())
        });
        let search = errors.optional("search", given(&self.search), |s| parse_text(s, 200));
        errors
            .finish((|| Some((category?, search?)))())
            .map_err(crate::error::ApiError::invalid)
    }
}

/// For rows whose stock moved since the export, the owner's choice (the sheet's file name is
/// read by [`crate::input::csv_body::CsvUpload`]).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// SKUs, comma-separated, whose sheet stock is a count to set although sales moved the
    /// stock since the export; every other such row applies the sheet's change to today's stock.
    pub set_count: Option<String>,
}

impl ImportQuery {
    pub fn choices(&self) -> Result<StockChoices, crate::error::ApiError> {
        let mut errors = FormErrors::default();
        let skus = given(&self.set_count)
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|sku| !sku.is_empty())
            .map(|sku| errors.check("set_count", parse_sku(sku)))
            .collect::<Option<std::collections::HashSet<String>>>();
        errors
            .finish(skus.map(|set_count| StockChoices { set_count }))
            .map_err(crate::error::ApiError::invalid)
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
