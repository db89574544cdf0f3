//! The anti-forgery token: made per session, handed to the app in a readable `XSRF-TOKEN`
//! cookie and in an `X-XSRF-TOKEN` response header. The app echoes it in `X-XSRF-TOKEN` on
//! every state-changing call. The header is what an app on another host reads (CORS exposes it
//! to the allowed origins only) when the cookie belongs to the API's host.

use actix_web::HttpResponseBuilder;
use actix_web::cookie::{Cookie, SameSite};
use rand::RngCore;

use super::SessionKind;
use crate::config::Config;

/// The response header (and request header) that carries the token.
pub const HEADER: &str = "X-XSRF-TOKEN";

/// A new random token (256 bits, hex).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A session's token on its way to the app.
#[derive(Debug)]
pub struct AntiForgery {
    token: String,
    cookie: Cookie<'static>,
}

impl AntiForgery {
    /// The `XSRF-TOKEN` cookie (shared under `COOKIE_DOMAIN` when set; as long-lived as the
    /// session's own cookie) and the header, for `token`.
    pub fn new(token: String, config: &Config, kind: SessionKind) -> Self {
        let mut cookie = Cookie::build("XSRF-TOKEN", token.clone())
            .path("/")
            .same_site(SameSite::Lax)
            .secure(config.is_https())
            .http_only(false)
            .finish();
        if let Some(domain) = &config.cookie_domain {
            cookie.set_domain(domain.clone());
        }
        if let Some(max_age) = kind.cookie_max_age() {
            cookie.set_max_age(max_age);
        }
        Self { token, cookie }
    }
}

/// Hands a response its session's anti-forgery token.
pub trait WithAntiForgery {
    fn anti_forgery(&mut self, token: AntiForgery) -> &mut Self;
}

impl WithAntiForgery for HttpResponseBuilder {
    fn anti_forgery(&mut self, token: AntiForgery) -> &mut Self {
        self.cookie(token.cookie)
            .insert_header((HEADER, token.token))
    }
}
