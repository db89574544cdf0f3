//! A CSV sheet sent as the body (`Content-Type: text/csv`), with its file name in the query
//! (`?filename=prices.csv`): read up to [`CSV_MAX_BYTES`], as UTF-8 (a byte-order mark is fine).

use std::future::Future;
use std::pin::Pin;

use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::error::ApiError;
use crate::request_guard::CSV_MAX_BYTES;

pub struct CsvUpload {
    pub filename: String,
    pub content: String,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct CsvQuery {
    /// The sheet's file name, kept with the import (default `import.csv`).
    pub filename: Option<String>,
}

impl FromRequest for CsvUpload {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_csv = request.headers().get(header::CONTENT_TYPE).is_some()
            && request
                .mime_type()
                .ok()
                .flatten()
                .is_some_and(|mime| mime.essence_str() == "text/csv");
        let filename = web::Query::<CsvQuery>::from_query(request.query_string())
            .ok()
            .and_then(|q| q.into_inner().filename)
            .map(|name| {
                name.chars()
                    .filter(|c| !c.is_control())
                    .take(200)
                    .collect::<String>()
            })
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| "import.csv".to_owned());
        let mut payload = payload.take();
        Box::pin(async move {
            if !is_csv {
                return Err(ApiError::UnsupportedMediaType(
                    "Send the sheet as CSV with Content-Type: text/csv.".into(),
                ));
            }
            let mut body = Vec::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| {
                    ApiError::BadRequest(format!("The body could not be read: {e}"))
                })?;
                if body.len() + chunk.len() > CSV_MAX_BYTES {
                    return Err(ApiError::PayloadTooLarge);
                }
                body.extend_from_slice(&chunk);
            }
            let content = String::from_utf8(body).map_err(|_| {
                ApiError::validation(
                    "file",
                    "Save the sheet as CSV in UTF-8 (“CSV UTF-8” in Excel).",
                )
            })?;
            Ok(CsvUpload { filename, content })
        })
    }
}
