//! The owner's reports (`orders::reports`): sales by period, by product (with the best-sellers)
//! and by category, and the orders waiting by state, each as JSON and as a CSV download. Who may
//! read them is `access.rs`'s table (admins, staff and accountants; not packers).

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use orders::reports::{
    self, CategorySales, ProductSales, ReportError, ReportRange, SalesReport, WaitingReport,
};

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::admin_reports::ReportQuery;
use crate::state::AppState;

impl From<ReportError> for ApiError {
    fn from(error: ReportError) -> Self {
        match error {
            ReportError::TooLarge => Self::validation("to", error.to_string()),
            ReportError::Database(_) | ReportError::Register(_) => Self::internal(error),
        }
    }
}

/// The figures are the shop's books: never kept by a cache on the way.
fn json<T: serde::Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().cached(CachePolicy::NoStore).json(body)
}

fn csv(name: &str, range: ReportRange, text: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{name}_{}_{}.csv\"",
                range.from, range.to
            ),
        ))
        .cached(CachePolicy::NoStore)
        .body(text)
}

/// Net sales (invoices less credit notes, by their dates) by day, week or month.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The range's sales, every day, week or month of it", body = SalesReport),
        (status = 422, description = "A day or the grouping is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/sales")]
pub async fn sales(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let (range, grain) = query.range_and_grain()?;
    let report = state
        .with_conn(move |conn| reports::sales_report(conn, range, grain))
        .await?;
    Ok(json(&report))
}

/// The sales report as a CSV file, with a total row.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "A day or the grouping is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/sales.csv")]
pub async fn sales_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let (range, grain) = query.range_and_grain()?;
    let report = state
        .with_conn(move |conn| reports::sales_report(conn, range, grain))
        .await?;
    Ok(csv("sales", range, reports::sales_csv(&report)))
}

/// Net sales by product, the largest first, and the five best-sellers by units.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The range's sales by product", body = ProductSales),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/products")]
pub async fn products(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::product_sales(conn, range))
        .await?;
    Ok(json(&report))
}

/// Sales by product as a CSV file.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/products.csv")]
pub async fn products_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::product_sales(conn, range))
        .await?;
    Ok(csv("products", range, reports::products_csv(&report)))
}

/// Net sales by top-level category, the largest first.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The range's sales by category", body = CategorySales),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/categories")]
pub async fn categories(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::category_sales(conn, range))
        .await?;
    Ok(json(&report))
}

/// Sales by category as a CSV file.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/categories.csv")]
pub async fn categories_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::category_sales(conn, range))
        .await?;
    Ok(csv("categories", range, reports::categories_csv(&report)))
}

/// The orders waiting now, by the step they wait for, with their value.
#[utoipa::path(
    tag = "admin-reports",
    responses((status = 200, description = "Every waiting state, empty ones too", body = WaitingReport))
)]
#[get("/reports/waiting")]
pub async fn waiting(_: StaffActor, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let report = state.with_conn(reports::waiting_orders).await?;
    Ok(json(&report))
}

/// The orders waiting as a CSV file.
#[utoipa::path(
    tag = "admin-reports",
    responses((status = 200, description = "The CSV file", content_type = "text/csv", body = String))
)]
#[get("/reports/waiting.csv")]
pub async fn waiting_csv(
    _: StaffActor,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let report = state.with_conn(reports::waiting_orders).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"waiting.csv\"",
        ))
        .cached(CachePolicy::NoStore)
        .body(reports::waiting_csv(&report)))
}

/// The stock's value at cost, by product and by top-level category: batches past their expiry
/// apart, units without a cost (not kept by batch, opening stock nobody costed) counted as such.
#[utoipa::path(
    tag = "admin-reports",
    responses((status = 200, description = "The stock's value today", body = reports::StockValue))
)]
#[get("/reports/stock-value")]
pub async fn stock_value(
    _: StaffActor,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = batches::india_today();
    let report = state
        .with_conn(move |conn| reports::stock_value(conn, today))
        .await?;
    Ok(json(&report))
}

/// The stock's value as a CSV file, by product, with a total row.
#[utoipa::path(
    tag = "admin-reports",
    responses((status = 200, description = "The CSV file", content_type = "text/csv", body = String))
)]
#[get("/reports/stock-value.csv")]
pub async fn stock_value_csv(
    _: StaffActor,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = batches::india_today();
    let report = state
        .with_conn(move |conn| reports::stock_value(conn, today))
        .await?;
    Ok(csv(
        "stock_value",
        ReportRange::new(today, today).unwrap_or_else(|_| ReportRange::month_of(today)),
        reports::stock_value_csv(&report),
    ))
}

/// The margin on a range's sales, by product: the goods' taxable value less the cost of the
/// units sold, net of cancellations and returns.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The range's margin by product", body = reports::MarginReport),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/margin")]
pub async fn margin(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::margin_report(conn, range))
        .await?;
    Ok(json(&report))
}

/// The margin as a CSV file, with a total row.
#[utoipa::path(
    tag = "admin-reports",
    params(ReportQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "A day is invalid, or the range is over two years", body = ErrorBody),
    )
)]
#[get("/reports/margin.csv")]
pub async fn margin_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| reports::margin_report(conn, range))
        .await?;
    Ok(csv("margin", range, reports::margin_csv(&report)))
}
