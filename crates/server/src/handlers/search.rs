use actix_web::{HttpResponse, get, web};
use catalog::view::ProductCard;
use serde::Deserialize;

use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Words to look for in names, brands, categories and descriptions (one typo forgiven).
    #[serde(default)]
    search: String,
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

/// The specification's array of products, with the full count in `X-Total-Count`.
#[utoipa::path(
    tag = "catalogue",
    params(SearchQuery),
    responses(
        (status = 200, description = "One page of matching products, best first", body = Vec<ProductCard>,
            headers(("X-Total-Count" = String, description = "How many products match in all"))),
        (status = 422, description = "The search is too long, or `page`/`per_page` out of range", body = ErrorBody),
    )
)]
#[get("/search")]
pub async fn search(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    if query.search.chars().count() > 200 {
        return Err(ApiError::validation(
            "search",
            "The search may not be longer than 200 characters.",
        ));
    }
    let page = catalog::PageRequest::parse(query.page.as_deref(), query.per_page.as_deref())?;
    let catalog = state.catalog_in(locale);
    let results = catalog.search(&query.search, page);
    Ok(HttpResponse::Ok()
        .insert_header(("X-Total-Count", results.total.to_string()))
        .json(results.data))
}
