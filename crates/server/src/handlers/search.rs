use actix_web::{HttpResponse, get, web};
use catalog::view::ProductCard;
use catalog::{Facets, ListSort};
use serde::{Deserialize, Serialize};

use super::FilterQuery;
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

impl SearchQuery {
    fn term(&self) -> Result<&str, ApiError> {
        if self.search.chars().count() > 200 {
            return Err(ApiError::validation(
                "search",
                "The search may not be longer than 200 characters.",
            ));
        }
        Ok(&self.search)
    }
}

/// The specification's array of products, with the full count in `X-Total-Count`; the filters
/// narrow it and `sort` orders it (their options and counts: `GET /api/search/facets`).
#[utoipa::path(
    tag = "catalogue",
    params(SearchQuery, FilterQuery),
    responses(
        (status = 200, description = "One page of matching products, best first", body = Vec<ProductCard>,
            headers(("X-Total-Count" = String, description = "How many products match in all"))),
        (status = 400, description = "The query string cannot be read, or a filter names a brand, crop, price band, stock or order the shop does not have", body = ErrorBody),
        (status = 422, description = "The search is too long, or `page`/`per_page` out of range", body = ErrorBody),
    )
)]
#[get("/search")]
pub async fn search(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    query: web::Query<SearchQuery>,
    filters: web::Query<FilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let term = query.term()?;
    let page = catalog::PageRequest::parse(query.page.as_deref(), query.per_page.as_deref())?;
    let (filter, sort) = filters.parse()?;
    let catalog = state.catalog_in(locale);
    let (data, total) = if filter.is_empty() && sort == ListSort::Relevance {
        // The overlay's search as you type: only the page wanted is ranked in full.
        let results = catalog.search(term, page);
        (results.data, results.total)
    } else {
        let results = catalog.search_list(term, &filter, sort, page)?;
        (results.data, results.total)
    };
    Ok(HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .json(data))
}

/// The filters of a search: each option with how many of the matching products it would show.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchFacets<'a> {
    pub facets: Facets<'a>,
    pub sort: ListSort,
    /// How many products match the term and the filters.
    pub total: usize,
}

/// A search's filters and their counts, for the same parameters as `GET /api/search` (the
/// specification makes the search's answer a bare array, which has no room for them).
#[utoipa::path(
    tag = "catalogue",
    params(SearchQuery, FilterQuery),
    responses(
        (status = 200, description = "The filters' options and counts", body = SearchFacets),
        (status = 400, description = "The query string cannot be read, or a filter names a brand, crop, price band, stock or order the shop does not have", body = ErrorBody),
        (status = 422, description = "The search is too long", body = ErrorBody),
    )
)]
#[get("/search/facets")]
pub async fn facets(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    query: web::Query<SearchQuery>,
    filters: web::Query<FilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let term = query.term()?;
    let (filter, sort) = filters.parse()?;
    let catalog = state.catalog_in(locale);
    let page = catalog::PageRequest {
        page: 1,
        per_page: 1,
    };
    let list = catalog.search_list(term, &filter, sort, page)?;
    Ok(HttpResponse::Ok().json(SearchFacets {
        facets: list.facets,
        sort,
        total: list.total,
    }))
}
