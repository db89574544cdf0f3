//! How long a session lasts. "Keep me signed in" ticked, or nobody signed in (a cart): the
//! cookie lasts 30 days after the session last changed, as the row does. Unticked: the cookie
//! has no `Max-Age`, so it ends when the browser closes, and the store ends the session after
//! `SIGN_IN_IDLE_SECS` unused (2 hours) whatever the browser keeps: a shared family phone does
//! not stay signed in by accident.
//!
//! The session middleware writes every session cookie without `Max-Age` (the safe default);
//! [`note_kind`], inside it, notes the session's kind on the response as the handler left it,
//! and [`apply_kind`], outside it, gives a persistent session's cookie its 30 days.

use actix_session::{Session, SessionExt};
use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::cookie::time::Duration;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, SET_COOKIE};
use actix_web::middleware::Next;
use actix_web::web;

use super::{SESSION_DAYS, keys};
use crate::state::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SessionKind {
    /// Anonymous, or signed in with "Keep me signed in": 30 days.
    #[default]
    Persistent,
    /// Signed in without it: until the browser closes or the session goes unused too long.
    Browser,
}

impl SessionKind {
    /// The kind a sign-in asked for with its "Keep me signed in" box.
    pub fn remembered(remember: bool) -> Self {
        if remember {
            Self::Persistent
        } else {
            Self::Browser
        }
    }

    /// As stored in the `sessions.kind` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Persistent => "persistent",
            Self::Browser => "browser",
        }
    }

    /// A stored kind; anything unknown is the shorter one.
    pub fn parse(stored: &str) -> Self {
        match stored {
            "persistent" => Self::Persistent,
            _ => Self::Browser,
        }
    }

    /// The kind a session's state names (a session without a sign-in is persistent).
    pub fn of(session: &Session) -> Self {
        session
            .get::<String>(keys::KIND)
            .ok()
            .flatten()
            .map_or(Self::Persistent, |kind| Self::parse(&kind))
    }

    /// The same, from the state as the store receives it (values are JSON).
    pub fn from_state(state: &std::collections::HashMap<String, String>) -> Self {
        state
            .get(keys::KIND)
            .and_then(|json| serde_json::from_str::<String>(json).ok())
            .map_or(Self::Persistent, |kind| Self::parse(&kind))
    }

    /// How long a cookie of this kind lives in the browser: none is "until it closes".
    pub fn cookie_max_age(self) -> Option<Duration> {
        match self {
            Self::Persistent => Some(Duration::days(SESSION_DAYS)),
            Self::Browser => None,
        }
    }
}

/// Inside the session middleware: notes on the response the session's kind as the handler left
/// it (the session middleware takes the state away before `apply_kind` could read it).
pub async fn note_kind(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let kind = SessionKind::of(&response.request().get_session());
    response.response_mut().extensions_mut().insert(kind);
    Ok(response)
}

/// Outside the session middleware: a persistent session's cookie gets `Max-Age` (30 days). A
/// browser session's cookie, a removal cookie and every other cookie are left as they are.
pub async fn apply_kind(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let name = request
        .app_data::<web::Data<AppState>>()
        .map(|state| super::cookie_name(&state.config));
    let mut response = next.call(request).await?;
    let kind = response
        .response()
        .extensions()
        .get::<SessionKind>()
        .copied();
    if let (Some(name), Some(max_age)) = (name, kind.and_then(SessionKind::cookie_max_age)) {
        let headers = response.headers_mut();
        let cookies: Vec<HeaderValue> = headers.get_all(SET_COOKIE).cloned().collect();
        headers.remove(SET_COOKIE);
        for value in cookies {
            headers.append(SET_COOKIE, with_max_age(value, name, max_age));
        }
    }
    Ok(response)
}

/// `value` with `max_age` when it sets the session cookie `name` (not when it removes it).
fn with_max_age(value: HeaderValue, name: &str, max_age: Duration) -> HeaderValue {
    let Some(mut cookie) = value
        .to_str()
        .ok()
        .and_then(|text| Cookie::parse_encoded(text.to_owned()).ok())
    else {
        return value;
    };
    let removal = cookie.value().is_empty() || cookie.max_age() == Some(Duration::ZERO);
    if cookie.name() != name || removal {
        return value;
    }
    cookie.set_max_age(max_age);
    HeaderValue::from_str(&cookie.encoded().to_string()).unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_session_cookie_gets_its_days() {
        let days = Duration::days(30);
        // As the session middleware writes it: an encrypted value in base64, percent-encoded.
        let written = Cookie::build("storefront_session", "a+b/c==")
            .http_only(true)
            .path("/")
            .domain("shop.example.in")
            .finish();
        let session = HeaderValue::from_str(&written.encoded().to_string()).unwrap();
        let set = with_max_age(session, "storefront_session", days);
        let text = set.to_str().unwrap();
        let read = Cookie::parse_encoded(text.to_owned()).unwrap();
        assert_eq!(read.value(), "a+b/c==", "{text}");
        assert_eq!(read.max_age(), Some(days), "{text}");
        assert_eq!(read.domain(), Some("shop.example.in"), "{text}");
        assert_eq!(read.http_only(), Some(true), "{text}");

        let removal = HeaderValue::from_static(
            "storefront_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
        );
        assert_eq!(
            with_max_age(removal.clone(), "storefront_session", days),
            removal
        );
        let other = HeaderValue::from_static("XSRF-TOKEN=abc; Path=/");
        assert_eq!(
            with_max_age(other.clone(), "storefront_session", days),
            other
        );
    }

    #[test]
    fn unknown_kinds_are_the_short_one() {
        assert_eq!(SessionKind::parse("persistent"), SessionKind::Persistent);
        assert_eq!(SessionKind::parse("browser"), SessionKind::Browser);
        assert_eq!(SessionKind::parse(""), SessionKind::Browser);
    }
}
