//! Photos uploaded before the 80 and 160 px widths existed get them once, at start, from their
//! narrowest stored copy (`media::add_narrower_widths`); the catalogue is then reloaded, so cards,
//! the cart and the search offer them.

use db::schema::product_images;
use diesel::prelude::*;
use media::Renditions;

use crate::catalog_refresh;
use crate::error::ApiError;
use crate::state::AppState;

pub fn spawn(state: AppState) {
    actix_web::rt::spawn(async move {
        match add_narrow_widths(&state).await {
            Ok(0) => {}
            Ok(photos) => {
                tracing::info!(photos, "narrow widths added to stored photos");
                if let Err(error) = catalog_refresh::reload(&state).await {
                    tracing::warn!(%error, "catalogue reload after adding photo widths failed");
                }
            }
            Err(error) => tracing::warn!(%error, "adding narrow widths to stored photos failed"),
        }
    });
}

/// Adds the missing narrow widths to every product photo; how many photos got them.
pub async fn add_narrow_widths(state: &AppState) -> Result<usize, ApiError> {
    let rows: Vec<(i64, String)> = state
        .with_conn(|conn| {
            product_images::table
                .select((product_images::id, product_images::renditions))
                .load(conn)
                .map_err(ApiError::internal)
        })
        .await?;
    let mut added = 0;
    for (id, text) in rows {
        let stored = Renditions::parse(&text);
        let media_dir = state.config.media_dir.clone();
        let widened =
            actix_web::web::block(move || media::add_narrower_widths(&media_dir, &stored))
                .await
                .map_err(ApiError::internal)?;
        let all = match widened {
            Ok(Some(all)) => all,
            Ok(None) => continue,
            Err(error) => {
                tracing::warn!(%error, image = id, "a stored photo could not be narrowed");
                continue;
            }
        };
        state
            .with_conn(move |conn| {
                diesel::update(product_images::table.find(id))
                    .set(product_images::renditions.eq(all.to_text()))
                    .execute(conn)
                    .map_err(ApiError::internal)
            })
            .await?;
        added += 1;
    }
    Ok(added)
}
