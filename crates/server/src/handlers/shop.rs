use actix_web::{HttpResponse, get, web};

use super::json_bytes;
use crate::shop::ShopProfileView;
use crate::state::AppState;

/// The shop's own facts: name, address, hours, GSTIN, shipping rule, payment details.
#[utoipa::path(
    tag = "shop",
    responses((status = 200, description = "The shop profile", body = ShopProfileView))
)]
#[get("/shop")]
pub async fn show(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.shop_json.clone())
}
