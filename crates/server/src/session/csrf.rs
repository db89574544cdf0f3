//! The anti-forgery token: made per session, sent to the browser as a readable cookie.

use actix_web::cookie::time::Duration;
use actix_web::cookie::{Cookie, SameSite};
use rand::RngCore;

use super::SESSION_DAYS;

/// A new random token (256 bits, hex).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The `XSRF-TOKEN` cookie the app echoes in `X-XSRF-TOKEN`.
pub fn xsrf_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build("XSRF-TOKEN", token)
        .path("/")
        .same_site(SameSite::Lax)
        .secure(secure)
        .http_only(false)
        .max_age(Duration::days(SESSION_DAYS))
        .finish()
}
