//! The desk's order list: one status at a time (with every status's count under the same
//! filters, for the tabs), filtered by payment method, payment state and the day it was placed,
//! searched by order number, customer name, phone, e-mail or the shipping PIN code, newest first.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::schema::orders;
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use pricing::Paise;
use serde::Serialize;

use super::DeskError;
use crate::checkout::PaymentMethod;
use crate::india_time::day_start;
use crate::order::{Address, OrderStatus, PaymentState};
use crate::stored_as_text::{Word, word_of};

diesel::define_sql_function!(fn lower(x: Text) -> Text);

type Backend = <DbConnection as diesel::Connection>::Backend;
type Condition = Box<dyn BoxableExpression<orders::table, Backend, SqlType = Bool>>;

/// What the desk asks for; every part is optional.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub status: Option<OrderStatus>,
    pub payment_method: Option<PaymentMethod>,
    pub payment_state: Option<PaymentState>,
    /// Placed on or after this day (IST).
    pub from: Option<NaiveDate>,
    /// Placed on or before this day (IST).
    pub to: Option<NaiveDate>,
    /// An order number (or part of one), a name, a phone number, an e-mail address or a PIN code.
    pub search: Option<String>,
}

/// A row of the list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderListItem {
    pub number: String,
    pub uuid: String,
    pub status: OrderStatus,
    pub payment_method: PaymentMethod,
    pub payment_state: PaymentState,
    pub contact_name: String,
    pub contact_phone: String,
    pub contact_email: Option<String>,
    /// The shipping address's town and PIN code.
    pub city: String,
    pub pincode: String,
    pub item_count: i32,
    pub total: Paise,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
}

/// How many orders each status holds under the list's other filters.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct StatusCounts {
    pub all: i64,
    pub placed: i64,
    pub awaiting_payment: i64,
    pub confirmed: i64,
    pub shipped: i64,
    pub delivered: i64,
    pub cancelled: i64,
}

/// One page of the list, with the tabs' counts.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderList {
    pub data: Vec<OrderListItem>,
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
    pub has_more: bool,
    pub counts: StatusCounts,
}

/// The filters other than the status, as one SQL condition.
fn condition(filter: &OrderFilter) -> Condition {
    let mut condition: Condition = Box::new(orders::id.eq(orders::id));
    if let Some(method) = filter.payment_method {
        condition = Box::new(condition.and(orders::payment_method.eq(method)));
    }
    if let Some(state) = filter.payment_state {
        condition = Box::new(condition.and(orders::payment_state.eq(state)));
    }
    if let Some(from) = filter.from {
        condition = Box::new(condition.and(orders::created_at.ge(day_start(from))));
    }
    if let Some(to) = filter.to {
        condition =
            Box::new(condition.and(orders::created_at.lt(day_start(to) + Duration::days(1))));
    }
    if let Some(search) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        condition = Box::new(condition.and(matches(search)));
    }
    condition
}

/// `%text%` for LIKE, with LIKE's own wildcards in `text` taken literally.
fn contains(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

fn matches(search: &str) -> Condition {
    let lowered = search.to_lowercase();
    let mut any: Condition = Box::new(
        orders::number
            .like(contains(&search.to_uppercase()))
            .escape('\\')
            .or(lower(orders::contact_name)
                .like(contains(&lowered))
                .escape('\\'))
            .or(lower(orders::contact_email.assume_not_null())
                .like(contains(&lowered))
                .escape('\\')),
    );
    // A phone number however it is typed (+91 98470 12345, 9847012345): stored as E.164.
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    let phone_like = search
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')'));
    if phone_like && digits.len() >= 4 {
        any = Box::new(any.or(orders::contact_phone.like(format!("%{digits}%"))));
    }
    // The PIN code sits inside the shipping address's JSON, written by serde as `"pincode":"…"`.
    if digits.len() == 6 && search.len() == 6 {
        any =
            Box::new(any.or(orders::shipping_address.like(format!("%\"pincode\":\"{digits}\"%"))));
    }
    any
}

/// The page of orders the filter asks for, newest first, with the count of every status.
pub fn list_orders(
    conn: &mut DbConnection,
    filter: &OrderFilter,
    page: catalog::PageRequest,
) -> Result<OrderList, DeskError> {
    // Counted by the status as text, so that an unreadable one is named with an order holding it.
    let counted: Vec<(String, i64)> = orders::table
        .filter(condition(filter))
        .group_by(orders::status)
        .select((orders::status, count_star()))
        .load(conn)?;
    let mut counts = StatusCounts::default();
    for (status, n) in counted {
        let status = match OrderStatus::from_word(&status) {
            Some(status) => status,
            // Unreadable: fails, naming the first order holding it.
            None => word_of(first_holding(conn, &status)?, &status)?,
        };
        counts.all += n;
        match status {
            OrderStatus::Placed => counts.placed += n,
            OrderStatus::AwaitingPayment => counts.awaiting_payment += n,
            OrderStatus::Confirmed => counts.confirmed += n,
            OrderStatus::Shipped => counts.shipped += n,
            OrderStatus::Delivered => counts.delivered += n,
            OrderStatus::Cancelled => counts.cancelled += n,
        }
    }
    let mut query = orders::table.filter(condition(filter)).into_boxed();
    let total = match filter.status {
        Some(status) => {
            query = query.filter(orders::status.eq(status));
            count_of(&counts, status)
        }
        None => counts.all,
    };
    let offset = i64::from(page.page - 1) * i64::from(page.per_page);
    let rows: Vec<ListRow> = query
        .order((orders::created_at.desc(), orders::id.desc()))
        .offset(offset)
        .limit(i64::from(page.per_page))
        .select(ListRow::as_select())
        .load(conn)?;
    let data = rows
        .into_iter()
        .map(ListRow::into_item)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(OrderList {
        has_more: offset + (data.len() as i64) < total,
        data,
        total,
        page: page.page,
        per_page: page.per_page,
        counts,
    })
}

/// The first order whose status is `status`.
fn first_holding(conn: &mut DbConnection, status: &str) -> QueryResult<i64> {
    orders::table
        .filter(orders::status.eq(status))
        .select(orders::id)
        .order(orders::id)
        .first(conn)
}

fn count_of(counts: &StatusCounts, status: OrderStatus) -> i64 {
    match status {
        OrderStatus::Placed => counts.placed,
        OrderStatus::AwaitingPayment => counts.awaiting_payment,
        OrderStatus::Confirmed => counts.confirmed,
        OrderStatus::Shipped => counts.shipped,
        OrderStatus::Delivered => counts.delivered,
        OrderStatus::Cancelled => counts.cancelled,
    }
}

/// A row of the list, its words read as text (and then as words, naming the order if one is
/// unreadable).
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ListRow {
    id: i64,
    number: String,
    uuid: String,
    status: String,
    payment_method: String,
    payment_state: String,
    contact_name: String,
    contact_phone: String,
    contact_email: Option<String>,
    shipping_address: String,
    item_count: i32,
    total_paise: i64,
    created_at: NaiveDateTime,
}

impl ListRow {
    fn into_item(self) -> Result<OrderListItem, DeskError> {
        let address: Address = serde_json::from_str(&self.shipping_address)
            .map_err(|e| DeskError::InvalidData(e.to_string()))?;
        Ok(OrderListItem {
            status: word_of(self.id, &self.status)?,
            payment_method: word_of(self.id, &self.payment_method)?,
            payment_state: word_of(self.id, &self.payment_state)?,
            number: self.number,
            uuid: self.uuid,
            contact_name: self.contact_name,
            contact_phone: self.contact_phone,
            contact_email: self.contact_email,
            city: address.city,
            pincode: address.pincode,
            item_count: self.item_count,
            total: Paise::new(self.total_paise),
            placed_at: self.created_at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_indian_day_starts_at_half_past_six_the_evening_before_in_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap_or_default();
        assert_eq!(day_start(day).to_string(), "2026-11-23 18:30:00");
    }

    #[test]
    fn like_wildcards_in_a_search_are_literal() {
        assert_eq!(contains("50%_off"), "%50\\%\\_off%");
    }
}
