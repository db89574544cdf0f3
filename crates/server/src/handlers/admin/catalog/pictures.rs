//! A brand's logo and an award's picture: one picture each, replaced or removed.

use actix_multipart::Multipart;
use actix_web::{HttpResponse, delete, put, web};
use catalog::desk::{self, PictureOwner};
use catalog::view::Picture;
use db::UserId;

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::admin_catalog::PhotoUpload;
use crate::state::AppState;
use crate::uploads;

async fn replace(
    state: web::Data<AppState>,
    actor: UserId,
    owner: PictureOwner,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut stored =
        uploads::receive(form, state.config.media_dir.clone(), owner.folder(), 1).await?;
    let media = state.media.clone();
    let picture = write_then_reload(&state, move |conn| {
        desk::set_picture(conn, &media, actor, owner, stored.pop())
    })
    .await?;
    Ok(HttpResponse::Ok().json(picture))
}

async fn clear(
    state: web::Data<AppState>,
    actor: UserId,
    owner: PictureOwner,
) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    write_then_reload(&state, move |conn| {
        desk::set_picture(conn, &media, actor, owner, None)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Replaces a brand's logo (one JPEG, PNG or WebP picture, as for product photos).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The brand's id")),
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved", body = Picture),
        (status = 404, description = "No such brand", body = ErrorBody),
        (status = 413, description = "The upload is too large", body = ErrorBody),
        (status = 422, description = "The file is not a picture taken", body = ErrorBody),
    )
)]
#[put("/brands/{id}/logo")]
pub async fn brand_logo(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    replace(
        state,
        staff.user_id,
        PictureOwner::Brand(id.into_inner()),
        form,
    )
    .await
}

/// Removes a brand's logo.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The brand's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such brand", body = ErrorBody),
    )
)]
#[delete("/brands/{id}/logo")]
pub async fn remove_brand_logo(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    clear(state, staff.user_id, PictureOwner::Brand(id.into_inner())).await
}

/// Replaces an award's picture.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The award's id")),
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved", body = Picture),
        (status = 404, description = "No such award", body = ErrorBody),
        (status = 413, description = "The upload is too large", body = ErrorBody),
        (status = 422, description = "The file is not a picture taken", body = ErrorBody),
    )
)]
#[put("/awards/{id}/picture")]
pub async fn award_picture(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    replace(
        state,
        staff.user_id,
        PictureOwner::Award(id.into_inner()),
        form,
    )
    .await
}

/// Removes an award's picture.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The award's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such award", body = ErrorBody),
    )
)]
#[delete("/awards/{id}/picture")]
pub async fn remove_award_picture(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    clear(state, staff.user_id, PictureOwner::Award(id.into_inner())).await
}
