//! A provider's refusal of a request, kept small until it becomes the HTTP answer.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde_json::Value;

pub(crate) struct Refusal {
    pub status: u16,
    /// The provider's error body.
    pub body: Value,
}

impl Refusal {
    pub fn answer(self) -> HttpResponse {
        HttpResponse::build(StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST))
            .json(self.body)
    }
}
