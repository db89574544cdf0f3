use diesel::prelude::*;
use serde_json::json;

use crate::helpers::{TestApp, spawn_apps, xsrf_from};

fn set_cookie_named<'a>(response: &'a reqwest::Response, name: &str) -> Option<&'a str> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with(&format!("{name}=")))
}

#[actix_web::test]
async fn state_changes_without_the_anti_forgery_token_are_refused() {
    for app in spawn_apps().await {
        for (method, path) in [
            (reqwest::Method::POST, "/api/cart/add"),
            (reqwest::Method::POST, "/api/cart/clear"),
            (reqwest::Method::PUT, "/api/user"),
            (reqwest::Method::DELETE, "/api/addresses/1"),
            (reqwest::Method::PATCH, "/api/anything"),
        ] {
            let response = app
                .client
                .request(method.clone(), format!("{}{}", app.address, path))
                .json(&json!({"product_id": 1, "quantity": 1}))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 419, "{}: {method} {path}", app.name());
            assert_eq!(response.headers()["x-content-type-options"], "nosniff");
            let body: serde_json::Value = response.json().await.unwrap();
            assert_eq!(body, json!({"message": "CSRF token mismatch."}));
        }
        // A token, but not this session's.
        app.csrf().await;
        *app.xsrf_token.lock().unwrap() = Some("0".repeat(64));
        let (status, _) = app.post("/api/cart/clear", json!({})).await;
        assert_eq!(status, 419, "{}", app.name());
        // Another session's token does not work either.
        let other = TestApp::fresh_client();
        let theirs = other
            .get(format!("{}/api/csrf-cookie", app.address))
            .send()
            .await
            .unwrap();
        *app.xsrf_token.lock().unwrap() = xsrf_from(&theirs);
        let (status, _) = app.post("/api/cart/clear", json!({})).await;
        assert_eq!(status, 419, "{}", app.name());
    }
}

#[actix_web::test]
async fn cookies_are_scoped_and_sessions_are_stored_hashed() {
    for app in spawn_apps().await {
        let name = app.name();
        let browsing = app.get("/api/cart").await;
        assert!(
            browsing.headers().get("set-cookie").is_none(),
            "{name}: reading made a session"
        );

        let response = app.get("/api/csrf-cookie").await;
        assert_eq!(response.status(), 204);
        let xsrf = set_cookie_named(&response, "XSRF-TOKEN")
            .unwrap()
            .to_owned();
        assert!(
            !xsrf.contains("HttpOnly"),
            "{name}: the app must read XSRF-TOKEN: {xsrf}"
        );
        let session = set_cookie_named(&response, "storefront_session")
            .unwrap()
            .to_owned();
        assert!(session.contains("HttpOnly"), "{session}");
        assert!(session.contains("SameSite=Lax"), "{session}");
        assert!(
            session.contains("Max-Age=2592000"),
            "{name}: 30 days: {session}"
        );
        assert!(!session.contains("Secure"), "{name}: plain http here");

        let pool = app.database.pool();
        let ids: Vec<String> = db::schema::sessions::table
            .select(db::schema::sessions::id)
            .load(&mut pool.get().unwrap())
            .unwrap();
        assert_eq!(ids.len(), 1, "{name}");
        assert!(ids[0].len() == 64 && ids[0].chars().all(|c| c.is_ascii_hexdigit()));
        let cookie_value = session
            .split(';')
            .next()
            .unwrap()
            .split_once('=')
            .unwrap()
            .1;
        assert!(
            !cookie_value.contains(&ids[0]),
            "{name}: the stored id is not the cookie"
        );
    }
}

#[actix_web::test]
async fn session_keys_carry_256_random_bits() {
    use actix_session::storage::SessionStore;
    let database = db::testing::TestDatabase::sqlite();
    let store = server::session::DbSessionStore::new(database.pool(), 7200);
    let ttl = actix_web::cookie::time::Duration::days(1);
    let first = store.save(Default::default(), &ttl).await.unwrap();
    let second = store.save(Default::default(), &ttl).await.unwrap();
    assert_eq!(first.as_ref().len(), 64);
    assert!(hex::decode(first.as_ref()).is_ok());
    assert_ne!(first.as_ref(), second.as_ref());
    assert!(store.load(&first).await.unwrap().is_some());
}

#[actix_web::test]
async fn https_cookies_are_secure_and_host_prefixed_and_hsts_is_sent() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn_with(database, |c| {
        c.public_url = "https://shop.example.in".into()
    })
    .await;
    let response = app.get("/api/csrf-cookie").await;
    let session = set_cookie_named(&response, "__Host-storefront_session").unwrap();
    assert!(
        session.contains("Secure") && session.contains("Path=/") && !session.contains("Domain")
    );
    assert!(
        set_cookie_named(&response, "XSRF-TOKEN")
            .unwrap()
            .contains("Secure")
    );
    assert!(
        response.headers()["strict-transport-security"]
            .to_str()
            .unwrap()
            .contains("max-age=")
    );
}

#[actix_web::test]
async fn every_response_carries_the_security_headers() {
    for app in spawn_apps().await {
        for path in ["/api/brands", "/", "/api/products/none", "/healthz"] {
            let response = app.get(path).await;
            let headers = response.headers();
            let csp = headers["content-security-policy"].to_str().unwrap();
            assert!(
                csp.contains("script-src 'self'")
                    && !csp.contains("script-src 'self' 'unsafe-inline'"),
                "{csp}"
            );
            assert!(csp.contains("frame-ancestors 'none'"));
            assert_eq!(
                headers["x-content-type-options"],
                "nosniff",
                "{}: {path}",
                app.name()
            );
            assert!(headers.contains_key("referrer-policy"));
            assert!(
                !headers.contains_key("strict-transport-security"),
                "no HSTS on http"
            );
        }
    }
}

#[actix_web::test]
async fn bodies_over_16_kb_are_refused() {
    for app in spawn_apps().await {
        app.csrf().await;
        let padding = "x".repeat(17 * 1024);
        let (status, body) = app
            .post(
                "/api/cart/add",
                json!({"product_id": 1, "quantity": 1, "note": padding}),
            )
            .await;
        assert_eq!(status, 413, "{}", app.name());
        assert!(body["message"].is_string());
    }
}

#[actix_web::test]
async fn cors_answers_only_the_allowed_origins() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn_with(database, |c| {
        c.allowed_origins = vec!["https://app.example.in".into()]
    })
    .await;
    let allowed = app
        .client
        .get(format!("{}/api/search?search=neem", app.address))
        .header("Origin", "https://app.example.in")
        .send()
        .await
        .unwrap();
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://app.example.in"
    );
    assert_eq!(
        allowed.headers()["access-control-allow-credentials"],
        "true"
    );
    assert!(
        allowed.headers()["access-control-expose-headers"]
            .to_str()
            .unwrap()
            .to_lowercase()
            .contains("x-total-count")
    );

    let preflight = app
        .client
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/api/cart/add", app.address),
        )
        .header("Origin", "https://app.example.in")
        .header("Access-Control-Request-Method", "POST")
        .header(
            "Access-Control-Request-Headers",
            "content-type,x-xsrf-token",
        )
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success());
    assert!(
        preflight.headers()["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .to_lowercase()
            .contains("x-xsrf-token")
    );

    let refused = app
        .client
        .get(format!("{}/api/brands", app.address))
        .header("Origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(
        refused
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
}
