use actix_session::Session;
use actix_web::{HttpResponse, get, post, web};
use orders::cart::{self, CartId, LineTarget, Quantity};
use serde_json::Value;

use crate::error::ApiError;
use crate::input::Fields;
use crate::session::{get_string, keys};
use crate::state::AppState;

/// `{product_id, variant_id?, quantity}` of an add or an update.
fn line_change(body: &Value) -> Result<(LineTarget, Quantity), ApiError> {
    let mut fields = Fields::new(body)?;
    let (product_id, variant_id, quantity) = (
        fields.id("product_id"),
        fields.optional_id("variant_id"),
        fields.quantity("quantity"),
    );
    let (Some(product_id), Ok(variant_id), Some(quantity)) = (product_id, variant_id, quantity)
    else {
        return Err(fields.into_error());
    };
    Ok((
        LineTarget {
            product_id,
            variant_id,
        },
        quantity,
    ))
}

/// The session's cart, if it has one.
fn current_cart(session: &Session) -> Option<CartId> {
    get_string(session, keys::CART_ID).and_then(|id| CartId::parse(&id))
}

/// The session's cart, made (and remembered in the session) on the first change.
fn cart_for_change(session: &Session) -> Result<CartId, ApiError> {
    if let Some(cart) = current_cart(session) {
        return Ok(cart);
    }
    let cart = CartId::generate();
    session
        .insert(keys::CART_ID, cart.as_str())
        .map_err(ApiError::internal)?;
    Ok(cart)
}

/// Runs a change, then answers the whole cart as it now stands.
async fn change_then_read<F>(
    state: &AppState,
    cart: CartId,
    change: F,
) -> Result<HttpResponse, ApiError>
where
    F: FnOnce(&mut db::DbConnection, &CartId) -> Result<(), cart::CartError> + Send + 'static,
{
    let media = state.media.clone();
    let view = state
        .with_conn(move |conn| {
            change(conn, &cart)?;
            cart::read(conn, Some(&cart), &media)
        })
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

#[get("/cart")]
pub async fn show(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let cart = current_cart(&session);
    let media = state.media.clone();
    let view = state
        .with_conn(move |conn| cart::read(conn, cart.as_ref(), &media))
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

#[post("/cart/add")]
pub async fn add(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let (target, quantity) = line_change(&body)?;
    let cart = cart_for_change(&session)?;
    change_then_read(&state, cart, move |conn, cart| {
        cart::add(conn, cart, target, quantity)
    })
    .await
}

#[post("/cart/update")]
pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let (target, quantity) = line_change(&body)?;
    let cart = current_cart(&session).ok_or(ApiError::from(cart::CartError::NotInCart))?;
    change_then_read(&state, cart, move |conn, cart| {
        cart::update(conn, cart, target, quantity)
    })
    .await
}

#[post("/cart/remove")]
pub async fn remove(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let mut fields = Fields::new(&body)?;
    let (product_id, variant_id) = (fields.id("product_id"), fields.optional_id("variant_id"));
    let (Some(product_id), Ok(variant_id)) = (product_id, variant_id) else {
        return Err(fields.into_error());
    };
    let target = LineTarget {
        product_id,
        variant_id,
    };
    let cart = cart_for_change(&session)?;
    change_then_read(&state, cart, move |conn, cart| {
        cart::remove(conn, cart, target)
    })
    .await
}

#[post("/cart/clear")]
pub async fn clear(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let cart = cart_for_change(&session)?;
    change_then_read(&state, cart, cart::clear).await
}
