//! The shop's public pages as the server sends them before any script runs: which page a path
//! is ([`resolve`]), and for it the built app's `index.html` ([`Template`]) filled with the
//! page's title, description, canonical and language links, link-preview tags, structured data
//! (JSON-LD), its first data embedded for react-query, and preloads of its picture and code; also
//! the sitemaps and `robots.txt`.
//!
//! A page is made from borrowed parts ([`Sources`]: the catalogue snapshot in the page's
//! language, the shop's facts, the template) and returned as HTML ([`Assembled`]); nothing here
//! reaches a database, a cache or the server's state. The server keeps the HTTP handler, the
//! render pool that draws the app into the page, and the caches of drawn pages.

mod app_loader;
mod head;
mod head_texts;
mod json_ld;
mod list_choice;
mod page;
mod route;
mod sitemap;
mod template;

use bytes::Bytes;
use catalog::{CatalogSnapshot, MediaUrls};
use paths::Locale;
use shop::ShopFacts;

pub use app_loader::{csp_source as app_loader_csp_source, load_after_paint};
pub use head::escape as escape_html;
pub use head_texts::{HeadText, HeadTexts};
pub use list_choice::ListChoice;
pub use page::assemble;
pub use route::{PageKind, Resolved, product_slug, resolve, respelled};
pub use sitemap::{MAX_URLS as SITEMAP_MAX_URLS, Sitemaps, robots};
pub use template::Template;

/// What every page is made of besides its catalogue: the shop and where things are served.
pub struct Site<'a> {
    pub shop: &'a ShopFacts,
    pub public_url: &'a str,
    /// Where the app asks the API, when not the page's own origin.
    pub api_url: Option<&'a str>,
    /// `GET /api/shop`'s answer in the page's language.
    pub shop_json: Bytes,
    pub media: &'a MediaUrls,
}

/// What one page is drawn from.
pub struct Sources<'a> {
    pub site: &'a Site<'a>,
    pub template: &'a Template,
    /// The catalogue as the page's language reads it.
    pub catalog: &'a CatalogSnapshot,
    pub locale: Locale,
}

/// How the page answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    NotFound,
}

/// One page's HTML.
pub struct Assembled {
    pub status: Status,
    pub html: String,
    /// The embedded first data (`#initial-data`), which the server render draws from too.
    pub initial_data: String,
}
