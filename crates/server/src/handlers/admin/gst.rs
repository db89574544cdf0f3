//! The GST return, for admins and accountants (it is the shop's whole turnover; who may read it
//! is `access.rs`'s table): a period's figures at a glance,
//! and its GSTR-1 files, as the GST offline tool imports them, in one ZIP.

use std::io::Write;

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use chrono::NaiveDate;
use orders::gst::accounts::{Gstr3bRow, gstr3b, gstr3b_csv, invoice_register_csv};
use orders::gst::gstr1::{Gstr1File, Gstr1Totals, gstr1_files};
use orders::gst::register::{Period, RegisterError, register};
use serde::Serialize;
use utoipa::ToSchema;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::admin_gst::PeriodQuery;
use crate::state::AppState;

/// A period's return at a glance: its documents and figures, and each file's number of rows.
#[derive(Debug, Serialize, ToSchema)]
pub struct Gstr1Overview {
    /// `2026-11`, or `2026-10_2026-12` for a quarter.
    period: String,
    first_day: NaiveDate,
    last_day: NaiveDate,
    totals: Gstr1Totals,
    files: Vec<Gstr1FileRows>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Gstr1FileRows {
    /// `b2b`, `b2cl`, `b2cs`, `cdnr`, `cdnur`, `exemp`, `hsn_b2b`, `hsn_b2c` or `docs`.
    name: &'static str,
    rows: usize,
}

/// The period's documents, as every return and download reads them.
async fn register_for(
    state: &AppState,
    period: Period,
) -> Result<orders::gst::gstr1::Register, ApiError> {
    state
        .with_conn(move |conn| {
            register(conn, period).map_err(|error| match error {
                RegisterError::TooLarge => ApiError::validation("period", error.to_string()),
                RegisterError::Database(_)
                | RegisterError::Unreadable(_)
                | RegisterError::Word(_)
                | RegisterError::Address { .. } => ApiError::internal(error),
            })
        })
        .await
}

/// The period's documents and its GSTR-1 files.
async fn files_for(
    state: &AppState,
    period: Period,
) -> Result<(orders::gst::gstr1::Register, Vec<Gstr1File>), ApiError> {
    let register = register_for(state, period).await?;
    let files = gstr1_files(&register);
    Ok((register, files))
}

/// A CSV download named after the shop's GSTIN and the period.
fn csv_download(name: String, csv: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}.csv\""),
        ))
        .cached(CachePolicy::NoStore)
        .body(csv)
}

/// The period's GSTR-3B tables 3.1 and 3.2 as the portal should fill them in from GSTR-1.
#[derive(Debug, Serialize, ToSchema)]
pub struct Gstr3bOverview {
    period: String,
    rows: Vec<Gstr3bRow>,
}

/// The GSTR-3B figures of the period (3.1 outward supplies by kind, 3.2 inter-state supplies to
/// unregistered persons by place), from the same documents as GSTR-1, to compare with the portal.
#[utoipa::path(
    tag = "admin-gst",
    params(PeriodQuery),
    responses(
        (status = 200, description = "Tables 3.1 and 3.2", body = Gstr3bOverview),
        (status = 403, description = "Not an admin or accountant, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "No month or quarter, or not a valid one", body = ErrorBody),
    )
)]
#[get("/gst/gstr3b")]
pub async fn gstr3b_figures(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let period = query.parse()?;
    let register = register_for(&state, period).await?;
    Ok(HttpResponse::Ok()
        .cached(CachePolicy::NoStore)
        .json(Gstr3bOverview {
            period: period.label(),
            rows: gstr3b(&register),
        }))
}

/// The GSTR-3B figures as CSV.
#[utoipa::path(
    tag = "admin-gst",
    params(PeriodQuery),
    responses(
        (status = 200, description = "Tables 3.1 and 3.2 as CSV", content_type = "text/csv", body = String),
        (status = 403, description = "Not an admin or accountant, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "No month or quarter, or not a valid one", body = ErrorBody),
    )
)]
#[get("/gst/gstr3b.csv")]
pub async fn gstr3b_download(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let period = query.parse()?;
    let register = register_for(&state, period).await?;
    let name = format!("GSTR3B_{}_{}", state.shop.facts.gstin, period.label());
    Ok(csv_download(name, gstr3b_csv(&gstr3b(&register))))
}

/// Every tax invoice, bill of supply and credit note of the period with its figures, as CSV.
#[utoipa::path(
    tag = "admin-gst",
    params(PeriodQuery),
    responses(
        (status = 200, description = "The invoice register as CSV", content_type = "text/csv", body = String),
        (status = 403, description = "Not an admin or accountant, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "No month or quarter, or not a valid one", body = ErrorBody),
    )
)]
#[get("/gst/register.csv")]
pub async fn register_download(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let period = query.parse()?;
    let register = register_for(&state, period).await?;
    let name = format!("invoices_{}_{}", state.shop.facts.gstin, period.label());
    Ok(csv_download(name, invoice_register_csv(&register)))
}

/// The period's invoices, credit notes and tax, and the rows each GSTR-1 file will have.
#[utoipa::path(
    tag = "admin-gst",
    params(PeriodQuery),
    responses(
        (status = 200, description = "The period's return at a glance", body = Gstr1Overview),
        (status = 403, description = "Not an admin or accountant, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "No month or quarter, or not a valid one", body = ErrorBody),
    )
)]
#[get("/gst/gstr1")]
pub async fn overview(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let period = query.parse()?;
    let (register, files) = files_for(&state, period).await?;
    Ok(HttpResponse::Ok()
        .cached(CachePolicy::NoStore)
        .json(Gstr1Overview {
            period: period.label(),
            first_day: period.first_day(),
            last_day: period.last_day(),
            totals: register.totals(),
            files: files
                .iter()
                .map(|file| Gstr1FileRows {
                    name: file.name,
                    rows: file.csv.lines().count().saturating_sub(1),
                })
                .collect(),
        }))
}

/// The period's GSTR-1 files (`b2b.csv`, `b2cl.csv`, `b2cs.csv`, `cdnr.csv`, `cdnur.csv`,
/// `exemp.csv`, `hsn_b2b.csv`, `hsn_b2c.csv`, `docs.csv`) in one ZIP.
#[utoipa::path(
    tag = "admin-gst",
    params(PeriodQuery),
    responses(
        (status = 200, description = "The ZIP of the period's files", content_type = "application/zip", body = Vec<u8>),
        (status = 403, description = "Not an admin or accountant, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "No month or quarter, or not a valid one", body = ErrorBody),
    )
)]
#[get("/gst/gstr1.zip")]
pub async fn download(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let period = query.parse()?;
    let (_, files) = files_for(&state, period).await?;
    let name = format!("GSTR1_{}_{}", state.shop.facts.gstin, period.label());
    let zip = zipped(&name, &files).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}.zip\""),
        ))
        .cached(CachePolicy::NoStore)
        .body(zip))
}

/// The files in a folder `folder` of a ZIP.
fn zipped(folder: &str, files: &[Gstr1File]) -> zip::result::ZipResult<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for file in files {
        zip.start_file(format!("{folder}/{}.csv", file.name), options)?;
        zip.write_all(file.csv.as_bytes())?;
    }
    Ok(zip.finish()?.into_inner())
}
