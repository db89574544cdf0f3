//! The packing desk (`orders::packing`): confirmed orders to pack and ship, without prices
//! (only the cash to collect on delivery) and with no more of the customer than the delivery
//! name, address and phone. Packers reach the orders only here; `access.rs` lists who may.

use actix_web::{HttpResponse, get, post, web};
use orders::packing::{self, PackingList, PackingOrder};

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_packing::ShipBody;
use crate::state::AppState;

/// Confirmed orders, oldest first, packed or not, with the cash each collects.
#[utoipa::path(
    tag = "admin-packing",
    responses((status = 200, description = "The orders to pack and ship", body = PackingList))
)]
#[get("/orders")]
pub async fn list(_: StaffActor, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let list = state.with_conn(packing::packing_list).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// One order's packing slip: what goes in the box, where it goes, the cash to collect.
#[utoipa::path(
    tag = "admin-packing",
    params(("number" = String, Path, description = "The order number, ORD-2026-000123")),
    responses(
        (status = 200, description = "The order as the packing desk shows it", body = PackingOrder),
        (status = 404, description = "No such order", body = ErrorBody),
    )
)]
#[get("/orders/{number}")]
pub async fn show(
    _: StaffActor,
    state: web::Data<AppState>,
    number: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .with_conn(move |conn| packing::packing_order(conn, &number))
        .await?;
    Ok(HttpResponse::Ok().json(order))
}

/// Marks a confirmed order packed (audited as `order.packed`).
#[utoipa::path(
    tag = "admin-packing",
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 200, description = "Packed", body = PackingOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not confirmed, or packed already", body = ErrorBody),
    )
)]
#[post("/orders/{number}/packed")]
pub async fn mark_packed(
    staff: StaffActor,
    state: web::Data<AppState>,
    number: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .with_conn(move |conn| packing::mark_packed(conn, &number, staff.user_id))
        .await?;
    Ok(HttpResponse::Ok().json(order))
}

/// Ships a confirmed order with its carrier and tracking number: the desk's own move, so the
/// customer hears of it as from the orders desk.
#[utoipa::path(
    tag = "admin-packing",
    request_body = ShipBody,
    params(("number" = String, Path, description = "The order number")),
    responses(
        (status = 200, description = "Shipped", body = PackingOrder),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not confirmed", body = ErrorBody),
        (status = 422, description = "No carrier or tracking number, or no e-way bill number for goods over ₹50,000", body = ErrorBody),
    )
)]
#[post("/orders/{number}/shipped")]
pub async fn ship(
    staff: StaffActor,
    state: web::Data<AppState>,
    number: web::Path<String>,
    Valid(shipment): Valid<ShipBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let order = state
        .with_conn(move |conn| packing::ship(conn, &number, shipment, staff.user_id, &moves))
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    Ok(HttpResponse::Ok().json(order))
}
