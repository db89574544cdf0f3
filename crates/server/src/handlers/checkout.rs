use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use orders::cart::CartId;
use orders::checkout::{IdempotencyKey, parse_checkout, place_order};
use serde_json::Value;

use crate::auth;
use crate::error::ApiError;
use crate::session::{get_string, keys};
use crate::state::AppState;

/// Places the session's cart as an order, once per `Idempotency-Key` (201 with the order; a
/// repeat with the same key and body answers the same order with `Idempotent-Replayed: true`).
#[post("/checkout")]
pub async fn place(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let key = request
        .headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .and_then(|k| uuid::Uuid::parse_str(k.trim()).ok())
        .ok_or_else(|| {
            ApiError::validation(
                "idempotency_key",
                "Send an Idempotency-Key header holding a UUID, new for each order attempt.",
            )
        })?;
    let body = body.into_inner();
    let checkout = parse_checkout(&body).map_err(ApiError::invalid)?;
    let key = IdempotencyKey::new(&key.hyphenated().to_string(), &body);
    let cart = get_string(&session, keys::CART_ID).and_then(|id| CartId::parse(&id));
    let user = auth::user_id(&session);
    let terms = state.terms.clone();
    let placed = state
        .with_conn(move |conn| place_order(conn, cart.as_ref(), user, &key, &checkout, &terms))
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Created()
        .insert_header(("Idempotent-Replayed", placed.replayed.to_string()))
        .json(placed.order))
}
