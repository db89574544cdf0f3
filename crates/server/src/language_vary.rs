//! API answers differ by the language the app asks in (`Accept-Language`: the catalogue's names,
//! the server's messages), so every answer says so to caches.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

pub async fn vary_on_language(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    // One header with every name: the CORS layer outside reads only the first `Vary` it finds.
    let mut names: Vec<String> = headers
        .get_all(header::VARY)
        .filter_map(|value| value.to_str().ok())
        .map(str::to_owned)
        .collect();
    names.push("Accept-Language".to_owned());
    if let Ok(value) = HeaderValue::from_str(&names.join(", ")) {
        headers.insert(header::VARY, value);
    }
    Ok(response)
}
