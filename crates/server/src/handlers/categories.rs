use actix_web::{HttpResponse, get, web};

use super::{PageQuery, json_bytes};
use crate::error::ApiError;
use crate::state::AppState;

#[get("/categories")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    json_bytes(state.catalog().categories_json())
}

#[get("/categories/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let catalog = state.catalog();
    Ok(HttpResponse::Ok().json(catalog.category(&slug)?))
}

#[get("/categories/{slug}/products")]
pub async fn products(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let catalog = state.catalog();
    Ok(HttpResponse::Ok().json(catalog.category_products(&slug, page)?))
}
