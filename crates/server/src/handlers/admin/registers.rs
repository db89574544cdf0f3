//! The insecticide registers (`orders::registers`): the sales record and the monthly return of a
//! month, as JSON and as CSV (admins and accountants); a batch's recipients (admins and staff)
//! and its recall (admins only). Who may use them is `access.rs`'s table.

use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use db::BatchId;
use orders::registers::recall::{self, BatchRecipients, RecallError, RecallSent};
use orders::registers::{self, MonthlyReturn, SalesRecord};
use orders::reports::ReportRange;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_registers::{MonthQuery, RecallBody};
use crate::state::AppState;

impl From<RecallError> for ApiError {
    fn from(error: RecallError) -> Self {
        match error {
            RecallError::UnknownBatch => Self::NotFound(error.to_string()),
            RecallError::Reason => Self::validation("reason", error.to_string()),
            RecallError::Database(_) => Self::internal(error),
        }
    }
}

fn json<T: serde::Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().cached(CachePolicy::NoStore).json(body)
}

fn csv(name: &str, range: ReportRange, text: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{name}_{}.csv\"",
                range.from.format("%Y-%m")
            ),
        ))
        .cached(CachePolicy::NoStore)
        .body(text)
}

/// The month's insecticide sales record (Insecticides Rules 1971 r. 15(2)): one row per batch of
/// each insecticide sold; returns after delivery as rows of their own, units negative.
#[utoipa::path(
    tag = "admin-registers",
    params(MonthQuery),
    responses(
        (status = 200, description = "The month's rows, in date order", body = SalesRecord),
        (status = 422, description = "The month is not a month", body = ErrorBody),
    )
)]
#[get("/registers/insecticide-sales")]
pub async fn sales_record(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<MonthQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let record = state
        .with_conn(move |conn| registers::sales_record(conn, range).map_err(ApiError::internal))
        .await?;
    Ok(json(&record))
}

/// The sales record as a CSV file.
#[utoipa::path(
    tag = "admin-registers",
    params(MonthQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "The month is not a month", body = ErrorBody),
    )
)]
#[get("/registers/insecticide-sales.csv")]
pub async fn sales_record_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<MonthQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let record = state
        .with_conn(move |conn| registers::sales_record(conn, range).map_err(ApiError::internal))
        .await?;
    Ok(csv(
        "insecticide_sales",
        range,
        registers::sales_record_csv(&record),
    ))
}

/// The month's return of insecticide sales: per pack size of each insecticide, opening stock,
/// received, sold, other movements and closing stock, in packs and kilograms or litres.
#[utoipa::path(
    tag = "admin-registers",
    params(MonthQuery),
    responses(
        (status = 200, description = "The month's return", body = MonthlyReturn),
        (status = 422, description = "The month is not a month", body = ErrorBody),
    )
)]
#[get("/registers/monthly-return")]
pub async fn monthly_return(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<MonthQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| registers::monthly_return(conn, range).map_err(ApiError::internal))
        .await?;
    Ok(json(&report))
}

/// The monthly return as a CSV file.
#[utoipa::path(
    tag = "admin-registers",
    params(MonthQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 422, description = "The month is not a month", body = ErrorBody),
    )
)]
#[get("/registers/monthly-return.csv")]
pub async fn monthly_return_csv(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<MonthQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let report = state
        .with_conn(move |conn| registers::monthly_return(conn, range).map_err(ApiError::internal))
        .await?;
    Ok(csv(
        "insecticide_return",
        range,
        registers::monthly_return_csv(&report),
    ))
}

/// Everyone who received a batch (orders not cancelled, holding units of it), with their phone
/// numbers, how each would be told of a recall, and the recall once made.
#[utoipa::path(
    tag = "admin-registers",
    params(("id" = i64, Path, description = "The batch's id")),
    responses(
        (status = 200, description = "The batch and its recipients", body = BatchRecipients),
        (status = 404, description = "No such batch", body = ErrorBody),
    )
)]
#[get("/batches/{id}/recipients")]
pub async fn recipients(
    _: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<BatchId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let found = state
        .with_conn(move |conn| recall::recipients(conn, id))
        .await?;
    Ok(json(&found))
}

/// Recalls a batch: tells each recipient once, in the language of their order (a phone message
/// when they agreed to order news on their phone, else a mail), records the recall and writes
/// it to the audit log. A batch recalled before is answered with its recall and tells nobody
/// again (`sent_now` false).
#[utoipa::path(
    tag = "admin-registers",
    params(("id" = i64, Path, description = "The batch's id")),
    request_body = RecallBody,
    responses(
        (status = 200, description = "The recall, made now or before", body = RecallSent),
        (status = 404, description = "No such batch", body = ErrorBody),
        (status = 422, description = "No reason, or a reason over 300 characters", body = ErrorBody),
    )
)]
#[post("/batches/{id}/recall")]
pub async fn send_recall(
    staff: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<BatchId>,
    Valid(reason): Valid<RecallBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let mail = state.moves.mail.clone();
    let sent = state
        .with_conn(move |conn| {
            recall::recall(
                conn,
                id,
                &reason,
                staff.user_id,
                &mail,
                chrono::Utc::now().naive_utc(),
            )
        })
        .await?;
    if sent.sent_now {
        state.mail_queued.notify_one();
        state.phone_queued.notify_one();
    }
    Ok(json(&sent))
}
