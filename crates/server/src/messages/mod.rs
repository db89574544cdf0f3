//! The server's messages in the shopper's language. The domain crates write English (the source
//! text); error answers of the shopper's API are translated here, once, on their way out: for a
//! request whose `Accept-Language` picks Malayalam or Tamil ([`RequestLocale::of`]), a JSON
//! error answer (status 400 or more) has its `message` and every string in `errors` looked up in
//! that language's catalogue (`crates/server/locales/{ml,ta}.json`, see [`catalogue`]).
//!
//! Successful answers are never touched here (the few that carry words for the shopper, such as
//! "we have e-mailed a link", are written in the request's language by their handlers through
//! [`translate`] and the same catalogues: `handlers::responses::Message::new`), nor the back
//! office's (`/api/admin/...` stays English on purpose), nor bodies over [`MAX_BODY_BYTES`] or
//! that arrive as a stream. A message the catalogue does not know stays English and is logged at
//! debug level.
//!
//! This wraps the whole app (on `/api` paths) rather than the `/api` scope: the anti-forgery and
//! body-size refusals (419, 413) are answered by the request guard before routing reaches the
//! scope.

#[cfg(test)]
mod coverage;

use std::sync::LazyLock;

use actix_web::body::{BodySize, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use bytes::Bytes;
use paths::Locale;
use serde_json::Value;

pub use texts::matching::Catalogue;

use crate::extractors::RequestLocale;

/// Error answers are a few hundred bytes; anything larger passes through as it is.
pub const MAX_BODY_BYTES: u64 = 64 * 1024;

pub const MALAYALAM: &str = include_str!("../../locales/ml.json");
pub const TAMIL: &str = include_str!("../../locales/ta.json");

fn load(locale: Locale, json: &str) -> Catalogue {
    Catalogue::parse(json).unwrap_or_else(|error| {
        // The completeness tests parse both files, so this is not expected to happen; answers
        // then stay English rather than fail.
        tracing::error!(locale = locale.code(), %error, "the message catalogue is unreadable");
        Catalogue::default()
    })
}

static ML: LazyLock<Catalogue> = LazyLock::new(|| load(Locale::Ml, MALAYALAM));
static TA: LazyLock<Catalogue> = LazyLock::new(|| load(Locale::Ta, TAMIL));

/// The catalogue for `locale`; English has none (it is the source).
pub fn catalogue(locale: Locale) -> Option<&'static Catalogue> {
    match locale {
        Locale::En => None,
        Locale::Ml => Some(&ML),
        Locale::Ta => Some(&TA),
    }
}

/// `message` in `locale`, as the shopper would read it (English when nothing matches).
pub fn translate(locale: Locale, message: &str) -> String {
    catalogue(locale)
        .and_then(|catalogue| catalogue.translate(message))
        .unwrap_or_else(|| message.to_owned())
}

/// The shopper's API: `/api/...` except the back office's `/api/admin/...`.
fn shopper_api(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/api") else {
        return false;
    };
    (rest.is_empty() || rest.starts_with('/')) && !(rest == "/admin" || rest.starts_with("/admin/"))
}

fn is_json_error<B>(response: &ServiceResponse<B>) -> bool {
    response.status().as_u16() >= 400
        && response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"))
}

pub async fn middleware<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let shopper = shopper_api(request.path());
    let locale = RequestLocale::of(request.request());
    let mut response = next.call(request).await?;
    if !shopper || !is_json_error(&response) {
        return Ok(response.map_into_left_body());
    }
    // The answer's words depend on the header (the 419 and 413 are answered before the `/api`
    // scope says so).
    crate::language_vary::add_accept_language(response.headers_mut());
    let Some(catalogue) = catalogue(locale) else {
        return Ok(response.map_into_left_body());
    };
    let small =
        matches!(response.response().body().size(), BodySize::Sized(n) if n <= MAX_BODY_BYTES);
    if !small {
        return Ok(response.map_into_left_body());
    }
    let (request, response) = response.into_parts();
    let (mut head, body) = response.into_parts();
    let bytes = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => {
            return Ok(ServiceResponse::new(request, head.set_body(body)).map_into_left_body());
        }
    };
    let body = match translate_body(catalogue, locale, &bytes) {
        Some(translated) => {
            // The length is the new body's (actix writes it from the body's size).
            head.headers_mut().remove(header::CONTENT_LENGTH);
            translated
        }
        None => bytes,
    };
    Ok(ServiceResponse::new(request, head.set_body(BoxBody::new(body))).map_into_right_body())
}

/// The error body with `message` and every string under `errors` translated; `None` when it is
/// not an error object or nothing in it changed (the original bytes are then sent).
pub fn translate_body(catalogue: &Catalogue, locale: Locale, body: &[u8]) -> Option<Bytes> {
    let mut value: Value = serde_json::from_slice(body).ok()?;
    let object = value.as_object_mut()?;
    let mut changed = false;
    let mut translate = |text: &mut String| match catalogue.translate(text) {
        Some(translated) => {
            *text = translated;
            changed = true;
        }
        None => tracing::debug!(locale = locale.code(), message = %text, "no translation"),
    };
    if let Some(Value::String(message)) = object.get_mut("message") {
        translate(message);
    }
    if let Some(Value::Object(errors)) = object.get_mut("errors") {
        for messages in errors.values_mut() {
            match messages {
                Value::Array(messages) => {
                    for message in messages {
                        if let Value::String(message) = message {
                            translate(message);
                        }
                    }
                }
                Value::String(message) => translate(message),
                _ => {}
            }
        }
    }
    if !changed {
        return None;
    }
    serde_json::to_vec(&value).ok().map(Bytes::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_shoppers_api_is_translated() {
        for path in [
            "/api/login",
            "/api/cart/add",
            "/api",
            "/api/",
            "/api/administer",
        ] {
            assert!(shopper_api(path), "{path}");
        }
        for path in [
            "/api/admin",
            "/api/admin/orders",
            "/apis",
            "/",
            "/ml/cart",
            "/admin",
        ] {
            assert!(!shopper_api(path), "{path}");
        }
    }

    #[test]
    fn an_error_body_is_translated_and_stays_valid_json() {
        let body = serde_json::json!({
            "message": "The name field is required. (and 1 more errors)",
            "errors": {
                "name": ["The name field is required."],
                "pincode": ["The PIN code must be 6 digits and cannot start with 0.", "Not in the catalogue \"quoted\"\n"],
            },
            "available": 3,
        });
        let bytes = serde_json::to_vec(&body).unwrap();
        let out = translate_body(catalogue(Locale::Ml).unwrap(), Locale::Ml, &bytes).unwrap();
        let out: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(out["message"], "പേര് നൽകണം. (ഇനി 1 എണ്ണം കൂടി ശരിയാക്കാനുണ്ട്)");
        assert_eq!(out["errors"]["name"][0], "പേര് നൽകണം.");
        assert_eq!(
            out["errors"]["pincode"][0],
            "പിൻ കോഡ് 6 അക്കമായിരിക്കണം; 0-ൽ തുടങ്ങാൻ പാടില്ല."
        );
        assert_eq!(
            out["errors"]["pincode"][1],
            "Not in the catalogue \"quoted\"\n"
        );
        assert_eq!(out["available"], 3);
    }

    #[test]
    fn bodies_that_are_not_error_objects_are_left_alone() {
        let c = catalogue(Locale::Ta).unwrap();
        for body in [
            &b"not json"[..],
            b"[1,2]",
            b"\"Unauthenticated.\"",
            b"{\"message\": 5}",
            b"{}",
        ] {
            assert!(translate_body(c, Locale::Ta, body).is_none());
        }
        let unknown = br#"{"message": "Something nobody wrote yet."}"#;
        assert!(translate_body(c, Locale::Ta, unknown).is_none());
    }
}
