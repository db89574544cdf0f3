//! The app's pages as the server fills them in before any script runs: each public route's
//! title, description, canonical link, link-preview tags and structured data, its first data
//! embedded for react-query, preloads of its picture and code; the cache that keeps them, the
//! server render that draws them, and the sitemaps. The HTTP side is `crate::handlers::pages`.
//!
//! Nothing here reaches the app's state: what a page is made of is handed in, so the state can
//! hold the caches without the two modules using each other.

mod app_loader;
mod assemble;
mod cache;
mod head;
mod json_ld;
mod prerender;
mod render_budget;
mod route;
mod sitemap;
mod template;
mod words;

use std::time::Duration;

pub use app_loader::csp_source as app_loader_csp_source;
pub use assemble::{Site, page as assemble};
pub use cache::{Lookup, PageCache, Rendered};
pub use prerender::{Prerenderer, Turn};
pub use route::{PageKind, Resolved, product_slug, resolve, respelled};
pub use sitemap::robots;
pub use template::Template;

/// How long a product page's embedded stock may be reused.
pub const PRODUCT_STOCK_TTL: Duration = Duration::from_secs(5);
/// How long a page whose server render failed is reused before it is drawn again.
pub const UNDRAWN_TTL: Duration = Duration::from_secs(5);
