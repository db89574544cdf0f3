use actix_web::{HttpResponse, get, web};

use super::json_bytes;
use crate::state::AppState;

#[get("/awards")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().awards_json())
}
