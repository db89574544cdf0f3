use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::view::FeaturedProduct;

use crate::extractors::RequestLocale;
use crate::precompressed;
use crate::state::AppState;

/// The products the shop features on its home page, with their pack sizes.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "Featured products", body = Vec<FeaturedProduct>))
)]
#[get("/featured-products")]
pub async fn list(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.catalog_in(locale).featured_json())
}
