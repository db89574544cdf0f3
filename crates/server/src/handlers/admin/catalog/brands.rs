use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffBrand};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::BrandBody;
use crate::state::AppState;

/// Every brand, in the shop's order.
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The brands", body = DataList<StaffBrand>),
    )
)]
#[get("/brands")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_brands).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a brand.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = BrandBody,
    responses(
        (status = 201, description = "Created", body = StaffBrand),
    )
)]
#[post("/brands")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<BrandBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_brand(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a brand's fields (its order too).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = BrandBody,
    params(("id" = i64, Path, description = "The brand's id")),
    responses(
        (status = 200, description = "Saved", body = StaffBrand),
        (status = 404, description = "No such brand", body = ErrorBody),
    )
)]
#[put("/brands/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<BrandBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_brand(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes a brand no product belongs to (409 otherwise).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The brand's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such brand", body = ErrorBody),
        (status = 409, description = "products belong to it", body = ErrorBody),
    )
)]
#[delete("/brands/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_brand(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
