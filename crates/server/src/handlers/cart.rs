use actix_session::Session;
use actix_web::{HttpResponse, get, post, web};
use orders::cart::{self, CartId, CartView};

use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
use crate::extractors::SessionCart;
use crate::input::Valid;
use crate::input::cart::{LineBody, LineChangeBody};
use crate::session::keys;
use crate::state::AppState;

/// The session's cart, made (and remembered in the session) on the first change.
pub(crate) fn cart_for_change(session: &Session, cart: SessionCart) -> Result<CartId, ApiError> {
    if let Some(cart) = cart.0 {
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
    locale: paths::Locale,
    change: F,
) -> Result<HttpResponse, ApiError>
where
    F: FnOnce(&mut db::DbConnection, &CartId) -> Result<(), cart::CartError> + Send + 'static,
{
    let media = state.media.clone();
    let view = state
        .with_conn(move |conn| {
            change(conn, &cart)?;
            cart::read(conn, Some(&cart), &media)?.in_locale(conn, locale)
        })
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The session's cart, priced from the catalogue now (empty when there is none yet).
#[utoipa::path(
    tag = "cart",
    responses((status = 200, description = "The cart", body = CartView))
)]
#[get("/cart")]
pub async fn show(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SessionCart(cart): SessionCart,
) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    let view = state
        .with_conn(move |conn| cart::read(conn, cart.as_ref(), &media)?.in_locale(conn, locale))
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Adds units of a product (its variant when it has several) to the cart.
#[utoipa::path(
    tag = "cart",
    request_body = LineChangeBody,
    responses(
        (status = 200, description = "The whole cart after the change", body = CartView),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 409, description = "Not that many in stock (`available` says how many)", body = ErrorBody),
        (status = 422, description = "A field is invalid, or the variant is missing or not the product's", body = ErrorBody),
    )
)]
#[post("/cart/add")]
pub async fn add(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    session: Session,
    cart: SessionCart,
    Valid((target, quantity)): Valid<LineChangeBody>,
) -> Result<HttpResponse, ApiError> {
    let cart = cart_for_change(&session, cart)?;
    change_then_read(&state, cart, locale, move |conn, cart| {
        cart::add(conn, cart, target, quantity)
    })
    .await
}

/// Sets a line's quantity.
#[utoipa::path(
    tag = "cart",
    request_body = LineChangeBody,
    responses(
        (status = 200, description = "The whole cart after the change", body = CartView),
        (status = 404, description = "The line is not in the cart", body = ErrorBody),
        (status = 409, description = "Not that many in stock (`available` says how many)", body = ErrorBody),
    )
)]
#[post("/cart/update")]
pub async fn update(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    SessionCart(cart): SessionCart,
    Valid((target, quantity)): Valid<LineChangeBody>,
) -> Result<HttpResponse, ApiError> {
    let cart = cart.ok_or(ApiError::from(cart::CartError::NotInCart))?;
    change_then_read(&state, cart, locale, move |conn, cart| {
        cart::update(conn, cart, target, quantity)
    })
    .await
}

/// Removes a line.
#[utoipa::path(
    tag = "cart",
    request_body = LineBody,
    responses(
        (status = 200, description = "The whole cart after the change", body = CartView),
        (status = 404, description = "The line is not in the cart", body = ErrorBody),
    )
)]
#[post("/cart/remove")]
pub async fn remove(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    session: Session,
    cart: SessionCart,
    Valid(target): Valid<LineBody>,
) -> Result<HttpResponse, ApiError> {
    let cart = cart_for_change(&session, cart)?;
    change_then_read(&state, cart, locale, move |conn, cart| {
        cart::remove(conn, cart, target)
    })
    .await
}

/// Empties the cart.
#[utoipa::path(
    tag = "cart",
    responses(
        (status = 200, description = "The empty cart", body = CartView),
    )
)]
#[post("/cart/clear")]
pub async fn clear(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    session: Session,
    cart: SessionCart,
) -> Result<HttpResponse, ApiError> {
    let cart = cart_for_change(&session, cart)?;
    change_then_read(&state, cart, locale, cart::clear).await
}
