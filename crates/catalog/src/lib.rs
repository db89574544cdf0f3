//! The catalogue: brands, categories, products, variants, images, awards, featured products and
//! search. Reads for lists and search are answered from an in-memory [`CatalogSnapshot`], rebuilt
//! when the catalogue's fingerprint changes; a product's page reads the database for live stock.
//! Knows nothing of HTTP.

mod crop_terms;
pub mod crops;
pub mod desk;
mod error;
mod facets;
mod list_filter;
mod listing;
mod local_rows;
mod media;
mod models;
mod paging;
mod parcel;
mod product;
mod search;
mod search_terms;
mod shared_text;
mod snapshot;
mod stored_card;
mod text;
mod text_pool;
pub mod translations;
pub mod view;

/// The forms that write catalogue rows, for tools that fill the catalogue (the demo seeder).
pub mod forms {
    pub use crate::models::{
        AwardInsertForm, BrandInsertForm, CategoryInsertForm, ImageInsertForm,
        ProductCategoryInsertForm, ProductInsertForm, VariantInsertForm,
    };
}

pub use error::CatalogError;
pub use facets::{FacetOption, Facets, PriceFacet, ProductList, StockFacet};
pub use list_filter::{FilterError, ListFilter, ListSort, PriceBand};
pub use media::MediaUrls;
pub use paging::{PageRequest, Paged, PagingError};
pub use parcel::{Parcel, parcel};
pub use product::{live_stock, product_by_slug, renamed_product};
pub use search::Synonyms;
pub use snapshot::{CatalogSnapshot, Catalogs, Fingerprint};
pub use text::slugify;
