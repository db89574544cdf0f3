//! Cross-origin calls with credentials, for a web app served from another host: only the
//! origins in `ALLOWED_ORIGINS` (and the shop's own, `PUBLIC_URL`, when `API_URL` puts the API
//! elsewhere) get CORS headers, compared exactly (never a pattern, never the request's `Origin`
//! echoed back). Others are not blocked here (a same-origin page's own requests carry an Origin
//! too), but browsers will not let them read answers or send credentials, and their state
//! changes fail the anti-forgery check. The anti-forgery token's header is exposed, so the
//! allowed app can read it when the API's cookies are not its own.

use actix_cors::Cors;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;

pub fn middleware(allowed_origins: &[String]) -> Cors {
    let allowed = allowed_origins.to_vec();
    Cors::default()
        .allowed_origin_fn(move |origin, _| {
            origin
                .to_str()
                .is_ok_and(|o| allowed.iter().any(|a| a == o))
        })
        .allowed_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allowed_headers([
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::HeaderName::from_static("x-xsrf-token"),
            header::HeaderName::from_static("x-requested-with"),
            header::HeaderName::from_static("idempotency-key"),
        ])
        .expose_headers([
            header::HeaderName::from_static("x-total-count"),
            header::HeaderName::from_static("x-xsrf-token"),
            header::RETRY_AFTER,
        ])
        .supports_credentials()
        .block_on_origin_mismatch(false)
        .max_age(3600)
}

/// Outside [`middleware`]: an answer to an origin that is not allowed carries no CORS header at
/// all. actix-cors still adds `Access-Control-Allow-Credentials` and the exposed headers there;
/// without `Access-Control-Allow-Origin` they grant nothing, but no answer should read as if it
/// offered credentials to a stranger.
pub async fn strip_for_strangers(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if !headers.contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN) {
        headers.remove(header::ACCESS_CONTROL_ALLOW_CREDENTIALS);
        headers.remove(header::ACCESS_CONTROL_EXPOSE_HEADERS);
    }
    Ok(response)
}
