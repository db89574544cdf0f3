use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use catalog::desk::bulk::{self, ImportApplied, ImportPreview};

use super::write_then_reload;
use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::admin_catalog::ImportQuery;
use crate::input::csv_body::{CsvQuery, CsvUpload};
use crate::state::AppState;
use tokio::sync::OwnedSemaphorePermit;

/// Every variant as a CSV sheet (`sku, product_slug, product_name, brand, variant_name, mrp,
/// price, stock, stock_when_exported, weight, active`), to edit in a spreadsheet and import back
/// unchanged or edited: prices as `2800.00`, weights with their unit (`25.2 kg`, `500 g`, `0 g`
/// for a service).
#[utoipa::path(
    tag = "admin-catalogue",
    responses(
        (status = 200, description = "The sheet", content_type = "text/csv", body = String),
    )
)]
#[get("/export.csv")]
pub async fn export(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let sheet = state.with_conn(bulk::export_csv).await?;
    let day = chrono::Utc::now().format("%Y-%m-%d");
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"catalogue-{day}.csv\""),
        ))
        .cached(CachePolicy::NoStore)
        .body(sheet))
}

/// What importing the sheet would do: every change field by field, rows whose stock moved since
/// the export (with what each choice leaves), warnings, and every row that cannot be applied
/// with its line number. Changes nothing.
#[utoipa::path(
    tag = "admin-catalogue",
    params(CsvQuery, ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 200, description = "The preview", body = ImportPreview),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 422, description = "Not a sheet this shop reads (no `sku` column, unknown columns, not UTF-8)", body = ErrorBody),
        (status = 429, description = "Other sheets are being read: try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/imports/preview")]
pub async fn preview(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<ImportQuery>,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let choices = query.choices()?;
    let (_turn, (_, sheet)) = read_sheet(&state, upload.content).await?;
    let preview = state
        .with_conn(move |conn| bulk::preview_import(conn, &sheet, &choices))
        .await?;
    Ok(HttpResponse::Ok().json(preview))
}

/// How long a sheet waits for its turn before the answer is 429.
const TURN_WAIT: Duration = Duration::from_secs(2);
/// The `Retry-After` of that 429, in seconds.
const TURN_RETRY_SECS: u64 = 5;

/// Reads the sheet on a blocking thread, holding no database connection (a 5 MB sheet takes a
/// while to read, and the pool is for the short queries that follow). At most
/// [`SHEETS_AT_ONCE`](crate::state::SHEETS_AT_ONCE) sheets are read at a time: a staff member clicking twice waits a moment
/// (up to [`TURN_WAIT`]) rather than seeing an error, but a flood of uploads is answered 429
/// at once instead of queueing behind each other and starving the blocking threads that every
/// request's queries run on. The turn is held until the preview or import is done.
async fn read_sheet(
    state: &AppState,
    content: String,
) -> Result<(OwnedSemaphorePermit, (String, bulk::Sheet)), ApiError> {
    read_in_turn(state, content, bulk::read_sheet).await
}

/// Reads a sheet with `read` in its turn, as [`read_sheet`] says: any sheet the desk imports.
pub(crate) async fn read_in_turn<T, E>(
    state: &AppState,
    content: String,
    read: fn(&str) -> Result<T, E>,
) -> Result<(OwnedSemaphorePermit, (String, T)), ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    let busy = ApiError::TooManyRequests {
        retry_after: TURN_RETRY_SECS,
    };
    let turn = actix_web::rt::time::timeout(TURN_WAIT, state.sheets.clone().acquire_owned())
        .await
        .map_err(|_| busy)?
        .map_err(ApiError::internal)?;
    let sheet = web::block(move || read(&content).map(|sheet| (content, sheet)))
        .await
        .map_err(ApiError::internal)?
        .map_err(Into::into)?;
    Ok((turn, sheet))
}

/// Applies the sheet in one transaction: all of it, or nothing when any row cannot be applied
/// (422 naming each such row as `line N`). The file is kept, and the import is one audit entry.
#[utoipa::path(
    tag = "admin-catalogue",
    params(CsvQuery, ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 201, description = "Applied", body = ImportApplied),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 422, description = "Nothing was applied: the rows that cannot be, by line", body = ErrorBody),
        (status = 429, description = "Other sheets are being read: try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/imports")]
pub async fn apply(
    state: web::Data<AppState>,
    staff: StaffActor,
    query: web::Query<ImportQuery>,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let choices = query.choices()?;
    let (_turn, (content, sheet)) = read_sheet(&state, upload.content).await?;
    let filename = upload.filename;
    let applied = write_then_reload(&state, move |conn| {
        bulk::apply_import(conn, staff.user_id, &filename, &content, &sheet, &choices)
    })
    .await?;
    Ok(HttpResponse::Created().json(applied))
}
