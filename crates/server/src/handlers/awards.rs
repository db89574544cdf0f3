use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::view::Award;

use crate::extractors::RequestLocale;
use crate::precompressed;
use crate::state::AppState;

/// The shop's awards, newest first.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "Awards", body = Vec<Award>))
)]
#[get("/awards")]
pub async fn list(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.catalog_in(locale).awards_json())
}
