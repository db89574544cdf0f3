//! "Keep me signed in": how long a sign-in lasts, in the browser and on the server; and the
//! cookies, CORS and CSP of an app whose API has its own host (`COOKIE_DOMAIN`, `API_URL`).

use chrono::{Duration, Utc};
use db::schema::sessions;
use db::testing::test_databases;
use diesel::prelude::*;
use serde_json::json;

use crate::helpers::{TestApp, spawn_apps, xsrf_from};

const PASSWORD: &str = "Cardamom-Hills-2026";

/// The whole `Set-Cookie` line that sets `name`.
fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|line| line.starts_with(&format!("{name}=")))
        .map(str::to_owned)
}

/// Registers `email` in a browser of its own, then signs out: an account to sign in to.
async fn account(app: &TestApp, email: &str) -> TestApp {
    let shopper = app.another_shopper().await;
    shopper.register(email).await;
    let (status, _) = shopper.post("/api/logout", json!({})).await;
    assert_eq!(status, 204, "{}", app.name());
    shopper
}

/// Signs in with the box ticked or not (`None`: the field left out); answers the response.
async fn sign_in(shopper: &TestApp, email: &str, remember: Option<bool>) -> reqwest::Response {
    shopper.csrf().await;
    let mut body = json!({"email": email, "password": PASSWORD});
    if let Some(remember) = remember {
        body["remember"] = json!(remember);
    }
    let token = shopper.xsrf_token.lock().unwrap().clone().unwrap();
    let response = shopper
        .client
        .post(format!("{}/api/login", shopper.address))
        .header("X-XSRF-TOKEN", token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{}", shopper.name());
    *shopper.xsrf_token.lock().unwrap() = xsrf_from(&response);
    response
}

/// The user's session rows: (kind, last used).
fn sessions_of(app: &TestApp, user: i64) -> Vec<(String, chrono::NaiveDateTime)> {
    sessions::table
        .filter(sessions::user_id.eq(user))
        .select((sessions::kind, sessions::last_used_at))
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

/// Pretends the user's sessions were last used `ago`.
fn last_used(app: &TestApp, user: i64, ago: Duration) {
    diesel::update(sessions::table.filter(sessions::user_id.eq(user)))
        .set(sessions::last_used_at.eq(Utc::now().naive_utc() - ago))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

async fn user_id(shopper: &TestApp) -> i64 {
    let (status, body) = shopper.get_json("/api/user").await;
    assert_eq!(status, 200, "{}: {body}", shopper.name());
    body["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn unticked_the_sign_in_ends_with_the_browser_or_after_two_hours_unused() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = account(&app, "shared-phone@example.in").await;
        for remember in [Some(false), None] {
            let response = sign_in(&shopper, "shared-phone@example.in", remember).await;
            let session = set_cookie(&response, "storefront_session").unwrap();
            assert!(
                !session.contains("Max-Age") && !session.contains("Expires"),
                "{name}: a cookie that ends with the browser: {session}"
            );
            let xsrf = set_cookie(&response, "XSRF-TOKEN").unwrap();
            assert!(!xsrf.contains("Max-Age"), "{name}: {xsrf}");
        }
        let user = user_id(&shopper).await;
        assert_eq!(sessions_of(&app, user)[0].0, "browser", "{name}");

        // A new key later (a password change renews the session) keeps the cookie short.
        let token = shopper.xsrf_token.lock().unwrap().clone().unwrap();
        let changed = shopper
            .client
            .put(format!("{}/api/user/password", shopper.address))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"current_password": PASSWORD, "password": "Nutmeg-Grove-2027", "password_confirmation": "Nutmeg-Grove-2027"}))
            .send()
            .await
            .unwrap();
        assert_eq!(changed.status(), 200, "{name}");
        let renewed = set_cookie(&changed, "storefront_session").unwrap();
        assert!(!renewed.contains("Max-Age"), "{name}: {renewed}");
        *shopper.xsrf_token.lock().unwrap() = xsrf_from(&changed);
        assert_eq!(sessions_of(&app, user)[0].0, "browser", "{name}");

        // Used 1 h 59 min ago: still signed in, and the use is noted.
        last_used(&app, user, Duration::minutes(119));
        assert_eq!(shopper.get_json("/api/user").await.0, 200, "{name}");
        let noted = sessions_of(&app, user)[0].1;
        assert!(
            Utc::now().naive_utc() - noted < Duration::minutes(1),
            "{name}: last use written again: {noted}"
        );

        // Two hours and a minute unused: signed out, the row gone.
        last_used(&app, user, Duration::minutes(121));
        let (status, body) = shopper.get_json("/api/user").await;
        assert_eq!(status, 401, "{name}: {body}");
        assert!(sessions_of(&app, user).is_empty(), "{name}: deleted");
        let (status, _) = shopper.get_json("/api/orders").await;
        assert_eq!(status, 401, "{name}");
    }
}

#[actix_web::test]
async fn ticked_the_sign_in_lasts_thirty_days() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = account(&app, "own-phone@example.in").await;
        let response = sign_in(&shopper, "own-phone@example.in", Some(true)).await;
        let session = set_cookie(&response, "storefront_session").unwrap();
        assert!(session.contains("Max-Age=2592000"), "{name}: {session}");
        let xsrf = set_cookie(&response, "XSRF-TOKEN").unwrap();
        assert!(xsrf.contains("Max-Age=2592000"), "{name}: {xsrf}");
        let user = user_id(&shopper).await;
        assert_eq!(sessions_of(&app, user)[0].0, "persistent", "{name}");

        // A day unused changes nothing.
        last_used(&app, user, Duration::hours(25));
        assert_eq!(shopper.get_json("/api/user").await.0, 200, "{name}");

        // Housekeeping removes only the idle browser sessions.
        let other = account(&app, "other-phone@example.in").await;
        sign_in(&other, "other-phone@example.in", Some(false)).await;
        let other_user = user_id(&other).await;
        last_used(&app, user, Duration::hours(3));
        last_used(&app, other_user, Duration::hours(3));
        let purged =
            server::session::purge_expired(&mut app.database.pool().get().unwrap(), 2 * 3600)
                .unwrap();
        assert_eq!(purged, 1, "{name}");
        assert_eq!(sessions_of(&app, user).len(), 1, "{name}");
        assert!(sessions_of(&app, other_user).is_empty(), "{name}");
    }
}

#[actix_web::test]
async fn a_staff_sign_in_keeps_its_choice_through_the_second_factor() {
    for app in spawn_apps().await {
        let name = app.name();
        let (_, email, secret) = app.staff_account("staff", true);
        let desk = app.another_shopper().await;
        let (status, _) = desk
            .post(
                "/api/login",
                json!({"email": email, "password": crate::helpers::STAFF_PASSWORD, "remember": false}),
            )
            .await;
        assert_eq!(status, 202, "{name}");
        crate::helpers::fresh_step().await;
        let code = crate::helpers::totp_code(&secret.unwrap(), crate::helpers::unix_now());
        let token = desk.xsrf_token.lock().unwrap().clone().unwrap();
        let response = desk
            .client
            .post(format!("{}/api/login/two-factor", desk.address))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"code": code}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{name}");
        let session = set_cookie(&response, "storefront_session").unwrap();
        assert!(!session.contains("Max-Age"), "{name}: {session}");
    }
}

#[actix_web::test]
async fn an_api_on_its_own_host_shares_the_cookies_under_the_parent_domain() {
    for database in test_databases() {
        let app = TestApp::spawn_with(database, |c| {
            c.public_url = "https://shop.example.in".into();
            c.api_url = Some("https://api.shop.example.in".into());
            c.cookie_domain = Some("shop.example.in".into());
        })
        .await;
        let name = app.name();
        // The app on shop.example.in asks the API for its token.
        let response = app
            .client
            .get(format!("{}/api/csrf-cookie", app.address))
            .header("Origin", "https://shop.example.in")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 204, "{name}");
        assert!(
            set_cookie(&response, "__Host-storefront_session").is_none(),
            "{name}: __Host- forbids a Domain"
        );
        let session = set_cookie(&response, "__Secure-storefront_session").unwrap();
        for part in ["Domain=shop.example.in", "Secure", "HttpOnly", "Path=/"] {
            assert!(session.contains(part), "{name}: {part} in {session}");
        }
        let xsrf = set_cookie(&response, "XSRF-TOKEN").unwrap();
        assert!(xsrf.contains("Domain=shop.example.in"), "{name}: {xsrf}");
        // The token the app reads from the header (its cookie is the API's) is the cookie's.
        let headers = response.headers();
        let token = headers["x-xsrf-token"].to_str().unwrap().to_owned();
        assert!(xsrf.starts_with(&format!("XSRF-TOKEN={token};")), "{name}");
        assert_eq!(
            headers["access-control-allow-origin"],
            "https://shop.example.in"
        );
        assert_eq!(headers["access-control-allow-credentials"], "true");
        let exposed = headers["access-control-expose-headers"]
            .to_str()
            .unwrap()
            .to_lowercase();
        assert!(exposed.contains("x-xsrf-token"), "{name}: {exposed}");

        // The browser sends the cookie back under its `__Secure-` name; the server reads it.
        let value = session
            .split(';')
            .next()
            .unwrap()
            .split_once('=')
            .unwrap()
            .1
            .to_owned();
        let (status, product) = app
            .get_json("/api/products/cardamom-harvesting-scissors")
            .await;
        assert_eq!(status, 200, "{name}");
        let product_id = product["id"].as_i64().unwrap();
        let browser = reqwest::Client::new();
        let add = browser
            .post(format!("{}/api/cart/add", app.address))
            .header("Origin", "https://shop.example.in")
            .header("Cookie", format!("__Secure-storefront_session={value}"))
            .header("X-XSRF-TOKEN", &token)
            .json(&json!({"product_id": product_id, "quantity": 2}))
            .send()
            .await
            .unwrap();
        assert_eq!(add.status(), 200, "{name}: {}", add.text().await.unwrap());
        let cart: serde_json::Value = browser
            .get(format!("{}/api/cart", app.address))
            .header("Cookie", format!("__Secure-storefront_session={value}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(cart["cart"]["count"], 2, "{name}: {cart}");
        // Under the name used without COOKIE_DOMAIN it is nobody's session.
        let other_name = browser
            .post(format!("{}/api/cart/add", app.address))
            .header("Cookie", format!("__Host-storefront_session={value}"))
            .header("X-XSRF-TOKEN", &token)
            .json(&json!({"product_id": product_id, "quantity": 1}))
            .send()
            .await
            .unwrap();
        assert_eq!(other_name.status(), 419, "{name}");

        // The pages tell the app where its API is; the CSP lets it connect and show its images.
        let page = app.get("/").await;
        let csp = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            csp.contains("connect-src 'self' https://api.shop.example.in;"),
            "{name}: {csp}"
        );
        assert!(csp.contains("img-src 'self' data: blob: https://api.shop.example.in;"));
        let html = page.text().await.unwrap();
        assert!(
            html.contains("<meta name=\"api-origin\" content=\"https://api.shop.example.in\">"),
            "{name}: {html}"
        );
    }
}

#[actix_web::test]
async fn cors_answers_exact_origins_only() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn_with(database, |c| {
        c.public_url = "https://shop.example.in".into();
        c.api_url = Some("https://api.shop.example.in".into());
        c.allowed_origins = vec!["https://partner.example.in".into()];
    })
    .await;
    for (origin, allowed) in [
        // The shop's own app (PUBLIC_URL, since the API is elsewhere) and ALLOWED_ORIGINS.
        ("https://shop.example.in", true),
        ("https://partner.example.in", true),
        // Look-alikes, another scheme or port, a sandboxed page: never.
        ("https://evil.example.in", false),
        ("https://shop.example.in.evil.com", false),
        ("https://evilshop.example.in", false),
        ("http://shop.example.in", false),
        ("https://shop.example.in:8443", false),
        ("https://api.shop.example.in", false),
        ("null", false),
    ] {
        let preflight = app
            .client
            .request(
                reqwest::Method::OPTIONS,
                format!("{}/api/cart/add", app.address),
            )
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header(
                "Access-Control-Request-Headers",
                "content-type,x-xsrf-token",
            )
            .send()
            .await
            .unwrap();
        let read = app
            .client
            .get(format!("{}/api/user", app.address))
            .header("Origin", origin)
            .send()
            .await
            .unwrap();
        for response in [&preflight, &read] {
            let headers = response.headers();
            let echoed = headers
                .get("access-control-allow-origin")
                .map(|v| v.to_str().unwrap().to_owned());
            if allowed {
                assert_eq!(echoed.as_deref(), Some(origin));
                assert_eq!(headers["access-control-allow-credentials"], "true");
            } else {
                assert_eq!(echoed, None, "{origin}");
                assert!(
                    headers.get("access-control-allow-credentials").is_none(),
                    "{origin}"
                );
            }
        }
    }
}
