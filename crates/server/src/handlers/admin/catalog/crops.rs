//! Crops for shop-by-crop: their names in English, Malayalam and Tamil and the other spellings
//! shoppers type.

use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffCrop};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_crops::CropBody;
use crate::state::AppState;

/// Every crop, in the shop's order, with its Malayalam and Tamil words.
#[utoipa::path(
    tag = "admin-catalogue",
    responses((status = 200, description = "The crops", body = DataList<StaffCrop>))
)]
#[get("/crops")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state.with_conn(desk::list_crops).await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Creates a crop.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = CropBody,
    responses(
        (status = 201, description = "Created", body = StaffCrop),
        (status = 422, description = "A field is missing or wrong, or the slug is taken", body = ErrorBody),
    )
)]
#[post("/crops")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(draft): Valid<CropBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = write_then_reload(&state, move |conn| {
        desk::save_crop(conn, staff.user_id, None, draft)
    })
    .await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Replaces a crop's fields.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = CropBody,
    params(("id" = i64, Path, description = "The crop's id")),
    responses(
        (status = 200, description = "Saved", body = StaffCrop),
        (status = 404, description = "No such crop", body = ErrorBody),
        (status = 422, description = "A field is missing or wrong, or the slug is taken", body = ErrorBody),
    )
)]
#[put("/crops/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    Valid(draft): Valid<CropBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::save_crop(conn, staff.user_id, Some(id), draft)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Removes a crop no product is linked to (409 otherwise).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The crop's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such crop", body = ErrorBody),
        (status = 409, description = "Products are linked to it", body = ErrorBody),
    )
)]
#[delete("/crops/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_crop(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
