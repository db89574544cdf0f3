//! The demo catalogue as `catalog.json` writes it.

use serde::Deserialize;

use crate::error::SeedError;
use catalog::slugify;

#[derive(Debug, Deserialize)]
pub struct DemoCatalog {
    pub brands: Vec<DemoBrand>,
    pub categories: Vec<DemoCategory>,
    pub products: Vec<DemoProduct>,
    pub awards: Vec<DemoAward>,
}

#[derive(Debug, Deserialize)]
pub struct DemoBrand {
    pub name: String,
    pub slug: String,
    pub description: String,
    pub house_brand: bool,
    pub has_image: bool,
    pub color: String,
    pub sort_order: i32,
}

#[derive(Debug, Deserialize)]
pub struct DemoCategory {
    pub name: String,
    pub slug: String,
    pub description: String,
    pub sort_order: i32,
    #[serde(default)]
    pub children: Vec<DemoCategory>,
}

#[derive(Debug, Deserialize)]
pub struct DemoProduct {
    pub name: String,
    pub slug: String,
    pub brand: String,
    pub categories: Vec<String>,
    pub description: String,
    pub hsn_code: String,
    pub gst_rate_bp: i32,
    /// `taxable`, `nil_rated`, `exempt` or `non_gst` (`gst-rates-2025.md`, column "kind").
    pub supply_kind: String,
    pub featured: bool,
    pub art: DemoArt,
    pub variants: Vec<DemoVariant>,
    /// The declarations a product page shows (goods only; services have none).
    #[serde(default)]
    pub manufacturer: Option<String>,
    #[serde(default)]
    pub manufacturer_address: Option<String>,
    #[serde(default)]
    pub country_of_origin: Option<String>,
    #[serde(default)]
    pub best_before: Option<String>,
    #[serde(default)]
    pub hazardous: bool,
    #[serde(default)]
    pub restricted_states: Vec<String>,
    /// `none`, `insecticide`, `fertiliser` or `seed`: the dealer licence its sale needs.
    #[serde(default = "unregulated")]
    pub regulated_as: String,
    /// Whether its stock is kept by batch (the demo receives it in batches).
    #[serde(default)]
    pub batch_tracked: bool,
    /// An insecticide's CIB&RC registration number.
    #[serde(default)]
    pub registration_number: Option<String>,
    /// English words shoppers search it by beside its name (the desk's search words).
    #[serde(default)]
    pub search_terms: Vec<String>,
}

fn unregulated() -> String {
    "none".into()
}

#[derive(Debug, Deserialize)]
pub struct DemoArt {
    pub kind: String,
    pub color: String,
}

#[derive(Debug, Deserialize)]
pub struct DemoVariant {
    pub name: Option<String>,
    pub sku: String,
    pub mrp_paise: Option<i64>,
    pub price_paise: i64,
    pub stock: i32,
    pub weight_grams: i32,
    #[serde(default)]
    pub net_quantity: Option<String>,
    /// GSTN's unit quantity code (`KGS`, `LTR`, `NOS`, `NA` for a service).
    pub uqc: String,
    /// How much of `uqc` one pack holds (`"0.5"`); null for `NA`.
    pub uqc_quantity: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct DemoAward {
    pub title: String,
    pub description: String,
    pub has_image: bool,
}

impl DemoCatalog {
    pub fn parse() -> Result<Self, SeedError> {
        serde_json::from_str(include_str!("../catalog.json"))
            .map_err(|e| SeedError::Content(e.to_string()))
    }
}

impl DemoBrand {
    pub fn image_path(&self) -> String {
        format!("brands/{}.svg", self.slug)
    }
}

impl DemoProduct {
    pub fn image_path(&self) -> String {
        format!("products/{}.svg", self.slug)
    }
}

impl DemoAward {
    pub fn image_path(&self) -> String {
        format!("awards/{}.svg", slugify(&self.title))
    }
}
