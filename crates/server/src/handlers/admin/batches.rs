//! Batches on the desk: a product's batches, new dates for one (the undated opening batch, a
//! seed lot re-tested, a typing mistake), disposing of an expired one, and the lists of those
//! expiring soon, expired and waiting for disposal, and undated.

use actix_web::{HttpResponse, get, patch, post, web};
use batches::listing::{self, BatchRow};
use batches::{BatchError, expiry};
use db::{BatchId, ProductId};

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::admin_stock::{BatchDatesBody, DisposalBody, ExpiringQuery};
use crate::state::AppState;

fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}

/// The product's batches, each pack size's soonest expiring first, emptied batches last.
#[utoipa::path(
    tag = "admin-stock",
    params(("id" = i64, Path, description = "The product's id")),
    responses(
        (status = 200, description = "Its batches (none for a product not kept by batch)", body = DataList<BatchRow>),
        (status = 404, description = "No product has this id", body = ErrorBody),
    )
)]
#[get("/products/{id}/batches")]
pub async fn of_product(
    state: web::Data<AppState>,
    _staff: StaffActor,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let data = state
        .with_conn(move |conn| {
            listing::of_product(conn, id, batches::india_today()).map_err(BatchError::from)
        })
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Gives a batch its dates again: the opening batch dated at last, a seed lot's validity
/// extended after a re-test, a mistake put right. A batch good again returns to sale; one now
/// past its date leaves it.
#[utoipa::path(
    tag = "admin-stock",
    request_body = BatchDatesBody,
    params(("id" = i64, Path, description = "The batch's id")),
    responses(
        (status = 200, description = "The batch as it now stands", body = BatchRow),
        (status = 404, description = "No such batch", body = ErrorBody),
        (status = 409, description = "The product is not kept by batch", body = ErrorBody),
        (status = 422, description = "Dates that do not fit the product (expiry before manufacture, a seed lot without its test date)", body = ErrorBody),
    )
)]
#[patch("/batches/{id}/dates")]
pub async fn redate(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<BatchId>,
    Valid(dates): Valid<BatchDatesBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let at = now();
    let batch = state
        .with_conn(move |conn| {
            let today = batches::india_date(at);
            let held = listing::one(conn, id, today)?.ok_or(BatchError::UnknownBatch(id))?;
            expiry::redate(
                conn,
                staff.user_id,
                id,
                &dates,
                held.regulated_as,
                today,
                at,
            )?;
            listing::one(conn, id, today)?.ok_or(BatchError::UnknownBatch(id))
        })
        .await?;
    Ok(HttpResponse::Ok().json(batch))
}

/// Disposes of what is left of an expired batch, saying how (returned to the manufacturer,
/// destroyed as its label says): its units leave the shop with a disposal movement
/// (Insecticides Rules 1971 r. 10A).
#[utoipa::path(
    tag = "admin-stock",
    request_body = DisposalBody,
    params(("id" = i64, Path, description = "The batch's id")),
    responses(
        (status = 200, description = "The batch, now empty", body = BatchRow),
        (status = 404, description = "No such batch", body = ErrorBody),
        (status = 409, description = "The batch has not expired, or nothing of it is left", body = ErrorBody),
        (status = 422, description = "No note of how it was disposed of", body = ErrorBody),
    )
)]
#[post("/batches/{id}/disposal")]
pub async fn dispose(
    state: web::Data<AppState>,
    staff: StaffActor,
    id: web::Path<BatchId>,
    Valid(note): Valid<DisposalBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let at = now();
    let batch = state
        .with_conn(move |conn| {
            let today = batches::india_date(at);
            expiry::dispose(conn, staff.user_id, id, &note, today, at)?;
            listing::one(conn, id, today)?.ok_or(BatchError::UnknownBatch(id))
        })
        .await?;
    Ok(HttpResponse::Ok().json(batch))
}

/// Batches with units that expire from today to `days` ahead, soonest first: sell them first,
/// or return them to the supplier in time.
#[utoipa::path(
    tag = "admin-stock",
    params(ExpiringQuery),
    responses(
        (status = 200, description = "The batches", body = DataList<BatchRow>),
        (status = 422, description = "A bad window", body = ErrorBody),
    )
)]
#[get("/batches/expiring")]
pub async fn expiring(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<ExpiringQuery>,
) -> Result<HttpResponse, ApiError> {
    let days = query.parse(state.config.expiry_window_days)?;
    let data = state
        .with_conn(move |conn| {
            listing::expiring_within(conn, batches::india_today(), days).map_err(BatchError::from)
        })
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Expired batches still holding units: segregated, not for sale, waiting to be disposed of.
#[utoipa::path(
    tag = "admin-stock",
    responses((status = 200, description = "The batches", body = DataList<BatchRow>))
)]
#[get("/batches/expired")]
pub async fn expired(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state
        .with_conn(|conn| {
            listing::awaiting_disposal(conn, batches::india_today()).map_err(BatchError::from)
        })
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

/// Batches with units and no expiry date yet (the stock held when batches began to be kept),
/// for staff to date from the packs' labels.
#[utoipa::path(
    tag = "admin-stock",
    responses((status = 200, description = "The batches", body = DataList<BatchRow>))
)]
#[get("/batches/undated")]
pub async fn undated(
    state: web::Data<AppState>,
    _staff: StaffActor,
) -> Result<HttpResponse, ApiError> {
    let data = state
        .with_conn(|conn| listing::undated(conn, batches::india_today()).map_err(BatchError::from))
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}
