//! The back office's door: staff sign-in with a second factor (TOTP or a recovery code), the
//! session limits, staff management and the audit log, and every `/api/admin/` route refused to
//! visitors and shoppers. Each test runs on every database under test.

use std::time::Duration;

use db::testing::test_databases;
use serde_json::{Value, json};

use crate::helpers::{STAFF_PASSWORD, TestApp, fresh_step, totp_code, unix_now};

const COMMITTED: &str = include_str!("../../openapi.json");

fn login(email: &str) -> Value {
    json!({"email": email, "password": STAFF_PASSWORD})
}

async fn sleep(seconds: f64) {
    actix_web::rt::time::sleep(Duration::from_secs_f64(seconds)).await;
}

#[actix_web::test]
async fn staff_sign_in_takes_a_code_and_a_code_works_once() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let (_, email, secret) = app.staff_account("admin", true);
        let secret = secret.unwrap();
        app.csrf().await;

        let (status, body) = app.post("/api/login", login(&email)).await;
        assert_eq!(status, 202, "{}: {body}", app.name());
        assert_eq!(
            body,
            json!({"two_factor_required": true, "enrolment_required": false})
        );
        // The password alone signs nobody in, and opens no admin route.
        assert_eq!(app.get_json("/api/user").await.0, 401, "{}", app.name());
        assert_eq!(
            app.get_json("/api/admin/staff").await.0,
            403,
            "{}",
            app.name()
        );

        let wrong = format!(
            "{:06}",
            (totp_code(&secret, unix_now()).parse::<u32>().unwrap() + 1) % 1_000_000
        );
        let (status, body) = app
            .post("/api/login/two-factor", json!({"code": wrong}))
            .await;
        assert_eq!(status, 422, "{}: {body}", app.name());
        assert!(body["errors"]["code"].is_array(), "{body}");

        let code = totp_code(&secret, unix_now());
        let (status, body) = app
            .post("/api/login/two-factor", json!({"code": code}))
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        assert_eq!(body["user"]["email"], email.as_str());
        assert_eq!(app.get_json("/api/user").await.0, 200);
        assert_eq!(app.get_json("/api/admin/staff").await.0, 200);

        // The same code again, in a new sign-in: refused.
        app.post("/api/logout", json!({})).await;
        app.csrf().await;
        assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
        let (status, body) = app
            .post("/api/login/two-factor", json!({"code": code}))
            .await;
        assert_eq!(status, 422, "{}: a reused code: {body}", app.name());
        assert_eq!(app.get_json("/api/admin/staff").await.0, 403);
        // Without a password step, the second step answers 401.
        let visitor = app.another_shopper().await;
        let (status, _) = visitor
            .post("/api/login/two-factor", json!({"code": code}))
            .await;
        assert_eq!(status, 401, "{}", app.name());
    }
}

#[actix_web::test]
async fn one_step_of_drift_is_accepted_two_are_not() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let (_, email, secret) = app.staff_account("staff", true);
        let secret = secret.unwrap();
        app.csrf().await;
        assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
        let now = unix_now();
        for off in [now - 60, now + 60] {
            let (status, body) = app
                .post(
                    "/api/login/two-factor",
                    json!({"code": totp_code(&secret, off)}),
                )
                .await;
            assert_eq!(status, 422, "{}: two steps off: {body}", app.name());
        }
        let (status, body) = app
            .post(
                "/api/login/two-factor",
                json!({"code": totp_code(&secret, now - 30)}),
            )
            .await;
        assert_eq!(status, 200, "{}: one step behind: {body}", app.name());

        app.post("/api/logout", json!({})).await;
        app.csrf().await;
        assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
        let (status, body) = app
            .post(
                "/api/login/two-factor",
                json!({"code": totp_code(&secret, now + 30)}),
            )
            .await;
        assert_eq!(status, 200, "{}: one step ahead: {body}", app.name());
    }
}

#[actix_web::test]
async fn enrolment_shows_the_secret_once_and_a_recovery_code_works_once() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let (_, email, _) = app.staff_account("admin", false);
        app.csrf().await;

        let (status, body) = app.post("/api/login", login(&email)).await;
        assert_eq!(status, 202, "{}: {body}", app.name());
        assert_eq!(body["enrolment_required"], true);
        // Not enrolled: nothing else of the back office opens, and no code signs in.
        assert_eq!(app.get_json("/api/admin/staff").await.0, 403);
        assert_eq!(
            app.post("/api/login/two-factor", json!({"code": "123456"}))
                .await
                .0,
            422
        );

        let (status, enrolment) = app.post("/api/admin/two-factor/setup", json!({})).await;
        assert_eq!(status, 200, "{}: {enrolment}", app.name());
        let secret = enrolment["secret"].as_str().unwrap().to_owned();
        let uri = enrolment["otpauth_uri"].as_str().unwrap();
        assert!(uri.starts_with("otpauth://totp/"), "{uri}");
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        assert!(enrolment["qr_svg"].as_str().unwrap().contains("<svg"));

        let (status, _) = app
            .post("/api/admin/two-factor/confirm", json!({"code": "000000"}))
            .await;
        assert_eq!(status, 422, "{}", app.name());
        let (status, done) = app
            .post(
                "/api/admin/two-factor/confirm",
                json!({"code": totp_code(&secret, unix_now())}),
            )
            .await;
        assert_eq!(status, 200, "{}: {done}", app.name());
        let codes: Vec<String> = serde_json::from_value(done["recovery_codes"].clone()).unwrap();
        assert_eq!(codes.len(), 10);
        assert_eq!(done["user"]["email"], email.as_str());

        // Signed in now; the secret and codes are never shown again.
        let (status, staff) = app.get_json("/api/admin/staff").await;
        assert_eq!(status, 200, "{staff}");
        assert_eq!(
            app.post("/api/admin/two-factor/setup", json!({})).await.0,
            403
        );
        let (_, audit) = app.get_json("/api/admin/audit").await;
        for shown in [staff.to_string(), audit.to_string()] {
            assert!(!shown.contains(&secret), "{shown}");
            assert!(codes.iter().all(|code| !shown.contains(code.as_str())));
        }

        // A recovery code signs in once.
        for expected in [200, 422] {
            app.post("/api/logout", json!({})).await;
            app.csrf().await;
            assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
            let (status, body) = app
                .post(
                    "/api/login/two-factor",
                    json!({"recovery_code": codes[3].to_uppercase()}),
                )
                .await;
            assert_eq!(status, expected, "{}: {body}", app.name());
        }
    }
}

#[actix_web::test]
async fn second_factor_attempts_are_rate_limited() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let (_, email, secret) = app.staff_account("staff", true);
        app.csrf().await;
        assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
        let mut statuses = Vec::new();
        for _ in 0..5 {
            statuses.push(
                app.post("/api/login/two-factor", json!({"code": "000000"}))
                    .await
                    .0,
            );
        }
        let right = totp_code(&secret.unwrap(), unix_now());
        let token = app.xsrf_token.lock().unwrap().clone().unwrap();
        let response = app
            .client
            .post(format!("{}/api/login/two-factor", app.address))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"code": right}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
        assert!(response.headers().contains_key("retry-after"));
        // A one-in-a-million chance that 000000 was right is not worth a flaky test.
        assert_eq!(&statuses[5..], [429], "{}: {statuses:?}", app.name());
        assert_eq!(app.get_json("/api/user").await.0, 401);
    }
}

#[actix_web::test]
async fn staff_sessions_end_when_idle_and_at_their_limit() {
    for database in test_databases() {
        let app = TestApp::spawn_with(database, |config| {
            config.staff_idle_secs = 3;
            config.staff_session_max_secs = 5;
        })
        .await;
        fresh_step().await;
        let idle = app.with_admin().await;
        let busy = app.with_admin().await;
        assert_eq!(idle.get_json("/api/admin/staff").await.0, 200);
        for _ in 0..2 {
            sleep(2.0).await;
            assert_eq!(
                busy.get_json("/api/admin/staff").await.0,
                200,
                "{}",
                app.name()
            );
        }
        // `idle` has not been seen for over 4 seconds.
        assert_eq!(
            idle.get_json("/api/admin/staff").await.0,
            401,
            "{}",
            app.name()
        );
        sleep(2.5).await;
        // `busy` was seen 2.5 seconds ago but signed in over 6 seconds ago.
        assert_eq!(
            busy.get_json("/api/admin/staff").await.0,
            401,
            "{}",
            app.name()
        );
        // And the session is over: the shop no longer knows them either.
        assert_eq!(busy.get_json("/api/user").await.0, 401);
    }
}

#[actix_web::test]
async fn admins_manage_staff_and_every_change_is_audited() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let admin = app.with_admin().await;
        let member = app.with_staff().await;
        let path = |action: &str| format!("/api/admin/staff/{}{action}", member.user_id);

        // Staff are not admins.
        assert_eq!(member.get_json("/api/admin/staff").await.0, 403);
        let (status, list) = admin.get_json("/api/admin/staff").await;
        assert_eq!(status, 200);
        let listed = list
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == member.user_id)
            .unwrap();
        assert_eq!(listed["role"], "staff");
        assert_eq!(listed["two_factor_enrolled"], true);

        let (status, body) = admin
            .send(reqwest::Method::PUT, &path(""), json!({"role": "admin"}))
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        assert_eq!(body["role"], "admin");
        assert_eq!(member.get_json("/api/admin/staff").await.0, 200);
        let (status, _) = admin
            .send(reqwest::Method::PUT, &path(""), json!({"role": "owner"}))
            .await;
        assert_eq!(status, 422);

        // Disabled: their session ends at once and they cannot sign in.
        let (status, body) = admin.post(&path("/disable"), json!({})).await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        assert!(body["disabled_at"].is_string());
        assert_eq!(member.get_json("/api/admin/staff").await.0, 401);
        member.csrf().await;
        let (status, _) = member.post("/api/login", login(&member.email)).await;
        assert_eq!(status, 422, "{}", app.name());

        // The last active admin can neither step down nor be disabled.
        let me = format!("/api/admin/staff/{}", admin.user_id);
        let (status, body) = admin
            .send(reqwest::Method::PUT, &me, json!({"role": "staff"}))
            .await;
        assert_eq!(status, 409, "{}: {body}", app.name());
        let (status, _) = admin.post(&format!("{me}/disable"), json!({})).await;
        assert_eq!(status, 409);
        assert_eq!(
            admin
                .post("/api/admin/staff/999999/disable", json!({}))
                .await
                .0,
            404
        );

        let (status, _) = admin.post(&path("/enable"), json!({})).await;
        assert_eq!(status, 200);
        assert_eq!(member.post("/api/login", login(&member.email)).await.0, 202);

        let (status, audit) = admin
            .get_json(&format!(
                "/api/admin/audit?entity=user&entity_id={}",
                member.user_id
            ))
            .await;
        assert_eq!(status, 200, "{audit}");
        let actions: Vec<&str> = audit["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["action"].as_str().unwrap())
            .collect();
        // Newest first; the oldest is the member's own sign-in.
        assert_eq!(
            actions,
            [
                "staff.enable",
                "staff.disable",
                "staff.role",
                "staff.sign_in"
            ]
        );
        let role = &audit["data"][2];
        assert_eq!(role["actor_id"], admin.user_id);
        assert!(
            role["actor_name"]
                .as_str()
                .unwrap()
                .starts_with("Staff Member")
        );
        assert_eq!(role["old_values"]["role"], "staff");
        assert_eq!(role["new_values"]["role"], "admin");
        assert_eq!(audit["total"], 4);

        let (_, by_actor) = admin
            .get_json(&format!(
                "/api/admin/audit?actor_id={}&per_page=1&from=2000-01-01",
                admin.user_id
            ))
            .await;
        assert_eq!(by_actor["data"].as_array().unwrap().len(), 1);
        assert_eq!(by_actor["has_more"], true);
        let (status, _) = admin.get_json("/api/admin/audit?from=yesterday").await;
        assert_eq!(status, 422);
    }
}

#[actix_web::test]
async fn an_invited_member_of_staff_chooses_a_password_and_enrols() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let admin = app.with_admin().await;
        let email = "new.hire@staff.example.in";
        let (status, body) = admin
            .post(
                "/api/admin/staff",
                json!({"name": "Meera Nair", "email": email}),
            )
            .await;
        assert_eq!(status, 201, "{}: {body}", app.name());
        assert_eq!(body["role"], "staff");
        assert_eq!(body["two_factor_enrolled"], false);
        let (status, _) = admin
            .post("/api/admin/staff", json!({"name": "Again", "email": email}))
            .await;
        assert_eq!(status, 422);

        let mail = app
            .outbox()
            .into_iter()
            .find(|m| m.0 == email)
            .expect("an invitation");
        // The link opens the page that says "Choose your password" (not "new" or "reset").
        assert!(mail.2.contains("&invited=1"), "{}", mail.2);
        let start = mail.2.find("token=").unwrap() + "token=".len();
        let token: String = mail.2[start..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit())
            .collect();

        let hire = app.another_shopper().await;
        let (status, body) = hire
            .post(
                "/api/reset-password",
                json!({"token": token, "email": email, "password": STAFF_PASSWORD, "password_confirmation": STAFF_PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = hire.post("/api/login", login(email)).await;
        assert_eq!(status, 202, "{body}");
        assert_eq!(body["enrolment_required"], true);

        let (_, audit) = admin.get_json("/api/admin/audit?entity=user").await;
        let invite = audit["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["action"] == "staff.invite")
            .unwrap();
        assert_eq!(invite["new_values"]["email"], email);
        assert!(invite["old_values"].is_null());
        assert!(!invite.to_string().contains(&token));
    }
}

/// Every documented `/api/admin/` operation, read from the committed contract so that routes
/// added later are covered too: a visitor gets 401, a signed-in shopper 403, and nothing changes.
#[actix_web::test]
async fn every_admin_route_refuses_visitors_and_shoppers() {
    let document: Value = serde_json::from_str(COMMITTED).unwrap();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        if path.starts_with("/api/admin/") {
            for method in item.as_object().unwrap().keys() {
                operations.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    assert!(operations.len() >= 8, "{operations:?}");
    let tables = [
        "users",
        "audit_log",
        "user_totp",
        "recovery_codes",
        "outbox",
    ];
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        let visitor = app.another_shopper().await;
        let shopper = app.another_shopper().await;
        shopper.register("shopper@example.in").await;
        let before: Vec<i64> = tables.iter().map(|t| app.count_rows(t)).collect();
        for (method, path) in &operations {
            let concrete = path
                .replace("{id}", "1")
                .replace("{slug}", "a-slug")
                .replace("{uuid}", "00000000-0000-4000-8000-000000000000")
                .replace("{number}", "ORD-2026-000001");
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let body =
                json!({"role": "admin", "name": "X Y", "email": "x@example.in", "code": "123456"});
            let (status, answer) = visitor.send(method.clone(), &concrete, body.clone()).await;
            assert_eq!(
                status,
                401,
                "{}: visitor {method} {path}: {answer}",
                app.name()
            );
            let (status, answer) = shopper.send(method.clone(), &concrete, body).await;
            assert_eq!(
                status,
                403,
                "{}: shopper {method} {path}: {answer}",
                app.name()
            );
            assert!(answer["message"].is_string(), "{answer}");
        }
        let after: Vec<i64> = tables.iter().map(|t| app.count_rows(t)).collect();
        assert_eq!(before, after, "{}: {tables:?}", app.name());
        // The shopper is still signed in: refusals end nobody's session.
        assert_eq!(shopper.get_json("/api/user").await.0, 200);
    }
}

/// `storefront create-admin` reads the password from standard input; the new admin signs in
/// with it and is sent to set up the second factor. A weak password is refused.
#[actix_web::test]
async fn create_admin_makes_an_admin_who_enrols_at_first_sign_in() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        let run = |email: &str, password: &str| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_storefront"))
                .args(["create-admin", email, "--name", "Shop Owner"])
                .env("DATABASE_URL", &app.database.url_string)
                .env("BCRYPT_COST", "4")
                .env("MEDIA_DIR", &app.config.media_dir)
                .env("RUST_LOG", "warn")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            writeln!(child.stdin.take().unwrap(), "{password}").unwrap();
            child.wait_with_output().unwrap()
        };
        let weak = run("owner@shop.example.in", "short");
        assert!(!weak.status.success());
        assert!(String::from_utf8_lossy(&weak.stderr).contains("at least 8 characters"));

        let made = run("owner@shop.example.in", STAFF_PASSWORD);
        let said = String::from_utf8_lossy(&made.stdout);
        assert!(
            made.status.success(),
            "{}: {said} {}",
            app.name(),
            String::from_utf8_lossy(&made.stderr)
        );
        assert!(!said.contains(STAFF_PASSWORD), "{said}");

        app.csrf().await;
        let (status, body) = app.post("/api/login", login("owner@shop.example.in")).await;
        assert_eq!(status, 202, "{}: {body}", app.name());
        assert_eq!(body["enrolment_required"], true);
    }
}
