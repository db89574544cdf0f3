//! Background upkeep, hourly (and once at start): expired sessions, long-idle anonymous carts,
//! fully recovered rate-limit counters, codes sent to phones over a day ago and providers' reports
//! for ids no message took within a day are deleted, and bank-transfer orders left unpaid past
//! `UNPAID_TRANSFER_DAYS` are cancelled.

use std::time::Duration;

use crate::error::ApiError;
use crate::session::purge_expired;
use crate::state::AppState;

pub fn spawn(state: AppState) {
    actix_web::rt::spawn(async move {
        let mut interval = actix_web::rt::time::interval(Duration::from_secs(3600));
        loop {
            interval.tick().await;
            match state
                .with_conn(|conn| crate::rate_limit::forget_idle(conn).map_err(ApiError::internal))
                .await
            {
                Ok(0) => {}
                Ok(forgotten) => tracing::info!(forgotten, "recovered rate-limit counters deleted"),
                Err(error) => tracing::warn!(%error, "rate-limit counter purge failed"),
            }
            match state
                .with_conn(|conn| accounts::forget_old_codes(conn).map_err(ApiError::internal))
                .await
            {
                Ok(0) => {}
                Ok(forgotten) => tracing::info!(forgotten, "old phone codes deleted"),
                Err(error) => tracing::warn!(%error, "phone code purge failed"),
            }
            if let Err(error) = state
                .with_conn(|conn| {
                    db::outbox::forget_early_receipts(conn).map_err(ApiError::internal)
                })
                .await
            {
                tracing::warn!(%error, "early receipt purge failed");
            }
            let idle_secs = state.config.sign_in_idle_secs;
            match state
                .with_conn(move |conn| purge_expired(conn, idle_secs).map_err(ApiError::internal))
                .await
            {
                Ok(0) => {}
                Ok(purged) => tracing::info!(purged, "expired sessions deleted"),
                Err(error) => tracing::warn!(%error, "session purge failed"),
            }
            cancel_unpaid(&state).await;
        }
    });
}

/// Several processes may sweep at once (PostgreSQL): each order is cancelled in a transaction
/// that re-reads its status, so only one of them cancels it and mails the customer.
async fn cancel_unpaid(state: &AppState) {
    let days = state.config.unpaid_transfer_days;
    let moves = state.moves.clone();
    let swept = state
        .with_conn(move |conn| {
            orders::order::cancel_unpaid_transfers(
                conn,
                chrono::Utc::now().naive_utc(),
                days,
                &moves,
            )
            .map_err(ApiError::internal)
        })
        .await;
    match swept {
        Ok(cancelled) if cancelled.is_empty() => {}
        Ok(cancelled) => {
            tracing::info!(count = cancelled.len(), orders = ?cancelled, days, "unpaid bank transfers cancelled");
            state.mail_queued.notify_one();
        }
        Err(error) => tracing::warn!(%error, "cancelling unpaid bank transfers failed"),
    }
}
