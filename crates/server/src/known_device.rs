//! A browser that completed a sign-in to an account is a known device for it: the answer gives
//! it a cookie (encrypted and authenticated with the session key) naming what the account signed
//! in with (its e-mail address, or its mobile number in E.164),
//! for 90 days, sent back only to `/api/login`. The account's own sign-in limit, which wrong
//! passwords from any address use up, does not apply to a known device, so an attacker's
//! guesses cannot keep the member out of their own browser (the client's address is still
//! limited). A browser can be known for one account at a time: the last one signed in.

use actix_web::cookie::time::Duration;
use actix_web::cookie::{Cookie, CookieJar, Key, SameSite};
use actix_web::{HttpRequest, HttpResponseBuilder};

pub const COOKIE: &str = "known_device";
const DAYS: i64 = 90;
const PATH: &str = "/api/login";

/// The key the cookie is sealed with (the session cookie's), as app data.
#[derive(Clone)]
pub struct DeviceKey(pub Key);

fn normal(email: &str) -> String {
    email.trim().to_lowercase()
}

fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The cookie that makes this browser known for `email`.
pub fn cookie(key: &DeviceKey, email: &str, secure: bool) -> Cookie<'static> {
    let expires = now_secs() + DAYS * 86_400;
    let plain = Cookie::build(COOKIE, format!("{expires}|{}", normal(email)))
        .path(PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .max_age(Duration::days(DAYS))
        .finish();
    let mut jar = CookieJar::new();
    jar.private_mut(&key.0).add(plain);
    jar.get(COOKIE)
        .cloned()
        .unwrap_or_else(|| Cookie::new(COOKIE, ""))
}

/// Makes the browser of a full sign-in known for `email`.
pub trait MarkKnown {
    fn known_device(&mut self, request: &HttpRequest, email: &str, secure: bool) -> &mut Self;
}

impl MarkKnown for HttpResponseBuilder {
    fn known_device(&mut self, request: &HttpRequest, email: &str, secure: bool) -> &mut Self {
        match request.app_data::<DeviceKey>() {
            Some(key) => self.cookie(cookie(key, email, secure)),
            None => self,
        }
    }
}

/// Whether the request's browser is known for `email` (a cookie we sealed, not expired).
pub fn recognises(request: &HttpRequest, email: &str) -> bool {
    let (Some(key), Some(sent)) = (request.app_data::<DeviceKey>(), request.cookie(COOKIE)) else {
        return false;
    };
    let mut jar = CookieJar::new();
    jar.add_original(sent);
    let Some(opened) = jar.private(&key.0).get(COOKIE) else {
        return false;
    };
    let Some((expires, address)) = opened.value().split_once('|') else {
        return false;
    };
    expires
        .parse::<i64>()
        .is_ok_and(|expires| expires > now_secs())
        && address == normal(email)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn sent(cookie: &Cookie<'static>, key: &DeviceKey) -> HttpRequest {
        TestRequest::default()
            .app_data(key.clone())
            .cookie(cookie.clone())
            .to_http_request()
    }

    #[test]
    fn only_our_cookie_for_that_address_is_known() {
        let key = DeviceKey(Key::generate());
        let cookie = cookie(&key, "Member@Shop.example", false);
        assert!(!cookie.value().contains("member"), "sealed: {cookie}");
        assert!(recognises(&sent(&cookie, &key), "member@shop.example"));
        assert!(!recognises(&sent(&cookie, &key), "other@shop.example"));
        let other_key = DeviceKey(Key::generate());
        assert!(!recognises(
            &sent(&cookie, &other_key),
            "member@shop.example"
        ));
        let forged = Cookie::new(COOKIE, "99999999999|member@shop.example");
        assert!(!recognises(&sent(&forged, &key), "member@shop.example"));
    }
}
