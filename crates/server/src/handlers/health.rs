use actix_web::{HttpResponse, get, web};
use diesel::connection::SimpleConnection;
use serde_json::json;

use crate::error::ApiError;
use crate::state::AppState;

/// 200 when the database answers, 503 otherwise.
#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let check = state
        .with_conn(|conn| conn.batch_execute("SELECT 1").map_err(ApiError::internal))
        .await;
    match check {
        Ok(()) => HttpResponse::Ok().json(json!({"status": "ok"})),
        Err(error) => {
            tracing::warn!(%error, "health check failed");
            HttpResponse::ServiceUnavailable().json(json!({"status": "unavailable"}))
        }
    }
}
