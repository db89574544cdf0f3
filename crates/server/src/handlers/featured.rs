use actix_web::{HttpResponse, get, web};
use catalog::view::FeaturedProduct;

use super::json_bytes;
use crate::state::AppState;

/// The products the shop features on its home page, with their pack sizes.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "Featured products", body = Vec<FeaturedProduct>))
)]
#[get("/featured-products")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().featured_json())
}
