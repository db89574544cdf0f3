//! One module per resource; each handler parses, calls one domain function and maps the result.

pub mod account;
pub mod addresses;
pub mod admin;
pub mod awards;
pub mod brands;
pub mod cart;
pub mod cart_form;
pub mod categories;
pub mod checkout;
pub mod contact;
pub mod crops;
pub mod csrf;
pub mod delivery;
pub mod featured;
pub mod health;
pub mod metrics;
pub mod orders;
pub mod pages;
pub mod pincodes;
pub mod products;
pub mod responses;
pub mod search;
pub mod shop;
pub mod states;
pub mod webhooks;

use catalog::{ListFilter, ListSort, PageRequest, PagingError};
use serde::Deserialize;

use crate::error::ApiError;

/// `page` and `per_page` as they arrive, validated by [`PageQuery::parse`].
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

impl PageQuery {
    pub fn parse(&self) -> Result<PageRequest, PagingError> {
        PageRequest::parse(self.page.as_deref(), self.per_page.as_deref())
    }
}

/// A list's filters and order as they arrive, checked by [`FilterQuery::parse`]. Brand and crop
/// slugs are checked against the catalogue when the list is drawn (an unknown one is a 422).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    /// Brand slugs, separated by commas: products of any of them.
    brand: Option<String>,
    /// Crop slugs, separated by commas: products for any of them.
    crop: Option<String>,
    /// Price bands, separated by commas: `under-200`, `200-500`, `500-1000`, `over-1000`
    /// (rupees; a price on a bound is in the band it starts).
    price: Option<String>,
    /// `in`: only products with a pack size in stock.
    stock: Option<String>,
    /// `relevance` (the default: a search's best match first, any other list's own order),
    /// `price-asc`, `price-desc` or `newest`.
    sort: Option<String>,
}

impl FilterQuery {
    pub fn parse(&self) -> Result<(ListFilter, ListSort), ApiError> {
        let filter = ListFilter::parse(
            self.brand.as_deref(),
            self.crop.as_deref(),
            self.price.as_deref(),
            self.stock.as_deref(),
        )?;
        Ok((filter, ListSort::parse(self.sort.as_deref())?))
    }
}
