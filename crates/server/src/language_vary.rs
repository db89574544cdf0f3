//! API answers differ by the language the app asks in (`Accept-Language`: the catalogue's names,
//! the server's messages), so every answer says so to caches.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;

pub async fn vary_on_language(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    add_accept_language(response.headers_mut());
    Ok(response)
}

/// Adds `Accept-Language` to the answer's `Vary`, once.
pub fn add_accept_language(headers: &mut HeaderMap) {
    // One header with every name: the CORS layer outside reads only the first `Vary` it finds.
    let mut names: Vec<String> = headers
        .get_all(header::VARY)
        .filter_map(|value| value.to_str().ok())
        .map(str::to_owned)
        .collect();
    let named = names.iter().any(|value| {
        value
            .split(',')
            .any(|name| name.trim().eq_ignore_ascii_case("accept-language"))
    });
    if named {
        return;
    }
    names.push("Accept-Language".to_owned());
    if let Ok(value) = HeaderValue::from_str(&names.join(", ")) {
        headers.insert(header::VARY, value);
    }
}
