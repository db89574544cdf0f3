//! Input parsed once, at the edge. A handler names what it takes as a typed extractor:
//! [`Valid<T>`] reads a JSON body into the raw shape `T` (every field optional, so a missing
//! one is named) and checks it into the domain's checked type; the 422 answer is built from the
//! collected [`FieldErrors`] in one place, [`ApiError::invalid`].
//!
//! Each area's raw shapes and their checks live in a module here, one per resource.

pub mod account;
pub mod addresses;
pub mod admin;
pub mod admin_catalog;
pub mod admin_crops;
pub mod admin_day;
pub mod admin_gst;
pub mod admin_orders;
pub mod admin_packing;
pub mod admin_phone_orders;
pub mod admin_registers;
pub mod admin_reports;
pub mod admin_stock;
pub mod cart;
pub mod checkout;
pub mod contact;
pub mod csv_body;
pub mod delivery;
pub mod find_order;
mod json_body;
pub mod objects;
pub mod path;
pub mod people;

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use fields::FieldErrors;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::request_guard::MAX_BODY_BYTES;

/// A request body's raw shape and how it becomes the domain's checked value.
pub trait CheckBody: DeserializeOwned {
    type Checked;

    /// The checked value, or every field that failed.
    fn check(self) -> Result<Self::Checked, FieldErrors>;
}

/// A JSON body of raw shape `T`, checked: the handler receives `T::Checked`.
pub struct Valid<T: CheckBody>(pub T::Checked);

impl<T: CheckBody + 'static> FromRequest for Valid<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = json_body::read::<T>(request, payload);
        Box::pin(async move {
            let raw = body.await?;
            raw.check().map(Valid).map_err(ApiError::invalid)
        })
    }
}

/// A JSON body of raw shape `T`, not yet checked, for a handler whose answer to a failed check
/// needs more than the body (registration also says whether the address is taken).
pub struct Raw<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for Raw<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = json_body::read::<T>(request, payload);
        Box::pin(async move { body.await.map(Raw) })
    }
}

/// The body limit for [`Valid`] (the request guard refuses larger declared bodies earlier).
pub fn payload_config() -> web::PayloadConfig {
    web::PayloadConfig::new(MAX_BODY_BYTES)
}

/// A field that is present but blank counts as absent.
fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|raw| !raw.is_empty())
}
