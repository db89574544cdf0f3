use actix_web::{HttpResponse, get};
use orders::checkout::states::STATES;
use serde_json::json;

/// India's states and union territories with their GST state codes, for address forms.
#[get("/states")]
pub async fn list() -> HttpResponse {
    let states: Vec<_> = STATES
        .iter()
        .map(|(name, code)| json!({"name": name, "code": code}))
        .collect();
    HttpResponse::Ok().json(states)
}
