use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::ProductList;
use catalog::view::{Category, CategoryNode};

use super::{FilterQuery, PageQuery};
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

/// The category's active products (its sub-categories' too), filtered and ordered (by default in name order), a page at
/// a time, with each filter's options and how many products each would show.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The category's slug"), PageQuery, FilterQuery),
    responses(
        (status = 200, description = "One page of products, with the filters' counts", body = ProductList),
        (status = 400, description = "The query string cannot be read", body = ErrorBody),
        (status = 422, description = "A filter names a brand, crop, price band, stock or order the shop does not have; or: `page` or `per_page` is out of range. `errors` names the parameter", body = ErrorBody),
        (status = 404, description = "No such category", body = ErrorBody),
    )
)]
#[get("/categories/{slug}/products")]
pub async fn products(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
    query: web::Query<PageQuery>,
    filters: web::Query<FilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let (filter, sort) = filters.parse()?;
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.category_list(&slug, &filter, sort, page)?))
}
