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
        let wanted = Wanted::of(&inner.to_string());
        if path == "." {
            // The top level, or a field of a flattened part (serde loses its name).
            let message = match wanted {
                Wanted::Object => "The body must be a JSON object.".to_owned(),
                wanted => wanted.message("body"),
            };
            return ApiError::validation("body", message);
        }
        let name = path.rsplit('.').next().unwrap_or(&path).replace('_', " ");
        ApiError::validation(&path, wanted.message(&name))
    })
}

/// What a field of the wrong kind should have been, in words a person reads: serde says it in
/// Rust's (`expected i64`, `expected struct ProductBody`), which never reaches a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Wanted {
    WholeNumber,
    Number,
    Amount,
    Text,
    TrueOrFalse,
    List,
    Object,
    /// One of these values (the API's own words, such as `cod` or `bank_transfer`).
    OneOf(String),
    /// A check of our own refused it, in its own words.
    Refused(String),
    Unknown,
}

impl Wanted {
    /// From serde's message ("invalid type: string \"x\", expected i64 at line 1 column 9").
    pub(crate) fn of(serde_message: &str) -> Self {
        let text = serde_message
            .split(" at line ")
            .next()
            .unwrap_or(serde_message);
        if text.starts_with("unknown variant")
            && let Some((_, values)) = text.split_once(", expected ")
        {
            let values = values.trim_start_matches("one of ");
            return Self::OneOf(values.replace('`', "").replace(" or ", ", "));
        }
        let Some((what, expected)) = text.split_once(", expected ") else {
            return Self::Refused(text.to_owned());
        };
        let is_any = |words: &[&str]| words.iter().any(|w| expected.contains(w));
        if !(what.starts_with("invalid type")
            || what.starts_with("invalid value")
            || what.starts_with("invalid length"))
        {
            Self::Refused(text.to_owned())
        } else if is_any(&[
            "i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128", "usize", "isize",
            "integer",
        ]) {
            Self::WholeNumber
        } else if expected.contains("rupees") {
            Self::Amount
        } else if is_any(&["f32", "f64", "a number", "float"]) {
            Self::Number
        } else if is_any(&["struct", "map", "object"]) {
            Self::Object
        } else if is_any(&["string", "String", "char", "str"]) {
            Self::Text
        } else if is_any(&["bool"]) {
            Self::TrueOrFalse
        } else if is_any(&["sequence", "Vec", "tuple", "array"]) {
            Self::List
        } else {
            Self::Unknown
        }
    }

    /// The sentence for the field `name` ("quantity"); each is in the message catalogues.
    pub(crate) fn message(&self, name: &str) -> String {
        match self {
            Self::WholeNumber => format!("The {name} field must be a whole number."),
            Self::Number => format!("The {name} field must be a number."),
            Self::Amount => {
                format!("The {name} field must be an amount in rupees, with at most 2 decimals.")
            }
            Self::Text => format!("The {name} field must be text."),
            Self::TrueOrFalse => format!("The {name} field must be true or false."),
            Self::List => format!("The {name} field must be a list."),
            Self::Object => format!("The {name} field must be an object."),
            Self::OneOf(values) => format!("The {name} field must be one of: {values}."),
            Self::Refused(reason) => format!("The {name} field is not valid: {reason}."),
            Self::Unknown => format!("The {name} field is not valid."),
        }
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
        assert_eq!(e["email"], ["The email field must be text."]);
        let e = errors(parse::<Shape>(br#"{"contact": {"phone": []}}"#).unwrap_err());
        assert_eq!(e["contact.phone"], ["The phone field must be text."]);
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Numbers {
        count: Option<u32>,
        id: Option<i64>,
        ratio: Option<f64>,
        flag: Option<bool>,
        ids: Option<Vec<usize>>,
        inner: Option<Inner>,
        price: Option<pricing::Paise>,
        method: Option<Method>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Method {
        Cod,
        BankTransfer,
    }

    #[test]
    fn no_rust_type_reaches_the_client() {
        for (body, field, message) in [
            (
                r#"{"count": "x"}"#,
                "count",
                "The count field must be a whole number.",
            ),
            (
                r#"{"count": -1}"#,
                "count",
                "The count field must be a whole number.",
            ),
            (
                r#"{"id": 1.5}"#,
                "id",
                "The id field must be a whole number.",
            ),
            (
                r#"{"ratio": "x"}"#,
                "ratio",
                "The ratio field must be a number.",
            ),
            (
                r#"{"flag": 1}"#,
                "flag",
                "The flag field must be true or false.",
            ),
            (r#"{"ids": {}}"#, "ids", "The ids field must be a list."),
            (
                r#"{"ids": ["a"]}"#,
                "ids[0]",
                "The ids[0] field must be a whole number.",
            ),
            (
                r#"{"inner": 3}"#,
                "inner",
                "The inner field must be an object.",
            ),
            (
                r#"{"price": "a"}"#,
                "price",
                "The price field must be an amount in rupees, with at most 2 decimals.",
            ),
            (
                r#"{"method": "upi"}"#,
                "method",
                "The method field must be one of: cod, bank_transfer.",
            ),
        ] {
            let e = errors(parse::<Numbers>(body.as_bytes()).unwrap_err());
            assert_eq!(
                e.get(field),
                Some(&vec![message.to_owned()]),
                "{body}: {e:?}"
            );
            for rust in [
                "i64", "u32", "usize", "f64", "String", "struct", "enum", "Vec", "Option",
            ] {
                assert!(!e[field][0].contains(rust), "{body}: {e:?}");
            }
        }
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
