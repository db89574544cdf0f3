use actix_web::{HttpResponse, get, post, web};
use catalog::desk::{self, LowStockItem, StockMovement};
use db::VariantId;

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::StockAdjustmentBody;
use crate::state::AppState;

/// Moves a variant's stock with a reason; the movement is kept, and stock never goes below 0.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = StockAdjustmentBody,
    params(("id" = i64, Path, description = "The variant's id")),
    responses(
        (status = 201, description = "Recorded", body = StockMovement),
        (status = 404, description = "No such variant", body = ErrorBody),
        (status = 422, description = "Invalid, or stock would go below 0", body = ErrorBody),
    )
)]
#[post("/variants/{id}/stock-adjustments")]
pub async fn adjust(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<VariantId>,
    Valid(adjustment): Valid<StockAdjustmentBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let movement = state
        .with_conn(move |conn| desk::adjust_stock(conn, staff.user_id, id, adjustment))
        .await?;
    Ok(HttpResponse::Created().json(movement))
}

/// A variant's stock movements, newest first.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The variant's id")),
    responses(
        (status = 200, description = "The movements", body = DataList<StockMovement>),
        (status = 404, description = "No such variant", body = ErrorBody),
    )
)]
#[get("/variants/{id}/stock-movements")]
pub async fn movements(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<VariantId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let data = state
        .with_conn(move |conn| desk::stock_movements(conn, id))
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Active variants at or below their low-stock threshold, least stock first.
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The variants", body = DataList<LowStockItem>),
    )
)]
#[get("/low-stock")]
pub async fn low_stock(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::low_stock).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}
