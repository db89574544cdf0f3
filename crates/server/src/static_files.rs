//! The built single-page app and the media files. Every path that is not an API call or a file
//! gets `index.html`, filled in for its page by `crate::handlers::pages`, so the app's own router answers
//! it. How long each may be kept is `crate::cache_policy`'s: hashed assets for a year, `index.html`
//! revalidated every time so a new release is picked up at once.

use std::path::Path;

use actix_files::Files;
use actix_web::http::header;
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
