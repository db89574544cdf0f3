use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::extractors::RequestLocale;
use crate::precompressed;
use crate::shop_profile::ShopProfileView;
use crate::state::AppState;

/// The shop's own facts: name, address, hours, GSTIN, shipping rule, payment details.
#[utoipa::path(
    tag = "shop",
    responses((status = 200, description = "The shop profile", body = ShopProfileView))
)]
#[get("/shop")]
pub async fn show(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.shop_json(locale))
}
