use actix_web::{HttpResponse, get, web};
use diesel::connection::SimpleConnection;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// Always `ok`: the process answers.
    status: &'static str,
}

/// Liveness: 200 whenever the process answers. It asks nothing of the database, so a database
/// blip makes `/readyz` fail (the balancer stops sending traffic) but never makes an orchestrator
/// restart every instance at once.
#[utoipa::path(
    tag = "meta",
    responses(
        (status = 200, description = "The process answers", body = Health),
    )
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}

/// How long `/readyz` waits for a pooled connection.
const READINESS_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Readiness {
    /// `ready`, or `unavailable`.
    status: &'static str,
    /// The database answers.
    database: bool,
    /// Every migration this binary knows is applied.
    migrations: bool,
    /// The catalogue is loaded in memory (its product count).
    catalog_products: usize,
}

/// Whether this process should get traffic: the database answers, its migrations are applied
/// and the catalogue is loaded. `/healthz` only says the process answers.
#[utoipa::path(
    tag = "meta",
    responses(
        (status = 200, description = "Ready for traffic", body = Readiness),
        (status = 503, description = "Not ready: the database does not answer or is not migrated", body = Readiness),
    )
)]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let pool = state.pool.clone();
    // A balancer's probe gives up after a few seconds: wait for a connection less than the
    // pool's own 10 s, so a busy or unreachable database reads as "not ready" in time.
    let check = web::block(move || {
        let mut conn = pool
            .get_timeout(READINESS_WAIT)
            .map_err(ApiError::internal)?;
        conn.batch_execute("SELECT 1").map_err(ApiError::internal)?;
        db::has_pending_migrations(&mut conn).map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)
    .and_then(|answer| answer);
    let catalog_products = state.catalog().product_count();
    let (database, migrations) = match check {
        Ok(pending) => (true, !pending),
        Err(error) => {
            tracing::warn!(%error, "readiness check failed");
            (false, false)
        }
    };
    let ready = database && migrations;
    let body = Readiness {
        status: if ready { "ready" } else { "unavailable" },
        database,
        migrations,
        catalog_products,
    };
    if ready {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
