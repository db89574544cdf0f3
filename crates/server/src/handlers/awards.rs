use actix_web::{HttpResponse, get, web};
use catalog::view::Award;

use super::json_bytes;
use crate::state::AppState;

/// The shop's awards, newest first.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "Awards", body = Vec<Award>))
)]
#[get("/awards")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().awards_json())
}
