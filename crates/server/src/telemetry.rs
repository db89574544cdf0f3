//! Logs and request ids. Logs go to stderr, filtered by `RUST_LOG` (default `info`), as text or,
//! with `LOG_FORMAT=json`, one JSON object a line. Every request gets an id (the proxy's
//! `X-Request-Id` when it is short and safe, else a new one): it is on every log line of that
//! request (the `request` span) and returned in the answer's `X-Request-Id`.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

use crate::state::AppState;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init()
    } else {
        builder.try_init()
    };
}

/// The id of the request being answered (in the request's extensions).
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// A client's id is kept when it is 1 to 64 characters of letters, digits, `-`, `_`, `.`.
pub fn accepted_request_id(sent: Option<&HeaderValue>) -> Option<String> {
    let sent = sent?.to_str().ok()?;
    let safe = !sent.is_empty()
        && sent.len() <= 64
        && sent
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    safe.then(|| sent.to_owned())
}

/// The outermost middleware: request id, the `request` span, the access log line and the
/// request metrics.
pub async fn observe<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<B>, actix_web::Error> {
    let id = accepted_request_id(request.headers().get(&REQUEST_ID))
        .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    request.extensions_mut().insert(RequestId(id.clone()));
    let started = Instant::now();
    let method = request.method().to_string();
    let path = logged_path(request.path());
    let quiet = matches!(path.as_str(), "/healthz" | "/readyz" | "/metrics");
    let peer = request
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let state = request.app_data::<web::Data<AppState>>().cloned();
    // At ERROR level so that the span (and its id) is there whenever any line is logged, even
    // with `RUST_LOG=warn`; a span's level only decides when it is recorded.
    let span = tracing::error_span!("request", request_id = %id);
    let result = next.call(request).instrument(span.clone()).await;
    let elapsed = started.elapsed();
    let mut response = result?;
    let status = response.status().as_u16();
    let route = response
        .request()
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_owned());
    if let Some(state) = state {
        state
            .metrics
            .observe(&method, &route, status, elapsed.as_secs_f64());
    }
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    let millis = elapsed.as_secs_f64() * 1000.0;
    span.in_scope(|| {
        if quiet {
            tracing::debug!(target: "access", request_id = %id, %peer, %method, %path, status, millis, "request");
        } else {
            tracing::info!(target: "access", request_id = %id, %peer, %method, %path, status, millis, "request");
        }
    });
    Ok(response)
}

/// The path as the access log keeps it: MSG91's webhook carries its secret in the path (MSG91
/// signs nothing), which no log may hold.
fn logged_path(path: &str) -> String {
    const SECRET_IN_PATH: &str = "/api/webhooks/msg91/";
    match path.strip_prefix(SECRET_IN_PATH) {
        Some(rest) if !rest.is_empty() => format!("{SECRET_IN_PATH}…"),
        _ => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_msg91_webhooks_secret_never_reaches_the_log() {
        assert_eq!(
            logged_path("/api/webhooks/msg91/a-secret-of-24-characters"),
            "/api/webhooks/msg91/…"
        );
        assert_eq!(logged_path("/api/products/x"), "/api/products/x");
    }

    #[test]
    fn only_short_safe_ids_are_kept() {
        let value = |s: &'static str| HeaderValue::from_static(s);
        assert_eq!(
            accepted_request_id(Some(&value("abc-123_X.y"))).as_deref(),
            Some("abc-123_X.y")
        );
        assert_eq!(accepted_request_id(Some(&value(""))), None);
        assert_eq!(accepted_request_id(Some(&value("a b"))), None);
        assert_eq!(accepted_request_id(Some(&value("a\"b"))), None);
        let long = "a".repeat(65);
        assert_eq!(
            accepted_request_id(Some(&HeaderValue::from_str(&long).unwrap_or(value("x")))),
            None
        );
        assert_eq!(accepted_request_id(None), None);
    }
}
