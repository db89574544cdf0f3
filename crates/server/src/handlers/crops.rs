//! Shop by crop: the crops, and a crop's page with its products grouped by need and the
//! problems that affect it, in the request's language.

use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::crops::pages::{CropDetail, CropSummary};

use super::FilterQuery;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::input::path::SlugPath;
use crate::precompressed;
use crate::state::AppState;

/// The crops in the shop's order, each with its other names and how many products serve it.
#[utoipa::path(
    tag = "catalogue",
    responses((status = 200, description = "The crops", body = Vec<CropSummary>))
)]
#[get("/crops")]
pub async fn list(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
) -> HttpResponse {
    precompressed::json(&request, state.catalog_in(locale).crops_json())
}

/// A crop's page: its products by need (planting, nutrition, protection, irrigation, tools, services;
/// empty needs left out) and the problems that affect it with the products that treat them,
/// each narrowed by the filters (a need or problem left empty is left out) and ordered by
/// `sort`, with the filters' counts over all the crop's products.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The crop's slug"), FilterQuery),
    responses(
        (status = 200, description = "The crop", body = CropDetail),
        (status = 400, description = "The query string cannot be read", body = ErrorBody),
        (status = 422, description = "A filter names a brand, crop, price band, stock or order the shop does not have; `errors` names the parameter", body = ErrorBody),
        (status = 404, description = "No such crop", body = ErrorBody),
    )
)]
#[get("/crops/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SlugPath(slug): SlugPath,
    filters: web::Query<FilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let (filter, sort) = filters.parse()?;
    let catalog = state.catalog_in(locale);
    Ok(HttpResponse::Ok().json(catalog.crop_list(&slug, &filter, sort)?))
}
