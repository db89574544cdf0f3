use actix_web::{HttpResponse, post, put, web};
use catalog::desk::{self, StaffVariant};
use db::{ProductId, VariantId};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_catalog::VariantBody;
use crate::state::AppState;

/// Adds a variant to a product; its `stock` is the opening stock (a `received` movement).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = VariantBody,
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 201, description = "Created", body = StaffVariant),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 422, description = "A field is invalid (a price above the MRP, a taken SKU)", body = ErrorBody),
    )
)]
#[post("/products/{id}/variants")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
    Valid(variant): Valid<VariantBody>,
) -> Result<HttpResponse, ApiError> {
    let product = id.into_inner();
    let created = write_then_reload(&state, move |conn| {
        desk::add_variant(conn, staff.user_id, product, variant)
    })
    .await?;
    Ok(HttpResponse::Created().json(created))
}

/// Replaces a variant's fields; its stock is left as it is (adjust it with a reason instead).
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = VariantBody,
    params(("id" = i64, Path, description = "The variant's id")),
    responses(
        (status = 200, description = "Saved", body = StaffVariant),
        (status = 404, description = "No such variant", body = ErrorBody),
        (status = 409, description = "Saved by someone else since the form's `version`: `changed` names their fields, `version` is the current one", body = ErrorBody),
    )
)]
#[put("/variants/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<VariantId>,
    Valid(variant): Valid<VariantBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::update_variant(conn, staff.user_id, id, variant)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}
