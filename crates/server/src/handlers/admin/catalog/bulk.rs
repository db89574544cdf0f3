use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use catalog::desk::bulk::{self, ImportApplied, ImportPreview};

use super::write_then_reload;
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::csv_body::{CsvQuery, CsvUpload};
use crate::state::AppState;

/// Every variant as a CSV sheet (`sku, product_slug, product_name, brand, variant_name, mrp,
/// price, stock, weight_grams, active`), to edit in a spreadsheet and import back.
#[utoipa::path(
    tag = "admin-catalogue",
    path = "/admin/catalog/export.csv",
    responses(
        (status = 200, description = "The sheet", content_type = "text/csv", body = String),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 403, description = "Not a staff account", body = ErrorBody),
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
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(sheet))
}

/// What importing the sheet would do: every change field by field, and every row that cannot
/// be applied with its line number. Changes nothing.
#[utoipa::path(
    tag = "admin-catalogue",
    path = "/admin/catalog/imports/preview",
    params(CsvQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 200, description = "The preview", body = ImportPreview),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 403, description = "Not a staff account", body = ErrorBody),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 419, description = "Missing anti-forgery token", body = ErrorBody),
        (status = 422, description = "Not a sheet this shop reads (no `sku` column, unknown columns, not UTF-8)", body = ErrorBody),
    )
)]
#[post("/imports/preview")]
pub async fn preview(
    state: web::Data<AppState>,
    _staff: StaffActor,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let preview = state
        .with_conn(move |conn| bulk::preview_import(conn, &upload.content))
        .await?;
    Ok(HttpResponse::Ok().json(preview))
}

/// Applies the sheet in one transaction: all of it, or nothing when any row cannot be applied
/// (422 naming each such row as `line N`). The file is kept, and the import is one audit entry.
#[utoipa::path(
    tag = "admin-catalogue",
    path = "/admin/catalog/imports",
    params(CsvQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet"),
    responses(
        (status = 201, description = "Applied", body = ImportApplied),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 403, description = "Not a staff account", body = ErrorBody),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not sent as text/csv", body = ErrorBody),
        (status = 419, description = "Missing anti-forgery token", body = ErrorBody),
        (status = 422, description = "Nothing was applied: the rows that cannot be, by line", body = ErrorBody),
    )
)]
#[post("/imports")]
pub async fn apply(
    state: web::Data<AppState>,
    staff: StaffActor,
    upload: CsvUpload,
) -> Result<HttpResponse, ApiError> {
    let applied = write_then_reload(&state, move |conn| {
        bulk::apply_import(conn, staff.user_id, &upload.filename, &upload.content)
    })
    .await?;
    Ok(HttpResponse::Created().json(applied))
}
