//! `/metrics`: the Prometheus text, on the `METRICS_BIND` address or, on the main port, only
//! with the bearer token in `METRICS_TOKEN`. Values read at scrape time (the pool, the outbox)
//! are gathered here before encoding.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use diesel::prelude::*;
use subtle::ConstantTimeEq;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::state::AppState;

/// `/metrics` on the main port: only with `Authorization: Bearer <METRICS_TOKEN>` (compared in
/// constant time); 404 when no token is configured, 401 when it is missing or wrong. Behind a
/// proxy every request comes from loopback, so the peer address proves nothing.
pub async fn on_main_port(request: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(expected) = state.config.metrics_token.as_deref() else {
        return not_found();
    };
    if !bearer_matches(&request, expected) {
        return HttpResponse::Unauthorized()
            .insert_header((header::WWW_AUTHENTICATE, "Bearer"))
            .json(serde_json::json!({"message": "This needs the metrics token."}));
    }
    exposition(&state).await
}

/// `/metrics` on the `METRICS_BIND` address (a private interface); the token, when configured,
/// is asked for there too.
pub async fn on_metrics_port(request: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if let Some(expected) = state.config.metrics_token.as_deref()
        && !bearer_matches(&request, expected)
    {
        return HttpResponse::Unauthorized()
            .insert_header((header::WWW_AUTHENTICATE, "Bearer"))
            .finish();
    }
    exposition(&state).await
}

async fn exposition(state: &AppState) -> HttpResponse {
    let text = render(state).await;
    HttpResponse::Ok()
        .content_type(Metrics::content_type())
        .cached(CachePolicy::NoStore)
        .body(text)
}

fn not_found() -> HttpResponse {
    HttpResponse::NotFound()
        .json(serde_json::json!({"message": "There is nothing at this address."}))
}

fn bearer_matches(request: &HttpRequest, expected: &str) -> bool {
    let sent = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default()
        .trim();
    !expected.is_empty() && bool::from(sent.as_bytes().ct_eq(expected.as_bytes()))
}

/// Reads the pool and the outbox into the metrics, then encodes them all.
async fn render(state: &AppState) -> String {
    let pool = state.pool.state();
    let idle = i64::from(pool.idle_connections);
    state.metrics.observe_pool(
        i64::from(pool.connections) - idle,
        idle,
        i64::from(state.pool.max_size()),
    );
    let counts = state
        .with_conn(|conn| {
            use db::schema::outbox::dsl::*;
            let mail = outbox
                .filter(channel.eq("mail"))
                .filter(sent_at.is_null())
                .filter(gave_up_at.is_null());
            let pending: i64 = mail.count().get_result(conn).map_err(ApiError::internal)?;
            let failing: i64 = mail
                .filter(attempts.gt(0))
                .count()
                .get_result(conn)
                .map_err(ApiError::internal)?;
            Ok::<_, ApiError>((pending, failing))
        })
        .await;
    match counts {
        Ok((pending, failing)) => state.metrics.observe_outbox(pending, failing),
        Err(error) => tracing::warn!(?error, "metrics: the outbox could not be read"),
    }
    state.metrics.encode()
}
