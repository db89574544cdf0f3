//! What the second outside test found at the back office's door: the last admin under
//! concurrency, guessing the second factor, an attacker's wrong passwords locking the member
//! out, staff getting 422 instead of 403, staff session limits outside `/api/admin`, and the
//! audit log (its new events, and the database refusing to edit it).

use std::time::Duration;

use db::schema::{audit_log, two_factor_locks, users};
use db::testing::test_databases;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::{STAFF_PASSWORD, TestApp, fresh_step, totp_code, unix_now, xsrf_from};

const COMMITTED: &str = include_str!("../../openapi.json");

fn login(email: &str) -> Value {
    json!({"email": email, "password": STAFF_PASSWORD})
}

/// The actions the audit log holds about `user` (as entity), oldest first.
fn audited(app: &TestApp, entity: &str, id: i64) -> Vec<String> {
    audit_log::table
        .filter(audit_log::entity.eq(entity))
        .filter(audit_log::entity_id.eq(id.to_string()))
        .order(audit_log::id)
        .select(audit_log::action)
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

fn set_role(app: &TestApp, id: i64, role: &str) {
    diesel::update(users::table.find(id))
        .set((
            users::role.eq(role),
            users::disabled_at.eq(None::<chrono::NaiveDateTime>),
        ))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

/// Active admins who can sign in.
fn active_admins(app: &TestApp) -> i64 {
    users::table
        .filter(users::role.eq("admin"))
        .filter(users::disabled_at.is_null())
        .filter(users::password_hash.ne("!unset"))
        .count()
        .get_result(&mut app.database.pool().get().unwrap())
        .unwrap()
}

/// Forgets the rate limits' counters, so a test may sign in more than five times a minute.
fn forget_limits(app: &TestApp) {
    diesel::sql_query("DELETE FROM rate_limits")
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

/// Signs a member of staff whose session ended in again (their step's code usable anew).
async fn sign_in_again(app: &TestApp, member: &crate::helpers::StaffClient) {
    use db::schema::user_totp;
    let mut conn = app.database.pool().get().unwrap();
    let secret: String = user_totp::table
        .find(member.user_id)
        .select(user_totp::secret)
        .first(&mut conn)
        .unwrap();
    diesel::update(user_totp::table.find(member.user_id))
        .set(user_totp::last_used_step.eq(None::<i64>))
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    forget_limits(app);
    member.csrf().await;
    fresh_step().await;
    member.staff_sign_in(&member.email, &secret).await;
}

/// `actor` demotes (or disables) admin `target`.
async fn remove_admin(actor: &TestApp, target: i64, disable: bool) -> (u16, Value) {
    let path = format!("/api/admin/staff/{target}");
    if disable {
        actor.post(&format!("{path}/disable"), json!({})).await
    } else {
        actor
            .send(reqwest::Method::PUT, &path, json!({"role": "staff"}))
            .await
    }
}

/// Two admins demote (or disable) each other at the same instant, round after round: exactly
/// one wins, the other is refused, and the shop always keeps an admin.
#[actix_web::test]
async fn two_admins_removing_each_other_at_once_leave_one_admin() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let first = app.with_admin().await;
        let second = app.with_admin().await;
        for round in 0..8 {
            let disable = round % 2 == 1;
            let ((a, a_body), (b, b_body)) = futures_util::future::join(
                remove_admin(&first, second.user_id, disable),
                remove_admin(&second, first.user_id, disable),
            )
            .await;
            let mut statuses = [a, b];
            statuses.sort_unstable();
            assert_eq!(
                statuses[0],
                200,
                "{}: round {round}: {a_body} {b_body}",
                app.name()
            );
            // The loser is refused by the rule (409), or, when the winner's change landed before
            // its request was let in, as no longer an admin (403) or, disabled, as signed out
            // (401, or 419 as its session and so its anti-forgery token are gone).
            assert!(
                [401, 403, 409, 419].contains(&statuses[1]),
                "{}: round {round}: {statuses:?} {a_body} {b_body}",
                app.name()
            );
            assert_eq!(active_admins(&app), 1, "{}: round {round}", app.name());
            // Both admins again for the next round; a disabled one signs in anew.
            set_role(&app, first.user_id, "admin");
            set_role(&app, second.user_id, "admin");
            for admin in [&first, &second] {
                if admin.get_json("/api/admin/staff").await.0 != 200 {
                    sign_in_again(&app, admin).await;
                }
            }
        }
    }
}

/// An invited admin who never chose a password cannot sign in, so does not count.
#[actix_web::test]
async fn an_admin_without_a_password_does_not_count_as_one() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let admin = app.with_admin().await;
        let (status, body) = admin
            .post(
                "/api/admin/staff",
                json!({"name": "Invited Admin", "email": "invited-admin@staff.example.in", "role": "admin"}),
            )
            .await;
        assert_eq!(status, 201, "{}: {body}", app.name());
        let invited = body["id"].as_i64().unwrap();
        let me = format!("/api/admin/staff/{}", admin.user_id);
        let (status, body) = admin
            .send(reqwest::Method::PUT, &me, json!({"role": "staff"}))
            .await;
        assert_eq!(status, 409, "{}: {body}", app.name());
        let (status, body) = admin.post(&format!("{me}/disable"), json!({})).await;
        assert_eq!(status, 409, "{}: {body}", app.name());
        // The invited admin, who does not count, may still be made staff.
        let (status, body) = admin
            .send(
                reqwest::Method::PUT,
                &format!("/api/admin/staff/{invited}"),
                json!({"role": "staff"}),
            )
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
    }
}

/// Every admin-only route (as the contract marks them), asked by a member of staff who is not
/// an admin with an invalid body or query, is refused 403, every time.
#[actix_web::test]
async fn staff_get_403_on_every_admin_only_route_whatever_the_body() {
    let document: Value = serde_json::from_str(COMMITTED).unwrap();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let forbidden = operation["responses"]["403"]["description"]
                .as_str()
                .unwrap_or_default();
            if forbidden.starts_with("Not an admin") {
                operations.push((method.to_uppercase(), path.replace("{id}", "1")));
            }
        }
    }
    assert!(operations.len() >= 8, "{operations:?}");
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let member = app.with_staff().await;
        for _ in 0..15 {
            for (method, path) in &operations {
                let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                let query = if method == reqwest::Method::GET {
                    "?month=never&from=yesterday&per_page=-1"
                } else {
                    ""
                };
                let (status, body) = member
                    .send(
                        method.clone(),
                        &format!("{path}{query}"),
                        json!({"role": "owner", "email": "not an address", "name": ""}),
                    )
                    .await;
                assert_eq!(status, 403, "{}: {method} {path}: {body}", app.name());
            }
        }
    }
}

/// The staff session's idle limit holds on the shop's own routes too, not only `/api/admin`.
#[actix_web::test]
async fn an_idle_staff_session_ends_on_every_route() {
    for database in test_databases() {
        let app = TestApp::spawn_with(database, |config| {
            config.staff_idle_secs = 2;
            config.staff_session_max_secs = 3600;
        })
        .await;
        fresh_step().await;
        let member = app.with_staff().await;
        assert_eq!(member.get_json("/api/user").await.0, 200);
        actix_web::rt::time::sleep(Duration::from_secs_f64(3.5)).await;
        assert_eq!(member.get_json("/api/user").await.0, 401, "{}", app.name());
        // The session is over, not only refused once.
        assert_eq!(member.get_json("/api/user").await.0, 401);
        assert_eq!(member.get_json("/api/admin/dashboard").await.0, 401);

        // A busy member's session lasts; their cart and profile keep it alive.
        let busy = app.with_staff().await;
        for _ in 0..3 {
            actix_web::rt::time::sleep(Duration::from_secs(1)).await;
            assert_eq!(busy.get_json("/api/cart").await.0, 200, "{}", app.name());
        }
        assert_eq!(busy.get_json("/api/user").await.0, 200, "{}", app.name());
    }
}

/// Wrong codes lock the second step for growing periods, in the database; the member is told
/// by mail and every step is audited.
#[actix_web::test]
async fn wrong_codes_lock_the_second_step_and_the_member_is_told() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let (user_id, email, secret) = app.staff_account("staff", true);
        let secret = secret.unwrap();
        app.csrf().await;
        assert_eq!(app.post("/api/login", login(&email)).await.0, 202);
        // Codes that cannot be right now (the current one plus 500000, mod a million).
        let wrong = || {
            let right: u32 = totp_code(&secret, unix_now()).parse().unwrap();
            format!("{:06}", (right + 500_000) % 1_000_000)
        };
        for _ in 0..5 {
            let (status, body) = app
                .post("/api/login/two-factor", json!({"code": wrong()}))
                .await;
            assert_eq!(status, 422, "{}: {body}", app.name());
        }
        // Locked: even the right code waits now (the client's own limit aside).
        forget_limits(&app);
        let token = app.xsrf_token.lock().unwrap().clone().unwrap();
        let locked = app
            .client
            .post(format!("{}/api/login/two-factor", app.address))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"code": totp_code(&secret, unix_now())}))
            .send()
            .await
            .unwrap();
        assert_eq!(locked.status(), 429, "{}", app.name());
        let wait: u64 = locked.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((30..=60).contains(&wait), "{}: {wait}", app.name());

        // The lock is a row in the database, which any process reads.
        let until = |app: &TestApp| -> Option<chrono::NaiveDateTime> {
            two_factor_locks::table
                .find(user_id)
                .select(two_factor_locks::locked_until)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let first = until(&app).unwrap() - chrono::Utc::now().naive_utc();
        assert!((50..=60).contains(&first.num_seconds()), "{first}");
        let actions = audited(&app, "user", user_id);
        assert_eq!(
            actions
                .iter()
                .filter(|a| *a == "staff.two_factor_failed")
                .count(),
            5,
            "{actions:?}"
        );
        assert!(actions.contains(&"staff.two_factor_locked".to_owned()));
        let mails: Vec<_> = app
            .outbox()
            .into_iter()
            .filter(|mail| mail.0 == email)
            .collect();
        assert_eq!(mails.len(), 1, "{}: {mails:?}", app.name());
        assert!(mails[0].1.contains("second step"), "{:?}", mails[0]);
        assert!(mails[0].2.contains("password"), "{:?}", mails[0]);

        // When it runs out, five more wrong codes lock it for twice as long.
        let expire = |app: &TestApp| {
            diesel::update(two_factor_locks::table.find(user_id))
                .set(
                    two_factor_locks::locked_until
                        .eq(chrono::Utc::now().naive_utc() - chrono::Duration::seconds(1)),
                )
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        };
        expire(&app);
        forget_limits(&app);
        for _ in 0..5 {
            let (status, _) = app
                .post("/api/login/two-factor", json!({"code": wrong()}))
                .await;
            assert_eq!(status, 422, "{}", app.name());
        }
        let second = until(&app).unwrap() - chrono::Utc::now().naive_utc();
        assert!((110..=120).contains(&second.num_seconds()), "{second}");

        // And the right code, once the lock is over, signs in and clears it.
        expire(&app);
        forget_limits(&app);
        fresh_step().await;
        let (status, body) = app
            .post(
                "/api/login/two-factor",
                json!({"code": totp_code(&secret, unix_now())}),
            )
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        assert_eq!(app.count_rows("two_factor_locks"), 0);
        assert!(audited(&app, "user", user_id).contains(&"staff.sign_in".to_owned()));
    }
}

/// Attempts from `from`, as the trusted proxy reports the client.
async fn login_from(app: &TestApp, from: &str, body: Value) -> reqwest::Response {
    let token = app.xsrf_token.lock().unwrap().clone().unwrap();
    let response = app
        .client
        .post(format!("{}/api/login", app.address))
        .header("X-XSRF-TOKEN", token)
        .header("X-Forwarded-For", from.to_owned())
        .json(&body)
        .send()
        .await
        .unwrap();
    if let Some(token) = xsrf_from(&response) {
        *app.xsrf_token.lock().unwrap() = Some(token);
    }
    response
}

/// Wrong passwords from rotating addresses no longer keep the member out: a staff member with
/// the right password reaches the code step, and a shopper's known browser signs in.
#[actix_web::test]
async fn an_attackers_wrong_passwords_do_not_lock_the_member_out() {
    for database in test_databases() {
        let app = TestApp::spawn_with(database, |c| c.trust_proxy = true).await;
        let (staff_id, staff_email, _) = app.staff_account("staff", true);
        let shopper = app.another_shopper().await;
        shopper.register("known-browser@example.in").await;
        assert_eq!(shopper.post("/api/logout", json!({})).await.0, 204);
        shopper.csrf().await;
        // A full sign-in makes this browser a known device for the account.
        let signed_in = login_from(
            &shopper,
            "198.51.100.20",
            json!({"email": "known-browser@example.in", "password": "Cardamom-Hills-2026"}),
        )
        .await;
        assert_eq!(signed_in.status(), 200);
        assert_eq!(shopper.post("/api/logout", json!({})).await.0, 204);
        shopper.csrf().await;

        let attacker = app.another_shopper().await;
        for n in 0..8 {
            for email in [staff_email.as_str(), "known-browser@example.in"] {
                login_from(
                    &attacker,
                    &format!("203.0.113.{n}"),
                    json!({"email": email, "password": "wrong-password-1"}),
                )
                .await;
            }
        }
        // The account's own limit stops the attacker's next wrong password...
        let refused = login_from(
            &attacker,
            "203.0.113.99",
            json!({"email": staff_email, "password": "wrong-password-1"}),
        )
        .await;
        assert_eq!(refused.status(), 429, "{}", app.name());
        // ... but not the member with the right password (the code step follows).
        let member = app.another_shopper().await;
        let response = login_from(&member, "198.51.100.7", login(&staff_email)).await;
        assert_eq!(response.status(), 202, "{}", app.name());
        // A shopper's browser that signed in before gets through, a stranger's does not.
        let response = login_from(
            &shopper,
            "198.51.100.21",
            json!({"email": "known-browser@example.in", "password": "Cardamom-Hills-2026"}),
        )
        .await;
        assert_eq!(response.status(), 200, "{}", app.name());
        let stranger = app.another_shopper().await;
        let response = login_from(
            &stranger,
            "198.51.100.22",
            json!({"email": "known-browser@example.in", "password": "Cardamom-Hills-2026"}),
        )
        .await;
        assert_eq!(response.status(), 429, "{}", app.name());
        // Every wrong password for the staff account is in the audit log.
        let failed = audited(&app, "user", staff_id)
            .into_iter()
            .filter(|a| a == "staff.sign_in_failed")
            .count();
        assert!(failed >= 5, "{}: {failed}", app.name());
    }
}

/// Sign-ins, a member's own e-mail and password changes and reads of customers' details are
/// in the audit log.
#[actix_web::test]
async fn sign_ins_own_changes_and_customer_reads_are_audited() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let member = app.with_staff().await;
        let actions = audited(&app, "user", member.user_id);
        assert!(actions.contains(&"staff.sign_in".to_owned()), "{actions:?}");

        let (status, body) = member
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Staff Member", "phone": "+91 98470 12345", "email": "renamed@staff.example.in", "current_password": STAFF_PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        let new_password = "Another-Back-Office-2027";
        let (status, body) = member
            .send(
                reqwest::Method::PUT,
                "/api/user/password",
                json!({"current_password": STAFF_PASSWORD, "password": new_password, "password_confirmation": new_password}),
            )
            .await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        let actions = audited(&app, "user", member.user_id);
        assert!(
            actions.contains(&"user.email_change".to_owned()),
            "{actions:?}"
        );
        assert!(
            actions.contains(&"user.password_change".to_owned()),
            "{actions:?}"
        );

        let shopper = app.another_shopper().await;
        shopper.register("read-me@example.in").await;
        let (_, me) = shopper.get_json("/api/user").await;
        let customer = me["id"].as_i64().unwrap();
        assert_eq!(
            member
                .get_json(&format!("/api/admin/customers/{customer}"))
                .await
                .0,
            200
        );
        assert_eq!(
            member
                .get_json(&format!("/api/admin/customers/{customer}/orders"))
                .await
                .0,
            200
        );
        assert_eq!(
            member.get_json("/api/admin/customers?q=read-me").await.0,
            200
        );
        let reads = audited(&app, "user", customer);
        assert!(reads.contains(&"customer.view".to_owned()), "{reads:?}");
        assert!(
            reads.contains(&"customer.orders_view".to_owned()),
            "{reads:?}"
        );
        let searches: i64 = audit_log::table
            .filter(audit_log::action.eq("customer.search"))
            .filter(audit_log::actor_id.eq(member.user_id))
            .count()
            .get_result(&mut app.database.pool().get().unwrap())
            .unwrap();
        assert_eq!(searches, 1);

        // A wrong password for a staff address is a failed sign-in.
        let stranger = app.another_shopper().await;
        let (status, _) = stranger
            .post(
                "/api/login",
                json!({"email": "renamed@staff.example.in", "password": "wrong-password-1"}),
            )
            .await;
        assert_eq!(status, 422);
        let actions = audited(&app, "user", member.user_id);
        assert!(
            actions.contains(&"staff.sign_in_failed".to_owned()),
            "{actions:?}"
        );
    }
}

/// The database itself refuses to change or remove what the audit log holds.
#[actix_web::test]
async fn the_database_refuses_to_edit_the_audit_log() {
    for database in test_databases() {
        let app = TestApp::spawn(database).await;
        fresh_step().await;
        let admin = app.with_admin().await;
        let (status, _) = admin
            .post(
                "/api/admin/staff",
                json!({"name": "New Member", "email": "new-member@staff.example.in", "role": "staff"}),
            )
            .await;
        assert_eq!(status, 201);
        let before = app.count_rows("audit_log");
        assert!(before >= 1);
        let mut conn = app.database.pool().get().unwrap();
        let update = diesel::sql_query("UPDATE audit_log SET action = 'nothing.happened'")
            .execute(&mut conn);
        assert!(update.is_err(), "{}: UPDATE was allowed", app.name());
        let delete = diesel::sql_query("DELETE FROM audit_log").execute(&mut conn);
        assert!(delete.is_err(), "{}: DELETE was allowed", app.name());
        drop(conn);
        assert_eq!(app.count_rows("audit_log"), before);
        let changed = app.count_rows("audit_log WHERE action = 'nothing.happened'");
        assert_eq!(changed, 0);
    }
}
