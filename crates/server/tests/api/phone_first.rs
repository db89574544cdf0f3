//! Phone first: a guest orders with a mobile number and no e-mail address, and finds the order
//! again with its number and that mobile number.

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps};

/// The checkout form with the mobile number only.
fn phone_only(state: &str, payment: &str) -> Value {
    let mut body = order_body(state, payment);
    body["contact"]
        .as_object_mut()
        .unwrap()
        .remove("email")
        .unwrap();
    body
}

/// A guest's phone-first order of one banana bunch knife: (the guest, the order).
async fn phone_first_order(app: &TestApp) -> (TestApp, Value) {
    let guest = shopper_with_cart(app, &[("banana-bunch-knife", 1)]).await;
    let (status, order, _) = checkout(&guest, &key(), phone_only("Kerala", "bank_transfer")).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    (guest, order)
}

/// POST /api/orders/find from a browser of its own.
async fn find(app: &TestApp, number: &str, phone: &str) -> (u16, Value) {
    let stranger = app.another_shopper().await;
    stranger
        .post(
            "/api/orders/find",
            json!({"order_number": number, "phone": phone}),
        )
        .await
}

#[actix_web::test]
async fn a_guest_checks_out_with_a_mobile_number_and_no_e_mail() {
    for app in spawn_apps().await {
        let name = app.name();
        let mails_before = app.outbox().len();
        let (_, order) = phone_first_order(&app).await;
        assert_eq!(order["contact"]["email"], Value::Null, "{name}: {order}");
        assert_eq!(order["contact"]["phone"], "+919847012345");
        assert_eq!(order["status"], "awaiting_payment");

        // The shop hears of it; nobody else is mailed.
        let queued: Vec<_> = app.outbox().into_iter().skip(mails_before).collect();
        assert_eq!(queued.len(), 1, "{name}: {queued:?}");
        assert_eq!(queued[0].0, app.state.shop.facts.email);
        assert!(queued[0].1.starts_with("New order"), "{name}");
        assert!(
            queued[0].2.contains("no e-mail") && queued[0].2.contains("+919847012345"),
            "{name}: the notice says how to reach the buyer: {}",
            queued[0].2
        );

        // The order opens by its UUID as any guest order does.
        let uuid = order["uuid"].as_str().unwrap();
        let (status, again) = app
            .another_shopper()
            .await
            .get_json(&format!("/api/orders/{uuid}"))
            .await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(again["number"], order["number"]);

        // Staff move it along; with no address nothing is mailed, and nothing fails.
        let staff = app.with_staff().await;
        let number = order["number"].as_str().unwrap();
        let mails_before = app.outbox().len();
        let (status, body) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "cancelled", "reason": "The buyer called to cancel"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(
            app.outbox().len(),
            mails_before,
            "{name}: no mail to nobody"
        );
    }
}

#[actix_web::test]
async fn the_mobile_number_is_required_and_an_e_mail_given_must_be_one() {
    for app in spawn_apps().await {
        let name = app.name();
        let guest = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let mut no_phone = phone_only("Kerala", "cod");
        no_phone["contact"].as_object_mut().unwrap().remove("phone");
        let (status, body, _) = checkout(&guest, &key(), no_phone).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["contact.phone"].is_array(), "{name}: {body}");
        assert!(body["errors"]["contact.email"].is_null(), "{name}: {body}");

        let mut bad_email = order_body("Kerala", "cod");
        bad_email["contact"]["email"] = json!("not-an-address");
        let (status, body, _) = checkout(&guest, &key(), bad_email).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["contact.email"].is_array(), "{name}: {body}");

        // An empty e-mail field is no e-mail.
        let mut blank = order_body("Kerala", "cod");
        blank["contact"]["email"] = json!("  ");
        let (status, order, _) = checkout(&guest, &key(), blank).await;
        assert_eq!(status, 201, "{name}: {order}");
        assert_eq!(order["contact"]["email"], Value::Null);
    }
}

#[actix_web::test]
async fn a_guest_finds_the_order_with_its_number_and_mobile_number() {
    for app in spawn_apps().await {
        let name = app.name();
        let (_, order) = phone_first_order(&app).await;
        let number = order["number"].as_str().unwrap();

        // The mobile number however it is written, the order number in any case.
        let (status, found) = find(&app, &number.to_lowercase(), "98470 12345").await;
        assert_eq!(status, 200, "{name}: {found}");
        assert_eq!(found["uuid"], order["uuid"]);
        assert_eq!(found["totals"]["total"], order["totals"]["total"]);
        assert_eq!(found["lines"], order["lines"]);

        // A wrong phone and a wrong number answer alike.
        let (status, wrong_phone) = find(&app, number, "+91 94470 00000").await;
        assert_eq!(status, 404, "{name}: {wrong_phone}");
        let (status, wrong_number) = find(&app, "ORD-2020-000001", "+91 98470 12345").await;
        assert_eq!(status, 404, "{name}");
        assert_eq!(
            wrong_phone, wrong_number,
            "{name}: nothing tells which was wrong"
        );
        assert!(
            wrong_phone["message"]
                .as_str()
                .unwrap()
                .contains("order number and mobile number"),
            "{wrong_phone}"
        );

        let (status, body) = find(&app, "12", "12").await;
        assert_eq!(status, 422, "{name}");
        assert!(body["errors"]["order_number"].is_array() && body["errors"]["phone"].is_array());

        // An account's order opens only for its account.
        let member = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        member.register("member@example.in").await;
        let (status, owned, _) = checkout(&member, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {owned}");
        let (status, _) = find(&app, owned["number"].as_str().unwrap(), "+91 98470 12345").await;
        assert_eq!(status, 404, "{name}: an account's order");
    }
}

#[actix_web::test]
async fn finding_orders_is_rate_limited_per_client() {
    for app in spawn_apps().await {
        let name = app.name();
        let (_, order) = phone_first_order(&app).await;
        let number = order["number"].as_str().unwrap();
        let mut statuses = Vec::new();
        for _ in 0..5 {
            statuses.push(find(&app, number, "+91 94470 00000").await.0);
        }
        // Even the right pair waits now: guesses cannot go on.
        let (status, body) = find(&app, number, "+91 98470 12345").await;
        statuses.push(status);
        assert_eq!(statuses, [404, 404, 404, 404, 404, 429], "{name}: {body}");
    }
}
