//! Who is signed in, kept in the session; starting and ending a signed-in session.

use actix_session::Session;
use actix_web::HttpRequest;
use db::UserId;

use crate::config::Config;
use crate::error::ApiError;
use crate::session::csrf::{AntiForgery, new_token};
use crate::session::{SessionKind, get_string, keys};
use crate::state::AppState;

pub const USER_ID: &str = "user_id";
/// Staff whose password was right but whose second factor is still to come: not signed in.
pub const PENDING_USER: &str = "pending_staff_id";
pub const PENDING_SINCE: &str = "pending_staff_since";
/// Set when a staff sign-in completed its second factor: when (unix seconds), and when the
/// session was last used for the back office.
pub const STAFF_SIGNED_IN_AT: &str = "staff_signed_in_at";
pub const STAFF_LAST_SEEN: &str = "staff_last_seen";

/// How long the step between password and second factor may take.
pub const PENDING_SECS: i64 = 600;

/// Now, in unix seconds.
pub fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

pub fn user_id(session: &Session) -> Option<UserId> {
    session.get::<UserId>(USER_ID).ok().flatten()
}

pub fn require_user(session: &Session) -> Result<UserId, ApiError> {
    user_id(session).ok_or(ApiError::Unauthenticated)
}

/// Signs `user_id` in for a session of `kind` ("Keep me signed in" or not): the shopper's
/// anonymous cart joins theirs, the session gets a new key (no fixation) and a new anti-forgery
/// token, returned for the answer to carry.
pub async fn begin(
    state: &AppState,
    session: &Session,
    user_id: UserId,
    kind: SessionKind,
) -> Result<AntiForgery, ApiError> {
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
    session
        .insert(keys::KIND, kind.as_str())
        .map_err(ApiError::internal)?;
    Ok(AntiForgery::new(token, &state.config, kind))
}

/// The staff member whose password was right and whose second factor is awaited, while that
/// step is still fresh.
pub fn pending_user(session: &Session) -> Option<UserId> {
    let since = session.get::<i64>(PENDING_SINCE).ok().flatten()?;
    if now_secs() - since > PENDING_SECS {
        return None;
    }
    session.get::<UserId>(PENDING_USER).ok().flatten()
}

/// Password right, second factor pending: the session gets a new key and anti-forgery token but
/// nobody is signed in yet (the shopper's cart is left as it is). The session already has the
/// `kind` asked for, which the sign-in after the second factor keeps.
pub fn begin_pending(
    state: &AppState,
    session: &Session,
    user_id: UserId,
    kind: SessionKind,
) -> Result<AntiForgery, ApiError> {
    session.renew();
    session.remove(USER_ID);
    // A new sign-in: an earlier staff sign-in's times in this browser are no longer its own.
    session.remove(STAFF_SIGNED_IN_AT);
    session.remove(STAFF_LAST_SEEN);
    let token = new_token();
    session
        .insert(PENDING_USER, user_id)
        .map_err(ApiError::internal)?;
    session
        .insert(PENDING_SINCE, now_secs())
        .map_err(ApiError::internal)?;
    session
        .insert(keys::CSRF_TOKEN, &token)
        .map_err(ApiError::internal)?;
    session
        .insert(keys::KIND, kind.as_str())
        .map_err(ApiError::internal)?;
    Ok(AntiForgery::new(token, &state.config, kind))
}

/// Signs a member of staff in after their second factor: [`begin`] with the kind the password
/// step asked for, plus the times the back office's session limits are measured from.
pub async fn begin_staff(
    state: &AppState,
    session: &Session,
    user_id: UserId,
) -> Result<AntiForgery, ApiError> {
    session.remove(PENDING_USER);
    session.remove(PENDING_SINCE);
    let cookie = begin(state, session, user_id, SessionKind::of(session)).await?;
    let now = now_secs();
    session
        .insert(STAFF_SIGNED_IN_AT, now)
        .map_err(ApiError::internal)?;
    session
        .insert(STAFF_LAST_SEEN, now)
        .map_err(ApiError::internal)?;
    Ok(cookie)
}

/// What the staff session limits made of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffSession {
    /// Not signed in with a second factor: no limits apply.
    NotStaff,
    /// Within its limits, and noted as used now.
    Kept,
    /// Past them: signed out here (see [`end_sign_in`]).
    Ended,
}

/// A staff session (signed in with a second factor) past its limits, `STAFF_IDLE_SECS` unused
/// or `STAFF_SESSION_MAX_SECS` since its sign-in, is signed out, whatever route it asks for;
/// one within them is noted as used now.
pub fn staff_session_limits(session: &Session, config: &Config) -> Result<StaffSession, ApiError> {
    let get = |key| session.get::<i64>(key).ok().flatten();
    let (Some(signed_in_at), Some(last_seen)) = (get(STAFF_SIGNED_IN_AT), get(STAFF_LAST_SEEN))
    else {
        return Ok(StaffSession::NotStaff);
    };
    if user_id(session).is_none() {
        return Ok(StaffSession::NotStaff);
    }
    let now = now_secs();
    if now - last_seen > config.staff_idle_secs
        || now - signed_in_at > config.staff_session_max_secs
    {
        end_sign_in(session);
        return Ok(StaffSession::Ended);
    }
    if now > last_seen {
        session
            .insert(STAFF_LAST_SEEN, now)
            .map_err(ApiError::internal)?;
    }
    Ok(StaffSession::Kept)
}

/// Signs the session out but lets the request go on as a visitor's (the anti-forgery token
/// stays, so the app's next call works): the account, its cart and the sign-in's times are
/// forgotten, and the session gets a new key.
pub fn end_sign_in(session: &Session) {
    session.renew();
    for key in [
        USER_ID,
        keys::CART_ID,
        keys::KIND,
        STAFF_SIGNED_IN_AT,
        STAFF_LAST_SEEN,
    ] {
        session.remove(key);
    }
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
