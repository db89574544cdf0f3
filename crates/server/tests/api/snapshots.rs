//! Snapshots of what clients see: every kind of page in every language (its head and drawn
//! body), robots.txt and the sitemaps, and the main API answers (a product, a cart, an order as
//! its shopper sees it, a month's GSTR-1). A change to any of them fails here with a diff to
//! review; `snapshot_text.rs` says what is kept and what is redacted. Both databases give the
//! same snapshots.

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::gst::step;
use crate::helpers::TestApp;
use crate::prerender::{built_app, spawn_drawing};
use crate::snapshot_text::{Snapshots, normalise, page_outline};

/// The demo shop's pages the snapshots show: a brand, a category and one of its sub-categories,
/// and a product there with three pack sizes, each with a lower price than its MRP (one low on
/// stock, one sold out).
const BRAND: &str = "nilgiri-fertichem";
const PRODUCT: &str = "npk-19-19-19-water-soluble-fertiliser";

/// Each kind of page: the snapshot's name and its English address.
fn pages() -> Vec<(&'static str, String)> {
    vec![
        ("home", "/".into()),
        ("about", "/about".into()),
        ("contact", "/contact".into()),
        ("terms", "/terms-and-conditions".into()),
        ("privacy", "/privacy-policy".into()),
        ("search_empty", "/search".into()),
        ("search_neem", "/search?search=neem".into()),
        ("brand", format!("/dealer/{BRAND}")),
        ("category", "/category/fertilisers".into()),
        (
            "sub_category",
            "/category/fertilisers/water-soluble-fertilisers".into(),
        ),
        ("product", format!("/dealer/{BRAND}/{PRODUCT}")),
        ("app_checkout", "/checkout".into()),
        ("not_found", "/no-such-page".into()),
        // Under a brand it is not of: it moves for good to its own address.
        ("moved", format!("/dealer/wellroot-organics/{PRODUCT}")),
    ]
}

/// `path` in `language` (English has no prefix).
fn localized(language: &str, path: &str) -> String {
    match (language, path) {
        ("en", _) => path.to_owned(),
        (_, "/") => format!("/{language}/"),
        _ => format!("/{language}{path}"),
    }
}

/// Headers that change on every run, or say how the bytes travel rather than what they are.
const UNSTABLE_HEADERS: [&str; 6] = [
    "date",
    "etag",
    "content-length",
    "transfer-encoding",
    "set-cookie",
    "x-request-id",
];

/// Headers every answer carries alike: snapshotted once (`headers__site_wide`), and checked to
/// be the same on every page rather than repeated in each page's snapshot.
const SITE_WIDE_HEADERS: [&str; 7] = [
    "content-security-policy",
    "cross-origin-opener-policy",
    "permissions-policy",
    "referrer-policy",
    "strict-transport-security",
    "x-content-type-options",
    "x-frame-options",
];

fn header_lines(response: &reqwest::Response, wanted: impl Fn(&str) -> bool) -> String {
    let mut lines: Vec<String> = response
        .headers()
        .iter()
        .filter(|(name, _)| wanted(name.as_str()))
        .map(|(name, value)| format!("{name}: {}", value.to_str().unwrap_or("(not text)")))
        .collect();
    lines.sort();
    lines.join("\n")
}

/// The site-wide headers of a response.
fn site_wide_headers(response: &reqwest::Response) -> String {
    header_lines(response, |name| SITE_WIDE_HEADERS.contains(&name))
}

/// A response's status and its own headers (neither unstable nor site-wide), sorted by name.
fn status_and_headers(response: &reqwest::Response) -> String {
    let own = header_lines(response, |name| {
        !UNSTABLE_HEADERS.contains(&name) && !SITE_WIDE_HEADERS.contains(&name)
    });
    format!("status: {}\n{own}\n", response.status())
}

/// A first-time visitor: no cookies, no language of the browser's, redirects not followed.
fn first_visitor() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[actix_web::test]
async fn every_kind_of_page_in_every_language() {
    let Some((dist, bundle)) = built_app() else {
        return;
    };
    let mut snapshots = Snapshots::default();
    for database in db::testing::test_databases() {
        let app = spawn_drawing(database, bundle.clone(), dist.clone()).await;
        let visitor = first_visitor();
        let home = visitor.get(&app.address).send().await.unwrap();
        let site_wide = site_wide_headers(&home);
        snapshots.text(
            app.name(),
            "headers__site_wide",
            "The headers every page carries (GET /)",
            &site_wide,
        );
        for language in ["en", "ml", "ta"] {
            for (kind, path) in pages() {
                let path = localized(language, &path);
                let response = visitor
                    .get(format!("{}{path}", app.address))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(
                    site_wide_headers(&response),
                    site_wide,
                    "{}: {path} differs from / in the site-wide headers",
                    app.name()
                );
                let mut text = status_and_headers(&response);
                let html = response.text().await.unwrap();
                if !html.is_empty() {
                    text.push('\n');
                    text.push_str(&page_outline(&html));
                }
                snapshots.text(
                    app.name(),
                    &format!("page__{kind}__{language}"),
                    &format!("GET {path}"),
                    &normalise(&text),
                );
            }
        }
    }
    snapshots.finish();
}

#[actix_web::test]
async fn robots_txt_the_sitemap_index_and_a_sitemap() {
    let mut snapshots = Snapshots::default();
    for database in db::testing::test_databases() {
        let app = TestApp::spawn(database).await;
        let visitor = first_visitor();
        let index = visitor
            .get(format!("{}/sitemap.xml", app.address))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        // The brands' sitemap: small, and in every language.
        let brands = index
            .split("<loc>")
            .skip(1)
            .filter_map(|entry| entry.split("</loc>").next())
            .find(|url| url.contains("brand"))
            .expect("a sitemap of the brands")
            .trim_start_matches("http://127.0.0.1")
            .to_owned();
        for (name, path) in [
            ("robots_txt", "/robots.txt"),
            ("sitemap_index", "/sitemap.xml"),
            ("sitemap_brands", brands.as_str()),
        ] {
            let response = visitor
                .get(format!("{}{path}", app.address))
                .send()
                .await
                .unwrap();
            assert_eq!(
                site_wide_headers(&response),
                site_wide_headers(&visitor.get(&app.address).send().await.unwrap()),
                "{}: {path} differs from / in the site-wide headers",
                app.name()
            );
            let text = format!(
                "{}\n{}",
                status_and_headers(&response),
                response.text().await.unwrap()
            );
            snapshots.text(app.name(), name, &format!("GET {path}"), &normalise(&text));
        }
    }
    snapshots.finish();
}

/// The GSTR-1 files of `month` from the admin's ZIP, one after another.
async fn gstr1_files(admin: &TestApp, month: &str) -> String {
    let response = admin
        .get(&format!("/api/admin/gst/gstr1.zip?month={month}"))
        .await;
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut text = String::new();
    for index in 0..zip.len() {
        let mut file = zip.by_index(index).unwrap();
        let mut csv = String::new();
        std::io::Read::read_to_string(&mut file, &mut csv).unwrap();
        text.push_str(&format!("── {} ──\n{csv}\n", file.name().unwrap()));
    }
    text
}

#[actix_web::test]
async fn a_product_a_cart_an_order_and_its_gstr1_rows() {
    let mut snapshots = Snapshots::default();
    for database in db::testing::test_databases() {
        let app = TestApp::spawn(database).await;
        let name = app.name();
        let product_path = format!("/api/products/{PRODUCT}");
        for language in ["en", "ml"] {
            let response = app.get_in(language, &product_path).await;
            assert_eq!(response.status(), 200, "{name}: {language}");
            let product: Value = response.json().await.unwrap();
            snapshots.json(
                name,
                &format!("api_product__{language}"),
                &format!("GET {product_path} (Accept-Language: {language})"),
                &product,
            );
        }

        // Two pack sizes of the product, and a second product.
        let (_, product) = app.get_json(&product_path).await;
        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let (status, cart) = shopper
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "variant_id": product["variants"][1]["id"], "quantity": 2}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {cart}");
        let (_, cart) = shopper.get_json("/api/cart").await;
        snapshots.json(name, "api_cart", "GET /api/cart (two lines)", &cart);

        let (status, placed, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {placed}");
        let uuid = placed["uuid"].as_str().unwrap();
        let (status, order) = shopper.get_json(&format!("/api/orders/{uuid}")).await;
        assert_eq!(status, 200, "{name}: {order}");
        snapshots.json(
            name,
            "api_order",
            "GET /api/orders/{uuid} by the guest who placed it (cash on delivery, to Kerala)",
            &order,
        );

        // Confirmed (invoiced) on 2 November 2026, so that its month is fixed.
        let number = placed["number"].as_str().unwrap();
        step(&app, number, orders::order::OrderMove::Confirm, 2).unwrap();
        let admin = app.with_admin().await;
        let (status, overview) = admin.get_json("/api/admin/gst/gstr1?month=2026-11").await;
        assert_eq!(status, 200, "{name}: {overview}");
        snapshots.json(
            name,
            "api_gstr1_overview",
            "GET /api/admin/gst/gstr1?month=2026-11 (the order invoiced on 2 November)",
            &overview,
        );
        snapshots.text(
            name,
            "api_gstr1_files",
            "GET /api/admin/gst/gstr1.zip?month=2026-11, each file",
            &normalise(&gstr1_files(&admin, "2026-11").await),
        );
    }
    snapshots.finish();
}
