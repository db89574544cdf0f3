//! Background upkeep: expired sessions and long-idle anonymous carts are deleted hourly.

use std::time::Duration;

use crate::error::ApiError;
use crate::session::purge_expired;
use crate::state::AppState;

pub fn spawn(state: AppState) {
    actix_web::rt::spawn(async move {
        let mut interval = actix_web::rt::time::interval(Duration::from_secs(3600));
        loop {
            interval.tick().await;
            state.limits.forget_idle();
            match state
                .with_conn(|conn| purge_expired(conn).map_err(ApiError::internal))
                .await
            {
                Ok(0) => {}
                Ok(purged) => tracing::info!(purged, "expired sessions deleted"),
                Err(error) => tracing::warn!(%error, "session purge failed"),
            }
        }
    });
}
