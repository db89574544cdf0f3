//! Checks every API request before its handler: bodies over 16 KB (CSV imports: 5 MB; photo
//! uploads: 100 MB; providers' webhooks: 256 KB) are refused (413), and every state-changing
//! method must echo the session's anti-forgery token in `X-XSRF-TOKEN` (419), except the
//! providers' webhooks, which no browser session sends and which prove themselves instead (a
//! signature, a secret in the path).

use actix_session::SessionExt;
use actix_web::HttpResponse;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::session::{get_string, keys};

/// The largest request body the API reads.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Staff uploads that are larger by nature, by path prefix (the staff check still comes first:
/// nobody else's body is read).
const LARGE_BODIES: [(&str, usize); 3] = [
    ("/api/admin/catalog/imports", CSV_MAX_BYTES),
    ("/api/admin/stock/receipt-sheets", CSV_MAX_BYTES),
    (WEBHOOKS, WEBHOOK_MAX_BYTES),
];

/// Where providers post their webhooks.
pub const WEBHOOKS: &str = "/api/webhooks/";

/// A provider's batch of delivery reports.
pub const WEBHOOK_MAX_BYTES: usize = 256 * 1024;

/// A CSV sheet of some 20,000 rows.
pub const CSV_MAX_BYTES: usize = 5 * 1024 * 1024;

/// The most this path's body may hold.
pub fn body_limit(path: &str) -> usize {
    if takes_photos(path) {
        return crate::uploads::MAX_UPLOAD_BODY_BYTES;
    }
    LARGE_BODIES
        .iter()
        .find(|(prefix, _)| path.starts_with(prefix))
        .map_or(MAX_BODY_BYTES, |(_, limit)| *limit)
}

pub async fn guard<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    match refusal(&request) {
        // Answered here, as a response, so the outer middleware still adds its headers.
        Some(error) => Ok(request
            .into_response(HttpResponse::from_error(error))
            .map_into_right_body()),
        None => next
            .call(request)
            .await
            .map(ServiceResponse::map_into_left_body),
    }
}

fn refusal(request: &ServiceRequest) -> Option<ApiError> {
    if request.path().starts_with("/api/") {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|length| length > body_limit(request.path())) {
            return Some(ApiError::PayloadTooLarge);
        }
        if changes_state(request.method())
            && !request.path().starts_with(WEBHOOKS)
            && !token_matches(request)
        {
            return Some(ApiError::CsrfMismatch);
        }
    }
    None
}

/// The catalogue desk's photo, logo and picture uploads (each file is limited as it is read).
fn takes_photos(path: &str) -> bool {
    path.starts_with("/api/admin/catalog/")
        && (path.ends_with("/photos") || path.ends_with("/logo") || path.ends_with("/picture"))
}

fn changes_state(method: &Method) -> bool {
    !matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

fn token_matches(request: &ServiceRequest) -> bool {
    let Some(expected) = get_string(&request.get_session(), keys::CSRF_TOKEN) else {
        return false;
    };
    let sent = request
        .headers()
        .get("X-XSRF-TOKEN")
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    !expected.is_empty() && bool::from(sent.ct_eq(expected.as_bytes()))
}
