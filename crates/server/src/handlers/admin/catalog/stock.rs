use actix_web::{HttpResponse, get, post, web};
use catalog::desk::{self, CountedStock, LowStockItem, StockMovement};
use db::VariantId;

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::{CountListQuery, StockAdjustmentBody, StockCountBody};
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

/// Sets each pack size's stock to the quantity counted on the shelf (a stocktake), all in one
/// transaction: each difference is a `stocktake` movement with the note. When a listed pack
/// size was sold since the counting list was read (`stock_seen`), nothing is saved (409).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = StockCountBody,
    responses(
        (status = 200, description = "Counted: each pack size's stock before and after", body = DataList<CountedStock>),
        (status = 404, description = "No such variant", body = ErrorBody),
        (status = 409, description = "Stock moved since the list was read; nothing saved", body = ErrorBody),
        (status = 422, description = "Invalid", body = ErrorBody),
    )
)]
#[post("/stock-counts")]
pub async fn count(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(body): Valid<StockCountBody>,
) -> Result<HttpResponse, ApiError> {
    let data = state
        .with_conn(move |conn| {
            desk::set_counted(conn, staff.user_id, &body.counts, body.note.as_deref())
        })
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Active pack sizes of active products to count, by product name: narrowed by a category
/// (with its sub-categories) or words of the name or SKU.
#[utoipa::path(
    tag = "admin-catalogue",
    params(CountListQuery),
    responses(
        (status = 200, description = "The pack sizes with their stock", body = DataList<LowStockItem>),
        (status = 422, description = "Invalid", body = ErrorBody),
    )
)]
#[get("/stock-counts/list")]
pub async fn count_list(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<CountListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (category, search) = query.parse()?;
    let data = state
        .with_conn(move |conn| desk::count_list(conn, category, search.as_deref()))
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}
