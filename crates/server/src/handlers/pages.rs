//! The app's pages over HTTP: every path that is not the API, an asset or a file gets the app,
//! filled in for its page (the `pages` crate), drawn by the render pool (`crate::prerender`) and
//! kept in the page cache until the catalogue or the
//! built app changes; a product page is also re-read after [`PRODUCT_STOCK_TTL`], behind the
//! answer, so the stock it embeds stays current. Also `sitemap.xml` (an index of per-kind
//! sitemaps) and `robots.txt`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use catalog::CatalogSnapshot;
use catalog::view::ProductAnswer;
use paths::Locale;

use crate::auth;
use crate::cache_policy::{CachePolicy, Cached};
use crate::error::ApiError;
use crate::page_cache::{Lookup, PRODUCT_STOCK_TTL, Rendered, UNDRAWN_TTL};
use crate::precompressed::accepts_encoding;
use crate::prerender::{Filled, Turn};
use crate::state::AppState;
use pages::{ListChoice, PageKind, Resolved, Site, Sources, Template};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/").to(page))
        .service(web::resource("/robots.txt").route(web::get().to(robots)))
        .service(web::resource("/sitemap.xml").route(web::get().to(sitemap_index)))
        .service(web::resource("/sitemaps/{file}").route(web::get().to(sitemap_file)));
}

/// Where an English address sends a shopper: to the language they chose (the `lang` cookie the
/// switch sets; English stays English), or on a first visit to the one their browser prefers
/// when it is Malayalam or Tamil. A request without either (a crawler) stays in English.
fn language_elsewhere(request: &HttpRequest) -> Option<Locale> {
    if request.method() != actix_web::http::Method::GET {
        return None;
    }
    let preferred = match request.cookie(LANGUAGE_COOKIE) {
        Some(cookie) => Locale::parse(cookie.value()),
        None => request
            .headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(Locale::from_accept_language),
    };
    preferred.filter(|locale| *locale != Locale::En)
}

/// The cookie that keeps the shopper's language (`frontend/src/lib/locales.ts`).
const LANGUAGE_COOKIE: &str = "lang";

/// Any path that is not the API, an asset or a file: the app, filled in for the page it is.
pub async fn page(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let catalog = state.catalog();
    let Some(template) = state.pages.template(&state.config.static_dir, &catalog) else {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The shop's web app is not built yet: run `just run`, or `npm run build` in frontend/.");
    };
    let path = request.path();
    // Before anything is looked up or drawn: every other spelling of a page is one more page.
    if let Some(canonical) = pages::respelled(path) {
        return moved_for_good(&canonical, request.query_string());
    }
    let (locale, bare_path) = Locale::split_path(path);
    if locale == Locale::En
        && let Some(preferred) = language_elsewhere(&request)
    {
        let query = request.query_string();
        let to = preferred.localize(path);
        return HttpResponse::Found()
            .insert_header((
                header::LOCATION,
                if query.is_empty() {
                    to
                } else {
                    format!("{to}?{query}")
                },
            ))
            .insert_header((header::VARY, "Accept-Language, Cookie"))
            .cached(CachePolicy::NoStore)
            .finish();
    }
    let term = (bare_path == "/search")
        .then(|| search_term(request.query_string()))
        .flatten()
        .filter(|term| !term.is_empty());
    // The English snapshot marks the cache's generation (every language's are built together);
    // the page is made from its own language's.
    let localized = state.catalog_in(locale);
    let resolved = pages::resolve(&localized, bare_path, term.as_deref());
    if let PageKind::Moved { to } = &resolved.kind {
        return moved_for_good(&locale.localize(to), request.query_string());
    }
    let pack = matches!(resolved.kind, PageKind::Product { .. })
        .then(|| pack_asked(request.query_string()))
        .flatten();
    // A list's filters and order, from the parameters its page type takes, in one spelling.
    let list = ListChoice::of(&localized, &resolved.kind, request.query_string());
    let filters = list.query();
    // Each page keeps only the query it uses (a search its term, a list its filters, a product
    // the pack chosen on a drawn page before the app came): the rest (`?ref=`, `?fbclid=`)
    // reaches neither the render, whose links would carry it to every later visitor, nor the
    // key.
    let (key, url) = match (&term, &pack) {
        (Some(term), _) if filters.is_empty() => (
            format!("{path}?{term}"),
            locale.localize(&paths::Page::Search { term }.path()),
        ),
        (Some(term), _) => {
            let url = format!(
                "{}&{filters}",
                locale.localize(&paths::Page::Search { term }.path())
            );
            (url.clone(), url)
        }
        (None, Some(pack)) => {
            let url = format!("{path}?{PACK}={pack}");
            (url.clone(), url)
        }
        (None, None) if !filters.is_empty() => {
            let url = format!("{path}?{filters}");
            (url.clone(), url)
        }
        (None, None) => (path.to_owned(), path.to_owned()),
    };
    let page = Wanted {
        state: AppState::clone(&state),
        template,
        catalog,
        localized,
        locale,
        key,
        url,
        list,
    };
    if pack.is_some() || !page.list.is_default() {
        // Filtered lists are open-ended addresses too, drawn within the same budget.
        page.with_choice(resolved, &request).await
    } else if resolved.kind.is_open() {
        page.open(resolved, &request).await
    } else {
        page.listed(resolved, &request).await
    }
}

/// A page asked for, what it is drawn from, its cache key and the address it is drawn at. It
/// owns all of it, so that a stale page can be drawn again after the answer has gone.
struct Wanted {
    state: AppState,
    template: Arc<Template>,
    catalog: Arc<CatalogSnapshot>,
    localized: Arc<CatalogSnapshot>,
    locale: Locale,
    key: String,
    url: String,
    /// A list page's filters and order (none elsewhere).
    list: ListChoice,
}

impl Wanted {
    /// A page of the catalogue or the shop's own: always drawn, kept in the page cache.
    async fn listed(self, resolved: Resolved, request: &HttpRequest) -> HttpResponse {
        let state = &self.state;
        match state.pages.page(&self.key) {
            Lookup::Fresh(page) => {
                state.metrics.observe_page_lookup("hit");
                respond(&page, request)
            }
            // Every request gets the page as it was at once; one of them has it drawn again
            // behind the answer (a product page's stock is a few seconds old, never a wait).
            Lookup::Stale(page) => {
                state.metrics.observe_page_lookup("stale");
                if let Ok(building) = state.pages.build_lock(&self.key).try_lock_owned() {
                    actix_web::rt::spawn(async move {
                        self.draw(resolved).await;
                        drop(building);
                    });
                }
                respond(&page, request)
            }
            // Many requests for a page nobody has drawn yet draw it once: the others wait for
            // the lock, then find it cached.
            Lookup::Missing => {
                state.metrics.observe_page_lookup("miss");
                let _building = state.pages.build_lock(&self.key).lock_owned().await;
                if let Lookup::Fresh(page) = state.pages.page(&self.key) {
                    return respond(&page, request);
                }
                let page = self.draw(resolved).await;
                respond(&page, request)
            }
        }
    }

    /// Draws a listed page and keeps it in the page cache.
    async fn draw(self, mut resolved: Resolved) -> Arc<Rendered> {
        let state = &self.state;
        let (product, mut expires) = self.product_of(&mut resolved).await;
        let (status, filled) = self.drawn(&resolved, product.as_ref(), Turn::Listed).await;
        if filled.failed {
            let retry = Instant::now() + UNDRAWN_TTL;
            expires = Some(expires.map_or(retry, |at| at.min(retry)));
        }
        let page = Arc::new(Rendered::new(status, filled.html, expires));
        let held = state.pages.keep(self.key, page.clone(), &self.catalog);
        state.metrics.observe_page_cache_bytes(held);
        page
    }

    /// A product page with a pack chosen (`?pack=`, a link of the drawn page's pack sizes), or a
    /// list with filters (`?brand=…&sort=…`): a few pages each, but addresses anyone can vary,
    /// so drawn within the budget for open pages and kept with them (a product page for as long
    /// as its stock); past the budget it goes out undrawn with its data, and the app draws it.
    async fn with_choice(self, mut resolved: Resolved, request: &HttpRequest) -> HttpResponse {
        let state = &self.state;
        if let Some(page) = state.pages.open_page(&self.key)
            && page.expires.is_none_or(|at| at > Instant::now())
        {
            state.metrics.observe_page_lookup("hit");
            return respond(&page, request);
        }
        state.metrics.observe_page_lookup("miss");
        let client = auth::client_address(
            request,
            state.config.trust_proxy,
            state.config.trusted_proxy_hops,
        );
        let within_budget = state.prerender.open_budget_take(&client);
        let (product, expires) = self.product_of(&mut resolved).await;
        let (status, filled) = self
            .drawn(&resolved, product.as_ref(), Turn::Open { within_budget })
            .await;
        if filled.failed {
            return HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .cached(CachePolicy::Revalidate)
                .insert_header((header::VARY, vary(request)))
                .body(filled.html);
        }
        let page = Arc::new(Rendered::new(status, filled.html, expires));
        state
            .pages
            .keep_open(self.key.clone(), page.clone(), &self.catalog);
        respond(&page, request)
    }

    /// The page assembled from its sources and drawn by the render pool (or left for the app to
    /// draw, `failed`), with its status.
    async fn drawn(
        &self,
        resolved: &Resolved,
        product: Option<&catalog::view::ProductDetail>,
        turn: Turn,
    ) -> (StatusCode, Filled) {
        let state = &self.state;
        let site = site(state, self.locale);
        let sources = Sources {
            site: &site,
            template: &self.template,
            catalog: &self.localized,
            locale: self.locale,
        };
        let assembled = pages::assemble(&sources, resolved, product, &self.list);
        let filled = state
            .prerender
            .fill(
                &state.metrics,
                &resolved.kind,
                turn,
                &self.url,
                assembled.html,
                assembled.initial_data,
            )
            .await;
        (status(assembled.status), filled)
    }

    /// The product a product page shows (None for other pages), and when its page goes stale;
    /// a product that is not there turns the page into the not-found page.
    async fn product_of(
        &self,
        resolved: &mut Resolved,
    ) -> (Option<catalog::view::ProductDetail>, Option<Instant>) {
        let state = &self.state;
        let mut expires = None;
        let locale = self.locale;
        let product = match &resolved.kind {
            PageKind::Product { slug } => {
                let (slug, media) = (slug.clone(), state.media.clone());
                let care = state.shop.facts.customer_care();
                expires = Some(Instant::now() + PRODUCT_STOCK_TTL);
                match state
                    .with_conn(move |conn| {
                        catalog::product_by_slug(conn, &slug, &media, Some(care), locale)
                    })
                    .await
                {
                    Ok(ProductAnswer::Found(mut detail)) => {
                        detail.set_licence(&state.shop.licences, batches::india_today());
                        Some(*detail)
                    }
                    // A renamed product's old path is not in the snapshot's routes; should it get
                    // here, the app asks the API, which answers 308 to the new slug.
                    Ok(ProductAnswer::Moved(_)) | Err(ApiError::NotFound(_)) => {
                        resolved.kind = PageKind::NotFound;
                        None
                    }
                    Err(error) => {
                        // The app still works (it asks the API itself); this answer is not kept.
                        tracing::warn!(%error, url = self.url, "product page without its data");
                        expires = Some(Instant::now());
                        None
                    }
                }
            }
            _ => None,
        };
        (product, expires)
    }

    /// Search results or a not-found page: drawn within the budget for them and kept apart;
    /// past it, or with no engine to spare, sent undrawn at once (the app draws it).
    async fn open(self, resolved: Resolved, request: &HttpRequest) -> HttpResponse {
        let state = &self.state;
        if let Some(page) = state.pages.open_page(&self.key) {
            state.metrics.observe_page_lookup("hit");
            return respond(&page, request);
        }
        state.metrics.observe_page_lookup("miss");
        let path = request.path();
        if resolved.kind == PageKind::NotFound
            && let Some(old) = pages::product_slug(path)
        {
            // A renamed product's old address (shared on WhatsApp, say) moves for good to its new
            // one.
            let old = old.to_owned();
            let renamed = state
                .with_conn(move |conn| catalog::renamed_product(conn, &old))
                .await;
            if let Ok(Some(slug)) = renamed {
                return moved_for_good(&paths::renamed_product(path, &slug), "");
            }
        }
        let client = auth::client_address(
            request,
            state.config.trust_proxy,
            state.config.trusted_proxy_hops,
        );
        let within_budget = state.prerender.open_budget_take(&client);
        let undrawn_key = format!("undrawn 404 {}", self.locale.code());
        if !within_budget
            && resolved.kind == PageKind::NotFound
            && let Some(page) = state.pages.open_page(&undrawn_key)
        {
            state.metrics.observe_render_spared();
            return respond(&page, request);
        }
        let (status, filled) = self
            .drawn(&resolved, None, Turn::Open { within_budget })
            .await;
        if !filled.failed {
            let page = Arc::new(Rendered::new(status, filled.html, None));
            state.pages.keep_open(self.key, page.clone(), &self.catalog);
            return respond(&page, request);
        }
        if resolved.kind == PageKind::NotFound {
            // Every unknown address's undrawn page is the same: made and compressed once.
            let page = Arc::new(Rendered::new(status, filled.html, None));
            state
                .pages
                .keep_open(undrawn_key, page.clone(), &self.catalog);
            return respond(&page, request);
        }
        // The compression middleware gzips it (at its fastest) for a client that takes it.
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .cached(CachePolicy::Revalidate)
            .insert_header((header::VARY, vary(request)))
            .body(filled.html)
    }
}

/// A 301 to `path` (canonical), with the query as it came.
fn moved_for_good(path: &str, query: &str) -> HttpResponse {
    let location = if query.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{query}")
    };
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// An English address may send a first visit elsewhere (`language_elsewhere`).
fn vary(request: &HttpRequest) -> &'static str {
    if Locale::split_path(request.path()).0 == Locale::En {
        "Accept-Encoding, Accept-Language, Cookie"
    } else {
        "Accept-Encoding"
    }
}

fn respond(page: &Rendered, request: &HttpRequest) -> HttpResponse {
    let vary = vary(request);
    let matches = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .is_some_and(|tag| tag == page.etag);
    if matches && page.status == StatusCode::OK {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, page.etag.clone()))
            .finish();
    }
    let mut response = HttpResponse::build(page.status);
    response
        .content_type("text/html; charset=utf-8")
        .cached(CachePolicy::Revalidate)
        .insert_header((header::ETAG, page.etag.clone()))
        .insert_header((header::VARY, vary));
    if accepts_encoding(request, "br") {
        response
            .insert_header((header::CONTENT_ENCODING, "br"))
            .body(page.brotli.clone())
    } else if accepts_encoding(request, "gzip") {
        response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(page.gzip.clone())
    } else {
        response.body(page.plain())
    }
}

/// The query parameter of a product page that names a pack (`frontend/src/lib/pack.ts`).
const PACK: &str = "pack";

/// The pack a product page was asked with, when it is spelled as the app spells a pack (a few
/// lowercase ASCII letters, digits and hyphens); anything else is dropped like any other query.
fn pack_asked(query: &str) -> Option<String> {
    web::Query::<HashMap<String, String>>::from_query(query)
        .ok()
        .and_then(|q| q.get(PACK).cloned())
        .filter(|pack| {
            (1..=40).contains(&pack.len())
                && pack
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

/// The `search` query parameter, decoded.
fn search_term(query: &str) -> Option<String> {
    web::Query::<HashMap<String, String>>::from_query(query)
        .ok()
        .and_then(|q| q.get("search").map(|term| term.trim().to_owned()))
}

async fn robots(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(pages::robots(&state.config.public_url))
}

async fn sitemap_index(state: web::Data<AppState>) -> HttpResponse {
    xml(state
        .pages
        .sitemaps(&state.catalog(), &state.config.public_url)
        .index
        .clone())
}

async fn sitemap_file(state: web::Data<AppState>, file: web::Path<String>) -> HttpResponse {
    match state
        .pages
        .sitemaps(&state.catalog(), &state.config.public_url)
        .files
        .get(file.as_str())
    {
        Some(body) => xml(body.clone()),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("There is no such sitemap."),
    }
}

fn xml(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .body(body)
}

/// What every page is made of besides its catalogue: the shop and where things are served.
fn site(state: &AppState, locale: Locale) -> Site<'_> {
    Site {
        shop: &state.shop.facts,
        public_url: &state.config.public_url,
        api_url: state.config.api_url.as_deref(),
        shop_json: state.shop_json(locale),
        media: &state.media,
    }
}

fn status(status: pages::Status) -> StatusCode {
    match status {
        pages::Status::Ok => StatusCode::OK,
        pages::Status::NotFound => StatusCode::NOT_FOUND,
    }
}
