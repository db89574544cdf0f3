use actix_web::{HttpResponse, delete, get, post, put, web};
use catalog::Paged;
use catalog::desk::{self, StaffProduct, StaffProductSummary};
use db::ProductId;
use pricing::GstRate;

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_catalog::{NewProductBody, ProductBody, ProductListQuery};
use crate::state::AppState;

/// Every product, inactive ones too, filtered and sorted for staff.
#[utoipa::path(
    tag = "admin-catalogue",
    params(ProductListQuery),
    responses(
        (status = 200, description = "One page of products", body = Paged<StaffProductSummary>),
        (status = 422, description = "A filter is invalid", body = ErrorBody),
    )
)]
#[get("/products")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<ProductListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = query.parse()?;
    let products = state
        .with_conn(move |conn| desk::list_products(conn, &filter, page))
        .await?;
    Ok(HttpResponse::Ok().json(products))
}

/// Creates a product with its variants; it is in the shop (search, lists, its page) at once.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = NewProductBody,
    responses(
        (status = 201, description = "Created", body = StaffProduct),
        (status = 422, description = "A field is invalid (a price above its MRP, a GST rate that is not a slab, a taken name or SKU)", body = ErrorBody),
    )
)]
#[post("/products")]
pub async fn create(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid((product, variants)): Valid<NewProductBody>,
) -> Result<HttpResponse, ApiError> {
    let created = write_then_reload(&state, move |conn| {
        desk::create_product(conn, staff.user_id, product, variants)
    })
    .await?;
    Ok(HttpResponse::Created().json(created))
}

/// One product with all its variants.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "The product", body = StaffProduct),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
#[get("/products/{id}")]
pub async fn show(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let product = state
        .with_conn(move |conn| desk::staff_product(conn, id))
        .await?;
    Ok(HttpResponse::Ok().json(product))
}

/// Replaces the product's fields (not its variants). A new name gives a new slug; the old slug
/// keeps answering with a 308 to the new one.
#[utoipa::path(
    tag = "admin-catalogue",
    request_body = ProductBody,
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "Saved", body = StaffProduct),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 409, description = "Saved by someone else since the form's `version`: `changed` names their fields, `version` is the current one", body = ErrorBody),
    )
)]
#[put("/products/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
    Valid(product): Valid<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = write_then_reload(&state, move |conn| {
        desk::update_product(conn, staff.user_id, id, product)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Deletes a product nobody has ordered. One with orders answers 409: deactivate it instead.
#[utoipa::path(
    tag = "admin-catalogue",
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 409, description = "The product has orders; deactivate it instead", body = ErrorBody),
    )
)]
#[delete("/products/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    write_then_reload(&state, move |conn| {
        desk::delete_product(conn, staff.user_id, id)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The GST slabs a product's rate is chosen from (the configured list), as fractions.
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The slabs, lowest first", body = DataList<GstRate>),
    )
)]
#[get("/gst-rates")]
pub async fn gst_rates(_staff: StaffActor) -> HttpResponse {
    let data: Vec<GstRate> = desk::GST_SLABS_BP
        .iter()
        .filter_map(|bp| GstRate::new(*bp).ok())
        .collect();
    HttpResponse::Ok().json(DataList { data })
}
