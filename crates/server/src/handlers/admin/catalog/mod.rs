//! The catalogue desk: products, variants and stock, for staff. After a write succeeds, this
//! process reloads its catalogue snapshot at once; other processes follow within
//! `CATALOG_REFRESH_SECS` (see `catalog_refresh.rs`).

pub mod awards;
pub mod brands;
pub mod categories;
pub mod products;
pub mod stock;
pub mod variants;
