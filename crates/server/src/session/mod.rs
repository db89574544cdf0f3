//! Sessions: stored in the database (so every process shares them), carried by an encrypted,
//! HttpOnly, SameSite=Lax cookie. An anonymous session, or a sign-in with "Keep me signed in",
//! lives 30 days; a sign-in without it ends with the browser or after `SIGN_IN_IDLE_SECS`
//! unused (see [`kind`]). On https the cookie is `Secure` and `__Host-` prefixed, or `__Secure-`
//! prefixed when it is shared with the API's host under `COOKIE_DOMAIN` (`__Host-` forbids a
//! `Domain`).

mod kind;
mod store;

use actix_session::config::{BrowserSession, TtlExtensionPolicy};
use actix_session::{Session, SessionMiddleware};
use actix_web::cookie::SameSite;
use actix_web::cookie::time::Duration;
use db::DbPool;

use crate::config::Config;

pub mod csrf;

pub use kind::{SessionKind, apply_kind, note_kind};
pub use store::{DbSessionStore, purge_expired};

/// How long an idle session (and so an anonymous cart) lasts.
pub const SESSION_DAYS: i64 = 30;

/// The session cookie's name, which the middleware both sets and reads: the prefix says to the
/// browser what the cookie must be (`__Host-`: Secure, Path=/, no Domain; `__Secure-`: Secure).
pub fn cookie_name(config: &Config) -> &'static str {
    match (config.is_https(), config.cookie_domain.is_some()) {
        (true, false) => "__Host-storefront_session",
        (true, true) => "__Secure-storefront_session",
        (false, _) => "storefront_session",
    }
}

pub fn middleware(
    pool: DbPool,
    key: actix_web::cookie::Key,
    config: &Config,
) -> SessionMiddleware<DbSessionStore> {
    SessionMiddleware::builder(DbSessionStore::new(pool, config.sign_in_idle_secs), key)
        .cookie_name(cookie_name(config).to_owned())
        .cookie_secure(config.is_https())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_path("/".to_owned())
        .cookie_domain(config.cookie_domain.clone())
        // No `Max-Age` here: `kind::apply_kind` adds it to the sessions that keep it.
        .session_lifecycle(
            BrowserSession::default()
                .state_ttl(Duration::days(SESSION_DAYS))
                .state_ttl_extension_policy(TtlExtensionPolicy::OnStateChanges),
        )
        .build()
}

/// Keys of the values this app keeps in a session.
pub mod keys {
    pub const CSRF_TOKEN: &str = "csrf_token";
    pub const CART_ID: &str = "cart_id";
    /// `persistent` or `browser` ([`super::SessionKind`]); absent before any sign-in.
    pub const KIND: &str = "session_kind";
}

/// Reads a string value; a value that does not decode reads as absent.
pub fn get_string(session: &Session, key: &str) -> Option<String> {
    session.get::<String>(key).ok().flatten()
}
