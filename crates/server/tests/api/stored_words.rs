//! An order whose stored status or payment state is a word the shop does not know (written by
//! hand, or by another version) is never read as a default: every answer that reads it is a 500
//! in the error shape, and the order is neither moved as if it were placed nor paid as if it were
//! unpaid. On both databases.

use diesel::prelude::*;
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps};

const SORRY: &str = "Something went wrong on our side. Please try again.";

/// A guest's order paid by `payment`: its UUID and number.
async fn order(app: &TestApp, payment: &str) -> (String, String) {
    let shopper = shopper_with_cart(app, &[("banana-bunch-knife", 1)]).await;
    let state = if payment == "cod" {
        "Kerala"
    } else {
        "Tamil Nadu"
    };
    let (status, order, _) = checkout(&shopper, &key(), order_body(state, payment)).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    (
        order["uuid"].as_str().unwrap().to_owned(),
        order["number"].as_str().unwrap().to_owned(),
    )
}

/// The stored status and payment state of the order, and how many status changes it has.
fn stored(app: &TestApp, number: &str) -> (String, String, i64) {
    use db::schema::{order_status_history as history, orders};
    let mut conn = app.database.pool().get().unwrap();
    let (id, status, payment_state): (i64, String, String) = orders::table
        .filter(orders::number.eq(number))
        .select((orders::id, orders::status, orders::payment_state))
        .first(&mut conn)
        .unwrap();
    let changes = history::table
        .filter(history::order_id.eq(id))
        .count()
        .get_result(&mut conn)
        .unwrap();
    (status, payment_state, changes)
}

fn write(app: &TestApp, number: &str, status: Option<&str>, payment_state: Option<&str>) {
    use db::schema::orders;
    let mut conn = app.database.pool().get().unwrap();
    let order = orders::table.filter(orders::number.eq(number));
    if let Some(status) = status {
        diesel::update(order)
            .set(orders::status.eq(status))
            .execute(&mut conn)
            .unwrap();
    }
    if let Some(payment_state) = payment_state {
        diesel::update(order)
            .set(orders::payment_state.eq(payment_state))
            .execute(&mut conn)
            .unwrap();
    }
}

/// A 500 in the error shape: a message for the shopper and nothing of the cause.
fn assert_sorry(name: &str, what: &str, (status, body): (u16, Value)) {
    assert_eq!(status, 500, "{name}: {what}: {body}");
    assert_eq!(body, json!({"message": SORRY}), "{name}: {what}");
}

#[actix_web::test]
async fn an_unreadable_status_is_a_500_and_the_order_is_not_moved_as_if_placed() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (uuid, number) = order(&app, "cod").await;
        let (_, _, changes) = stored(&app, &number);
        write(&app, &number, Some("plaecd"), None);

        assert_sorry(
            name,
            "the shopper's order",
            app.get_json(&format!("/api/orders/{uuid}")).await,
        );
        let desk = format!("/api/admin/orders/{number}");
        assert_sorry(name, "the desk's order", staff.get_json(&desk).await);
        assert_sorry(
            name,
            "the desk's list",
            staff.get_json("/api/admin/orders").await,
        );
        // Read as placed, it would be confirmed (placed → confirmed is allowed).
        let confirm = staff
            .post(&format!("{desk}/status"), json!({"status": "confirmed"}))
            .await;
        assert_sorry(name, "a move", confirm);
        let cancel = staff
            .post(
                &format!("{desk}/status"),
                json!({"status": "cancelled", "reason": "Asked by the customer"}),
            )
            .await;
        assert_sorry(name, "a cancellation", cancel);
        assert_eq!(
            stored(&app, &number),
            ("plaecd".into(), "unpaid".into(), changes),
            "{name}: the order has not moved"
        );

        // Once the word is mended, the order reads and moves again.
        write(&app, &number, Some("placed"), None);
        let (status, order) = staff.get_json(&desk).await;
        assert_eq!(
            (status, &order["status"]),
            (200, &json!("placed")),
            "{name}"
        );
    }
}

#[actix_web::test]
async fn an_unreadable_payment_state_is_a_500_and_the_order_is_not_paid_as_if_unpaid() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (uuid, number) = order(&app, "bank_transfer").await;
        let (status, _, changes) = stored(&app, &number);
        assert_eq!(status, "awaiting_payment", "{name}");
        write(&app, &number, None, Some("half_paid"));

        let qr = app.get(&format!("/api/orders/{uuid}/upi-qr.png")).await;
        let status = qr.status().as_u16();
        assert_sorry(name, "the UPI request", (status, qr.json().await.unwrap()));
        let desk = format!("/api/admin/orders/{number}");
        assert_sorry(name, "the desk's order", staff.get_json(&desk).await);
        // Read as unpaid, the payment would be recorded and the order confirmed.
        let total: i64 = {
            use db::schema::orders;
            orders::table
                .filter(orders::number.eq(&number))
                .select(orders::total_paise)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let today = (chrono::Utc::now() + chrono::Duration::minutes(330)).date_naive();
        let payment = staff
            .post(
                &format!("{desk}/payments"),
                json!({
                    "amount": total as f64 / 100.0,
                    "paid_on": today.to_string(),
                    "reference": "412345678901"
                }),
            )
            .await;
        assert_sorry(name, "a payment", payment);
        assert_eq!(
            stored(&app, &number),
            ("awaiting_payment".into(), "half_paid".into(), changes),
            "{name}: neither paid nor confirmed"
        );
    }
}

/// The real binary with JSON logs: the unreadable word is logged once, with its order's id and
/// the word, and the answer says nothing of it.
#[actix_web::test]
async fn an_unreadable_word_is_logged_once_with_its_order_and_value() {
    let app = TestApp::spawn(db::testing::TestDatabase::sqlite()).await;
    let (uuid, number) = order(&app, "cod").await;
    write(&app, &number, Some("plaecd"), None);
    let id: i64 = {
        use db::schema::orders;
        orders::table
            .filter(orders::number.eq(&number))
            .select(orders::id)
            .first(&mut app.database.pool().get().unwrap())
            .unwrap()
    };
    let files = tempfile::tempdir().unwrap();
    let log_path = files.path().join("log.jsonl");
    let (_process, base) =
        crate::processes::start_logging_to(&app.database.url_string, files.path(), &log_path).await;
    let answer = reqwest::get(format!("{base}/api/orders/{uuid}"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 500);
    assert_eq!(
        answer.json::<Value>().await.unwrap(),
        json!({"message": SORRY})
    );
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;

    let log = std::fs::read_to_string(&log_path).unwrap();
    let told: Vec<&str> = log.lines().filter(|line| line.contains("plaecd")).collect();
    assert_eq!(told.len(), 1, "logged once:\n{log}");
    let line: Value = serde_json::from_str(told[0]).unwrap();
    assert_eq!(line["level"], "ERROR", "{line}");
    let error = line["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with(&format!(
            "order {id} holds an unreadable order status \"plaecd\""
        )),
        "{line}"
    );
}
