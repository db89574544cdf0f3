use actix_web::{HttpResponse, get, post, web};
use catalog::Paged;
use orders::order::{OrderSummary, OrderView};

use super::PageQuery;
use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale, SignedIn, Viewer};
use crate::input::Valid;
use crate::input::find_order::FindOrderBody;
use crate::rate_limit::Form;
use crate::state::AppState;

/// The signed-in shopper's orders, newest first, paged.
#[utoipa::path(
    tag = "orders",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of orders", body = Paged<OrderSummary>),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "`page` or `per_page` is out of range", body = ErrorBody),
    )
)]
#[get("/orders")]
pub async fn list(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.parse()?;
    let orders = state
        .with_conn(move |conn| orders::order::orders_for_user(conn, user, page))
        .await?;
    Ok(HttpResponse::Ok().json(orders))
}

/// The key a message's link carries (`/view-order/{uuid}?key=…`).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderLinkQuery {
    /// Opens the order without a session for 30 days from the message that carried it.
    key: Option<String>,
}

/// One order: the owner's when it belongs to an account, a guest order by its UUID, or any
/// order by a message's link while its key is valid (a wrong or expired key opens nothing more).
#[utoipa::path(
    tag = "orders",
    params(
        ("uuid" = String, Path, description = "The order's UUID, from the confirmation"),
        OrderLinkQuery,
    ),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 404, description = "No such order, or not this viewer's", body = ErrorBody),
    )
)]
#[get("/orders/{uuid}")]
pub async fn show(
    state: web::Data<AppState>,
    Viewer(viewer): Viewer,
    RequestLocale(locale): RequestLocale,
    uuid: web::Path<String>,
    query: web::Query<OrderLinkQuery>,
) -> Result<HttpResponse, ApiError> {
    let uuid = uuid::Uuid::parse_str(&uuid)
        .map_err(|_| ApiError::NotFound("Order not found.".into()))?
        .hyphenated()
        .to_string();
    let links = state.mail.order_links.clone();
    let key = query.into_inner().key;
    let order = state
        .with_conn(move |conn| {
            let mut order =
                orders::order::order_by_link(conn, &links, &uuid, key.as_deref(), viewer)?;
            orders::order::name_lines_in(conn, &mut order, locale)?;
            Ok::<_, ApiError>(order)
        })
        .await?;
    Ok(HttpResponse::Ok().json(order))
}

/// The one answer to a wrong number, a wrong phone or both.
pub const NO_MATCH: &str = "We found no order with this order number and mobile number. Check both against your confirmation.";

/// A guest order found again by its number and the mobile number it was placed with: the same
/// view as the guest order page (its `uuid` opens that page). Either one wrong answers the same
/// 404, and each client may ask only a few times (5, then one more every 2 minutes), so order
/// numbers and phones cannot be tried in bulk.
#[utoipa::path(
    tag = "orders",
    request_body = FindOrderBody,
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 404, description = "No guest order has this number and phone", body = ErrorBody),
        (status = 422, description = "The number or the phone is not written as one", body = ErrorBody),
        (status = 429, description = "Too many look-ups from this client", body = ErrorBody),
    )
)]
#[post("/orders/find")]
pub async fn find(
    state: web::Data<AppState>,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
    Valid(wanted): Valid<FindOrderBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.form(Form::FindOrder, &client.0).await?;
    let order = state
        .with_conn(move |conn| {
            let mut order = orders::order::guest_order(conn, &wanted.order_number, &wanted.phone)?;
            orders::order::name_lines_in(conn, &mut order, locale)?;
            Ok::<_, ApiError>(order)
        })
        .await
        .map_err(|error| match error {
            ApiError::NotFound(_) => ApiError::NotFound(NO_MATCH.into()),
            other => other,
        })?;
    Ok(HttpResponse::Ok().json(order))
}

/// The UPI QR code of a bank-transfer order still waiting for its payment: a PNG of
/// `upi://pay?...` for the exact amount with the order number as the note. Opens with the
/// order's UUID alone (no session), because the buyer's mail shows it too; it reveals only what
/// the code itself shows. Any other order answers 404.
#[utoipa::path(
    tag = "orders",
    params(("uuid" = String, Path, description = "The order's UUID, from the confirmation")),
    responses(
        (status = 200, description = "The QR code", content_type = "image/png", body = Vec<u8>),
        (status = 404, description = "No such order, or nothing to pay by UPI", body = ErrorBody),
    )
)]
#[get("/orders/{uuid}/upi-qr.png")]
pub async fn upi_qr(
    state: web::Data<AppState>,
    uuid: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = uuid::Uuid::parse_str(&uuid)
        .map_err(|_| ApiError::NotFound("Order not found.".into()))?
        .hyphenated()
        .to_string();
    let terms = state.terms.clone();
    let png = state
        .with_conn(move |conn| {
            orders::payment::upi_request_for(conn, &uuid, &terms.upi_payee)?.qr_png()
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("image/png")
        // Paid or cancelled, the code must go at once: nobody may pay twice from a stale copy.
        .cached(CachePolicy::NoStore)
        .body(png))
}
