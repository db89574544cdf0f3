use actix_web::{HttpResponse, get, web};
use serde::Deserialize;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    search: String,
    #[serde(flatten)]
    page: super::PageQuery,
}

/// The specification's array of products, with the full count in `X-Total-Count`.
#[get("/search")]
pub async fn search(
    state: web::Data<AppState>,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    if query.search.chars().count() > 200 {
        return Err(ApiError::validation(
            "search",
            "The search may not be longer than 200 characters.",
        ));
    }
    let page = query.page.parse()?;
    let catalog = state.catalog();
    let results = catalog.search(&query.search, page);
    Ok(HttpResponse::Ok()
        .insert_header(("X-Total-Count", results.total.to_string()))
        .json(results.data))
}
