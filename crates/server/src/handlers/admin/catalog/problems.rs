//! Problems (pests, diseases, deficiencies): their names in three languages and the crops they
//! affect.

use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffProblem};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_crops::ProblemBody;
use crate::state::AppState;

/// Every problem, in the shop's order, with its Malayalam and Tamil words.
#[utoipa::path(
    tag = "admin-catalogue",
    responses((status = 200, description = "The problems", body = DataList<StaffProblem>))
)]
#[get("/problems")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_problems).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a problem.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = ProblemBody,
    responses(
        (status = 201, description = "Created", body = StaffProblem),
        (status = 422, description = "A field is missing or wrong, or the slug is taken", body = ErrorBody),
    )
)]
#[post("/problems")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<ProblemBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_problem(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a problem's fields and the crops it affects.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = ProblemBody,
    params(("id" = i64, Path, description = "The problem's id")),
    responses(
        (status = 200, description = "Saved", body = StaffProblem),
        (status = 404, description = "No such problem", body = ErrorBody),
        (status = 422, description = "A field is missing or wrong, or the slug is taken", body = ErrorBody),
    )
)]
#[put("/problems/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<ProblemBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_problem(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes a problem no product is linked to (409 otherwise).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The problem's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such problem", body = ErrorBody),
        (status = 409, description = "Products are linked to it", body = ErrorBody),
    )
)]
#[delete("/problems/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_problem(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
