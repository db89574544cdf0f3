//! Who is signed in, kept in the session; starting and ending a signed-in session.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::cookie::Cookie;

use crate::error::ApiError;
use crate::session::csrf::{new_token, xsrf_cookie};
use crate::session::{get_string, keys};
use crate::state::AppState;

pub const USER_ID: &str = "user_id";

pub fn user_id(session: &Session) -> Option<i64> {
    session.get::<i64>(USER_ID).ok().flatten()
}

pub fn require_user(session: &Session) -> Result<i64, ApiError> {
    user_id(session).ok_or(ApiError::Unauthenticated)
}

/// Signs `user_id` in: the shopper's anonymous cart joins theirs, the session gets a new key
/// (no fixation) and a new anti-forgery token, returned as the cookie to set.
pub async fn begin(
    state: &AppState,
    session: &Session,
    user_id: i64,
) -> Result<Cookie<'static>, ApiError> {
    let anonymous =
        get_string(session, keys::CART_ID).and_then(|id| orders::cart::CartId::parse(&id));
    let cart = state
        .with_conn(move |conn| {
            orders::cart::merge_into_user_cart(conn, anonymous.as_ref(), user_id)
        })
        .await?;
    session.renew();
    let token = new_token();
    session
        .insert(USER_ID, user_id)
        .map_err(ApiError::internal)?;
    session
        .insert(keys::CART_ID, cart.as_str())
        .map_err(ApiError::internal)?;
    session
        .insert(keys::CSRF_TOKEN, &token)
        .map_err(ApiError::internal)?;
    Ok(xsrf_cookie(token, state.config.is_https()))
}

/// Ends the session: its row is deleted and the cookie removed.
pub fn end(session: &Session) {
    session.purge();
}

/// The client's address, for rate limits: the peer, or with `TRUST_PROXY`, the address the
/// trusted proxy appended to `X-Forwarded-For`. The client writes the left of that header, so
/// only the rightmost entry (the one our proxy added) can be believed; with `hops` proxies in a
/// chain it is the `hops`-th from the right. With no such entry, the peer.
pub fn client_address(request: &HttpRequest, trust_proxy: bool, hops: usize) -> String {
    let peer = || {
        request
            .peer_addr()
            .map(|address| address.ip().to_string())
            .unwrap_or_else(|| "unknown".to_owned())
    };
    if !trust_proxy {
        return peer();
    }
    let forwarded: Vec<&str> = request
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .collect();
    match forwarded.len().checked_sub(hops.max(1)) {
        Some(index) => forwarded[index].to_owned(),
        None => peer(),
    }
}
