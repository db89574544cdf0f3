use actix_web::{HttpResponse, get, web};

use super::json_bytes;
use crate::state::AppState;

#[get("/featured-products")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().featured_json())
}
