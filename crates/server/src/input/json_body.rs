//! Reading a JSON body into a raw shape: not JSON is a 400, too large a 413, the wrong media type
//! a 415, and a field of the wrong kind a 422 naming that field by its path.

use std::future::Future;

use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub fn read<T: DeserializeOwned>(
    request: &HttpRequest,
    payload: &mut Payload,
) -> impl Future<Output = Result<T, ApiError>> + 'static {
    let is_json = is_json(request);
    let bytes = web::Bytes::from_request(request, payload);
    async move {
        if !is_json {
            return Err(ApiError::UnsupportedMediaType(
                "Send the body as JSON with Content-Type: application/json.".into(),
            ));
        }
        let bytes = bytes.await.map_err(|error| {
            if error.as_response_error().status_code() == 413 {
                ApiError::PayloadTooLarge
            } else {
                ApiError::BadRequest(format!("The body could not be read: {error}"))
            }
        })?;
        parse(&bytes)
    }
}

fn is_json(request: &HttpRequest) -> bool {
    if request.headers().get(header::CONTENT_TYPE).is_none() {
        return false;
    }
    request
        .mime_type()
        .ok()
        .flatten()
        .is_some_and(|mime| mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON))
}

fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first.is_some_and(|b| *b != b'{')
        && serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok()
    {
        // Valid JSON, but not an object (serde would read an array into a struct).
        return Err(ApiError::validation(
            "body",
            "The body must be a JSON object.",
        ));
    }
    let deserializer = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if !inner.is_data() {
            return ApiError::BadRequest(format!("The body is not valid JSON: {inner}"));
        }
        if path == "." {
            // The top level, or a field of a flattened part (serde loses its name).
            let message = match expectation(&inner) {
                expected if expected.contains("struct") || expected.contains("map") => {
                    "The body must be a JSON object.".to_owned()
                }
                expected => format!("A field {expected}."),
            };
            return ApiError::validation("body", message);
        }
        let name = path.rsplit('.').next().unwrap_or(&path).replace('_', " ");
        ApiError::validation(&path, format!("The {name} field {}.", expectation(&inner)))
    })
}

/// "must be a string" from serde's "invalid type: integer `5`, expected a string".
fn expectation(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text);
    match text.split_once(", expected ") {
        Some((_, expected)) => format!("must be {expected}"),
        None => format!("is invalid ({text})"),
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Shape {
        email: Option<String>,
        contact: Option<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        phone: Option<String>,
    }

    fn errors(error: ApiError) -> std::collections::BTreeMap<String, Vec<String>> {
        match error {
            ApiError::Validation { errors, .. } => errors,
            other => panic!("not a 422: {other:?}"),
        }
    }

    #[test]
    fn a_field_of_the_wrong_kind_is_named_by_its_path() {
        let e = errors(parse::<Shape>(br#"{"email": 5}"#).unwrap_err());
        assert_eq!(e["email"], ["The email field must be a string."]);
        let e = errors(parse::<Shape>(br#"{"contact": {"phone": []}}"#).unwrap_err());
        assert!(e["contact.phone"][0].starts_with("The phone field must be"));
    }

    #[test]
    fn not_an_object_and_not_json() {
        assert!(errors(parse::<Shape>(b"[1]").unwrap_err()).contains_key("body"));
        assert!(matches!(
            parse::<Shape>(b"{nope").unwrap_err(),
            ApiError::BadRequest(_)
        ));
        assert!(parse::<Shape>(b"{}").is_ok());
    }
}
