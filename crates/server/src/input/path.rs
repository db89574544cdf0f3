//! Path segments, checked: what cannot name anything answers 404, not a database error.

use actix_web::{FromRequest, HttpRequest, dev::Payload};
use std::future::{Ready, ready};

use crate::error::ApiError;

/// A catalogue slug from the path's `{slug}`: letters, digits and hyphens only.
#[derive(Debug, Clone)]
pub struct SlugPath(pub String);

impl FromRequest for SlugPath {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let slug = request.match_info().get("slug").unwrap_or_default();
        let valid = !slug.is_empty()
            && slug.len() <= 200
            && slug
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
        ready(if valid {
            Ok(Self(slug.to_owned()))
        } else {
            Err(ApiError::NotFound(
                "There is nothing at this address.".into(),
            ))
        })
    }
}
