//! Keeps the in-memory catalogue in step with the database: every `CATALOG_REFRESH_SECS` the
//! catalogue's fingerprint is read, and only when it changed is a new snapshot built. Several
//! processes on one PostgreSQL each follow the database this way.

use std::time::Duration;

use catalog::{Catalogs, Fingerprint};

use crate::error::ApiError;
use crate::state::AppState;

pub fn spawn(state: AppState) {
    let period = Duration::from_secs(state.config.catalog_refresh_secs.max(1));
    actix_web::rt::spawn(async move {
        let mut interval = actix_web::rt::time::interval(period);
        interval.tick().await;
        loop {
            interval.tick().await;
            if let Err(error) = refresh_if_changed(&state).await {
                tracing::warn!(%error, "catalogue refresh failed; serving the previous snapshot");
            }
        }
    });
}

pub async fn refresh_if_changed(state: &AppState) -> Result<bool, ApiError> {
    let current = state.catalog_fingerprint();
    let latest = state.with_conn(Fingerprint::read).await?;
    if latest == current {
        return Ok(false);
    }
    let media = state.media.clone();
    let snapshot = state
        .with_conn(move |conn| Catalogs::load(conn, &media))
        .await?;
    tracing::info!(
        products = snapshot.english().product_count(),
        "catalogue reloaded"
    );
    state.replace_catalog(snapshot);
    Ok(true)
}

/// Rebuilds the snapshot now, after a catalogue write of this process. The fingerprint is not
/// consulted: on SQLite two changes within one second can leave it unchanged.
pub async fn reload(state: &AppState) -> Result<(), ApiError> {
    let media = state.media.clone();
    let snapshot = state
        .with_conn(move |conn| Catalogs::load(conn, &media))
        .await?;
    state.replace_catalog(snapshot);
    Ok(())
}
