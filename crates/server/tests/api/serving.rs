use crate::helpers::spawn_apps;

#[actix_web::test]
async fn health_check_reports_the_database() {
    for app in spawn_apps().await {
        let (status, body) = app.get_json("/healthz").await;
        assert_eq!(status, 200, "{}", app.name());
        assert_eq!(body["status"], "ok");
    }
}

#[actix_web::test]
async fn unknown_api_paths_are_json_404s_and_other_paths_get_the_app() {
    for app in spawn_apps().await {
        let (status, body) = app.get_json("/api/no-such-thing").await;
        assert_eq!(status, 404, "{}", app.name());
        assert!(body["message"].as_str().unwrap().len() > 5);

        let page = app.get("/category/fertilisers/micronutrients").await;
        assert_eq!(page.status(), 200);
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let html = page.text().await.unwrap();
        assert!(
            html.starts_with("<!doctype html><html lang=\"en\"><title>"),
            "{html}"
        );
        assert!(html.contains("id=\"initial-data\""));

        let asset = app.get("/assets/app-1234.js").await;
        assert_eq!(asset.status(), 200);
        assert_eq!(
            asset.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
    }
}

#[actix_web::test]
async fn media_files_are_served_with_caching() {
    for app in spawn_apps().await {
        let (_, brands) = app.get_json("/api/brands").await;
        let url = brands["brands"][0]["image_url"]
            .as_str()
            .unwrap()
            .to_owned();
        let image = app.get(&url).await;
        assert_eq!(image.status(), 200, "{}: {url}", app.name());
        assert_eq!(image.headers()["content-type"], "image/svg+xml");
        assert!(
            image.headers()["cache-control"]
                .to_str()
                .unwrap()
                .contains("max-age")
        );
        assert!(image.text().await.unwrap().starts_with("<svg"));
    }
}

#[actix_web::test]
async fn responses_are_compressed_when_the_client_accepts_it() {
    for app in spawn_apps().await {
        let raw = reqwest::Client::builder().no_gzip().build().unwrap();
        let response = raw
            .get(format!("{}/api/categories", app.address))
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.headers()["content-encoding"],
            "gzip",
            "{}",
            app.name()
        );
    }
}

#[actix_web::test]
async fn hashed_assets_are_sent_precompressed_when_the_client_takes_it() {
    let app = crate::helpers::TestApp::spawn(db::testing::TestDatabase::sqlite()).await;
    let raw = reqwest::Client::builder().no_gzip().build().unwrap();
    let fetch = |encoding: &'static str| {
        raw.get(format!("{}/assets/app-1234.js", app.address))
            .header("Accept-Encoding", encoding)
            .send()
    };
    let brotli = fetch("gzip, deflate, br").await.unwrap();
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert!(
        brotli.headers()["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Encoding")
    );
    assert_eq!(
        brotli.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        brotli.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli bytes");
    // No precompressed gzip copy here: compressed on the fly instead; no encoding: as it is.
    let plain = fetch("identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), "console.log(1)");
    assert_eq!(fetch("br").await.unwrap().status(), 200);
    let missing = raw
        .get(format!("{}/assets/nope.js", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}

#[actix_web::test]
async fn the_app_page_is_revalidated_and_a_missing_photo_is_not_cached() {
    for app in spawn_apps().await {
        for path in ["/", "/index.html"] {
            let page = app.get(path).await;
            assert_eq!(page.status(), 200, "{path}");
            assert_eq!(page.headers()["cache-control"], "no-cache", "{path}");
        }
        let missing = app.get("/media/products/not-there.webp").await;
        assert_eq!(missing.status(), 404);
        assert_eq!(missing.headers()["cache-control"], "no-cache");
    }
}

#[actix_web::test]
async fn a_known_address_with_the_wrong_method_is_a_405_naming_the_right_ones() {
    for app in spawn_apps().await {
        app.csrf().await;
        let response = app.get("/api/cart/add").await;
        assert_eq!(response.status(), 405, "{}", app.name());
        assert_eq!(response.headers()["allow"], "POST");
        let (status, _) = app
            .send(
                reqwest::Method::PATCH,
                "/api/addresses/3",
                serde_json::json!({}),
            )
            .await;
        assert_eq!(status, 405);
        let (status, _) = app.get_json("/api/no-such-thing").await;
        assert_eq!(status, 404);
    }
}

/// A NUL or other control character is refused at the edge (PostgreSQL cannot store NUL in
/// text, so it used to be a 500 there).
#[actix_web::test]
async fn control_characters_are_refused_at_the_edge() {
    for app in spawn_apps().await {
        app.csrf().await;
        let (status, body) = app
            .post(
                "/api/contact",
                serde_json::json!({"name": "Anu\u{0}", "email": "anu@example.in", "message": "Hello there, about\u{0} pepper"}),
            )
            .await;
        assert_eq!(status, 422, "{}: {body}", app.name());
        assert!(body["errors"]["name"].is_array() && body["errors"]["message"].is_array());
        let (status, body) = app.get_json("/api/products/%00").await;
        assert_eq!(status, 404, "{}: {body}", app.name());
        let (status, body) = app.get_json("/api/brands/a%00b/products").await;
        assert_eq!(status, 404, "{}: {body}", app.name());
    }
}

/// The catalogue lists are compressed once per snapshot, in the encoding the browser prefers,
/// and decode to exactly what an uncompressed request gets.
#[actix_web::test]
async fn catalogue_lists_are_sent_in_the_preferred_encoding_and_decode_to_the_same_json() {
    let app = crate::helpers::TestApp::spawn(db::testing::TestDatabase::sqlite()).await;
    let raw = reqwest::Client::builder().no_gzip().build().unwrap();
    for path in [
        "/api/brands",
        "/api/categories",
        "/api/featured-products",
        "/api/awards",
        "/api/shop",
    ] {
        let plain = raw
            .get(format!("{}{path}", app.address))
            .header("Accept-Encoding", "identity")
            .send()
            .await
            .unwrap();
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
        let plain = plain.bytes().await.unwrap();
        for _ in 0..2 {
            let response = raw
                .get(format!("{}{path}", app.address))
                .header("Accept-Encoding", "gzip, deflate, br, zstd")
                .send()
                .await
                .unwrap();
            assert_eq!(response.headers()["content-encoding"], "br", "{path}");
            let vary = response.headers()["vary"].to_str().unwrap().to_owned();
            assert!(vary.contains("Accept-Encoding"), "{path}: {vary}");
            let body = response.bytes().await.unwrap();
            let mut decoded = Vec::new();
            brotli::BrotliDecompress(&mut body.as_ref(), &mut decoded).unwrap();
            assert_eq!(decoded, plain.as_ref(), "{path}");
        }
    }
}

/// A quality of 0 refuses a coding (RFC 9110 §12.5.3): `gzip;q=0` must get no gzip, and `*`
/// stands for the codings not named. Before, any mention of `gzip` counted as taking it.
#[actix_web::test]
async fn a_coding_with_quality_zero_is_never_sent() {
    // No kept search answers: the search is encoded as it is made (a kept one is sent as the
    // categories are, which this test covers too).
    let app = crate::helpers::TestApp::spawn_with(db::testing::TestDatabase::sqlite(), |config| {
        config.search_answers = 0;
    })
    .await;
    let raw = reqwest::Client::builder().no_gzip().build().unwrap();
    let cases = [
        ("gzip;q=0", None),
        ("gzip;q=0, br;q=0", None),
        ("br;q=0, gzip", Some("gzip")),
        ("br;q=0, *;q=0.5", Some("gzip")),
        ("*", Some("br")),
    ];
    for path in [
        "/",
        "/api/categories",
        "/api/search?search=neem",
        "/assets/app-1234.js",
    ] {
        for (accept, expected) in cases {
            let response = raw
                .get(format!("{}{path}", app.address))
                .header("Accept-Encoding", accept)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{path} {accept}");
            let encoding = response
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_owned());
            let expected = match (path, expected) {
                (_, None) => None,
                // The test's asset has a brotli copy but no gzip one: actix-web's `Compress`
                // answers it, and takes `*` for no coding at all (identity is acceptable).
                ("/assets/app-1234.js", Some(_)) if accept.contains("*;") => None,
                ("/api/search?search=neem", Some(_)) => Some("gzip"),
                (_, Some(coding)) => Some(coding),
            };
            assert_eq!(encoding.as_deref(), expected, "{path} with `{accept}`");
        }
    }
}
