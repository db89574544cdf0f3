//! The pages built so far, kept until the catalogue or the built app changes, in a memory bound:
//! past it the least recently used page goes first (a crawler walking every product must not
//! hold them all). Search results and not-found pages, whose addresses have no end, are kept
//! apart in a small bound of their own, so that new ones never push the catalogue's pages out.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use actix_web::http::StatusCode;
use actix_web::http::header::HeaderValue;
use bytes::Bytes;
use catalog::CatalogSnapshot;
use lru::LruCache;
use sha2::{Digest, Sha256};

use crate::precompressed::{brotli, gunzip, gzip};
use pages::{SITEMAP_MAX_URLS, Sitemaps, Template};

/// How long a product page's embedded stock may be reused.
pub const PRODUCT_STOCK_TTL: Duration = Duration::from_secs(5);
/// How long a page whose server render failed is reused before it is drawn again.
pub const UNDRAWN_TTL: Duration = Duration::from_secs(5);

/// A page, kept compressed: a browser always takes brotli or gzip, and the plain page (about
/// five times either) would fill the cache's memory with copies hardly anyone asks for.
pub struct Rendered {
    pub status: StatusCode,
    pub etag: HeaderValue,
    pub gzip: Bytes,
    pub brotli: Bytes,
    pub expires: Option<Instant>,
}

impl Rendered {
    pub fn new(status: StatusCode, html: String, expires: Option<Instant>) -> Self {
        let digest = Sha256::digest(html.as_bytes());
        let etag = format!("W/\"{}\"", hex::encode(&digest[..12]));
        Self {
            status,
            etag: HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("W/\"0\"")),
            gzip: gzip(html.as_bytes()),
            brotli: brotli(html.as_bytes()),
            expires,
        }
    }

    /// The page uncompressed, for a client that takes neither encoding (unpacked from gzip).
    pub fn plain(&self) -> Bytes {
        gunzip(&self.gzip)
    }

    /// The memory it holds, as the cache counts it.
    fn size(&self, key: &str) -> usize {
        key.len() + self.gzip.len() + self.brotli.len() + 128
    }
}

/// Pages by key within a memory bound, least recently used out first.
struct PageStore {
    pages: LruCache<String, Arc<Rendered>>,
    bytes: usize,
    max_bytes: usize,
}

impl PageStore {
    fn new(max_bytes: usize) -> Self {
        Self {
            pages: LruCache::unbounded(),
            bytes: 0,
            max_bytes,
        }
    }

    fn get(&mut self, key: &str) -> Option<Arc<Rendered>> {
        self.pages.get(key).cloned()
    }

    /// Keeps `page`, making room; answers the bytes now held. A page larger than the whole
    /// bound is not kept.
    fn put(&mut self, key: String, page: Arc<Rendered>) -> usize {
        let size = page.size(&key);
        if size > self.max_bytes {
            return self.bytes;
        }
        if let Some(old) = self.pages.pop(&key) {
            self.bytes -= old.size(&key);
        }
        while self.bytes + size > self.max_bytes {
            let Some((old_key, old)) = self.pages.pop_lru() else {
                break;
            };
            self.bytes -= old.size(&old_key);
        }
        self.bytes += size;
        self.pages.put(key, page);
        self.bytes
    }

    fn clear(&mut self) {
        self.pages.clear();
        self.bytes = 0;
    }
}

/// What the pages are built from, and the pages built so far.
pub struct PageCache {
    inner: Mutex<CacheState>,
}

struct CacheState {
    catalog: Option<Arc<CatalogSnapshot>>,
    template_modified: Option<SystemTime>,
    template: Option<Arc<Template>>,
    pages: PageStore,
    /// Search results and not-found pages.
    open: PageStore,
    building: HashMap<String, Arc<tokio::sync::Mutex<()>>>,
    sitemaps: Option<Arc<Sitemaps>>,
}

pub enum Lookup {
    Fresh(Arc<Rendered>),
    Stale(Arc<Rendered>),
    Missing,
}

impl PageCache {
    /// A cache holding at most `max_bytes` of pages, and `open_max_bytes` of search-result and
    /// not-found pages.
    pub fn new(max_bytes: usize, open_max_bytes: usize) -> Self {
        Self {
            inner: Mutex::new(CacheState {
                catalog: None,
                template_modified: None,
                template: None,
                pages: PageStore::new(max_bytes),
                open: PageStore::new(open_max_bytes),
                building: HashMap::new(),
                sitemaps: None,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CacheState> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The template, after dropping what was built from another catalogue or build of the app.
    /// None when the app is not built.
    pub fn template(
        &self,
        static_dir: &Path,
        catalog: &Arc<CatalogSnapshot>,
    ) -> Option<Arc<Template>> {
        let modified = std::fs::metadata(static_dir.join("index.html"))
            .and_then(|m| m.modified())
            .ok()?;
        let mut cache = self.lock();
        let same_catalog = cache
            .catalog
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(c, catalog));
        if !same_catalog || cache.template_modified != Some(modified) || cache.template.is_none() {
            cache.pages.clear();
            cache.open.clear();
            cache.building.clear();
            cache.sitemaps = None;
            cache.catalog = Some(catalog.clone());
            cache.template = Template::load(static_dir).ok().map(Arc::new);
            cache.template_modified = Some(modified);
        }
        cache.template.clone()
    }

    /// The cached page, fresh or (when its stock is due to be re-read) stale.
    pub fn page(&self, key: &str) -> Lookup {
        let mut cache = self.lock();
        match cache.pages.get(key) {
            None => Lookup::Missing,
            Some(page) if page.expires.is_some_and(|e| e <= Instant::now()) => Lookup::Stale(page),
            Some(page) => Lookup::Fresh(page),
        }
    }

    /// The lock one request holds while it builds the page at `key`, so that many requests
    /// for a page nobody has built yet build it once (the others wait, then find it cached).
    pub fn build_lock(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut cache = self.lock();
        cache.building.entry(key.to_owned()).or_default().clone()
    }

    /// Keeps `page` (unless the catalogue moved on meanwhile); answers the bytes now held.
    pub fn keep(&self, key: String, page: Arc<Rendered>, catalog: &Arc<CatalogSnapshot>) -> usize {
        let mut cache = self.lock();
        cache.building.remove(&key);
        if !cache
            .catalog
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(c, catalog))
        {
            return cache.pages.bytes;
        }
        cache.pages.put(key, page)
    }

    /// The kept search-result or not-found page at `key`.
    pub fn open_page(&self, key: &str) -> Option<Arc<Rendered>> {
        self.lock().open.get(key)
    }

    /// Keeps a search-result or not-found page in its own bound (unless the catalogue moved on
    /// meanwhile).
    pub fn keep_open(&self, key: String, page: Arc<Rendered>, catalog: &Arc<CatalogSnapshot>) {
        let mut cache = self.lock();
        if cache
            .catalog
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(c, catalog))
        {
            cache.open.put(key, page);
        }
    }

    pub fn sitemaps(&self, catalog: &Arc<CatalogSnapshot>, public_url: &str) -> Arc<Sitemaps> {
        let mut cache = self.lock();
        if let Some(sitemaps) = &cache.sitemaps
            && cache
                .catalog
                .as_ref()
                .is_some_and(|c| Arc::ptr_eq(c, catalog))
        {
            return sitemaps.clone();
        }
        let sitemaps = Arc::new(Sitemaps::build(catalog, public_url, SITEMAP_MAX_URLS));
        if cache
            .catalog
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(c, catalog))
        {
            cache.sitemaps = Some(sitemaps.clone());
        }
        sitemaps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(bytes: usize) -> Arc<Rendered> {
        Arc::new(Rendered {
            status: StatusCode::OK,
            etag: HeaderValue::from_static("W/\"x\""),
            gzip: Bytes::from(vec![b'a'; bytes]),
            brotli: Bytes::new(),
            expires: None,
        })
    }

    #[test]
    fn past_its_bound_the_least_recently_used_page_goes_first() {
        let mut store = PageStore::new(3 * 1_200);
        for key in ["/a", "/b", "/c"] {
            store.put(key.into(), page(1_000));
        }
        // Reading /a makes /b the least recently used.
        assert!(store.get("/a").is_some());
        let held = store.put("/d".into(), page(1_000));
        assert!(store.get("/b").is_none());
        for kept in ["/a", "/c", "/d"] {
            assert!(store.get(kept).is_some(), "{kept}");
        }
        assert!(held <= 3 * 1_200, "{held}");
    }

    #[test]
    fn a_page_larger_than_the_whole_bound_is_not_kept() {
        let mut store = PageStore::new(2_000);
        store.put("/a".into(), page(500));
        store.put("/huge".into(), page(5_000));
        assert!(store.get("/huge").is_none());
        assert!(store.get("/a").is_some());
    }

    #[test]
    fn a_page_kept_again_replaces_its_old_self_in_the_count() {
        let mut store = PageStore::new(10_000);
        let first = store.put("/a".into(), page(1_000));
        let second = store.put("/a".into(), page(1_000));
        assert_eq!(first, second);
        store.clear();
        assert_eq!(store.put("/b".into(), page(1_000)), first);
    }
}
