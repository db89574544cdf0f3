//! The catalogue desk: products, variants and stock, for staff. After a write succeeds, this
//! process reloads its catalogue snapshot at once; other processes follow within
//! `CATALOG_REFRESH_SECS` (see `catalog_refresh.rs`).

pub mod awards;
pub mod brands;
pub mod bulk;
pub mod categories;
pub mod crop_links;
pub mod crops;
pub mod photos;
pub mod pictures;
pub mod problems;
pub mod products;
pub mod stock;
pub mod synonyms;
pub mod variants;

use db::DbConnection;

use crate::catalog_refresh::reload;
use crate::error::ApiError;
use crate::state::AppState;

/// Runs a desk write, then reloads this process's snapshot so the shop shows it at once.
async fn write_then_reload<T, E, F>(state: &AppState, write: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    let written = state.with_conn(write).await?;
    reload(state).await?;
    Ok(written)
}
