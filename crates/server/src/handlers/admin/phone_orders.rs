//! Orders taken on the phone: the caller's number looked up, and their order placed through the
//! shop's own checkout, marked as taken by the member of staff.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use orders::checkout::{IdempotencyKey, place_phone_order};
use orders::desk::{self, Caller, StaffOrder};

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_phone_orders::{CallerQuery, PhoneOrderBody};
use crate::input::checkout::idempotency_uuid;
use crate::state::AppState;

/// What the shop knows of a caller's mobile number: the account that verified it, and the
/// newest orders placed with it (guests' too), with the names and addresses they gave.
#[utoipa::path(
    tag = "admin-orders",
    params(CallerQuery),
    responses(
        (status = 200, description = "The account (if any) and earlier orders of the number", body = Caller),
        (status = 422, description = "Not a mobile number", body = ErrorBody),
    )
)]
#[get("/callers")]
pub async fn find_caller(
    state: web::Data<AppState>,
    _staff: StaffActor,
    query: web::Query<CallerQuery>,
) -> Result<HttpResponse, ApiError> {
    let phone = query.parse().map_err(ApiError::invalid)?;
    let caller = state
        .with_conn(move |conn| desk::find_caller(conn, phone.as_str()))
        .await?;
    Ok(HttpResponse::Ok().json(caller))
}

/// Places an order for a caller, as the shop's checkout places a web order (stock, delivery
/// zone, GST, the caller's messages), once per `Idempotency-Key`; the order is marked as taken
/// on the phone by this member of staff. It joins the account that verified the caller's
/// number, else it is a guest order under the number.
#[utoipa::path(
    tag = "admin-orders",
    request_body = PhoneOrderBody,
    params(("Idempotency-Key" = String, Header, description = "A UUID, new for each order and the same for its retries")),
    responses(
        (status = 201, description = "The order as the desk shows it (or the same one again for a repeat)", body = StaffOrder,
            headers(("Idempotent-Replayed" = String, description = "`true` when this key already placed the order"))),
        (status = 409, description = "Some lines are short of stock (`lines`), or the same key is still being placed", body = ErrorBody),
        (status = 422, description = "A field is invalid, a pack size not for sale, a PIN code the shop does not deliver to, or the key is missing or was used for another order", body = ErrorBody),
    )
)]
#[post("/phone")]
pub async fn place(
    state: web::Data<AppState>,
    staff: StaffActor,
    request: HttpRequest,
    Valid(order): Valid<PhoneOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_uuid(&request, "order")?;
    let key = IdempotencyKey::new(
        &key.hyphenated().to_string(),
        &order.checkout,
        &order.key_owner(staff.user_id),
    );
    let terms = state.terms.clone();
    let moves = state.moves.clone();
    let (placed, view) = state
        .with_conn(move |conn| {
            let placed = place_phone_order(conn, &order, staff.user_id, &key, &terms)?;
            let view = desk::staff_order(conn, &placed.order.number, &moves)?;
            Ok::<_, ApiError>((placed, view))
        })
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    if !placed.replayed {
        state.metrics.orders_placed.inc();
    }
    Ok(HttpResponse::Created()
        .insert_header(("Idempotent-Replayed", placed.replayed.to_string()))
        .json(view))
}
