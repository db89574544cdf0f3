//! At each Indian midnight (and once at start), batches past their expiry date leave sale
//! (Insecticides Rules 1971 r. 10A): the storefront's stock drops without anyone touching it.
//! Checkout withdraws the batches of what it sells too, so a sale in the second before the sweep
//! never takes an expired unit. Several processes may sweep at once: each batch is withdrawn once.

use std::time::Duration;

use chrono::{NaiveDateTime, NaiveTime, Utc};

use crate::error::ApiError;
use crate::state::AppState;

pub fn spawn(state: AppState) {
    actix_web::rt::spawn(async move {
        loop {
            sweep(&state).await;
            actix_web::rt::time::sleep(until_next_midnight(Utc::now().naive_utc())).await;
        }
    });
}

/// Withdraws what expired before today (in India), then redraws the catalogue if stock moved.
pub async fn sweep(state: &AppState) {
    let withdrawn = state
        .with_conn(|conn| {
            let now = Utc::now().naive_utc();
            batches::expiry::withdraw_expired(conn, batches::india_date(now), now)
                .map_err(ApiError::internal)
        })
        .await;
    match withdrawn {
        Ok(withdrawn) if withdrawn.is_empty() => {}
        Ok(withdrawn) => {
            tracing::info!(
                batches = withdrawn.len(),
                "expired batches withdrawn from sale"
            );
            if let Err(error) = crate::catalog_refresh::reload(state).await {
                tracing::warn!(%error, "catalogue reload after the expiry sweep failed");
            }
        }
        Err(error) => tracing::warn!(%error, "expiry sweep failed"),
    }
}

/// How long from `now` (UTC) to one second past the next midnight in India.
fn until_next_midnight(now: NaiveDateTime) -> Duration {
    let ist = chrono::Duration::minutes(5 * 60 + 30);
    let tomorrow = batches::india_date(now) + chrono::Duration::days(1);
    let midnight_utc = tomorrow.and_time(NaiveTime::MIN) - ist + chrono::Duration::seconds(1);
    (midnight_utc - now)
        .to_std()
        .unwrap_or(Duration::from_secs(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn the_sweep_wakes_just_after_midnight_in_india() {
        let at = |d: u32, h: u32, m: u32| {
            NaiveDate::from_ymd_opt(2026, 11, d)
                .and_then(|day| day.and_hms_opt(h, m, 0))
                .unwrap_or_default()
        };
        // 18:29 UTC is 23:59 IST: a minute and a second to go.
        assert_eq!(until_next_midnight(at(27, 18, 29)), Duration::from_secs(61));
        // 18:30 UTC is midnight IST: the next one is a day (and a second) away.
        assert_eq!(
            until_next_midnight(at(27, 18, 30)),
            Duration::from_secs(86_401)
        );
        // 02:00 UTC is 07:30 IST.
        assert_eq!(
            until_next_midnight(at(28, 2, 0)),
            Duration::from_secs((16 * 60 + 30) * 60 + 1)
        );
    }
}
