//! The built single-page app and the media files. Every path that is not an API call or a file
//! gets `index.html`, filled in for its page by `crate::handlers::pages`, so the app's own router answers
//! it. Hashed assets are cached for a year;
//! `index.html` is revalidated every time so a new release is picked up at once.

use std::path::Path;

use actix_files::Files;
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::precompressed::accepts_encoding;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig, media_dir: &Path, static_dir: &Path) {
    crate::handlers::pages::configure(cfg);
    cfg.service(web::resource("/assets/{file:[^/]+}").route(web::get().to(precompressed_asset)))
        .service(Files::new("/media", media_dir).use_etag(true))
        .service(
            Files::new("/", static_dir)
                .use_etag(true)
                .default_handler(web::to(crate::handlers::pages::page)),
        );
}

/// A hashed asset, as the brotli or gzip copy the build wrote beside it when the client takes
/// that encoding (smaller than compressing on the fly, and no work per request); else as it is.
async fn precompressed_asset(
    state: web::Data<AppState>,
    request: actix_web::HttpRequest,
    file: web::Path<String>,
) -> actix_web::Result<HttpResponse> {
    let original = state.config.static_dir.join("assets").join(file.as_str());
    let content_type = actix_files::file_extension_to_mime(
        original
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default(),
    );
    for (token, suffix) in [("br", "br"), ("gzip", "gz")] {
        let encoded = original.with_file_name(format!("{}.{suffix}", file.as_str()));
        if accepts_encoding(&request, token)
            && let Ok(body) = std::fs::read(&encoded)
        {
            return Ok(HttpResponse::Ok()
                .content_type(content_type)
                .insert_header((header::CONTENT_ENCODING, token))
                .insert_header((header::VARY, "Accept-Encoding"))
                .body(body));
        }
    }
    let file = actix_files::NamedFile::open(&original)
        .map_err(|_| actix_web::error::ErrorNotFound("no such asset"))?;
    Ok(file.into_response(&request))
}

/// What only one person may read (the back office, an account, a cart, an order): never kept
/// by the browser or anything between (ASVS 8.2.1).
const PRIVATE_API: [&str; 6] = [
    "/api/admin",
    "/api/user",
    "/api/orders",
    "/api/cart",
    "/api/addresses",
    "/api/checkout",
];

/// Cache policy by path and status, for responses that did not set their own: hashed assets
/// for a year, media for a day, private answers never stored, and everything else (the app's
/// pages, the catalogue API, and any answer that is not a success, so a missing photo is asked
/// for again once it exists) revalidated.
pub fn cache_control(request_path: &str, status: StatusCode) -> &'static str {
    let found = status.is_success() || status == StatusCode::NOT_MODIFIED;
    if PRIVATE_API
        .iter()
        .any(|prefix| request_path == *prefix || request_path.starts_with(&format!("{prefix}/")))
    {
        "no-store"
    } else if found && request_path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if found && request_path.starts_with("/media/") {
        "public, max-age=86400"
    } else {
        "no-cache"
    }
}

pub fn set_cache_control<B>(mut response: ServiceResponse<B>) -> ServiceResponse<B> {
    if !response.headers().contains_key(header::CACHE_CONTROL) {
        let policy = cache_control(response.request().path(), response.status());
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_failures_are_revalidated_private_answers_never_kept_and_found_files_cached() {
        assert_eq!(cache_control("/", StatusCode::OK), "no-cache");
        assert_eq!(cache_control("/index.html", StatusCode::OK), "no-cache");
        assert_eq!(cache_control("/api/brands", StatusCode::OK), "no-cache");
        assert_eq!(
            cache_control("/api/admin/orders", StatusCode::OK),
            "no-store"
        );
        assert_eq!(cache_control("/api/orders/x-y", StatusCode::OK), "no-store");
        assert_eq!(cache_control("/api/user", StatusCode::OK), "no-store");
        assert_eq!(cache_control("/api/cart", StatusCode::OK), "no-store");
        assert_eq!(
            cache_control("/api/cartography", StatusCode::OK),
            "no-cache"
        );
        assert_eq!(
            cache_control("/media/products/a.webp", StatusCode::OK),
            "public, max-age=86400"
        );
        assert_eq!(
            cache_control("/media/products/missing.webp", StatusCode::NOT_FOUND),
            "no-cache"
        );
        assert_eq!(
            cache_control("/assets/app-1234.js", StatusCode::OK),
            "public, max-age=31536000, immutable"
        );
    }
}
