use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};
use crate::smtp_sink::SmtpSink;

const PASSWORD: &str = "Cardamom-Hills-2026";

fn shopper(email: &str) -> Value {
    json!({
        "name": "Anitha Joseph",
        "email": email,
        "phone": "+91 98470 12345",
        "password": PASSWORD,
        "password_confirmation": PASSWORD,
    })
}

/// The token in the last queued mail's link to `path`.
fn token_from_mail(app: &TestApp, path: &str) -> String {
    let mails = app.outbox();
    let body = &mails
        .iter()
        .rev()
        .find(|m| m.2.contains(path))
        .expect("a mail with the link")
        .2;
    let start = body.find("token=").unwrap() + "token=".len();
    body[start..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect()
}

async fn register(app: &TestApp, email: &str) -> Value {
    app.csrf().await;
    let (status, body) = app.post("/api/register", shopper(email)).await;
    assert_eq!(status, 201, "{}: {body}", app.name());
    body
}

#[actix_web::test]
async fn registering_signs_in_and_sends_verification_and_welcome_mail() {
    for app in spawn_apps().await {
        let name = app.name();
        let body = register(&app, "  Anitha@Example.IN ").await;
        assert_eq!(body["user"]["email"], "anitha@example.in");
        assert_eq!(body["user"]["phone"], "+919847012345");
        assert!(body["user"].get("password_hash").is_none());
        let (status, user) = app.get_json("/api/user").await;
        assert_eq!(status, 200, "{name}");
        assert!(user["email_verified_at"].is_null());

        app.wait_for_mail().await;
        let mails = app.outbox();
        assert_eq!(mails.len(), 2, "{name}");
        assert!(mails.iter().all(|m| m.0 == "anitha@example.in"));
        assert!(mails[0].2.contains("http://127.0.0.1/verify-email?token="));
        let written: Vec<_> = std::fs::read_dir(&app.config.mail_dir).unwrap().collect();
        assert_eq!(written.len(), 2, "{name}: one .eml file per mail");

        // Follow the link: verified, once.
        let token = token_from_mail(&app, "/verify-email");
        assert_eq!(token.len(), 64, "256 random bits");
        let (status, verified) = app.post("/api/email/verify", json!({"token": token})).await;
        assert_eq!(status, 200, "{name}: {verified}");
        assert!(verified["user"]["email_verified_at"].is_string());
        let (status, again) = app.post("/api/email/verify", json!({"token": token})).await;
        assert_eq!(status, 422, "{name}: a token works once");
        assert_eq!(
            again["errors"]["token"][0],
            "This link is invalid or has expired."
        );
    }
}

#[actix_web::test]
async fn registration_rules_are_checked_field_by_field() {
    for app in spawn_apps().await {
        register(&app, "taken@example.in").await;
        let other = TestApp::fresh_client();
        let token = crate::helpers::xsrf_from(
            &other
                .get(format!("{}/api/csrf-cookie", app.address))
                .send()
                .await
                .unwrap(),
        )
        .unwrap();
        let attempt = |body: Value| {
            other
                .post(format!("{}/api/register", app.address))
                .header("X-XSRF-TOKEN", token.clone())
                .json(&body)
                .send()
        };
        let response = attempt(json!({
            "name": "A", "email": "nope", "phone": "+91 12", "password": "password1", "password_confirmation": "password1"
        }))
        .await
        .unwrap();
        assert_eq!(response.status(), 422, "{}", app.name());
        let body: Value = response.json().await.unwrap();
        for field in ["name", "email", "phone", "password"] {
            assert!(
                body["errors"][field][0].is_string(),
                "{field} not named: {body}"
            );
        }
        assert_eq!(body["errors"]["phone"][0], "Invalid phone number");
        assert!(
            body["errors"]["password"][0]
                .as_str()
                .unwrap()
                .contains("too common")
        );

        let mut duplicate = shopper("TAKEN@example.in");
        duplicate["password_confirmation"] = json!("something-else-2026");
        let body: Value = attempt(duplicate).await.unwrap().json().await.unwrap();
        assert_eq!(
            body["errors"]["email"][0],
            "The email has already been taken.",
            "{}",
            app.name()
        );
        assert!(
            body["errors"]["password"][0]
                .as_str()
                .unwrap()
                .contains("confirmation")
        );
    }
}

#[actix_web::test]
async fn a_failed_sign_in_says_the_same_whether_or_not_the_address_exists() {
    for app in spawn_apps().await {
        register(&app, "known@example.in").await;
        app.post("/api/logout", json!({})).await;
        app.csrf().await;
        let (known_status, known) = app
            .post(
                "/api/login",
                json!({"email": "known@example.in", "password": "wrong-password-1"}),
            )
            .await;
        let (unknown_status, unknown) = app
            .post(
                "/api/login",
                json!({"email": "nobody@example.in", "password": "wrong-password-1"}),
            )
            .await;
        assert_eq!(known_status, 422, "{}", app.name());
        assert_eq!((known_status, &known), (unknown_status, &unknown));
        assert_eq!(
            known["message"],
            "These credentials do not match our records."
        );

        let (forgot_known_status, forgot_known) = app
            .post("/api/forgot-password", json!({"email": "known@example.in"}))
            .await;
        let (forgot_unknown_status, forgot_unknown) = app
            .post(
                "/api/forgot-password",
                json!({"email": "nobody@example.in"}),
            )
            .await;
        assert_eq!(forgot_known_status, 200);
        assert_eq!(
            (forgot_known_status, forgot_known),
            (forgot_unknown_status, forgot_unknown)
        );
    }
}

/// Behind the proxy, the client writes the left of `X-Forwarded-For` and the proxy appends the
/// address it saw: only that rightmost entry may key the limits.
#[actix_web::test]
async fn a_forged_forwarded_address_does_not_dodge_the_limit() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn_with(database, |c| c.trust_proxy = true).await;
    app.csrf().await;
    let token = app.xsrf_token.lock().unwrap().clone().unwrap();
    let mut statuses = Vec::new();
    for n in 0..7 {
        let response = app
            .client
            .post(format!("{}/api/login", app.address))
            .header("X-XSRF-TOKEN", token.clone())
            // What nginx sends: the client's own header, then ", $remote_addr".
            .header("X-Forwarded-For", format!("203.0.113.{n}, 198.51.100.9"))
            .json(&json!({"email": format!("guess{n}@example.in"), "password": "wrong-password-1"}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
    }
    assert_eq!(statuses, [422, 422, 422, 422, 422, 429, 429]);
}

#[actix_web::test]
async fn sign_in_is_throttled_per_address_and_per_email() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn_with(database, |c| c.trust_proxy = true).await;
    app.csrf().await;
    let token = app.xsrf_token.lock().unwrap().clone().unwrap();
    let attempt = |email: &str, from: &str| {
        app.client
            .post(format!("{}/api/login", app.address))
            .header("X-XSRF-TOKEN", token.clone())
            .header("X-Forwarded-For", from.to_owned())
            .json(&json!({"email": email, "password": "wrong-password-1"}))
            .send()
    };
    for n in 0..5 {
        assert_eq!(
            attempt("victim@example.in", &format!("10.0.0.{n}"))
                .await
                .unwrap()
                .status(),
            422
        );
    }
    // A sixth try on the same account, even from a new address, must wait.
    let refused = attempt("victim@example.in", "10.0.0.99").await.unwrap();
    assert_eq!(refused.status(), 429);
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait));
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Too many attempts")
    );
    // And one address trying many accounts is stopped too.
    for n in 0..5 {
        attempt(&format!("user{n}@example.in"), "192.0.2.7")
            .await
            .unwrap();
    }
    assert_eq!(
        attempt("someone-else@example.in", "192.0.2.7")
            .await
            .unwrap()
            .status(),
        429
    );
}

#[actix_web::test]
async fn forms_that_send_mail_are_throttled() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn(database).await;
    app.csrf().await;
    let message = json!({"name": "Ravi", "email": "ravi@example.in", "message": "Do you deliver to Vandanmedu?"});
    for _ in 0..5 {
        let (status, body) = app.post("/api/contact", message.clone()).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, _) = app.post("/api/contact", message).await;
    assert_eq!(status, 429);
}

#[actix_web::test]
async fn signing_in_renews_the_session_and_signing_out_ends_it() {
    for app in spawn_apps().await {
        register(&app, "fixation@example.in").await;
        app.post("/api/logout", json!({})).await;
        let (status, _) = app.get_json("/api/user").await;
        assert_eq!(status, 401, "{}: signed out", app.name());

        // An attacker plants a session, the victim signs in on it: the planted one gains nothing.
        let planted_cookie = {
            let response = app.get("/api/csrf-cookie").await;
            *app.xsrf_token.lock().unwrap() = crate::helpers::xsrf_from(&response);
            response
                .cookies()
                .find(|c| c.name() == "storefront_session")
                .unwrap()
                .value()
                .to_owned()
        };
        let (status, _) = app
            .post(
                "/api/login",
                json!({"email": "fixation@example.in", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{}", app.name());
        let (status, _) = app.get_json("/api/user").await;
        assert_eq!(status, 200);
        let with_planted = reqwest::Client::new()
            .get(format!("{}/api/user", app.address))
            .header("Cookie", format!("storefront_session={planted_cookie}"))
            .send()
            .await
            .unwrap();
        assert_eq!(
            with_planted.status(),
            401,
            "{}: the pre-sign-in session is not signed in",
            app.name()
        );

        // The old anti-forgery token went with the old session; the new one works.
        let (status, _) = app.post("/api/logout", json!({})).await;
        assert_eq!(status, 204);
        let (status, _) = app.get_json("/api/user").await;
        assert_eq!(status, 401);
    }
}

#[actix_web::test]
async fn a_password_reset_works_once_and_ends_every_session() {
    for app in spawn_apps().await {
        let name = app.name();
        register(&app, "reset@example.in").await;
        let elsewhere = TestApp::fresh_client();
        // The same shopper signed in on a second device.
        let token = crate::helpers::xsrf_from(
            &elsewhere
                .get(format!("{}/api/csrf-cookie", app.address))
                .send()
                .await
                .unwrap(),
        )
        .unwrap();
        let signed_in = elsewhere
            .post(format!("{}/api/login", app.address))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"email": "reset@example.in", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(signed_in.status(), 200);

        app.post("/api/forgot-password", json!({"email": "RESET@example.in"}))
            .await;
        let token = token_from_mail(&app, "/reset-password");
        assert!(
            app.outbox()
                .last()
                .unwrap()
                .2
                .contains("&email=reset%40example.in")
        );
        let new_password = "Pepper-Vines-Anew-7";
        let reset = json!({"token": token, "email": "reset@example.in", "password": new_password, "password_confirmation": new_password});
        let (status, body) = app.post("/api/reset-password", reset.clone()).await;
        assert_eq!(status, 200, "{name}: {body}");
        let (status, _) = app.get_json("/api/user").await;
        assert_eq!(status, 401, "{name}: this browser's session ended");
        app.csrf().await;
        let (status, _) = app.post("/api/reset-password", reset).await;
        assert_eq!(status, 422, "{name}: a reset token works once");

        let other = elsewhere
            .get(format!("{}/api/user", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(
            other.status(),
            401,
            "{name}: the other device's session ended"
        );

        app.csrf().await;
        let (status, _) = app
            .post(
                "/api/login",
                json!({"email": "reset@example.in", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 422, "{name}: the old password no longer works");
        let (status, _) = app
            .post(
                "/api/login",
                json!({"email": "reset@example.in", "password": new_password}),
            )
            .await;
        assert_eq!(status, 200, "{name}");
    }
}

#[actix_web::test]
async fn expired_tokens_are_refused() {
    for app in spawn_apps().await {
        register(&app, "late@example.in").await;
        let token = token_from_mail(&app, "/verify-email");
        {
            use db::schema::user_tokens::dsl::*;
            let pool = app.database.pool();
            diesel::update(user_tokens)
                .set(expires_at.eq(chrono::Utc::now().naive_utc() - chrono::Duration::minutes(1)))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        let (status, _) = app.post("/api/email/verify", json!({"token": token})).await;
        assert_eq!(status, 422, "{}", app.name());
        let (status, body) = app
            .post("/api/email/verification-notification", json!({}))
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        let fresh = token_from_mail(&app, "/verify-email");
        assert_ne!(fresh, token);
        let (status, _) = app.post("/api/email/verify", json!({"token": fresh})).await;
        assert_eq!(status, 200);
    }
}

#[actix_web::test]
async fn the_anonymous_cart_joins_the_shoppers_cart_at_sign_in() {
    for app in spawn_apps().await {
        let name = app.name();
        let product: Value = app.get_json("/api/products/banana-bunch-knife").await.1;
        let id = product["id"].as_i64().unwrap();
        let stock = product["stock"].as_i64().unwrap();
        register(&app, "merge@example.in").await;
        app.post(
            "/api/cart/add",
            json!({"product_id": id, "quantity": stock - 1}),
        )
        .await;
        app.post("/api/logout", json!({})).await;

        app.csrf().await;
        let (status, cart) = app
            .post("/api/cart/add", json!({"product_id": id, "quantity": 5}))
            .await;
        assert_eq!(status, 200, "{name}: {cart}");
        let (status, _) = app
            .post(
                "/api/login",
                json!({"email": "merge@example.in", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200);
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(
            cart["products"][0]["quantity"], stock,
            "{name}: quantities add, capped by stock"
        );
        assert_eq!(cart["products"].as_array().unwrap().len(), 1);
    }
}

#[actix_web::test]
async fn the_profile_and_password_can_be_changed() {
    for app in spawn_apps().await {
        let name = app.name();
        register(&app, "profile@example.in").await;
        let (status, body) = app
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Anitha J.", "phone": "+1 201 555 0123"}),
            )
            .await;
        assert_eq!(
            (status, body["errors"]["current_password"].is_array()),
            (422, true),
            "{name}: a new mobile number (a way to sign in) needs the current password: {body}"
        );
        let (status, body) = app
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Anitha J.", "phone": "+1 201 555 0123", "current_password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["phone"], "+12015550123");
        assert!(body["user"]["phone_verified_at"].is_null());
        let (status, body) = app
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Anitha J.", "phone": "+91 98470 12345", "email": "new@example.in"}),
            )
            .await;
        assert_eq!(
            status, 422,
            "{name}: a new address needs the current password"
        );
        assert!(body["errors"]["current_password"].is_array());
        let (status, body) = app
            .send(reqwest::Method::PUT, "/api/user", json!({"name": "Anitha J.", "phone": "+91 98470 12345", "email": "new@example.in", "current_password": PASSWORD}))
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["email"], "new@example.in");
        assert!(body["user"]["email_verified_at"].is_null());
        assert_eq!(app.outbox().last().unwrap().0, "new@example.in");

        let change = json!({"current_password": PASSWORD, "password": "Nutmeg-Grove-2027", "password_confirmation": "Nutmeg-Grove-2027"});
        let (status, _) = app
            .send(reqwest::Method::PUT, "/api/user/password", change)
            .await;
        assert_eq!(status, 200, "{name}");
        let (status, _) = app.get_json("/api/user").await;
        assert_eq!(status, 200, "{name}: this browser stays signed in");
    }
}

#[actix_web::test]
async fn the_contact_form_reaches_the_shop_and_answers_the_sender() {
    for app in spawn_apps().await {
        app.csrf().await;
        let (status, body) = app.post("/api/contact", json!({"name": "Ravi", "email": "ravi@example.in", "phone": "", "message": "short"})).await;
        assert_eq!(status, 422, "{}", app.name());
        assert!(body["errors"]["message"].is_array());
        let (status, _) = app
            .post("/api/contact", json!({"name": "Ravi", "email": "ravi@example.in", "subject": "Drip kit", "message": "Please call me about a drip kit for 2 acres."}))
            .await;
        assert_eq!(status, 201);
        let mails = app.outbox();
        assert_eq!(mails.len(), 2);
        assert_eq!(mails[0].0, "ravi@example.in");
        assert_eq!(
            mails[1].0,
            app.state.shop.facts.email,
            "{}: the staff notice goes to the shop",
            app.name()
        );
        assert!(mails[1].2.contains("drip kit for 2 acres"));
    }
}

#[actix_web::test]
async fn mail_waits_while_smtp_is_down_and_survives_a_restart() {
    // Reserve a port, keep nothing listening on it yet.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let database = db::testing::TestDatabase::sqlite();
    let mut app = TestApp::spawn_with(database, |c| {
        c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"))
    })
    .await;
    register(&app, "patient@example.in").await;
    // The worker tries and fails; the mail stays queued with its attempt counted.
    for _ in 0..50 {
        let attempts: Vec<i32> = {
            use db::schema::outbox::dsl::*;
            outbox
                .select(attempts)
                .load(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        if attempts.iter().all(|a| *a >= 1) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        app.outbox().iter().all(|m| !m.3),
        "nothing was sent while SMTP was down"
    );

    // SMTP comes back; the server restarts; the retry is due: everything arrives.
    let sink = SmtpSink::start_on(std::net::TcpListener::bind(("127.0.0.1", port)).unwrap());
    app.restart().await;
    {
        use db::schema::outbox::dsl::*;
        diesel::update(outbox)
            .set(next_attempt_at.eq(chrono::Utc::now().naive_utc()))
            .execute(&mut app.database.pool().get().unwrap())
            .unwrap();
    }
    app.wait_for_mail().await;
    let received = sink.received.lock().unwrap().clone();
    assert_eq!(received.len(), 2);
    assert!(
        received
            .iter()
            .any(|m| m.contains("Verify your e-mail address"))
    );
    assert!(received.iter().all(|m| m.contains("patient@example.in")));
}
