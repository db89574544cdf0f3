use actix_web::{HttpResponse, get, web};

use super::json_bytes;
use crate::state::AppState;

#[get("/shop")]
pub async fn show(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.shop_json.clone())
}
