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

use catalog::{PageRequest, PagingError};
use serde::Deserialize;

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
