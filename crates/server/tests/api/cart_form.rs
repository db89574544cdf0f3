//! Add to cart as a plain HTML form (`POST /cart/add`): what a drawn page sends when the shopper
//! taps before the app's code has come. Taken only from the shop's own pages; every refusal is a
//! page that says why; a GET changes nothing.

use reqwest::header::{CONTENT_TYPE, LOCATION, SET_COOKIE};
use serde_json::Value;

use crate::checkout::set_stock;
use crate::helpers::{TestApp, spawn_apps};

const PRODUCT_PAGE: &str = "/dealer/wellroot-organics/vermicompost";

/// A browser of its own that keeps cookies and shows redirects rather than following them.
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Vermicompost's id and its packs' (id, name).
async fn vermicompost(app: &TestApp) -> (i64, Vec<(i64, String)>) {
    let (status, body) = app.get_json("/api/products/vermicompost").await;
    assert_eq!(status, 200);
    let packs = body["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["id"].as_i64().unwrap(),
                v["variant_name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (body["id"].as_i64().unwrap(), packs)
}

/// Posts the form as a browser would, with `headers` saying where it came from.
async fn post_form(
    app: &TestApp,
    client: &reqwest::Client,
    headers: &[(&str, &str)],
    fields: &str,
) -> (u16, Option<String>, String) {
    let mut request = client
        .post(format!("{}/cart/add", app.address))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(fields.to_owned());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let location = response
        .headers()
        .get(LOCATION)
        .map(|value| value.to_str().unwrap().to_owned());
    if status < 400 {
        let cookies: Vec<_> = response
            .headers()
            .get_all(SET_COOKIE)
            .iter()
            .map(|value| value.to_str().unwrap().to_owned())
            .collect();
        for cookie in cookies.iter().filter(|c| c.contains("storefront_session")) {
            assert!(
                cookie.contains("SameSite=Lax") && cookie.contains("HttpOnly"),
                "the session cookie a cross-site form cannot carry: {cookie}"
            );
        }
    } else {
        let kind = response
            .headers()
            .get(CONTENT_TYPE)
            .unwrap()
            .to_str()
            .unwrap();
        assert!(kind.starts_with("text/html"), "a refusal is a page: {kind}");
    }
    (status, location, response.text().await.unwrap())
}

/// The cart's lines as (variant name, quantity), read through the API by the same browser.
async fn lines(app: &TestApp, client: &reqwest::Client) -> Vec<(String, i64)> {
    let cart: Value = client
        .get(format!("{}/api/cart", app.address))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    cart["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["variant_name"].as_str().unwrap_or_default().to_owned(),
                line["quantity"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn a_drawn_pages_form_adds_the_chosen_pack_and_comes_back_to_the_page() {
    for app in spawn_apps().await {
        let name = app.name();
        let (product, packs) = vermicompost(&app).await;
        let (pack, pack_name) = packs
            .iter()
            .find(|(_, pack_name)| pack_name == "25 kg")
            .cloned()
            .unwrap();
        let shopper = browser();
        let back = format!("/ml{PRODUCT_PAGE}?pack=25-kg");
        let fields = format!(
            "product_id={product}&variant_id={pack}&quantity=3&back={}",
            back.replace('/', "%2F")
                .replace('?', "%3F")
                .replace('=', "%3D")
        );

        let (status, location, _) =
            post_form(&app, &shopper, &[("Origin", &app.address)], &fields).await;
        assert_eq!(status, 303, "{name}");
        assert_eq!(
            location.as_deref(),
            Some(format!("{back}#cart").as_str()),
            "{name}"
        );
        assert_eq!(
            lines(&app, &shopper).await,
            [(pack_name.clone(), 3)],
            "{name}"
        );

        // Fetch metadata alone also says it came from the shop (a browser that sends no Origin).
        let (status, _, _) = post_form(
            &app,
            &shopper,
            &[("Sec-Fetch-Site", "same-origin")],
            &format!("product_id={product}&variant_id={pack}&quantity=2"),
        )
        .await;
        assert_eq!(status, 303, "{name}");
        assert_eq!(
            lines(&app, &shopper).await,
            [(pack_name, 5)],
            "{name}: the line grew"
        );
    }
}

#[actix_web::test]
async fn a_form_from_elsewhere_is_refused_and_changes_nothing() {
    for app in spawn_apps().await {
        let name = app.name();
        let (product, packs) = vermicompost(&app).await;
        let fields = format!("product_id={product}&variant_id={}&quantity=1", packs[0].0);
        let shopper = browser();
        for headers in [
            vec![("Origin", "https://elsewhere.example")],
            vec![("Origin", "null")],
            vec![
                ("Sec-Fetch-Site", "cross-site"),
                ("Origin", app.address.as_str()),
            ],
            vec![("Sec-Fetch-Site", "same-site")],
            vec![],
        ] {
            let (status, location, page) = post_form(&app, &shopper, &headers, &fields).await;
            assert_eq!(status, 403, "{name}: {headers:?}");
            assert_eq!(location, None);
            assert!(
                page.contains("only be sent from the shop&#39;s own pages")
                    || page.contains("only be sent from the shop's own pages"),
                "{name}: {page}"
            );
        }
        // A GET of the same address (a link, a prefetch) is a page like any other.
        let response = shopper
            .get(format!("{}/cart/add?{fields}", app.address))
            .header("Sec-Fetch-Site", "same-origin")
            .send()
            .await
            .unwrap();
        assert_ne!(response.status().as_u16(), 303, "{name}");
        assert!(
            lines(&app, &shopper).await.is_empty(),
            "{name}: nothing was added"
        );
    }
}

#[actix_web::test]
async fn a_form_that_cannot_be_taken_says_why_on_a_page() {
    for app in spawn_apps().await {
        let name = app.name();
        let (product, packs) = vermicompost(&app).await;
        let (other, _) = {
            let (status, body) = app
                .get_json("/api/products/cardamom-harvesting-scissors")
                .await;
            assert_eq!(status, 200);
            (body["id"].as_i64().unwrap(), ())
        };
        let (pack, _) = packs[0].clone();
        set_stock(&app, pack, 4);
        let shopper = browser();
        let from_the_shop = [("Origin", app.address.as_str())];
        let cases = [
            (
                format!("product_id={product}&quantity=1"),
                422,
                "Choose a pack size",
            ),
            (
                format!("product_id={other}&variant_id={pack}&quantity=1"),
                422,
                "does not belong",
            ),
            (
                format!("product_id={product}&variant_id={pack}&quantity=5"),
                409,
                "Only 4 of",
            ),
            (
                format!("product_id={product}&variant_id={pack}&quantity=three"),
                422,
                "whole number from 1 to 9,999",
            ),
            (
                format!("product_id={product}&variant_id={pack}&quantity=0"),
                422,
                "whole number from 1 to 9,999",
            ),
            (
                format!("variant_id={pack}&quantity=1"),
                422,
                "Which product",
            ),
            (
                "product_id=999999&quantity=1".to_owned(),
                404,
                "Product not found",
            ),
            (
                format!("product_id={product}&variant_id=x&quantity=1"),
                422,
                "pack size sent",
            ),
        ];
        for (fields, expected, words) in cases {
            let fields = format!("{fields}&back=%2Fdealer%2Fwellroot-organics%2Fvermicompost");
            let (status, location, page) = post_form(&app, &shopper, &from_the_shop, &fields).await;
            assert_eq!(status, expected, "{name}: {fields}: {page}");
            assert_eq!(location, None);
            assert!(page.contains(words), "{name}: {fields}: {page}");
            assert!(
                page.contains("href=\"/dealer/wellroot-organics/vermicompost\"")
                    && page.contains("lang=\"en\""),
                "{name}: a way back to the page: {page}"
            );
        }
        // From a Tamil page, the page that says why is in Tamil.
        let (status, _, page) = post_form(
            &app,
            &shopper,
            &from_the_shop,
            &format!(
                "product_id={product}&variant_id={pack}&quantity=5\
                 &back=%2Fta%2Fdealer%2Fwellroot-organics%2Fvermicompost"
            ),
        )
        .await;
        assert_eq!(status, 409, "{name}");
        for words in [
            "lang=\"ta\"",
            "<title>கார்ட்டில் சேர்க்கப்படவில்லை</title>",
            "இப்போது 4 மட்டுமே வாங்க முடியும்",
            ">பக்கத்துக்குத் திரும்பவும்</a>",
            "href=\"/ta/dealer/wellroot-organics/vermicompost\"",
        ] {
            assert!(page.contains(words), "{name}: {words} in {page}");
        }
        assert!(lines(&app, &shopper).await.is_empty(), "{name}");

        // A way back that leaves the site is not followed.
        let (status, location, _) = post_form(
            &app,
            &shopper,
            &from_the_shop,
            &format!("product_id={product}&variant_id={pack}&quantity=1&back=https%3A%2F%2Felsewhere.example%2F"),
        )
        .await;
        assert_eq!(
            (status, location.as_deref()),
            (303, Some("/#cart")),
            "{name}"
        );
    }
}

#[actix_web::test]
async fn a_product_page_keeps_the_pack_it_was_asked_with_and_nothing_else() {
    for app in spawn_apps().await {
        let name = app.name();
        let canonical = format!(
            "<link rel=\"canonical\" href=\"{}{PRODUCT_PAGE}\"",
            app.config.public_url
        );
        for query in [
            "?pack=25-kg",
            "?pack=25-kg&ref=whatsapp",
            "?pack=%3Cscript%3E",
            "?pack=",
        ] {
            let response = app.get(&format!("{PRODUCT_PAGE}{query}")).await;
            assert_eq!(response.status().as_u16(), 200, "{name}: {query}");
            let page = response.text().await.unwrap();
            assert!(
                page.contains(&canonical),
                "{name}: {query}: the canonical address has no pack"
            );
            assert!(
                !page.contains("ref=whatsapp"),
                "{name}: {query}: a query the page does not use is dropped"
            );
            assert!(
                !page.contains("%3Cscript") && !page.contains("pack=<"),
                "{name}: {query}"
            );
        }
    }
}
