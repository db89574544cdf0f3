//! Prometheus metrics: one registry per running app, served as text at `/metrics` only on the
//! `METRICS_BIND` address or, on the main port, with the bearer token in `METRICS_TOKEN`.
//! Values read at scrape time (the pool, the outbox) are gathered then.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use diesel::prelude::*;
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::state::AppState;

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pool_connections: IntGaugeVec,
    pool_waiting: IntGauge,
    outbox: IntGaugeVec,
    pub orders_placed: IntCounter,
    pub rate_limited: IntCounterVec,
}

impl Metrics {
    pub fn new() -> Result<Self, prometheus::Error> {
        let registry = Registry::new_custom(Some("storefront".into()), None)?;
        let requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests answered, by route and status",
            ),
            &["method", "route", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "Time to answer an HTTP request, by route and status",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ]),
            &["method", "route", "status"],
        )?;
        let pool_connections = IntGaugeVec::new(
            Opts::new(
                "db_pool_connections",
                "Database connections of this process, by state (in_use, idle, max)",
            ),
            &["state"],
        )?;
        let pool_waiting = IntGauge::new(
            "db_pool_waiting",
            "Requests waiting for a database connection",
        )?;
        let outbox = IntGaugeVec::new(
            Opts::new(
                "mail_outbox",
                "Mail in the outbox: pending (not sent yet) and failing (not sent, failed at least once)",
            ),
            &["state"],
        )?;
        let orders_placed = IntCounter::new("orders_placed_total", "Orders placed by checkout")?;
        let rate_limited = IntCounterVec::new(
            Opts::new(
                "rate_limited_total",
                "Requests refused by a rate limit (429)",
            ),
            &["limit"],
        )?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(pool_connections.clone()))?;
        registry.register(Box::new(pool_waiting.clone()))?;
        registry.register(Box::new(outbox.clone()))?;
        registry.register(Box::new(orders_placed.clone()))?;
        registry.register(Box::new(rate_limited.clone()))?;
        Ok(Self {
            registry,
            requests,
            latency,
            pool_connections,
            pool_waiting,
            outbox,
            orders_placed,
            rate_limited,
        })
    }

    /// Counts one answered request. `route` is the matched pattern (bounded), never the raw path.
    pub fn observe(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let status = status.to_string();
        let labels = [method, route, status.as_str()];
        self.requests.with_label_values(&labels).inc();
        self.latency.with_label_values(&labels).observe(seconds);
    }

    /// A request starts waiting for a pooled connection; the guard ends the wait when dropped.
    pub fn waiting_for_connection(&self) -> WaitGuard {
        self.pool_waiting.inc();
        WaitGuard(self.pool_waiting.clone())
    }

    /// The text exposition, after reading the pool and the outbox.
    async fn render(&self, state: &AppState) -> String {
        let pool = state.pool.state();
        let idle = i64::from(pool.idle_connections);
        self.pool_connections
            .with_label_values(&["in_use"])
            .set(i64::from(pool.connections) - idle);
        self.pool_connections.with_label_values(&["idle"]).set(idle);
        self.pool_connections
            .with_label_values(&["max"])
            .set(i64::from(state.pool.max_size()));
        let counts = state
            .with_conn(|conn| {
                use db::schema::mail_outbox::dsl::*;
                let pending: i64 = mail_outbox
                    .filter(sent_at.is_null())
                    .count()
                    .get_result(conn)
                    .map_err(ApiError::internal)?;
                let failing: i64 = mail_outbox
                    .filter(sent_at.is_null().and(attempts.gt(0)))
                    .count()
                    .get_result(conn)
                    .map_err(ApiError::internal)?;
                Ok::<_, ApiError>((pending, failing))
            })
            .await;
        match counts {
            Ok((pending, failing)) => {
                self.outbox.with_label_values(&["pending"]).set(pending);
                self.outbox.with_label_values(&["failing"]).set(failing);
            }
            Err(error) => tracing::warn!(?error, "metrics: the outbox could not be read"),
        }
        let mut text = Vec::new();
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut text) {
            tracing::warn!(%error, "metrics: encoding failed");
        }
        String::from_utf8(text).unwrap_or_default()
    }
}

pub struct WaitGuard(IntGauge);

impl Drop for WaitGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

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
    let text = state.metrics.render(state).await;
    HttpResponse::Ok()
        .content_type(TextEncoder::new().format_type())
        .insert_header((header::CACHE_CONTROL, "no-store"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observed_requests_are_in_the_text() {
        let metrics = Metrics::new().unwrap_or_else(|e| panic!("{e}"));
        metrics.observe("GET", "/api/products/{slug}", 200, 0.003);
        metrics.orders_placed.inc();
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&metrics.registry.gather(), &mut text)
            .unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&text);
        assert!(text.contains(
            r#"storefront_http_requests_total{method="GET",route="/api/products/{slug}",status="200"} 1"#
        ));
        assert!(text.contains("storefront_orders_placed_total 1"));
    }
}
