//! Which crops a product serves (a need for each) and which problems it treats.

use actix_web::{HttpResponse, get, put, web};
use catalog::desk::{self, ProductCropLinks};
use db::ProductId;

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_crops::CropLinksBody;
use crate::state::AppState;

/// The crops the product serves and the problems it treats.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "Its links", body = ProductCropLinks),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
#[get("/products/{id}/crops")]
pub async fn show(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let links = state
        .with_conn(move |conn| desk::product_crop_links(conn, id))
        .await?;
    Ok(HttpResponse::Ok().json(links))
}

/// Replaces the crops the product serves and the problems it treats.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = CropLinksBody,
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "Saved", body = ProductCropLinks),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 422, description = "An unknown crop or problem, a need not in the list", body = ErrorBody),
    )
)]
#[put("/products/{id}/crops")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
    Valid((crops, problems)): Valid<CropLinksBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::set_product_crop_links(conn, staff.user_id, id, crops, problems)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}
