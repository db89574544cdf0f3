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
        assert!(page.text().await.unwrap().contains("<title>shop</title>"));

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
