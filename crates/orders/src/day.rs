//! The day at a glance for the back office: orders and sales today and this month, orders
//! waiting for their next step, and how many orders are new since a given one.
//!
//! "Today" and "this month" are the shop's: India time (UTC+5:30, no daylight saving), so an
//! order placed at 01:00 in Kochi counts on that Indian day although it is the day before in
//! UTC. Timestamps are stored in UTC, so the days' bounds are turned into UTC before querying.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Utc};
use db::schema::orders;
use db::{DbConnection, OrderId};
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use crate::india_time;
use crate::order::{OrderError, OrderStatus};

/// Orders placed in a period and what they sold; cancelled orders are counted apart and not in
/// the sales.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PeriodFigures {
    /// Orders placed and not cancelled.
    pub orders: i64,
    /// Their totals (GST and shipping included), in rupees.
    pub sales: Paise,
    /// Orders placed in the period and cancelled since.
    pub cancelled: i64,
}

/// How many orders wait for each next step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct WaitingOrders {
    /// `placed`: to be confirmed.
    pub to_confirm: i64,
    /// `awaiting_payment`: waiting for the shopper's payment.
    pub awaiting_payment: i64,
    /// `confirmed`: to be packed and shipped.
    pub to_ship: i64,
}

/// The orders part of the dashboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OrderFigures {
    /// Since midnight, India time.
    pub today: PeriodFigures,
    /// Since the first of the month, India time.
    pub month: PeriodFigures,
    pub waiting: WaitingOrders,
    /// The newest order's id (`null` before the first order): what "seen" means to the new-order
    /// badge.
    #[schema(required = true)]
    #[schema(value_type = Option<i64>)]
    pub latest_order_id: Option<OrderId>,
}

/// Orders placed after a given one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct NewOrders {
    /// How many orders have an id above `since` (0 without `since`).
    pub count: i64,
    /// The newest order's id, to remember as seen; `null` when there is none to report.
    #[schema(required = true)]
    #[schema(value_type = Option<i64>)]
    pub latest_order_id: Option<OrderId>,
}

/// The UTC instants at which `now`'s Indian day and Indian month began.
pub fn india_day_and_month_start(now: DateTime<Utc>) -> (NaiveDateTime, NaiveDateTime) {
    let local = india_time::date_of(now.naive_utc());
    let month = NaiveDate::from_ymd_opt(local.year(), local.month(), 1).unwrap_or(local);
    (india_time::day_start(local), india_time::day_start(month))
}

/// Orders placed from `from` up to `to` (UTC).
fn period(
    conn: &mut DbConnection,
    from: NaiveDateTime,
    to: NaiveDateTime,
) -> Result<PeriodFigures, OrderError> {
    let cancelled = OrderStatus::Cancelled;
    // Summed here with checked arithmetic: an SQL `SUM` that leaves BIGINT is an error of the
    // database (and `SUM(bigint)` is NUMERIC, which the two-backend connection cannot read).
    let totals: Vec<i64> = orders::table
        .filter(orders::created_at.ge(from))
        .filter(orders::created_at.le(to))
        .filter(orders::status.ne(cancelled))
        .select(orders::total_paise)
        .load(conn)?;
    let orders = i64::try_from(totals.len()).map_err(|_| OrderError::TooLarge)?;
    let sales =
        Paise::checked_sum(totals.into_iter().map(Paise::new)).ok_or(OrderError::TooLarge)?;
    let cancelled = orders::table
        .filter(orders::created_at.ge(from))
        .filter(orders::created_at.le(to))
        .filter(orders::status.eq(cancelled))
        .count()
        .get_result(conn)?;
    Ok(PeriodFigures {
        orders,
        sales,
        cancelled,
    })
}

fn waiting(conn: &mut DbConnection) -> QueryResult<WaitingOrders> {
    let steps = [
        OrderStatus::Placed,
        OrderStatus::AwaitingPayment,
        OrderStatus::Confirmed,
    ];
    let counts: Vec<(OrderStatus, i64)> = orders::table
        .filter(orders::status.eq_any(steps))
        .group_by(orders::status)
        .select((orders::status, count_star()))
        .load(conn)?;
    let of = |status: OrderStatus| {
        counts
            .iter()
            .find(|(s, _)| *s == status)
            .map_or(0, |(_, n)| *n)
    };
    Ok(WaitingOrders {
        to_confirm: of(OrderStatus::Placed),
        awaiting_payment: of(OrderStatus::AwaitingPayment),
        to_ship: of(OrderStatus::Confirmed),
    })
}

fn latest_order_id(conn: &mut DbConnection) -> QueryResult<Option<OrderId>> {
    orders::table.select(max(orders::id)).first(conn)
}

/// Today's and this month's orders and sales as of `now`, orders waiting for each next step,
/// and the newest order's id.
pub fn order_figures(
    conn: &mut DbConnection,
    now: DateTime<Utc>,
) -> Result<OrderFigures, OrderError> {
    let (day_start, month_start) = india_day_and_month_start(now);
    let now = now.naive_utc();
    Ok(OrderFigures {
        today: period(conn, day_start, now)?,
        month: period(conn, month_start, now)?,
        waiting: waiting(conn)?,
        latest_order_id: latest_order_id(conn)?,
    })
}

/// How many orders were placed after order `since` (one range read of the primary key). Without
/// `since` nothing counts as new; the newest id is answered so the caller can start from it.
pub fn new_orders(
    conn: &mut DbConnection,
    since: Option<OrderId>,
) -> Result<NewOrders, OrderError> {
    let Some(since) = since else {
        return Ok(NewOrders {
            count: 0,
            latest_order_id: latest_order_id(conn)?,
        });
    };
    let (count, latest): (i64, Option<OrderId>) = orders::table
        .filter(orders::id.gt(since))
        .select((count_star(), max(orders::id)))
        .first(conn)?;
    Ok(NewOrders {
        count,
        latest_order_id: latest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(raw: &str) -> DateTime<Utc> {
        raw.parse().unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    fn naive(raw: &str) -> NaiveDateTime {
        raw.parse().unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    #[test]
    fn the_indian_day_starts_at_half_past_six_utc_the_evening_before() {
        // 20:00 UTC on 30 November is 01:30 on 1 December in India: a new day and a new month.
        assert_eq!(
            india_day_and_month_start(utc("2026-11-30T20:00:00Z")),
            (naive("2026-11-30T18:30:00"), naive("2026-11-30T18:30:00"))
        );
        // 18:29 UTC on 30 November is still 30 November in India (23:59).
        assert_eq!(
            india_day_and_month_start(utc("2026-11-30T18:29:59Z")),
            (naive("2026-11-29T18:30:00"), naive("2026-10-31T18:30:00"))
        );
        // New Year in India comes at 18:30 UTC on 31 December.
        assert_eq!(
            india_day_and_month_start(utc("2026-12-31T18:30:00Z")),
            (naive("2026-12-31T18:30:00"), naive("2026-12-31T18:30:00"))
        );
    }

    fn insert(conn: &mut DbConnection, status: &str, total_paise: i64, at: &str) -> OrderId {
        let uuid = uuid::Uuid::new_v4().to_string();
        diesel::insert_into(orders::table)
            .values((
                orders::uuid.eq(&uuid),
                orders::number.eq(&uuid[..16]),
                orders::status.eq(status),
                orders::payment_method.eq("cod"),
                orders::contact_name.eq("Anitha Joseph"),
                orders::contact_email.eq("anitha@example.in"),
                orders::contact_phone.eq("+919847012345"),
                orders::shipping_address.eq("{}"),
                orders::billing_address.eq("{}"),
                orders::place_of_supply.eq("Kerala"),
                orders::item_count.eq(1),
                orders::subtotal_paise.eq(total_paise),
                orders::tax_paise.eq(0_i64),
                orders::cgst_paise.eq(0_i64),
                orders::sgst_paise.eq(0_i64),
                orders::igst_paise.eq(0_i64),
                orders::shipping_paise.eq(0_i64),
                orders::total_paise.eq(total_paise),
                orders::seller.eq("{}"),
                orders::created_at.eq(naive(at)),
                orders::updated_at.eq(naive(at)),
            ))
            .returning(orders::id)
            .get_result(conn)
            .unwrap()
    }

    #[test]
    fn the_first_of_the_month_in_india_starts_a_new_day_and_month() {
        for database in db::testing::test_databases() {
            let name = database.name();
            let mut conn = database.pool().get().unwrap();
            // 23:59 on 30 November in India, and 00:00:01 and 00:10 on 1 December.
            insert(&mut conn, "delivered", 100_000, "2026-11-30T18:29:00");
            insert(&mut conn, "placed", 25_050, "2026-11-30T18:30:01");
            insert(&mut conn, "cancelled", 70_000, "2026-11-30T18:35:00");
            let latest = insert(&mut conn, "confirmed", 12_000, "2026-11-30T18:40:00");
            // 00:30 on 1 December in India.
            let figures = order_figures(&mut conn, utc("2026-11-30T19:00:00Z")).unwrap();
            let december = PeriodFigures {
                orders: 2,
                sales: Paise::new(37_050),
                cancelled: 1,
            };
            assert_eq!(figures.today, december, "{name}");
            assert_eq!(figures.month, december, "{name}");
            assert_eq!(
                figures.waiting,
                WaitingOrders {
                    to_confirm: 1,
                    awaiting_payment: 0,
                    to_ship: 1
                },
                "{name}"
            );
            assert_eq!(figures.latest_order_id, Some(latest), "{name}");
            // 23:59:30 on 30 November in India: only the order of that evening.
            let figures = order_figures(&mut conn, utc("2026-11-30T18:29:30Z")).unwrap();
            let november = PeriodFigures {
                orders: 1,
                sales: Paise::new(100_000),
                cancelled: 0,
            };
            assert_eq!(figures.today, november, "{name}");
            assert_eq!(figures.month, november, "{name}");

            assert_eq!(
                new_orders(&mut conn, Some(OrderId(latest.0 - 2))).unwrap(),
                NewOrders {
                    count: 2,
                    latest_order_id: Some(latest)
                },
                "{name}"
            );
            assert_eq!(new_orders(&mut conn, None).unwrap().count, 0, "{name}");
        }
    }
}
