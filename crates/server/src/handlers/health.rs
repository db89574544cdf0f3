use actix_web::{HttpResponse, get, web};
use diesel::connection::SimpleConnection;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable`.
    status: &'static str,
}

/// 200 when the database answers, 503 otherwise.
#[utoipa::path(
    tag = "meta",
    responses(
        (status = 200, description = "The database answers", body = Health),
        (status = 503, description = "The database does not answer", body = Health),
    )
)]
#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let check = state
        .with_conn(|conn| conn.batch_execute("SELECT 1").map_err(ApiError::internal))
        .await;
    match check {
        Ok(()) => HttpResponse::Ok().json(Health { status: "ok" }),
        Err(error) => {
            tracing::warn!(%error, "health check failed");
            HttpResponse::ServiceUnavailable().json(Health {
                status: "unavailable",
            })
        }
    }
}
