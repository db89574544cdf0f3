use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffAward};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::AwardBody;
use crate::state::AppState;

/// Every award, in the order the About page shows them.
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The awards", body = DataList<StaffAward>),
    )
)]
#[get("/awards")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_awards).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a award.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = AwardBody,
    responses(
        (status = 201, description = "Created", body = StaffAward),
    )
)]
#[post("/awards")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<AwardBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_award(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a award's fields (its order too).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = AwardBody,
    params(("id" = i64, Path, description = "The award's id")),
    responses(
        (status = 200, description = "Saved", body = StaffAward),
        (status = 404, description = "No such award", body = ErrorBody),
    )
)]
#[put("/awards/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<AwardBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_award(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes an award.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The award's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such award", body = ErrorBody),
    )
)]
#[delete("/awards/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_award(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
