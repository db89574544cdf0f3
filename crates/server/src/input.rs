//! Reading JSON bodies: a body that is not JSON is a 400, one that is too large a 413, and each
//! field that is missing or of the wrong kind is named in a 422.

use std::collections::BTreeMap;

use actix_web::error::JsonPayloadError;
use actix_web::web;
use orders::cart::Quantity;
use serde_json::Value;

use crate::error::ApiError;
use crate::request_guard::MAX_BODY_BYTES;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(MAX_BODY_BYTES)
        .error_handler(|error, _| {
            match error {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => ApiError::PayloadTooLarge,
                JsonPayloadError::ContentType => ApiError::UnsupportedMediaType(
                    "Send the body as JSON with Content-Type: application/json.".into(),
                ),
                JsonPayloadError::Deserialize(e) if e.is_data() => {
                    ApiError::validation("body", e.to_string())
                }
                other => ApiError::BadRequest(format!("The body is not valid JSON: {other}")),
            }
            .into()
        })
}

/// Reads the fields of a JSON object, collecting every problem before answering.
pub struct Fields<'a> {
    body: &'a serde_json::Map<String, Value>,
    errors: BTreeMap<String, Vec<String>>,
}

impl<'a> Fields<'a> {
    pub fn new(body: &'a Value) -> Result<Self, ApiError> {
        match body {
            Value::Object(body) => Ok(Self {
                body,
                errors: BTreeMap::new(),
            }),
            _ => Err(ApiError::validation(
                "body",
                "The body must be a JSON object.",
            )),
        }
    }

    fn fail(&mut self, field: &'static str, message: String) {
        self.errors
            .entry(field.to_owned())
            .or_default()
            .push(message);
    }

    /// A required id: a positive whole number.
    pub fn id(&mut self, field: &'static str) -> Option<i64> {
        match self.optional_id(field) {
            Ok(Some(id)) => Some(id),
            Ok(None) => {
                self.fail(field, format!("The {} field is required.", words(field)));
                None
            }
            Err(()) => None,
        }
    }

    /// An id that may be left out (or null).
    pub fn optional_id(&mut self, field: &'static str) -> Result<Option<i64>, ()> {
        match self.body.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => match value.as_i64().filter(|n| *n > 0) {
                Some(id) => Ok(Some(id)),
                None => {
                    self.fail(
                        field,
                        format!("The {} must be a positive whole number.", words(field)),
                    );
                    Err(())
                }
            },
        }
    }

    /// A required line quantity, 1 to 999.
    pub fn quantity(&mut self, field: &'static str) -> Option<Quantity> {
        let parsed = match self.body.get(field) {
            None | Some(Value::Null) => {
                self.fail(field, format!("The {} field is required.", words(field)));
                return None;
            }
            Some(value) => value
                .as_i64()
                .ok_or(())
                .and_then(|n| Quantity::new(n).map_err(|_| ())),
        };
        match parsed {
            Ok(quantity) => Some(quantity),
            Err(()) => {
                let message = orders::cart::QuantityError.to_string();
                self.fail(field, message);
                None
            }
        }
    }

    /// The 422 naming every field that failed.
    pub fn into_error(self) -> ApiError {
        ApiError::invalid(self.errors)
    }
}

fn words(field: &str) -> String {
    field.replace('_', " ")
}
