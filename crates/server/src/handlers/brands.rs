use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::Paged;
use catalog::view::{Brand, BrandLists, ProductCard};

use super::PageQuery;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::input::path::SlugPath;
use crate::precompressed;
use crate::state::AppState;

/// Every brand, and the shop's own (`wellRootBrands`) apart.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "The brands", body = BrandLists))
)]
#[get("/brands")]
pub async fn list(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.catalog_in(locale).brands_json())
}

#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The brand's slug")),
    responses(
        (status = 200, description = "The brand", body = Brand),
        (status = 404, description = "No such brand", body = ErrorBody),
    )
)]
#[get("/brands/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
) -> Result<HttpResponse, ApiError> {
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.brand(&slug)?))
}

/// The brand's active products in name order, a page at a time.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The brand's slug"), PageQuery),
    responses(
        (status = 200, description = "One page of products", body = Paged<ProductCard>),
        (status = 404, description = "No such brand", body = ErrorBody),
        (status = 422, description = "`page` or `per_page` is out of range", body = ErrorBody),
    )
)]
#[get("/brands/{slug}/products")]
pub async fn products(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.brand_products(&slug, page)?))
}
