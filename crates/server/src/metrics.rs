//! Prometheus metrics: one registry per running app, served as text at `/metrics` only on the
//! `METRICS_BIND` address or, on the main port, with the bearer token in `METRICS_TOKEN`.
//! Values read at scrape time (the pool, the outbox) are gathered then.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pool_connections: IntGaugeVec,
    pool_waiting: IntGauge,
    outbox: IntGaugeVec,
    pub orders_placed: IntCounter,
    pub rate_limited: IntCounterVec,
    page_cache: IntCounterVec,
    page_cache_bytes: IntGauge,
    page_renders: IntCounterVec,
    page_render_seconds: prometheus::Histogram,
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
        let page_cache = IntCounterVec::new(
            Opts::new(
                "page_cache_lookups_total",
                "Pages asked for, by what the cache had: hit, stale (re-read for its stock) or miss",
            ),
            &["result"],
        )?;
        let page_cache_bytes = IntGauge::new(
            "page_cache_bytes",
            "Memory held by the cached pages (bounded by PAGE_CACHE_MB)",
        )?;
        let page_renders = IntCounterVec::new(
            Opts::new(
                "page_renders_total",
                "Pages drawn on the server, by result (drawn; failed, or spared: a search or not-found page past its budget or with no engine free; both served undrawn)",
            ),
            &["result"],
        )?;
        let page_render_seconds = prometheus::Histogram::with_opts(
            HistogramOpts::new(
                "page_render_duration_seconds",
                "Time to draw a page on the server, waiting for an engine included",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
            ]),
        )?;
        registry.register(Box::new(page_cache.clone()))?;
        registry.register(Box::new(page_cache_bytes.clone()))?;
        registry.register(Box::new(page_renders.clone()))?;
        registry.register(Box::new(page_render_seconds.clone()))?;
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
            page_cache,
            page_cache_bytes,
            page_renders,
            page_render_seconds,
        })
    }

    /// A page asked for: what the cache had (`hit`, `stale`, `miss`).
    pub fn observe_page_lookup(&self, result: &str) {
        self.page_cache.with_label_values(&[result]).inc();
    }

    /// The memory the page cache holds after keeping a page.
    pub fn observe_page_cache_bytes(&self, bytes: usize) {
        self.page_cache_bytes
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
    }

    /// A server render, drawn or failed, and how long it took.
    pub fn observe_render(&self, drawn: bool, seconds: f64) {
        let result = if drawn { "drawn" } else { "failed" };
        self.page_renders.with_label_values(&[result]).inc();
        self.page_render_seconds.observe(seconds);
    }

    /// A search or not-found page served undrawn without trying: past its render budget, or
    /// with no engine to spare.
    pub fn observe_render_spared(&self) {
        self.page_renders.with_label_values(&["spared"]).inc();
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

    /// The pool's connections as read at scrape time.
    pub fn observe_pool(&self, in_use: i64, idle: i64, max: i64) {
        self.pool_connections
            .with_label_values(&["in_use"])
            .set(in_use);
        self.pool_connections.with_label_values(&["idle"]).set(idle);
        self.pool_connections.with_label_values(&["max"]).set(max);
    }

    /// The outbox as read at scrape time: mail not yet sent, and of it mail that failed before.
    pub fn observe_outbox(&self, pending: i64, failing: i64) {
        self.outbox.with_label_values(&["pending"]).set(pending);
        self.outbox.with_label_values(&["failing"]).set(failing);
    }

    /// The text exposition of every metric.
    pub fn encode(&self) -> String {
        let mut text = Vec::new();
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut text) {
            tracing::warn!(%error, "metrics: encoding failed");
        }
        String::from_utf8(text).unwrap_or_default()
    }

    pub fn content_type() -> &'static str {
        prometheus::TEXT_FORMAT
    }
}

pub struct WaitGuard(IntGauge);

impl Drop for WaitGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observed_requests_are_in_the_text() {
        let metrics = Metrics::new().unwrap_or_else(|e| panic!("{e}"));
        metrics.observe("GET", "/api/products/{slug}", 200, 0.003);
        metrics.orders_placed.inc();
        let text = metrics.encode();
        assert!(text.contains(
            r#"storefront_http_requests_total{method="GET",route="/api/products/{slug}",status="200"} 1"#
        ));
        assert!(text.contains("storefront_orders_placed_total 1"));
    }
}
