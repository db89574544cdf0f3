//! The day desk: the dashboard's figures (India-time days, cancelled orders apart), the
//! new-order badge, customers (search, paging, their page, a reset mail) and the contact inbox.
//! Each test runs on every database under test.

use chrono::{Datelike, Duration, NaiveDateTime, NaiveTime, Utc};
use diesel::prelude::*;
use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::order_body;
use crate::helpers::{TestApp, spawn_apps};

/// Writes an order straight to the database: `status`, `total_paise`, placed at `at` (UTC), for
/// `user` if given. Returns its id.
fn insert_order(
    app: &TestApp,
    status: &str,
    total_paise: i64,
    at: NaiveDateTime,
    user: Option<i64>,
) -> i64 {
    use db::schema::orders;
    let uuid = uuid::Uuid::new_v4().to_string();
    diesel::insert_into(orders::table)
        .values((
            orders::uuid.eq(&uuid),
            orders::number.eq(format!("T-{}", &uuid[..8])),
            orders::user_id.eq(user),
            orders::status.eq(status),
            orders::payment_method.eq("cod"),
            orders::contact_name.eq("Anitha Joseph"),
            orders::contact_email.eq("anitha@example.in"),
            orders::contact_phone.eq("+919847012345"),
            orders::shipping_address.eq("{}"),
            orders::billing_address.eq("{}"),
            orders::place_of_supply.eq("Kerala"),
            orders::item_count.eq(1),
            orders::subtotal_paise.eq(total_paise),
            orders::tax_paise.eq(0_i64),
            orders::cgst_paise.eq(0_i64),
            orders::sgst_paise.eq(0_i64),
            orders::igst_paise.eq(0_i64),
            orders::shipping_paise.eq(0_i64),
            orders::total_paise.eq(total_paise),
            orders::seller.eq("{}"),
            orders::created_at.eq(at),
            orders::updated_at.eq(at),
        ))
        .returning(orders::id)
        .get_result(&mut app.database.pool().get().unwrap())
        .unwrap()
}

/// Where today and this month began in India (UTC+5:30), as UTC, worked out apart from the
/// server's own code.
fn india_day_and_month_start() -> (NaiveDateTime, NaiveDateTime) {
    let offset = Duration::minutes(330);
    let india_now = Utc::now().naive_utc() + offset;
    let today = india_now.date();
    let first = today.with_day0(0).unwrap();
    (
        today.and_time(NaiveTime::MIN) - offset,
        first.and_time(NaiveTime::MIN) - offset,
    )
}

fn figures(dashboard: &Value, period: &str) -> (i64, f64, i64) {
    let period = &dashboard["orders"][period];
    (
        period["orders"].as_i64().unwrap(),
        period["sales"].as_f64().unwrap(),
        period["cancelled"].as_i64().unwrap(),
    )
}

fn waiting(dashboard: &Value) -> [i64; 3] {
    let waiting = &dashboard["orders"]["waiting"];
    ["to_confirm", "awaiting_payment", "to_ship"].map(|key| waiting[key].as_i64().unwrap())
}

#[actix_web::test]
async fn the_dashboard_counts_orders_and_sales_by_the_indian_day_without_cancelled_ones() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (status, before) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(status, 200, "{name}: {before}");

        let (day_start, month_start) = india_day_and_month_start();
        let second = Duration::seconds(1);
        // Just after midnight in India: today (in UTC it is still the evening before).
        insert_order(&app, "placed", 10_000, day_start + second, None);
        // Just before midnight in India: yesterday, though this month unless today is the 1st.
        insert_order(&app, "confirmed", 20_000, day_start - second, None);
        // Cancelled today: counted apart, not in the sales.
        insert_order(&app, "cancelled", 50_000, day_start + second * 2, None);
        // The last second of last month.
        insert_order(&app, "delivered", 100_000, month_start - second, None);
        // Now, waiting for payment.
        let latest = insert_order(
            &app,
            "awaiting_payment",
            5_050,
            Utc::now().naive_utc(),
            None,
        );

        let (status, after) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(status, 200, "{name}: {after}");
        let (orders, sales, cancelled) = figures(&before, "today");
        assert_eq!(
            figures(&after, "today"),
            (orders + 2, sales + 150.50, cancelled + 1),
            "{name}: {after}"
        );
        let yesterday_in_month = i64::from(day_start - second >= month_start);
        let (orders, sales, cancelled) = figures(&before, "month");
        assert_eq!(
            figures(&after, "month"),
            (
                orders + 2 + yesterday_in_month,
                sales + 150.50 + 200.0 * yesterday_in_month as f64,
                cancelled + 1
            ),
            "{name}: {after}"
        );
        let [confirm, payment, ship] = waiting(&before);
        assert_eq!(
            waiting(&after),
            [confirm + 1, payment + 1, ship + 1],
            "{name}: {after}"
        );
        assert_eq!(after["orders"]["latest_order_id"], latest, "{name}");
        assert!(after["low_stock"].is_array(), "{name}: {after}");
        assert!(after["low_stock_total"].is_u64(), "{name}: {after}");
        assert!(after["open_messages"].is_i64(), "{name}: {after}");
    }
}

#[actix_web::test]
async fn the_new_order_badge_counts_orders_placed_after_the_last_one_seen() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        // A browser without a mark is told where to start; nothing is new to it.
        let (status, start) = staff.get_json("/api/admin/dashboard/new-orders").await;
        assert_eq!(status, 200, "{name}: {start}");
        assert_eq!(start["count"], 0, "{name}");
        let seen = start["latest_order_id"].as_i64().unwrap_or(0);

        let (_, none) = staff
            .get_json(&format!("/api/admin/dashboard/new-orders?since={seen}"))
            .await;
        assert_eq!(none["count"], 0, "{name}: {none}");

        let now = Utc::now().naive_utc();
        insert_order(&app, "placed", 1_000, now, None);
        let newest = insert_order(&app, "awaiting_payment", 2_000, now, None);
        let (status, two) = staff
            .get_json(&format!("/api/admin/dashboard/new-orders?since={seen}"))
            .await;
        assert_eq!(status, 200, "{name}: {two}");
        assert_eq!(
            two,
            json!({"count": 2, "latest_order_id": newest}),
            "{name}"
        );
        let (_, zero) = staff
            .get_json(&format!("/api/admin/dashboard/new-orders?since={newest}"))
            .await;
        assert_eq!(zero["count"], 0, "{name}: {zero}");

        for bad in ["abc", "-1", "1.5"] {
            let (status, body) = staff
                .get_json(&format!("/api/admin/dashboard/new-orders?since={bad}"))
                .await;
            assert_eq!(status, 422, "{name}: {bad}: {body}");
            assert!(body["errors"]["since"].is_array(), "{name}: {body}");
        }
    }
}

/// A shopper registered in their own browser; returns the browser and their user id.
async fn customer(app: &TestApp, name: &str, email: &str, phone: &str) -> (TestApp, i64) {
    let shopper = app.another_shopper().await;
    let password = "Cardamom-Hills-2026";
    let (status, body) = shopper
        .post(
            "/api/register",
            json!({"name": name, "email": email, "phone": phone, "password": password, "password_confirmation": password}),
        )
        .await;
    assert_eq!(status, 201, "{}: {body}", app.name());
    let id = body["user"]["id"]
        .as_i64()
        .or_else(|| body["id"].as_i64())
        .unwrap_or_else(|| panic!("no user id in {body}"));
    (shopper, id)
}

fn emails(page: &Value) -> Vec<String> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["email"].as_str().unwrap().to_owned())
        .collect()
}

/// No answer to staff holds a password, its hash or a token.
fn assert_no_secrets(name: &str, answer: &Value) {
    let text = answer.to_string();
    for secret in ["password_hash", "$2", "token", "!unset"] {
        assert!(!text.contains(secret), "{name}: {secret} in {text}");
    }
}

#[actix_web::test]
async fn staff_find_customers_open_their_page_and_send_a_reset_mail() {
    for app in spawn_apps().await {
        let name = app.name();
        let (anitha, anitha_id) = customer(
            &app,
            "Anitha Joseph",
            "anitha.joseph@example.in",
            "+91 98470 11111",
        )
        .await;
        customer(
            &app,
            "Ravi Kumar",
            "ravi@estate.example.in",
            "+91 94470 22222",
        )
        .await;
        customer(&app, "Meera Pillai", "meera@example.in", "+91 94960 33333").await;
        let staff = app.with_staff().await;

        let search = |q: &str| format!("/api/admin/customers?q={}", urlencode(q));
        let (status, all) = staff.get_json("/api/admin/customers").await;
        assert_eq!(status, 200, "{name}: {all}");
        // Newest first; staff accounts are not customers.
        assert_eq!(
            emails(&all),
            [
                "meera@example.in",
                "ravi@estate.example.in",
                "anitha.joseph@example.in"
            ],
            "{name}"
        );
        assert_no_secrets(name, &all);
        for (q, expected) in [
            ("JOSEPH", vec!["anitha.joseph@example.in"]),
            ("estate.example", vec!["ravi@estate.example.in"]),
            ("94960 33333", vec!["meera@example.in"]),
            ("9847011111", vec!["anitha.joseph@example.in"]),
            ("%", vec![]),
            ("_", vec![]),
            ("staff.example.in", vec![]),
        ] {
            let (status, found) = staff.get_json(&search(q)).await;
            assert_eq!(status, 200, "{name}: {q}: {found}");
            assert_eq!(emails(&found), expected, "{name}: {q}");
        }
        let (_, first) = staff.get_json("/api/admin/customers?per_page=2").await;
        assert_eq!(
            (first["total"].as_u64(), first["has_more"].as_bool()),
            (Some(3), Some(true)),
            "{name}: {first}"
        );
        let (_, second) = staff
            .get_json("/api/admin/customers?per_page=2&page=2")
            .await;
        assert_eq!(
            emails(&second),
            ["anitha.joseph@example.in"],
            "{name}: {second}"
        );
        assert_eq!(second["has_more"], false, "{name}");
        let (status, body) = staff.get_json(&search(&"x".repeat(101))).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["q"].is_array(), "{name}: {body}");
        assert_eq!(
            staff.get_json("/api/admin/customers?page=0").await.0,
            422,
            "{name}"
        );

        // The customer's page: details, saved addresses and orders.
        let address = order_body("Kerala", "cod")["shipping_address"].clone();
        assert_eq!(
            anitha.post("/api/addresses", address).await.0,
            201,
            "{name}"
        );
        insert_order(
            &app,
            "shipped",
            236_000,
            Utc::now().naive_utc(),
            Some(anitha_id),
        );
        let (status, page) = staff
            .get_json(&format!("/api/admin/customers/{anitha_id}"))
            .await;
        assert_eq!(status, 200, "{name}: {page}");
        assert_eq!(page["customer"]["email"], "anitha.joseph@example.in");
        assert_eq!(page["addresses"][0]["city"], "Kumily", "{name}: {page}");
        assert_no_secrets(name, &page);
        let (status, orders) = staff
            .get_json(&format!("/api/admin/customers/{anitha_id}/orders"))
            .await;
        assert_eq!(status, 200, "{name}: {orders}");
        assert_eq!(orders["total"], 1, "{name}: {orders}");
        assert_eq!(orders["data"][0]["status"], "shipped");
        assert_eq!(orders["data"][0]["total"], 2360.0);
        assert!(orders["data"][0]["number"].is_string());

        // Unknown ids and staff accounts are not customers.
        for id in [999_999, staff.user_id] {
            for path in [
                format!("/api/admin/customers/{id}"),
                format!("/api/admin/customers/{id}/orders"),
            ] {
                assert_eq!(staff.get_json(&path).await.0, 404, "{name}: {path}");
            }
            let (status, _) = staff
                .post(
                    &format!("/api/admin/customers/{id}/password-reset"),
                    json!({}),
                )
                .await;
            assert_eq!(status, 404, "{name}: reset {id}");
        }

        // A reset mail: the shop's usual one, audited, and the password untouched.
        let hash_before = password_hash(&app, anitha_id);
        let mails_before = app.outbox().len();
        let reset = format!("/api/admin/customers/{anitha_id}/password-reset");
        let (status, body) = staff.post(&reset, json!({})).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_no_secrets(name, &json!({"customer": page, "reset": body}));
        let mails = app.outbox();
        assert_eq!(mails.len(), mails_before + 1, "{name}");
        let (to, subject, text, _) = mails.last().unwrap();
        assert_eq!(to, "anitha.joseph@example.in");
        assert!(subject.contains("Reset your"), "{name}: {subject}");
        assert!(text.contains("/reset-password?token="), "{name}");
        assert_eq!(password_hash(&app, anitha_id), hash_before, "{name}");
        let (_, audit) = app_admin_audit(&app, "user", anitha_id).await;
        assert_eq!(
            audit["data"][0]["action"], "customer.password_reset",
            "{name}: {audit}"
        );
        assert_eq!(audit["data"][0]["actor_id"], staff.user_id, "{name}");

        // Five in ten minutes per customer; the sixth waits.
        for _ in 0..4 {
            assert_eq!(staff.post(&reset, json!({})).await.0, 200, "{name}");
        }
        let (status, body) = staff.post(&reset, json!({})).await;
        assert_eq!(status, 429, "{name}: {body}");
    }
}

fn urlencode(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn password_hash(app: &TestApp, id: i64) -> String {
    use db::schema::users;
    users::table
        .find(id)
        .select(users::password_hash)
        .first::<Option<String>>(&mut app.database.pool().get().unwrap())
        .unwrap()
        .unwrap_or_default()
}

/// The audit log's lines about one entity, as an admin reads them.
async fn app_admin_audit(app: &TestApp, entity: &str, id: i64) -> (u16, Value) {
    let admin = app.with_admin().await;
    admin
        .get_json(&format!("/api/admin/audit?entity={entity}&entity_id={id}"))
        .await
}

#[actix_web::test]
async fn the_inbox_lists_waiting_messages_and_staff_mark_them_handled() {
    for app in spawn_apps().await {
        let name = app.name();
        let visitor = app.another_shopper().await;
        for (who, phone) in [("Ravi Kumar", "+91 94470 22222"), ("Meera Pillai", "")] {
            let (status, body) = visitor
                .post(
                    "/api/contact",
                    json!({"name": who, "email": "writer@example.in", "phone": phone, "subject": "Drip kit", "message": "Please call me about a drip kit for 2 acres."}),
                )
                .await;
            assert_eq!(status, 201, "{name}: {body}");
        }
        let staff = app.with_staff().await;
        let (status, open) = staff.get_json("/api/admin/messages").await;
        assert_eq!(status, 200, "{name}: {open}");
        assert_eq!(open["total"], 2, "{name}: {open}");
        // Newest first.
        assert_eq!(open["data"][0]["name"], "Meera Pillai", "{name}");
        assert_eq!(open["data"][0]["phone"], Value::Null, "{name}: {open}");
        assert_eq!(open["data"][1]["phone"], "+919447022222", "{name}: {open}");
        let id = open["data"][1]["id"].as_i64().unwrap();
        let (_, dashboard) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(dashboard["open_messages"], 2, "{name}");

        let handled = format!("/api/admin/messages/{id}/handled");
        let (status, body) = staff.send(Method::PUT, &handled, json!({})).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["handled"].is_array(), "{name}: {body}");
        let (status, marked) = staff
            .send(Method::PUT, &handled, json!({"handled": true}))
            .await;
        assert_eq!(status, 200, "{name}: {marked}");
        assert!(marked["handled_at"].is_string(), "{name}: {marked}");
        assert!(
            marked["handled_by_name"]
                .as_str()
                .unwrap()
                .starts_with("Staff Member"),
            "{name}: {marked}"
        );
        // Marking it again changes nothing and records nothing more.
        let (status, again) = staff
            .send(Method::PUT, &handled, json!({"handled": true}))
            .await;
        assert_eq!((status, &again["handled_at"]), (200, &marked["handled_at"]));

        let list = |status: &str| format!("/api/admin/messages?status={status}");
        let (_, open) = staff.get_json("/api/admin/messages").await;
        assert_eq!(open["total"], 1, "{name}: {open}");
        assert_eq!(
            staff.get_json(&list("handled")).await.1["total"],
            1,
            "{name}"
        );
        assert_eq!(staff.get_json(&list("all")).await.1["total"], 2, "{name}");
        let (status, body) = staff.get_json(&list("bogus")).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["status"].is_array(), "{name}");
        let (status, one) = staff.get_json(&format!("/api/admin/messages/{id}")).await;
        assert_eq!(status, 200, "{name}: {one}");
        assert_eq!(
            one["message"],
            "Please call me about a drip kit for 2 acres."
        );
        assert_eq!(
            staff.get_json("/api/admin/messages/999999").await.0,
            404,
            "{name}"
        );
        assert_eq!(
            staff
                .send(
                    Method::PUT,
                    "/api/admin/messages/999999/handled",
                    json!({"handled": true})
                )
                .await
                .0,
            404,
            "{name}"
        );

        // Back to waiting: who and when are cleared; both changes are in the audit log.
        let (status, reopened) = staff
            .send(Method::PUT, &handled, json!({"handled": false}))
            .await;
        assert_eq!(status, 200, "{name}: {reopened}");
        assert_eq!(reopened["handled_at"], Value::Null);
        assert_eq!(reopened["handled_by_name"], Value::Null);
        let (_, audit) = app_admin_audit(&app, "contact_message", id).await;
        let actions: Vec<&str> = audit["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            ["contact_message.reopened", "contact_message.handled"],
            "{name}: {audit}"
        );
        assert_eq!(audit["data"][1]["actor_id"], staff.user_id, "{name}");
    }
}
