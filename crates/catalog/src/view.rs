//! What the API answers, field for field as the specification and the OpenAPI contract name them.
//! These are separate from the database rows on purpose.

use db::{ProductId, VariantId};
use pricing::{GstRate, Paise};
use serde::Serialize;

use crate::desk::Declarations;
use crate::desk::markup::DescriptionBlock;
pub use crate::media::Picture;
pub use crate::shared_text::SharedText;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BrandSummary {
    pub id: i64,
    pub name: String,
    pub slug: String,
    #[schema(required = true)]
    pub image_src: Option<String>,
    #[schema(required = true)]
    pub image_url: Option<String>,
    /// The logo's widths for `srcset`; null for a logo stored in one size (SVG).
    #[schema(required = true)]
    pub image_srcset: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Brand {
    #[serde(flatten)]
    pub summary: BrandSummary,
    pub description: String,
    pub is_house_brand: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BrandLists<'a> {
    pub brands: Vec<&'a BrandSummary>,
    #[serde(rename = "wellRootBrands")]
    pub well_root_brands: Vec<&'a BrandSummary>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CategoryRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CategoryNode {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub sub_categories: Vec<CategoryRef>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    #[schema(required = true)]
    pub parent: Option<CategoryRef>,
    pub sub_categories: Vec<CategoryRef>,
}

/// A product in a list or a search result: the specification's search-result shape plus `id`,
/// `brand_name` and the image's size (so cards reserve their space).
// Borrowed from the snapshot's card (`stored_card`): a page of cards costs no copies.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ProductCard<'a> {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: &'a str,
    pub slug: &'a str,
    #[serde(rename = "brandSlug")]
    pub brand_slug: &'a str,
    pub brand_name: &'a str,
    #[schema(required = true)]
    pub image_url: Option<&'a str>,
    #[schema(required = true)]
    pub image_width: Option<i32>,
    #[schema(required = true)]
    pub image_height: Option<i32>,
    /// The image's widths for `srcset`; null for an image stored in one size (SVG).
    #[schema(required = true)]
    pub image_srcset: Option<&'a str>,
    #[schema(value_type = Vec<String>)]
    pub categories: &'a [SharedText],
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
    pub retail_price: Paise,
    #[schema(value_type = Vec<String>)]
    pub variant_names: &'a [SharedText],
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Image {
    /// The widest copy (or the only one, for an SVG).
    pub url: String,
    pub alt: String,
    pub width: i32,
    pub height: i32,
    /// Every width as `srcset` wants it (`/media/products/…-320.webp 320w, …`); null for an
    /// image stored in one size (SVG).
    #[schema(required = true)]
    pub srcset: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct NamedRef {
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FeaturedVariant {
    #[schema(value_type = i64)]
    pub id: VariantId,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
    pub retail_price: Paise,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FeaturedProduct {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: String,
    pub slug: String,
    #[schema(required = true)]
    pub first_image: Option<Image>,
    pub categories: Vec<NamedRef>,
    pub brand: NamedRef,
    pub variants: Vec<FeaturedVariant>,
    pub retail_price: Paise,
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockState {
    InStock,
    LowStock,
    OutOfStock,
}

impl StockState {
    /// Five or fewer left is "low": the shopper should hurry, and the page says how many.
    pub const LOW_STOCK_AT_MOST: i32 = 5;

    pub fn of(stock: i32) -> Self {
        match stock {
            ..=0 => Self::OutOfStock,
            1..=Self::LOW_STOCK_AT_MOST => Self::LowStock,
            _ => Self::InStock,
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Variant {
    #[schema(value_type = i64)]
    pub id: VariantId,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub sku: String,
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
    pub retail_price: Paise,
    #[schema(required = true)]
    pub discount_percent: Option<f64>,
    pub stock: i32,
    pub stock_state: StockState,
    /// The net quantity per pack, as its label declares it ("500 ml").
    #[schema(required = true)]
    pub net_quantity: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BrandRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ProductCategory {
    pub id: i64,
    pub name: String,
    pub slug: String,
    #[schema(required = true)]
    pub parent: Option<CategoryRef>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Crumb {
    pub name: String,
    pub href: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ProductDetail {
    #[schema(value_type = i64)]
    pub id: ProductId,
    pub name: String,
    pub slug: String,
    pub description: String,
    /// The description's paragraphs and lists, as plain text to render as elements.
    pub description_blocks: Vec<DescriptionBlock>,
    pub hsn_code: String,
    pub gst_rate: GstRate,
    /// What the Legal Metrology and e-commerce rules ask the page to show.
    pub declarations: Declarations,
    /// The shop's customer-care contact, shown with the declarations.
    #[schema(required = true)]
    pub customer_care: Option<CustomerCare>,
    pub brand: BrandRef,
    pub categories: Vec<ProductCategory>,
    pub breadcrumb: Vec<Crumb>,
    pub images: Vec<Image>,
    #[schema(required = true)]
    pub first_image: Option<Image>,
    /// Named variants only; a product sold in one unnamed unit has none.
    pub variants: Vec<Variant>,
    pub retail_price: Paise,
    #[serde(rename = "MRP")]
    #[schema(required = true)]
    pub mrp: Option<Paise>,
    #[schema(required = true)]
    pub discount_percent: Option<f64>,
    pub stock: i32,
    pub stock_state: StockState,
    #[schema(required = true)]
    pub net_quantity: Option<String>,
    #[schema(value_type = i64)]
    pub default_variant_id: VariantId,
    /// The dealer licence its sale needs (`none`: none).
    pub regulated_as: ::batches::Regulation,
    /// An insecticide's CIB&RC registration number.
    #[schema(required = true)]
    pub registration_number: Option<String>,
    /// The shop's licence it is sold under, as it stands today (the one that lapsed, when none
    /// of its kind is in force); none for a product that needs none (Insecticides Rules 1971
    /// r. 10E asks an online seller to display it).
    #[schema(required = true)]
    pub sale_licence: Option<::batches::licences::LicenceNotice>,
    /// False when the product needs a licence the shop holds none of in force today: it is not
    /// for sale at present, and checkout refuses it.
    pub may_sell: bool,
}

impl ProductDetail {
    /// Sets the licence the product is sold under on the Indian date `today`, and whether it
    /// may be sold; returns whether that changed what the page shows.
    pub fn set_licence(
        &mut self,
        licences: &::batches::licences::Licences,
        today: chrono::NaiveDate,
    ) -> bool {
        let licence = licences.for_product(self.regulated_as, today);
        let may_sell = licences.may_sell(self.regulated_as, today);
        let changed = licence != self.sale_licence || may_sell != self.may_sell;
        self.sale_licence = licence;
        self.may_sell = may_sell;
        changed
    }
}

/// Whom a shopper contacts about a product (from the shop profile).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CustomerCare {
    pub name: String,
    pub address: String,
    pub phone: String,
    pub email: String,
}

/// A product page's answer: the product, or the slug it moved to.
#[derive(Debug)]
pub enum ProductAnswer {
    Found(Box<ProductDetail>),
    Moved(String),
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Award {
    pub id: i64,
    pub title: String,
    #[schema(required = true)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub image_url: Option<String>,
    #[schema(required = true)]
    pub image_srcset: Option<String>,
}
