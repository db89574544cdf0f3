use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, get};

/// This document: the API's OpenAPI 3.1 contract, generated from the code.
#[utoipa::path(
    tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json"))
)]
#[get("/openapi.json")]
pub async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(crate::api_doc::document_json())
}
