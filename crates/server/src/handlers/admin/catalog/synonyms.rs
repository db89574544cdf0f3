//! The search's synonym groups: words that mean one thing (`pesticide`, `keedanashini`).

use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, SynonymGroup};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_crops::SynonymsBody;
use crate::state::AppState;

/// Every synonym group, oldest first.
#[utoipa::path(
    tag = "admin-catalogue",
    responses((status = 200, description = "The synonym groups", body = DataList<SynonymGroup>))
)]
#[get("/synonyms")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_synonyms).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a synonym group.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = SynonymsBody,
    responses(
        (status = 201, description = "Created", body = SynonymGroup),
        (status = 422, description = "A field is missing or wrong", body = ErrorBody),
    )
)]
#[post("/synonyms")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<SynonymsBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_synonyms(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a synonym group's words.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = SynonymsBody,
    params(("id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Saved", body = SynonymGroup),
        (status = 404, description = "No such synonym group", body = ErrorBody),
        (status = 422, description = "A field is missing or wrong", body = ErrorBody),
    )
)]
#[put("/synonyms/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<SynonymsBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_synonyms(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes a synonym group.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The group's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such synonym group", body = ErrorBody),
    )
)]
#[delete("/synonyms/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_synonyms(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
