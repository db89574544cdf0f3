//! Sessions: stored in the database (so every process shares them), carried by an encrypted,
//! HttpOnly, SameSite=Lax cookie that lives 30 days, `Secure` and `__Host-` prefixed on https.

mod key;
mod store;

use actix_session::config::{PersistentSession, TtlExtensionPolicy};
use actix_session::{Session, SessionMiddleware};
use actix_web::cookie::SameSite;
use actix_web::cookie::time::Duration;
use db::DbPool;

pub mod csrf;

pub use key::cookie_key;
pub use store::{DbSessionStore, purge_expired};

/// How long an idle session (and so an anonymous cart) lasts.
pub const SESSION_DAYS: i64 = 30;

pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-storefront_session"
    } else {
        "storefront_session"
    }
}

pub fn middleware(
    pool: DbPool,
    key: actix_web::cookie::Key,
    secure: bool,
) -> SessionMiddleware<DbSessionStore> {
    SessionMiddleware::builder(DbSessionStore::new(pool), key)
        .cookie_name(cookie_name(secure).to_owned())
        .cookie_secure(secure)
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_path("/".to_owned())
        .session_lifecycle(
            PersistentSession::default()
                .session_ttl(Duration::days(SESSION_DAYS))
                .session_ttl_extension_policy(TtlExtensionPolicy::OnStateChanges),
        )
        .build()
}

/// Keys of the values this app keeps in a session.
pub mod keys {
    pub const CSRF_TOKEN: &str = "csrf_token";
    pub const CART_ID: &str = "cart_id";
}

/// Reads a string value; a value that does not decode reads as absent.
pub fn get_string(session: &Session, key: &str) -> Option<String> {
    session.get::<String>(key).ok().flatten()
}
