use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::view::ProductCard;
use catalog::{Facets, ListSort};
use serde::{Deserialize, Serialize};

use super::FilterQuery;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::search_answers::{Lookup, SearchAnswer, SearchKey};
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Words to look for in names (any language), crops and problems, categories, search words,
    /// brands and pack sizes (typos forgiven from four letters).
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
        (status = 400, description = "The query string cannot be read", body = ErrorBody),
        (status = 422, description = "A filter names a brand, crop, price band, stock or order the shop does not have; or: the search is too long, or `page`/`per_page` out of range. `errors` names the parameter", body = ErrorBody),
    )
)]
#[get("/search")]
pub async fn search(
    request: HttpRequest,
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    query: web::Query<SearchQuery>,
    filters: web::Query<FilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let term = query.term()?;
    let page = catalog::PageRequest::parse(query.page.as_deref(), query.per_page.as_deref())?;
    let (filter, sort) = filters.parse()?;
    let catalog = state.catalog_in(locale);
    if !filter.is_empty() || sort != ListSort::Relevance {
        let results = catalog.search_list(term, &filter, sort, page)?;
        return Ok(HttpResponse::Ok()
            .insert_header(("X-Total-Count", results.total.to_string()))
            .json(results.data));
    }
    // The overlay's search as you type: only the page wanted is ranked in full, and a word
    // asked again is answered from the kept answers.
    let lookup = state
        .search_answers
        .get(locale, &catalog, SearchKey::new(term, page));
    if let Lookup::Kept(answer) = &lookup {
        return Ok(answer.send(&request));
    }
    let results = catalog.search(term, page);
    let Lookup::Keep(key) = lookup else {
        return Ok(HttpResponse::Ok()
            .insert_header(("X-Total-Count", results.total.to_string()))
            .json(results.data));
    };
    let body = serde_json::to_vec(&results.data).map_err(ApiError::internal)?;
    let answer = Arc::new(SearchAnswer::new(body, results.total));
    state
        .search_answers
        .keep(locale, &catalog, key, answer.clone());
    Ok(answer.send(&request))
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
        (status = 400, description = "The query string cannot be read", body = ErrorBody),
        (status = 422, description = "A filter names a brand, crop, price band, stock or order the shop does not have; or: the search is too long. `errors` names the parameter", body = ErrorBody),
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
