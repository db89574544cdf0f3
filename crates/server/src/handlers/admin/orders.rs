//! The orders desk: the list, an order's page, moving it, its notes, payments and refunds.
//! Orders are named by their number (`ORD-2026-000123`), as staff and customers say them.

use actix_web::{HttpResponse, get, post, web};
use orders::desk::{self, OrderList, StaffOrder};

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_orders::{
    OrderListQuery, OrderMoveBody, OrderNoteBody, PaymentBody, RefundBody, ReturnBody,
};
use crate::state::AppState;

/// Orders, newest first: one status or all, filtered and searched, with every status's count.
#[utoipa::path(
    tag = "admin-orders",
    params(OrderListQuery),
    responses(
        (status = 200, description = "One page of orders and the tabs' counts", body = OrderList),
        (status = 422, description = "A filter is invalid", body = ErrorBody),
    )
)]
#[get("")]
pub async fn list(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<OrderListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = query.parse()?;
    let list = state
        .with_conn(move |conn| desk::list_orders(conn, &filter, page))
        .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// One order with its notes, payments and timeline.
#[utoipa::path(
    tag = "admin-orders",
    params(("number" = String, Path, description = "The order number, ORD-2026-000123")),
    responses(
        (status = 200, description = "The order", body = StaffOrder),
        (status = 404, description = "No such order", body = ErrorBody),
    )
)]
#[get("/{number}")]
pub async fn show(
    state: web::Data<AppState>,
    _staff: StaffActor,
    number: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| desk::staff_order(conn, &number, &moves))
        .await?;
    Ok(HttpResponse::Ok().json(order))
}

/// Moves the order (only the moves its status allows); the customer is told as the answer's
/// `reach` says (by e-mail, on the phone, or by staff with the timeline's WhatsApp link).
#[utoipa::path(
    tag = "admin-orders",
    request_body = OrderMoveBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 200, description = "Moved", body = StaffOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "The order's status does not allow this move", body = ErrorBody),
        (status = 422, description = "Invalid, or a shipment without its carrier and tracking number, a cancellation without its reason", body = ErrorBody),
    )
)]
#[post("/{number}/status")]
pub async fn move_order(
    state: web::Data<AppState>,
    staff: StaffActor,
    number: web::Path<String>,
    Valid(checked): Valid<OrderMoveBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| {
            desk::move_order(
                conn,
                &number,
                &checked.order_move,
                staff.user_id,
                checked.note.as_deref(),
                &moves,
            )
        })
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    Ok(HttpResponse::Ok().json(order))
}

/// Adds a staff note (never shown to the customer).
#[utoipa::path(
    tag = "admin-orders",
    request_body = OrderNoteBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 201, description = "Added", body = StaffOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 422, description = "An empty or too long note", body = ErrorBody),
    )
)]
#[post("/{number}/notes")]
pub async fn add_note(
    state: web::Data<AppState>,
    staff: StaffActor,
    number: web::Path<String>,
    Valid(body): Valid<OrderNoteBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| desk::add_note(conn, &number, staff.user_id, &body, &moves))
        .await?;
    Ok(HttpResponse::Created().json(order))
}

/// Records the order's payment (a bank transfer's UTR, cash on delivery collected) and marks it
/// paid; an order awaiting payment is confirmed and the customer told. A payment that does not
/// match the order (another amount, a UTR already recorded) is refused and alerts the owner's
/// phone.
#[utoipa::path(
    tag = "admin-orders",
    request_body = PaymentBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 201, description = "Recorded", body = StaffOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Already paid, cancelled, or the reference is already recorded", body = ErrorBody),
        (status = 422, description = "An amount that is not the total, a date in the future or before the order, a missing UTR", body = ErrorBody),
    )
)]
#[post("/{number}/payments")]
pub async fn record_payment(
    state: web::Data<AppState>,
    staff: StaffActor,
    number: web::Path<String>,
    Valid(payment): Valid<PaymentBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| desk::record_payment(conn, &number, staff.user_id, payment, &moves))
        .await;
    // A refused payment may have alerted the owner.
    state.phone_queued.notify_one();
    let order = order?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Created().json(order))
}

/// Records a refund of a cancelled paid order and marks it refunded; the customer is told.
#[utoipa::path(
    tag = "admin-orders",
    request_body = RefundBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 201, description = "Recorded", body = StaffOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not a cancelled paid order", body = ErrorBody),
        (status = 422, description = "More than was paid, a bad date or method, a missing reference", body = ErrorBody),
    )
)]
#[post("/{number}/refunds")]
pub async fn record_refund(
    state: web::Data<AppState>,
    staff: StaffActor,
    number: web::Path<String>,
    Valid(refund): Valid<RefundBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| desk::record_refund(conn, &number, staff.user_id, refund, &moves))
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    Ok(HttpResponse::Created().json(order))
}

/// The order after a return, and the last day its supply could be credited (CGST Act s. 34(2)):
/// after it the return has no credit note.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ReturnAnswer {
    #[serde(flatten)]
    order: StaffOrder,
    /// The return just taken.
    #[serde(rename = "return")]
    taken: orders::returned::ReturnView,
    last_day_to_credit: chrono::NaiveDate,
}

/// Takes back some lines, or some units of a line, of a shipped or delivered order: restocks
/// those that go back on the shelf and issues a credit note on each document they were on, for
/// exactly what came back (with the delivery share when it is refunded); the refund follows as a
/// payment (`/refunds`).
#[utoipa::path(
    tag = "admin-orders",
    request_body = ReturnBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 201, description = "Taken back", body = ReturnAnswer),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "The order has not shipped, or is cancelled", body = ErrorBody),
        (status = 422, description = "No lines, a line the order lacks, more than is left of it, no reason", body = ErrorBody),
    )
)]
#[post("/{number}/returns")]
pub async fn take_return(
    state: web::Data<AppState>,
    staff: StaffActor,
    number: web::Path<String>,
    Valid(body): Valid<ReturnBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let answer = state
        .with_conn(move |conn| {
            let taken = orders::returns::take_return(
                conn,
                &number,
                &body,
                Some(staff.user_id),
                None,
                &moves,
            )?;
            let order = desk::staff_order(conn, &number, &moves)?;
            Ok::<_, ApiError>(ReturnAnswer {
                order,
                taken: taken.taken,
                last_day_to_credit: taken.last_day_to_credit,
            })
        })
        .await?;
    Ok(HttpResponse::Created().json(answer))
}
