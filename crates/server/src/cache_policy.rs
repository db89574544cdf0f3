//! How long a response may be kept, and by whom: every handler that has something to say about
//! it returns a [`CachePolicy`] with the response ([`Cached::cached`]), and one middleware
//! ([`write_headers`]) writes `Cache-Control` from it; no handler writes caching headers itself.
//! A response without a policy gets the default of its path and status ([`CachePolicy::by_path`]):
//! hashed assets for a year, media for a day, private answers never stored, and everything else
//! (the app's pages, the catalogue API, and any answer that is not a success, so a missing photo
//! is asked for again once it exists) revalidated.

use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, HttpResponseBuilder};

/// Whether and how long a response may be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachePolicy {
    /// Personal, secret or one-off (an account's data, a download of the books, a redirect that
    /// depends on the visitor): never stored by the browser or anything between (ASVS 8.2.1).
    NoStore,
    /// Kept, but checked with the server before each use (with its `ETag`): pages and the
    /// catalogue's answers, which change whenever staff save.
    Revalidate,
    /// Anyone may keep it for this many seconds (public reference data: PIN codes, delivery
    /// estimates, media).
    Public { max_age: u32 },
    /// Named by its content's hash: never changes, kept for a year.
    Immutable,
}

/// What only one person may read (the back office, an account, a cart, an order).
const PRIVATE_API: [&str; 6] = [
    "/api/admin",
    "/api/user",
    "/api/orders",
    "/api/cart",
    "/api/addresses",
    "/api/checkout",
];

impl CachePolicy {
    const DAY: u32 = 86_400;

    fn header(self) -> HeaderValue {
        match self {
            Self::NoStore => HeaderValue::from_static("no-store"),
            Self::Revalidate => HeaderValue::from_static("no-cache"),
            Self::Immutable => HeaderValue::from_static("public, max-age=31536000, immutable"),
            Self::Public { max_age } => {
                HeaderValue::from_str(&format!("public, max-age={max_age}"))
                    .unwrap_or(HeaderValue::from_static("no-cache"))
            }
        }
    }

    /// The policy of a response that did not choose one.
    pub fn by_path(request_path: &str, status: StatusCode) -> Self {
        let found = status.is_success() || status == StatusCode::NOT_MODIFIED;
        if PRIVATE_API.iter().any(|prefix| {
            request_path == *prefix || request_path.starts_with(&format!("{prefix}/"))
        }) {
            Self::NoStore
        } else if found && request_path.starts_with("/assets/") {
            Self::Immutable
        } else if found && request_path.starts_with("/media/") {
            Self::Public { max_age: Self::DAY }
        } else {
            Self::Revalidate
        }
    }
}

/// A response that says how it may be kept.
pub trait Cached {
    fn cached(self, policy: CachePolicy) -> Self;
}

impl Cached for HttpResponse {
    fn cached(mut self, policy: CachePolicy) -> Self {
        self.extensions_mut().insert(policy);
        self
    }
}

impl Cached for &mut HttpResponseBuilder {
    fn cached(self, policy: CachePolicy) -> Self {
        self.extensions_mut().insert(policy);
        self
    }
}

/// The middleware's work: `Cache-Control` from the response's policy, or its path's.
pub fn write_headers<B>(mut response: ServiceResponse<B>) -> ServiceResponse<B> {
    let chosen = response
        .response()
        .extensions()
        .get::<CachePolicy>()
        .copied();
    let policy = chosen
        .unwrap_or_else(|| CachePolicy::by_path(response.request().path(), response.status()));
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, policy.header());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_path(path: &str, status: StatusCode) -> HeaderValue {
        CachePolicy::by_path(path, status).header()
    }

    #[test]
    fn pages_and_failures_are_revalidated_private_answers_never_kept_and_found_files_cached() {
        assert_eq!(by_path("/", StatusCode::OK), "no-cache");
        assert_eq!(by_path("/index.html", StatusCode::OK), "no-cache");
        assert_eq!(by_path("/api/brands", StatusCode::OK), "no-cache");
        assert_eq!(by_path("/api/admin/orders", StatusCode::OK), "no-store");
        assert_eq!(by_path("/api/orders/x-y", StatusCode::OK), "no-store");
        assert_eq!(by_path("/api/user", StatusCode::OK), "no-store");
        assert_eq!(by_path("/api/cart", StatusCode::OK), "no-store");
        assert_eq!(by_path("/api/cartography", StatusCode::OK), "no-cache");
        assert_eq!(
            by_path("/media/products/a.webp", StatusCode::OK),
            "public, max-age=86400"
        );
        assert_eq!(
            by_path("/media/products/missing.webp", StatusCode::NOT_FOUND),
            "no-cache"
        );
        assert_eq!(
            by_path("/assets/app-1234.js", StatusCode::OK),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            CachePolicy::Public { max_age: 300 }.header(),
            "public, max-age=300"
        );
    }

    /// The policy is the one place caching headers are written: a handler that wrote its own
    /// would be overwritten here, or (were the middleware to keep it) would escape the policy.
    #[test]
    fn no_source_file_but_this_one_writes_cache_control() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut writers = Vec::new();
        let mut stack = vec![src];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("cache_policy.rs")
                {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    if text.contains("CACHE_CONTROL") || text.contains("\"Cache-Control\"") {
                        writers.push(path.display().to_string());
                    }
                }
            }
        }
        assert!(
            writers.is_empty(),
            "caching headers written by hand in {writers:#?}"
        );
    }
}
