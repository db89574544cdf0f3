use actix_web::{HttpResponse, get, web};

use super::{PageQuery, json_bytes};
use crate::error::ApiError;
use crate::state::AppState;

#[get("/brands")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().brands_json())
}

#[get("/brands/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let catalog = state.catalog();
    Ok(HttpResponse::Ok().json(catalog.brand(&slug)?))
}

#[get("/brands/{slug}/products")]
pub async fn products(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let catalog = state.catalog();
    Ok(HttpResponse::Ok().json(catalog.brand_products(&slug, page)?))
}
