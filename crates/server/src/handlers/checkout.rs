use actix_web::{HttpRequest, HttpResponse, post, web};
use orders::checkout::{IdempotencyKey, PlacedBy, place_order};
use orders::order::OrderView;

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{RequestLocale, SessionCart, Viewer};
use crate::input::Valid;
use crate::input::checkout::CheckoutBody;
use crate::input::checkout::idempotency_uuid;
use crate::state::AppState;

/// Places the session's cart as an order, once per `Idempotency-Key` (201 with the order; a
/// repeat with the same key and body answers the same order with `Idempotent-Replayed: true`).
#[utoipa::path(
    tag = "checkout",
    request_body = CheckoutBody,
    params(("Idempotency-Key" = String, Header, description = "A UUID, new for each order attempt and the same for its retries")),
    responses(
        (status = 201, description = "The order (or the same one again for a repeat)", body = OrderView,
            headers(("Idempotent-Replayed" = String, description = "`true` when this key already placed the order"))),
        (status = 409, description = "Some lines are short of stock (`lines`), or the same key is still being placed", body = ErrorBody),
        (status = 422, description = "A field is invalid, the cart is empty, or the key is missing or was used for another checkout", body = ErrorBody),
    )
)]
#[post("/checkout")]
pub async fn place(
    state: web::Data<AppState>,
    SessionCart(cart): SessionCart,
    Viewer(user): Viewer,
    RequestLocale(locale): RequestLocale,
    request: HttpRequest,
    Valid(checkout): Valid<CheckoutBody>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_uuid(&request, "order attempt")?;
    let owner = match (user, &cart) {
        (Some(user), _) => format!("account:{user}"),
        (None, Some(cart)) => format!("cart:{cart}"),
        (None, None) => "nobody".to_owned(),
    };
    let key = IdempotencyKey::new(&key.hyphenated().to_string(), &checkout, &owner);
    let terms = state.terms.clone();
    // The order's mail speaks the language of the page it was placed on (the app sends it).
    let by = PlacedBy {
        user_id: user,
        locale,
    };
    let placed = state
        .with_conn(move |conn| {
            let mut placed = place_order(conn, cart.as_ref(), by, &key, &checkout, &terms)?;
            orders::order::name_lines_in(conn, &mut placed.order, locale)?;
            Ok::<_, ApiError>(placed)
        })
        .await?;
    state.mail_queued.notify_one();
    if !placed.replayed {
        state.metrics.orders_placed.inc();
    }
    Ok(HttpResponse::Created()
        .insert_header(("Idempotent-Replayed", placed.replayed.to_string()))
        .json(placed.order))
}
