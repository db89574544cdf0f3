use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, get};

/// The OpenAPI 3.1 document of this API, written by hand beside the crate and kept in step
/// with `routes.rs` by `tests/openapi.rs`.
const DOCUMENT: &str = include_str!("../../openapi.json");

#[get("/openapi.json")]
pub async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(DOCUMENT)
}

#[cfg(test)]
mod tests {
    use actix_web::http::{StatusCode, header};
    use actix_web::{App, test};

    use super::*;

    #[actix_web::test]
    async fn answers_the_document_as_json() {
        let app = test::init_service(App::new().service(document)).await;
        let response = test::call_service(
            &app,
            test::TestRequest::get().uri("/openapi.json").to_request(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers().get(header::CONTENT_TYPE).unwrap(),
            "application/json"
        );
        let body = test::read_body(response).await;
        assert_eq!(body, DOCUMENT.as_bytes());
        let parsed: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(parsed["openapi"], "3.1.0");
    }
}
