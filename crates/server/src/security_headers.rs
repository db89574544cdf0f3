//! Headers every response carries: a Content-Security-Policy whose one inline script is the drawn
//! pages' app loader (allowed by its hash, `pages/app_loader.rs`), no MIME sniffing, a strict
//! referrer policy, no framing, and HSTS when the shop is served over https.
//! With the API on its own host (`API_URL`), the app may call it (`connect-src`) and show its
//! pictures (`img-src`: the UPI QR code).

use actix_web::middleware::DefaultHeaders;

use crate::config::Config;

pub fn middleware(config: &Config) -> DefaultHeaders {
    let media_origin = origin_of(&config.media_base_url);
    let api_origin = config.api_url.as_deref();
    let sources = |fixed: &str, origins: &[Option<&str>]| {
        std::iter::once(fixed)
            .chain(origins.iter().flatten().copied())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // `blob:`: the back office previews photos chosen for a new product before they are sent.
    let img_src = sources("'self' data: blob:", &[media_origin, api_origin]);
    let connect_src = sources("'self'", &[api_origin]);
    let loader = pages::app_loader_csp_source();
    let csp = format!(
        "default-src 'self'; script-src 'self' {loader}; style-src 'self' 'unsafe-inline'; \
         img-src {img_src}; font-src 'self'; connect-src {connect_src}; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    let mut headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", csp))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()",
        ))
        .add(("Cross-Origin-Opener-Policy", "same-origin"));
    if config.public_url.starts_with("https://") {
        headers = headers.add((
            "Strict-Transport-Security",
            "max-age=31536000; includeSubDomains",
        ));
    }
    headers
}

/// `https://cdn.example/media` -> `https://cdn.example`; a relative base has no origin.
fn origin_of(url: &str) -> Option<&str> {
    let rest = url.split_once("://")?.1;
    let host_end = rest.find('/').unwrap_or(rest.len());
    Some(&url[..url.len() - rest.len() + host_end])
}

#[cfg(test)]
mod tests {
    #[test]
    fn media_origins() {
        assert_eq!(
            super::origin_of("https://cdn.example/media"),
            Some("https://cdn.example")
        );
        assert_eq!(super::origin_of("/media"), None);
    }
}
