//! Goods received from suppliers, batch by batch: the short form (a phone is enough), a CSV
//! sheet previewed then applied all or nothing as the catalogue's bulk editor does, and the
//! receipts recorded.

use actix_web::{HttpResponse, get, post, web};
use batches::BatchError;
use batches::receipt_sheet::{self, SheetPreview};
use batches::receipts::{ReceiptSummary, ReceiptView};
use batches::receive::{self, Receipt};
use catalog::Paged;
use db::ReceiptId;

use super::catalog::bulk::read_in_turn;
use crate::error::{ApiError, ErrorBody, receipt_refused, sheet_refused};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_stock::{ReceiptBody, ReceiptSheetQuery, ReceiptsQuery};
use crate::input::csv_body::{CsvQuery, CsvUpload};
use crate::state::AppState;

fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}

/// Records goods received against a supplier's invoice: each line a batch of one pack size with
/// its dates, units and cost, all in one transaction (a batch number held before adds to that
/// batch, when its dates agree). The pack sizes' stock rises at once.
#[utoipa::path(
    tag = "admin-stock",
    request_body = ReceiptBody,
    responses(
        (status = 201, description = "Recorded", body = Receipt),
        (status = 422, description = "Nothing was recorded: each bad field, a line's as `lines[N].field`", body = ErrorBody),
    )
)]
#[post("/stock/receipts")]
pub async fn record(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(input): Valid<ReceiptBody>,
) -> Result<HttpResponse, ApiError> {
    let at = now();
    let receipt = state
        .with_conn(move |conn| {
            receive::record(
                conn,
                staff.user_id,
                &input.supplier,
                &input.lines,
                batches::india_date(at),
                at,
            )
        })
        .await?
        .map_err(receipt_refused)?;
    Ok(HttpResponse::Created().json(receipt))
}

/// The receipts, most recently recorded first.
#[utoipa::path(
    tag = "admin-stock",
    params(ReceiptsQuery),
    responses(
        (status = 200, description = "A page of receipts", body = Paged<ReceiptSummary>),
        (status = 422, description = "A bad page", body = ErrorBody),
    )
)]
#[get("/stock/receipts")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<ReceiptsQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let (data, total) = state
        .with_conn(move |conn| {
            batches::receipts::recent(conn, page.offset, page.limit).map_err(BatchError::from)
        })
        .await?;
    Ok(HttpResponse::Ok().json(page.answer(data, total)))
}

/// One receipt with each batch it brought (as the batch stands today).
#[utoipa::path(
    tag = "admin-stock",
    params(("id" = i64, Path, description = "The receipt's number")),
    responses(
        (status = 200, description = "The receipt", body = ReceiptView),
        (status = 404, description = "No such receipt", body = ErrorBody),
    )
)]
#[get("/stock/receipts/{id}")]
pub async fn show(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<ReceiptId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let receipt = state
        .with_conn(move |conn| {
            batches::receipts::one(conn, id, batches::india_today()).map_err(BatchError::from)
        })
        .await?
        .ok_or_else(|| ApiError::NotFound("No receipt has this number.".into()))?;
    Ok(HttpResponse::Ok().json(receipt))
}

/// What receiving a CSV sheet (`sku, batch, manufactured_on, expires_on, tested_on, quantity,
/// unit_cost`; dates as 2026-12-31, 31-12-2026 or 31/12/2026, costs in rupees) against the
/// invoice would do: each row as a receipt line, and every bad cell by line and column.
/// Changes nothing.
#[utoipa::path(
    tag = "admin-stock",
    params(CsvQuery, ReceiptSheetQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 200, description = "The preview", body = SheetPreview),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 422, description = "The invoice's fields missing, or not a sheet of receipt lines (columns, more than 500 rows)", body = ErrorBody),
        (status = 429, description = "Other sheets are being read: try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/stock/receipt-sheets/preview")]
pub async fn preview_sheet(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<ReceiptSheetQuery>,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let supplier = query.parse()?;
    let (_turn, (_, sheet)) =
        read_in_turn(&state, upload.content, receipt_sheet::read_sheet).await?;
    let preview = state
        .with_conn(move |conn| {
            receipt_sheet::preview(conn, &supplier, &sheet, batches::india_today())
        })
        .await?;
    Ok(HttpResponse::Ok().json(preview))
}

/// Receives the CSV sheet against the invoice in one transaction: every row, or nothing when any
/// cell is bad (422 naming each as `line N: column`).
#[utoipa::path(
    tag = "admin-stock",
    params(CsvQuery, ReceiptSheetQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 201, description = "Received", body = Receipt),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 422, description = "Nothing was received: each bad cell by line and column", body = ErrorBody),
        (status = 429, description = "Other sheets are being read: try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/stock/receipt-sheets")]
pub async fn apply_sheet(
    state: web::Data<AppState>,
    staff: StaffActor,
    query: web::Query<ReceiptSheetQuery>,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let supplier = query.parse()?;
    let (_turn, (_, sheet)) =
        read_in_turn(&state, upload.content, receipt_sheet::read_sheet).await?;
    let at = now();
    let receipt = state
        .with_conn(move |conn| {
            receipt_sheet::apply(
                conn,
                staff.user_id,
                &supplier,
                &sheet,
                batches::india_date(at),
                at,
            )
        })
        .await?
        .map_err(sheet_refused)?;
    Ok(HttpResponse::Created().json(receipt))
}
