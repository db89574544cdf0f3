//! The day at a glance: the back office's first page, and its new-order badge.

use actix_web::{HttpResponse, get, web};
use batches::listing::{self, BatchRow};
use catalog::desk::LowStockItem;
use orders::day::{NewOrders, OrderFigures};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::admin_day::NewOrdersQuery;
use crate::state::AppState;

/// How many low-stock variants the dashboard lists (the low-stock page has them all).
const LOW_STOCK_SHOWN: usize = 8;

/// How many batches of each list the dashboard shows (the Expiry screen has them all).
const BATCHES_SHOWN: usize = 8;

/// Batches that need staff: expiring soon, expired and waiting for disposal, undated.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExpiryWatch {
    /// The window, in days (`EXPIRY_WINDOW_DAYS`).
    pub window_days: u32,
    /// Batches expiring within the window, soonest first, at most 8.
    pub expiring: Vec<BatchRow>,
    pub expiring_total: usize,
    /// Expired batches still holding units, to segregate and dispose of, at most 8.
    pub awaiting_disposal: Vec<BatchRow>,
    pub awaiting_disposal_total: usize,
    /// Batches with units and no expiry date yet, to date.
    pub undated_total: usize,
}

/// What the dashboard shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    pub orders: OrderFigures,
    /// The variants lowest in stock, at most 8, least stock first.
    pub low_stock: Vec<LowStockItem>,
    /// How many variants are at or below their threshold in all.
    pub low_stock_total: usize,
    /// Contact messages not yet handled.
    pub open_messages: i64,
    pub batches: ExpiryWatch,
    /// The dealer's licences not in force today with none other of their kind: the products
    /// they cover are not sold until one is renewed.
    pub licences_lapsed: Vec<batches::licences::LicenceNotice>,
    /// Licences in force whose last day is within 60 days, soonest first.
    pub licences_expiring: Vec<batches::licences::LicenceNotice>,
}

fn shown(mut rows: Vec<BatchRow>) -> (Vec<BatchRow>, usize) {
    let total = rows.len();
    rows.truncate(BATCHES_SHOWN);
    (rows, total)
}

/// Licences running out within this many days show on the dashboard.
const LICENCE_WARNING_DAYS: i64 = 60;

/// Today's and this month's orders and sales (India time; cancelled orders apart), orders
/// waiting for each next step, low stock, unanswered contact messages, and batches expiring
/// within the window, expired and waiting for disposal, or undated.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The figures as of now", body = Dashboard),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
    )
)]
#[get("/dashboard")]
pub async fn show(_: StaffActor, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let window_days = state.config.expiry_window_days;
    let today = batches::india_today();
    let licences_lapsed = state.shop.licences.lapsed(today);
    let licences_expiring = state
        .shop
        .licences
        .expiring_within(today, LICENCE_WARNING_DAYS);
    let dashboard = state
        .with_conn(move |conn| {
            let orders = orders::day::order_figures(conn, chrono::Utc::now())?;
            let mut low_stock = catalog::desk::low_stock(conn)?;
            let low_stock_total = low_stock.len();
            low_stock.truncate(LOW_STOCK_SHOWN);
            let open_messages = accounts::inbox::open_message_count(conn)?;
            let (expiring, expiring_total) = shown(
                listing::expiring_within(conn, today, window_days)
                    .map_err(batches::BatchError::from)?,
            );
            let (awaiting_disposal, awaiting_disposal_total) =
                shown(listing::awaiting_disposal(conn, today).map_err(batches::BatchError::from)?);
            let undated_total = listing::undated(conn, today)
                .map_err(batches::BatchError::from)?
                .len();
            Ok::<_, ApiError>(Dashboard {
                orders,
                low_stock,
                low_stock_total,
                open_messages,
                batches: ExpiryWatch {
                    window_days,
                    expiring,
                    expiring_total,
                    awaiting_disposal,
                    awaiting_disposal_total,
                    undated_total,
                },
                licences_lapsed,
                licences_expiring,
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(dashboard))
}

/// The new-order badge: how many orders were placed after order `since`. Cheap enough to poll
/// (one range read of the orders' primary key).
#[utoipa::path(
    tag = "admin",
    params(NewOrdersQuery),
    responses(
        (status = 200, description = "The count, and the newest order's id", body = NewOrders),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "`since` is not an order id", body = ErrorBody),
    )
)]
#[get("/dashboard/new-orders")]
pub async fn new_orders(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<NewOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    let since = query.parse()?;
    let answer = state
        .with_conn(move |conn| orders::day::new_orders(conn, since))
        .await?;
    Ok(HttpResponse::Ok().json(answer))
}
