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
    let check = state
        .with_conn(|conn| {
            conn.batch_execute("SELECT 1").map_err(ApiError::internal)?;
            db::has_pending_migrations(conn).map_err(ApiError::internal)
        })
        .await;
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
