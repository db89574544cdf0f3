//! The day desk's queries and forms: the new-order badge's mark, the customer search and the
//! contact inbox's filter, each with its page.

use accounts::customers::CustomerSearch;
use accounts::inbox::InboxFilter;
use catalog::PageRequest;
use db::OrderId;
use fields::{FieldErrors, FormErrors};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};
use crate::error::ApiError;

/// The new-order badge's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewOrdersQuery {
    /// The id of the newest order this browser has shown (`latest_order_id` of an earlier
    /// answer); without it nothing counts as new.
    since: Option<String>,
}

impl NewOrdersQuery {
    pub fn parse(&self) -> Result<Option<OrderId>, ApiError> {
        given(&self.since)
            .map(|raw| {
                raw.parse::<i64>()
                    .ok()
                    .filter(|id| *id >= 0)
                    .map(OrderId)
                    .ok_or_else(|| ApiError::validation("since", "Not an order id."))
            })
            .transpose()
    }
}

/// A page of a back-office list: its offset and size for the query, and the request to echo.
#[derive(Debug, Clone, Copy)]
pub struct ListPage {
    pub request: PageRequest,
    pub offset: i64,
    pub limit: i64,
}

impl ListPage {
    pub(super) fn parse(
        page: &Option<String>,
        per_page: &Option<String>,
    ) -> Result<Self, ApiError> {
        let request = PageRequest::parse(given(page), given(per_page))?;
        let limit = i64::from(request.per_page);
        Ok(Self {
            request,
            offset: (i64::from(request.page) - 1) * limit,
            limit,
        })
    }

    /// The answer for this page of `total` items.
    pub fn answer<T>(self, data: Vec<T>, total: i64) -> catalog::Paged<T> {
        let total = usize::try_from(total).unwrap_or_default();
        let seen = usize::try_from(self.offset + self.limit).unwrap_or_default();
        catalog::Paged {
            data,
            total,
            page: self.request.page,
            per_page: self.request.per_page,
            has_more: seen < total,
        }
    }
}

/// The customer list's search and page.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomersQuery {
    /// Part of a name or e-mail address (any case), or of a phone number (its digits).
    q: Option<String>,
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

impl CustomersQuery {
    pub fn parse(&self) -> Result<(CustomerSearch, ListPage), ApiError> {
        let search = CustomerSearch::parse(self.q.as_deref().unwrap_or_default())
            .map_err(|message| ApiError::validation("q", message))?;
        Ok((search, ListPage::parse(&self.page, &self.per_page)?))
    }
}

/// A page of a customer's orders.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

impl PageQuery {
    pub fn parse(&self) -> Result<PageRequest, ApiError> {
        Ok(ListPage::parse(&self.page, &self.per_page)?.request)
    }
}

/// The contact inbox's filter and page.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// `open` (not handled yet; the default), `handled` or `all`.
    #[param(value_type = Option<InboxFilter>)]
    status: Option<String>,
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

impl InboxQuery {
    pub fn parse(&self) -> Result<(InboxFilter, ListPage), ApiError> {
        // One of the three words exactly, as the contract's enum says (a blank is not one).
        let filter = match self.status.as_deref() {
            None => InboxFilter::default(),
            Some(raw) => InboxFilter::parse(raw).ok_or_else(|| {
                ApiError::validation("status", "The status must be `open`, `handled` or `all`.")
            })?,
        };
        Ok((filter, ListPage::parse(&self.page, &self.per_page)?))
    }
}

/// A message's mark.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HandledBody {
    /// `true`: handled now, by whoever sends this; `false`: waiting again.
    #[schema(required = true, value_type = bool)]
    pub handled: Option<bool>,
}

impl CheckBody for HandledBody {
    type Checked = bool;

    fn check(self) -> Result<bool, FieldErrors> {
        let mut errors = FormErrors::default();
        if self.handled.is_none() {
            errors.add("handled", "The handled field is required.".into());
        }
        errors.finish(self.handled)
    }
}
