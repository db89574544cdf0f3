//! Public pages drawn on the server by the app's own server bundle: the page's name, price and
//! photo in the HTML in every language; a failed or slow render still answers the page (undrawn,
//! with its head tags); the page cache's hits and the renders are counted for operators.

use std::path::PathBuf;

use db::testing::TestDatabase;

use crate::helpers::{TestApp, spawn_apps};

/// The built app and its server bundle (`npm run build` in frontend/), or None with a note.
/// Under CI their absence fails the test: `just test` builds them first.
pub(crate) fn built_app() -> Option<(PathBuf, PathBuf)> {
    let frontend = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend");
    let (dist, bundle) = (
        frontend.join("dist"),
        frontend.join("dist-server/render.js"),
    );
    if dist.join("index.html").is_file() && bundle.is_file() {
        return Some((dist, bundle));
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but the web app is not built (frontend/dist, frontend/dist-server): run `just frontend-build`"
    );
    eprintln!(
        "skipped: the web app is not built (run `npm run build` in frontend/ to test server rendering)"
    );
    None
}

/// What `#root` holds in a page.
fn root(html: &str) -> &str {
    let start = html
        .find("<div id=\"root\">")
        .expect("the page has its root")
        + 15;
    let end = html
        .rfind("<script type=\"application/json\" id=\"initial-data\"")
        .unwrap_or(html.len());
    &html[start..end]
}

/// Whether the server drew the page's `#root`.
fn drawn(html: &str) -> bool {
    html.contains("<div id=\"root\">") && !html.contains("<div id=\"root\"></div>")
}

pub(crate) async fn spawn_drawing(
    database: TestDatabase,
    bundle: PathBuf,
    dist: PathBuf,
) -> TestApp {
    TestApp::spawn_with(database, move |config| {
        config.static_dir = dist;
        config.render_bundle = bundle;
    })
    .await
}

#[actix_web::test]
async fn a_product_page_arrives_drawn_with_its_name_price_and_photo_in_every_language() {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    for database in db::testing::test_databases() {
        let app = spawn_drawing(database, bundle.clone(), dist.clone()).await;
        let (_, english) = app.get_json("/api/products/neem-cake-powder").await;
        let brand = english["brand"]["slug"].as_str().unwrap().to_owned();
        for (prefix, language) in [("", "en"), ("/ml", "ml"), ("/ta", "ta")] {
            let product: serde_json::Value = app
                .get_in(language, "/api/products/neem-cake-powder")
                .await
                .json()
                .await
                .unwrap();
            let response = app
                .get(&format!("{prefix}/dealer/{brand}/neem-cake-powder"))
                .await;
            assert_eq!(response.status(), 200, "{language} on {}", app.name());
            let html = response.text().await.unwrap();
            let drawn = root(&html);
            let name = product["name"].as_str().unwrap();
            assert!(
                drawn.contains(&format!(">{name}</h1>")),
                "{language}: no name {name} in {drawn}"
            );
            let price = pricing::format_inr(pricing::Paise::new(
                (product["retail_price"].as_f64().unwrap() * 100.0).round() as i64,
            ));
            assert!(drawn.contains(&price), "{language}: no price {price}");
            let photo = product["first_image"]["url"].as_str().unwrap();
            assert!(
                drawn.contains(&format!("src=\"{photo}\"")),
                "{language}: no photo {photo}"
            );
            assert!(html.contains(&format!("<html lang=\"{language}\"")));
        }
    }
}

#[actix_web::test]
async fn home_category_and_search_pages_arrive_drawn() {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    let app = spawn_drawing(TestDatabase::sqlite(), bundle, dist).await;
    let (_, categories) = app.get_json("/api/categories").await;
    let category = &categories[0];
    let (_, shop) = app.get_json("/api/shop").await;
    for (path, expected) in [
        ("/".to_owned(), shop["tagline"].as_str().unwrap().to_owned()),
        (
            format!("/category/{}", category["slug"].as_str().unwrap()),
            category["name"].as_str().unwrap().to_owned(),
        ),
        ("/search?search=neem".to_owned(), "Neem".to_owned()),
        ("/about".to_owned(), "About".to_owned()),
    ] {
        let html = app.get(&path).await.text().await.unwrap();
        assert!(root(&html).contains(&expected), "{path}: no {expected}");
        // Drawn, the page needs its code only for the first tap: the loader starts it after the
        // first paint, with the preloads it would have had.
        assert!(
            html.contains("<script data-app=\"/assets/index-"),
            "{path}: the app's code is not left to the loader"
        );
        assert!(!html.contains("<script type=\"module\""), "{path}");
        assert!(!html.contains("<link rel=\"modulepreload\""), "{path}");
    }
    // Unknown pages answer 404 with the app's own not-found screen drawn.
    let response = app.get("/dealer/nobody/nothing").await;
    assert_eq!(response.status(), 404);
    assert!(!root(&response.text().await.unwrap()).is_empty());
}

#[actix_web::test]
async fn screens_with_nothing_public_are_not_drawn() {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    let app = spawn_drawing(TestDatabase::sqlite(), bundle, dist).await;
    for path in ["/checkout", "/sign-in", "/user", "/admin"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path} was drawn");
        // Undrawn, the page is blank until its code has run: the code is fetched at once.
        assert!(html.contains("<script type=\"module\""), "{path}");
        assert!(!html.contains("data-app="), "{path}");
    }
}

#[actix_web::test]
async fn a_failing_or_endless_render_serves_the_page_undrawn_and_counts_it() {
    let Some((dist, _)) = built_app() else {
        return;
    };
    let scratch = tempfile::tempdir().unwrap();
    let bundle = scratch.path().join("render.js");
    std::fs::write(
        &bundle,
        "globalThis.warm = () => {};\n\
         globalThis.render = (url) => { if (url.startsWith('/about')) { for (;;) {} } throw new Error('broken'); };",
    )
    .unwrap();
    let app = TestApp::spawn_with(TestDatabase::sqlite(), move |config| {
        config.static_dir = dist;
        config.render_bundle = bundle;
        config.render_timeout_ms = 100;
    })
    .await;
    for path in ["/", "/about"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path}");
        assert!(
            html.contains("<meta property=\"og:title\""),
            "{path} lost its head tags"
        );
    }
    let metrics = app.state.metrics.encode();
    assert!(
        metrics.contains("storefront_page_renders_total{result=\"failed\"} 2"),
        "{metrics}"
    );
}

#[actix_web::test]
async fn a_page_asked_for_again_comes_from_the_cache_and_operators_see_the_hits() {
    for app in spawn_apps().await {
        app.get("/about").await;
        app.get("/about").await;
        app.get("/contact").await;
        let metrics = app.state.metrics.encode();
        assert!(
            metrics.contains("storefront_page_cache_lookups_total{result=\"hit\"} 1"),
            "{metrics}"
        );
        assert!(metrics.contains("storefront_page_cache_lookups_total{result=\"miss\"} 2"));
        let held = metrics
            .lines()
            .find_map(|line| line.strip_prefix("storefront_page_cache_bytes "))
            .and_then(|bytes| bytes.parse::<u64>().ok())
            .unwrap_or(0);
        assert!(held > 0, "{metrics}");
    }
}

#[actix_web::test]
async fn a_query_string_never_reaches_the_drawn_page_another_visitor_gets() {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    for database in db::testing::test_databases() {
        let app = spawn_drawing(database, bundle.clone(), dist.clone()).await;
        let name = app.name();
        // The first visitor came from a shared link; their page is the one cached.
        for (tagged, plain) in [
            ("/about?ref=wa-5678", "/about"),
            ("/ml/?ref=wa-5678", "/ml/"),
            ("/search?search=neem&ref=wa-5678", "/search?search=neem"),
        ] {
            let first = app.get(tagged).await.text().await.unwrap();
            assert!(drawn(&first), "{name}: {tagged} undrawn");
            assert!(
                !first.contains("wa-5678"),
                "{name}: {tagged} drawn with its query"
            );
            let later = TestApp::fresh_client()
                .get(format!("{}{plain}", app.address))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            // The language switch links to this very page in the other languages.
            assert!(
                later.contains("hrefLang=\"ml\"") || later.contains("hreflang=\"ml\""),
                "{name}: {plain} has no language switch"
            );
            assert!(
                !later.contains("wa-5678"),
                "{name}: {plain} carries the first visitor's ref"
            );
        }
    }
}

#[actix_web::test]
async fn past_their_budget_search_and_not_found_pages_go_out_undrawn_and_catalogue_pages_stay_drawn()
 {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    for database in db::testing::test_databases() {
        let (dist, bundle) = (dist.clone(), bundle.clone());
        let app = TestApp::spawn_with(database, move |config| {
            config.static_dir = dist;
            config.render_bundle = bundle;
            config.open_pages.renders_per_client = 2;
        })
        .await;
        let name = app.name();
        for path in ["/search?search=neem", "/no-such-page"] {
            let response = app.get(path).await;
            let html = response.text().await.unwrap();
            assert!(drawn(&html), "{name}: {path} within the budget");
        }
        // Past it: answered at once, undrawn (the app draws it), never refused.
        for (path, status) in [
            ("/search?search=cardamom", 200),
            ("/search?search=pepper", 200),
            ("/another-missing-page", 404),
            ("/dealer/wellroot-organics/no-such-product", 404),
        ] {
            let response = app.get(path).await;
            assert_eq!(response.status(), status, "{name}: {path}");
            let html = response.text().await.unwrap();
            assert!(!drawn(&html), "{name}: {path} drawn past the budget");
            assert!(html.contains("id=\"initial-data\""), "{name}: {path}");
        }
        // A search drawn within the budget is kept (in its own small cache).
        let again = app.get("/search?search=neem").await.text().await.unwrap();
        assert!(drawn(&again), "{name}: the drawn search was not kept");
        // The catalogue's pages are not on that budget: drawn, then served from the cache.
        for path in [
            "/",
            "/about",
            "/category/fertilisers",
            "/dealer/wellroot-organics",
            "/dealer/wellroot-organics/neem-cake-powder",
        ] {
            let html = app.get(path).await.text().await.unwrap();
            assert!(drawn(&html), "{name}: {path} undrawn");
        }
        let metrics = app.state.metrics.encode();
        assert!(
            metrics.contains("storefront_page_renders_total{result=\"spared\"} 4"),
            "{name}: {metrics}"
        );
    }
}
