use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::Paged;
use catalog::view::{Category, CategoryNode, ProductCard};

use super::PageQuery;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::input::path::SlugPath;
use crate::precompressed;
use crate::state::AppState;

/// The category tree, each with its `sub_categories`.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "The category tree", body = Vec<CategoryNode>))
)]
#[get("/categories")]
pub async fn list(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.catalog_in(locale).categories_json())
}

#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The category's slug")),
    responses(
        (status = 200, description = "The category", body = Category),
        (status = 404, description = "No such category", body = ErrorBody),
    )
)]
#[get("/categories/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
) -> Result<HttpResponse, ApiError> {
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.category(&slug)?))
}

/// The category's active products (its sub-categories' too) in name order, a page at a time.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The category's slug"), PageQuery),
    responses(
        (status = 200, description = "One page of products", body = Paged<ProductCard>),
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 422, description = "`page` or `per_page` is out of range", body = ErrorBody),
    )
)]
#[get("/categories/{slug}/products")]
pub async fn products(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.category_products(&slug, page)?))
}
