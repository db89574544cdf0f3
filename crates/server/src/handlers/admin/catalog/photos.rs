//! A product's photos: uploaded (several at once), listed, described, reordered, removed.

use actix_multipart::Multipart;
use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::desk::{self, StaffPhoto};
use db::ProductId;

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::{PhotoAltBody, PhotoOrderBody, PhotoUpload};
use crate::state::AppState;
use crate::uploads::{self, MAX_FILES};

/// A product's photos, in the shop's order.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "The photos", body = DataList<StaffPhoto>),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
#[get("/products/{id}/photos")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let (id, media) = (id.into_inner(), state.media.clone());
    let data = state
        .with_conn(move |conn| desk::list_photos(conn, &media, id))
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Adds photos after the product's others: JPEG, PNG or WebP, at most 10 MB and 40 megapixels
/// each, up to ten at once. Each is turned upright, stripped of its metadata and stored as WebP
/// in a few widths. Answers every photo of the product.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Added", body = DataList<StaffPhoto>),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 413, description = "The upload is too large", body = ErrorBody),
        (status = 422, description = "A file is not a picture taken, named `files[i]`", body = ErrorBody),
    )
)]
#[post("/products/{id}/photos")]
pub async fn upload(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let (id, media) = (id.into_inner(), state.media.clone());
    // A missing product is answered before any photo work.
    state
        .with_conn(move |conn| desk::list_photos(conn, &catalog::MediaUrls::default(), id))
        .await?;
    let photos =
        uploads::receive(form, state.config.media_dir.clone(), "products", MAX_FILES).await?;
    let data = write_then_reload(&state, move |conn| {
        desk::add_photos(conn, &media, staff.user_id, id, photos)
    })
    .await?;
    Ok(HttpResponse::Created().json(DataList { data }))
}

/// Sets a photo's alt text.
#[utoipa::path(
    tag = "admin-catalogue",
    params(
        ("id" = i64, Path, description = "The product's id"),
        ("photo_id" = i64, Path, description = "The photo's id"),
    ),
    request_body = PhotoAltBody,
    responses(
        (status = 200, description = "Saved", body = StaffPhoto),
        (status = 404, description = "No such photo", body = ErrorBody),
    )
)]
#[put("/products/{id}/photos/{photo_id}")]
pub async fn describe(
    state: web::Data<AppState>,
    staff: StaffActor,
    path: web::Path<(ProductId, i64)>,
    Valid(alt): Valid<PhotoAltBody>,
) -> Result<HttpResponse, ApiError> {
    let ((id, photo_id), media) = (path.into_inner(), state.media.clone());
    let saved = write_then_reload(&state, move |conn| {
        desk::describe_photo(conn, &media, staff.user_id, id, photo_id, alt)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Puts the product's photos in a new order (the first is the product's main image).
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    request_body = PhotoOrderBody,
    responses(
        (status = 200, description = "Reordered", body = DataList<StaffPhoto>),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 422, description = "The ids are not the product's photos, each once", body = ErrorBody),
    )
)]
#[put("/products/{id}/photos/order")]
pub async fn reorder(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
    Valid(ids): Valid<PhotoOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, media) = (id.into_inner(), state.media.clone());
    let data = write_then_reload(&state, move |conn| {
        desk::reorder_photos(conn, &media, staff.user_id, id, ids)
    })
    .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Removes a photo from the product.
#[utoipa::path(
    tag = "admin-catalogue",
    params(
        ("id" = i64, Path, description = "The product's id"),
        ("photo_id" = i64, Path, description = "The photo's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such photo", body = ErrorBody),
    )
)]
#[delete("/products/{id}/photos/{photo_id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    path: web::Path<(ProductId, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, photo_id) = path.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_photo(conn, staff.user_id, id, photo_id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
