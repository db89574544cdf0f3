//! The catalogue desk: staff create and edit products and variants (with their Malayalam and
//! Tamil words), adjust stock and read the whole catalogue (inactive products included). Every write runs in one transaction with its
//! `audit_log` row, and bumps `updated_at` so the catalogue snapshot sees the change.

pub mod amounts;
pub mod bulk;
mod crops;
mod draft;
pub mod input;
pub mod markup;
mod photos;
mod products;
pub mod rate_list;
mod records;
mod stale;
mod stock;
mod taxonomy;
mod translation_fields;
mod variants;

pub use crops::{
    CropLink, LocalNames, NamedDraft, ProblemDraft, ProductCropLinks, StaffCrop, StaffProblem,
    SynonymGroup, delete_crop, delete_problem, delete_synonyms, list_crops, list_problems,
    list_synonyms, parse_slug, parse_words, product_crop_links, save_crop, save_problem,
    save_synonyms, set_product_crop_links,
};
pub use draft::{
    Declarations, GST_SLABS_BP, ProductDraft, REGISTRATION_REQUIRED, SEARCH_TERM_MAX_CHARS,
    SEARCH_TERMS_MAX, STOCK_DELTA_MAX, STOCK_MAX, StockAdjustment, StockReason, VariantDraft,
    WEIGHT_GRAMS_MAX, check_price, parse_description, parse_gst_rate, parse_hsn,
    parse_registration_number, parse_regulation, parse_search_terms, parse_sku, parse_supply_kind,
    parse_text,
};
pub use photos::{
    ALT_MAX_CHARS, PictureOwner, StaffPhoto, add_photos, delete_photo, describe_photo, list_photos,
    reorder_photos, set_picture,
};
pub use products::{
    ProductFilter, ProductSort, create_product, delete_product, list_products, staff_product,
    update_product,
};
pub use records::{LowStockItem, StaffProduct, StaffProductSummary, StaffVariant, StockMovement};
pub use stock::{
    COUNTS_MAX, CountedStock, ShelfCount, adjust_stock, count_list, low_stock, set_counted,
    stock_movements,
};
pub use taxonomy::{
    AwardDraft, BrandDraft, CategoryDraft, StaffAward, StaffBrand, StaffCategory, delete_award,
    delete_brand, delete_category, list_awards, list_brands, list_categories, save_award,
    save_brand, save_category,
};
pub use translation_fields::{
    AwardWords, ByLocale, NamedWords, ProductWords, VariantWords, WordEdits,
};
pub use variants::{add_variant, update_variant};

/// What can go wrong at the desk.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("{0} not found.")]
    NotFound(&'static str),
    /// A value that only the database can refuse (a taken SKU, an unknown brand): 422.
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The change would break something that depends on the row: 409.
    #[error("{0}")]
    Conflict(String),
    /// A save from a form loaded before another save of the same row: 409, with the fields
    /// that changed since and the current version.
    #[error(
        "Someone else saved this {what} since you opened it: reload it to see their changes, then make yours again."
    )]
    Stale {
        what: &'static str,
        changed: Vec<String>,
        version: i32,
    },
    /// An import with rows that cannot be applied: nothing was applied (422, by line).
    #[error("Nothing was imported: {} rows cannot be applied.", .0.len())]
    ImportRefused(Vec<bulk::RowProblem>),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error("the catalogue holds an invalid value: {0}")]
    InvalidData(String),
}

impl From<::batches::BatchError> for DeskError {
    fn from(error: ::batches::BatchError) -> Self {
        use ::batches::BatchError;
        match error {
            BatchError::Invalid { field, message } => Self::Invalid { field, message },
            BatchError::UnknownBatch(_) => Self::NotFound("Batch"),
            BatchError::UnknownVariant(_) => Self::NotFound("Variant"),
            BatchError::Conflict(_) | BatchError::Shortage { .. } => {
                Self::Conflict(error.to_string())
            }
            BatchError::Database(e) => Self::Database(e),
        }
    }
}

impl DeskError {
    fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl From<pricing::PricingError> for DeskError {
    fn from(error: pricing::PricingError) -> Self {
        Self::InvalidData(error.to_string())
    }
}

/// Writes the audit row of a change by `actor` in the current transaction.
fn audit<T: serde::Serialize>(
    conn: &mut db::DbConnection,
    actor: db::UserId,
    action: &str,
    entity: &str,
    id: impl std::fmt::Display,
    old: Option<&T>,
    new: Option<&T>,
) -> Result<(), DeskError> {
    let json = |value: Option<&T>| {
        value
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| DeskError::InvalidData(e.to_string()))
    };
    let (old, new) = (json(old)?, json(new)?);
    let id = id.to_string();
    db::audit::record(
        conn,
        &db::audit::AuditEntry {
            actor_id: Some(actor),
            action,
            entity,
            entity_id: &id,
            old_values: old.as_deref(),
            new_values: new.as_deref(),
        },
    )?;
    Ok(())
}

fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}

/// Moves a batch-tracked pack size's batches by `delta` (the batch named, else the first to
/// expire when taking and the newest when adding) and its saleable stock with them; the stock
/// before and after.
fn correct_batches(
    conn: &mut db::DbConnection,
    actor: db::UserId,
    variant_id: db::VariantId,
    delta: i32,
    batch: Option<db::BatchId>,
    reason: &str,
    note: Option<&str>,
) -> Result<(i32, i32), DeskError> {
    let at = now();
    Ok(::batches::adjust::correct_within(
        conn,
        &::batches::adjust::Correction {
            variant: variant_id,
            delta,
            batch,
            reason,
            note,
            actor,
        },
        ::batches::india_date(at),
        at,
    )?)
}
