use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffCategory};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::CategoryBody;
use crate::state::AppState;

/// Every category (top-level and sub-categories), each level in its order.
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The categories", body = DataList<StaffCategory>),
    )
)]
#[get("/categories")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_categories).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a category.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = CategoryBody,
    responses(
        (status = 201, description = "Created", body = StaffCategory),
    )
)]
#[post("/categories")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_category(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a category's fields (its order too).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = CategoryBody,
    params(("id" = i64, Path, description = "The category's id")),
    responses(
        (status = 200, description = "Saved", body = StaffCategory),
        (status = 404, description = "No such category", body = ErrorBody),
    )
)]
#[put("/categories/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_category(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes a category without sub-categories or products (409 otherwise).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The category's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 409, description = "it has sub-categories or products", body = ErrorBody),
    )
)]
#[delete("/categories/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_category(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
