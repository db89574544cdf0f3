//! The orders desk's round of the back-office issue, through the real app on both databases:
//! payment references as the shop's books write them, many orders shipped at once, and orders
//! taken on the phone through the shop's own checkout.

use diesel::prelude::*;
use serde_json::{Value, json};

use crate::admin_orders::{changes, place, show, today};
use crate::checkout::{checkout, key, order_body, product, set_stock, stock_of};
use crate::helpers::{StaffClient, TestApp, spawn_apps};

async fn pay(staff: &StaffClient, number: &str, body: Value) -> (u16, Value) {
    staff
        .post(&format!("/api/admin/orders/{number}/payments"), body)
        .await
}

#[actix_web::test]
async fn payments_take_references_as_the_books_write_them() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;

        // Cash: the cash book's receipt number, however short.
        let cash = place(&app, "cod", "Anitha Joseph", "685509", 1).await;
        let number = cash["number"].as_str().unwrap();
        let total = cash["totals"]["total"].clone();
        let (status, paid) = pay(
            &staff,
            number,
            json!({"amount": total, "paid_on": today(), "method": "cash", "reference": " 118 "}),
        )
        .await;
        assert_eq!(status, 201, "{name}: {paid}");
        assert_eq!(paid["payments"][0]["method"], "cash");
        assert_eq!(paid["payments"][0]["reference"], "118");

        // A cheque needs its number; a receipt-like one is taken.
        let cheque = place(&app, "cod", "Thomas Kurian", "686101", 1).await;
        let number = cheque["number"].as_str().unwrap();
        let total = cheque["totals"]["total"].clone();
        let (status, refused) = pay(
            &staff,
            number,
            json!({"amount": total, "paid_on": today(), "method": "cheque"}),
        )
        .await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert_eq!(refused["errors"]["reference"][0], "Give the cheque number.");
        let (status, paid) = pay(
            &staff,
            number,
            json!({"amount": total, "paid_on": today(), "method": "cheque", "reference": "004512"}),
        )
        .await;
        assert_eq!(status, 201, "{name}: {paid}");
        assert_eq!(paid["payments"][0]["method"], "cheque");
        assert_eq!(paid["payments"][0]["reference"], "004512");

        // UPI and bank transfers keep the UTR rule, named for each; spaces in a typed ID go.
        let upi = place(&app, "bank_transfer", "Murugan Selvam", "625531", 1).await;
        let number = upi["number"].as_str().unwrap();
        let total = upi["totals"]["total"].clone();
        for (method, reference, says) in [
            (
                "upi",
                json!("118"),
                "A UPI transaction ID is 6 to 30 letters and digits",
            ),
            ("upi", Value::Null, "Give the payment's UPI transaction ID."),
            (
                "bank_transfer",
                json!("118"),
                "A UTR is 6 to 30 letters and digits",
            ),
            (
                "bank_transfer",
                json!("B2/118"),
                "A UTR is 6 to 30 letters and digits",
            ),
            (
                "card",
                json!("412345678901"),
                "Choose cash, cheque, bank_transfer or upi.",
            ),
        ] {
            let (status, refused) = pay(
                &staff,
                number,
                json!({"amount": total, "paid_on": today(), "method": method, "reference": reference}),
            )
            .await;
            assert_eq!(status, 422, "{name}: {method} {reference}: {refused}");
            let field = if method == "card" {
                "method"
            } else {
                "reference"
            };
            let message = refused["errors"][field][0].as_str().unwrap();
            assert!(message.starts_with(says), "{name}: {message}");
        }
        let (status, paid) = pay(
            &staff,
            number,
            json!({"amount": total, "paid_on": today(), "method": "upi", "reference": "4123 4567 8901"}),
        )
        .await;
        assert_eq!(status, 201, "{name}: {paid}");
        assert_eq!(paid["payments"][0]["method"], "upi");
        assert_eq!(paid["payments"][0]["reference"], "412345678901");
        assert_eq!(paid["status"], "confirmed", "{name}: paid, so confirmed");
    }
}

/// A shipment of `number` with its own tracking number, for a bulk move.
fn parcel(number: &Value, tracking: &str) -> Value {
    json!({"number": number, "tracking_number": tracking})
}

#[actix_web::test]
async fn many_orders_ship_at_once_each_as_it_would_alone() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let first = place(&app, "cod", "Anitha Joseph", "685509", 1).await;
        let unpaid = place(&app, "bank_transfer", "Murugan Selvam", "625531", 1).await;
        let second = place(&app, "cod", "Thomas Kurian", "686101", 1).await;
        let audit_before = app.count_rows("audit_log");

        // A parcel without its tracking number stops the whole request before anything moves.
        let (status, refused) = staff
            .post(
                "/api/admin/orders/moves",
                json!({"status": "shipped", "carrier": "India Post", "orders": [
                    parcel(&first["number"], "EK 1234 5678 9IN"),
                    {"number": second["number"]},
                ]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(
            refused["errors"]["orders.1.tracking_number"].is_array(),
            "{refused}"
        );
        for (body, field) in [
            (
                json!({"status": "shipped", "orders": [parcel(&first["number"], "EK1IN")]}),
                "carrier",
            ),
            (
                json!({"status": "cancelled", "orders": [{"number": first["number"]}]}),
                "status",
            ),
            (json!({"status": "delivered", "orders": []}), "orders"),
            (
                json!({"status": "delivered", "orders": [{"number": first["number"]}, {"number": first["number"]}]}),
                "orders.1.number",
            ),
        ] {
            let (status, refused) = staff.post("/api/admin/orders/moves", body.clone()).await;
            assert_eq!(status, 422, "{name}: {body}: {refused}");
            assert!(refused["errors"][field].is_array(), "{name}: {refused}");
        }
        assert_eq!(app.count_rows("audit_log"), audit_before, "{name}");

        // One refused order (it waits for its payment) stops none of the others.
        let (status, answer) = staff
            .post(
                "/api/admin/orders/moves",
                json!({"status": "shipped", "carrier": "India Post", "orders": [
                    parcel(&first["number"], "ek 1234 5678 9in"),
                    parcel(&unpaid["number"], "EK222222222IN"),
                    parcel(&second["number"], "EK333333333IN"),
                ]}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {answer}");
        assert_eq!(answer["moved"], 2, "{name}: {answer}");
        assert_eq!(answer["refused"], 1);
        let results = answer["results"].as_array().unwrap();
        assert_eq!(results[0]["moved"], true);
        assert_eq!(results[0]["status"], "shipped");
        assert_eq!(results[1]["number"], unpaid["number"]);
        assert_eq!(results[1]["moved"], false);
        assert_eq!(
            results[1]["message"], "An order that is awaiting payment cannot become shipped.",
            "{name}: the refusal says why: {answer}"
        );
        assert_eq!(results[2]["moved"], true);

        // Each moved as alone: its tracking number kept as the carrier prints it without spaces,
        // its timeline, its audit row, its customer's mail.
        let shipped = show(&staff, first["number"].as_str().unwrap()).await;
        assert_eq!(shipped["status"], "shipped");
        assert_eq!(shipped["carrier"], "India Post");
        assert_eq!(shipped["tracking_number"], "EK123456789IN");
        let last = changes(&shipped).last().copied().unwrap().clone();
        assert_eq!(last["detail"], "India Post, tracking number EK123456789IN");
        assert!(last["actor"].as_str().unwrap().starts_with("Staff Member"));
        let other = show(&staff, second["number"].as_str().unwrap()).await;
        assert_eq!(other["tracking_number"], "EK333333333IN");
        let waiting = show(&staff, unpaid["number"].as_str().unwrap()).await;
        assert_eq!(waiting["status"], "awaiting_payment", "{name}");
        assert_eq!(app.count_rows("audit_log"), audit_before + 2, "{name}");
        let shipped_mail: Vec<String> = app
            .outbox()
            .into_iter()
            .filter(|(_, subject, _, _)| subject.contains("shipped"))
            .map(|(to, _, _, _)| to)
            .collect();
        assert_eq!(
            shipped_mail,
            ["anitha.joseph@example.in", "thomas.kurian@example.in"],
            "{name}"
        );

        // Shipped twice is refused per order, with the reason.
        let (status, again) = staff
            .post(
                "/api/admin/orders/moves",
                json!({"status": "shipped", "carrier": "DTDC", "orders": [parcel(&first["number"], "D1")]}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {again}");
        assert_eq!(again["results"][0]["moved"], false);
        assert_eq!(again["moved"], 0);
        let (status, unknown) = staff
            .post(
                "/api/admin/orders/moves",
                json!({"status": "delivered", "orders": [{"number": "ORD-1999-000001"}, {"number": first["number"]}]}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {unknown}");
        assert_eq!(unknown["results"][0]["moved"], false);
        assert_eq!(unknown["results"][1]["status"], "delivered");
    }
}

/// A phone order for Anitha at Kumily (Idukki), as the desk sends it.
fn phone_body(lines: Value, payment: &str) -> Value {
    json!({
        "contact": {"name": "Anitha Joseph", "phone": "98470 12345"},
        "shipping_address": {
            "name": "Anitha Joseph", "phone": "98470 12345", "line1": "Puthenpurackal Estate",
            "city": "Kumily", "district": "Idukki", "state": "Kerala", "pincode": "685509"
        },
        "lines": lines,
        "payment_method": payment,
        "order_updates_on_phone": true,
        "language": "ml"
    })
}

async fn take_order(staff: &StaffClient, key: &str, body: Value) -> (u16, Value, Option<String>) {
    let token = staff.xsrf_token.lock().unwrap().clone().unwrap_or_default();
    let response = staff
        .client
        .post(format!("{}/api/admin/orders/phone", staff.address))
        .header("X-XSRF-TOKEN", token)
        .header("Idempotency-Key", key)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let replayed = response
        .headers()
        .get("idempotent-replayed")
        .map(|v| v.to_str().unwrap().to_owned());
    (
        status,
        response.json().await.unwrap_or(Value::Null),
        replayed,
    )
}

/// The ids of two pack sizes of two products: a knife (one size) and 5 kg of root booster.
async fn two_lines(app: &TestApp) -> ((i64, i64), (i64, i64)) {
    let knife = product(app, "banana-bunch-knife").await;
    let booster = product(app, "root-booster-granules-for-cardamom-pepper").await;
    let five_kg = booster["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["variant_name"] == "5 kg")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    (
        (
            knife["id"].as_i64().unwrap(),
            knife["default_variant_id"].as_i64().unwrap(),
        ),
        (booster["id"].as_i64().unwrap(), five_kg),
    )
}

fn orders_count(app: &TestApp) -> i64 {
    app.count_rows("orders")
}

#[actix_web::test]
async fn a_phone_order_costs_what_the_same_web_order_costs_and_says_who_took_it() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let ((knife, knife_variant), (booster, five_kg)) = two_lines(&app).await;

        // The web order: the same two lines in a shopper's cart, to the same address.
        let shopper = app.another_shopper().await;
        for (product_id, variant_id, quantity) in [(knife, knife_variant, 2), (booster, five_kg, 3)]
        {
            let (status, body) = shopper
                .post(
                    "/api/cart/add",
                    json!({"product_id": product_id, "variant_id": variant_id, "quantity": quantity}),
                )
                .await;
            assert_eq!(status, 200, "{name}: {body}");
        }
        let (status, web, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {web}");

        let stock_before = stock_of(&app, five_kg);
        let carts_before = app.count_rows("carts");
        let lines = json!([
            {"variant_id": knife_variant, "quantity": 2},
            {"variant_id": five_kg, "quantity": 3},
        ]);
        let order_key = key();
        let (status, phone, replayed) =
            take_order(&staff, &order_key, phone_body(lines.clone(), "cod")).await;
        assert_eq!(status, 201, "{name}: {phone}");
        assert_eq!(replayed.as_deref(), Some("false"));
        for part in [
            "subtotal",
            "tax",
            "cgst",
            "sgst",
            "igst",
            "shipping",
            "shipping_tax",
            "total",
            "item_count",
        ] {
            assert_eq!(
                phone["totals"][part], web["totals"][part],
                "{name}: {part}: phone {} web {}",
                phone["totals"], web["totals"]
            );
        }
        assert!(phone["totals"]["total"].as_f64().unwrap() > 0.0);
        assert_eq!(stock_of(&app, five_kg), stock_before - 3, "{name}");
        assert_eq!(phone["status"], "placed");
        assert_eq!(phone["contact"]["phone"], "+919847012345");

        // Who took it: on the order, its first timeline entry and the audit log.
        let taker = phone["phone_order"]["taken_by"].as_str().unwrap();
        assert!(taker.starts_with("Staff Member"), "{name}: {phone}");
        let placed = changes(&phone)[0].clone();
        assert_eq!(placed["status"], "placed");
        assert_eq!(placed["actor"], taker);
        assert_eq!(placed["note"], "Taken on the phone.");
        let number = phone["number"].as_str().unwrap().to_owned();
        let audit: Vec<(String, Option<i64>, Option<String>)> = {
            use db::schema::audit_log::dsl as a;
            a::audit_log
                .filter(a::entity_id.eq(&number))
                .select((a::action, a::actor_id, a::new_values))
                .load(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(audit.len(), 1, "{name}: {audit:?}");
        assert_eq!(audit[0].0, "order.phone");
        assert_eq!(audit[0].1, Some(staff.user_id));
        let recorded: Value = serde_json::from_str(audit[0].2.as_deref().unwrap()).unwrap();
        assert_eq!(recorded["order_updates_on_phone"], true);
        let web_view = show(&staff, web["number"].as_str().unwrap()).await;
        assert_eq!(
            web_view["phone_order"],
            Value::Null,
            "{name}: a web order is not"
        );

        // The caller's yes, as said on the call, and the same first message as a web order's,
        // in the caller's language.
        let via: String = {
            use db::schema::phone_consents::dsl as c;
            c::phone_consents
                .find("+919847012345")
                .select(c::via)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(via, "phone_call");
        let queued: Vec<(String, String)> = {
            use db::schema::outbox::dsl as o;
            o::outbox
                .filter(o::channel.eq("phone"))
                .filter(o::to_address.eq("+919847012345"))
                .select((o::subject, o::text_body))
                .load(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert!(
            queued
                .iter()
                .any(|(_, text)| text.contains(&number) && text.contains("ഓർഡർ")),
            "{name}: {queued:?}"
        );

        // A retry with the same key answers the same order and takes no more stock.
        let (status, again, replayed) =
            take_order(&staff, &order_key, phone_body(lines, "cod")).await;
        assert_eq!(status, 201, "{name}: {again}");
        assert_eq!(replayed.as_deref(), Some("true"));
        assert_eq!(again["number"], phone["number"]);
        assert_eq!(stock_of(&app, five_kg), stock_before - 3, "{name}");
        assert_eq!(
            app.count_rows("carts"),
            carts_before,
            "{name}: its cart went with it"
        );
        assert_eq!(app.count_rows("cart_items"), 0, "{name}");
        assert_eq!(app.count_rows("phone_orders"), 1, "{name}");

        // UPI waits for its payment, as a transfer does.
        let (status, upi, _) = take_order(
            &staff,
            &key(),
            phone_body(json!([{"variant_id": knife_variant, "quantity": 1}]), "upi"),
        )
        .await;
        assert_eq!(status, 201, "{name}: {upi}");
        assert_eq!(upi["status"], "awaiting_payment");
        assert_eq!(upi["payment_method"], "bank_transfer");

        // The caller is found by the number however it is typed: the earlier orders and address.
        let (status, caller) = staff
            .get_json("/api/admin/orders/callers?phone=098470%2012345")
            .await;
        assert_eq!(status, 200, "{name}: {caller}");
        assert_eq!(caller["phone"], "+919847012345");
        let earlier = caller["earlier_orders"].as_array().unwrap();
        assert!(earlier.len() >= 2, "{name}: {caller}");
        assert_eq!(earlier[0]["number"], upi["number"], "newest first");
        assert_eq!(earlier[0]["shipping_address"]["pincode"], "685509");
        let (status, _) = staff
            .get_json("/api/admin/orders/callers?phone=12345")
            .await;
        assert_eq!(status, 422, "{name}");
    }
}

#[actix_web::test]
async fn a_phone_order_is_refused_as_checkout_refuses_and_writes_nothing() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let ((_, knife_variant), (_, five_kg)) = two_lines(&app).await;
        set_stock(&app, five_kg, 2);
        let before = orders_count(&app);
        let line =
            |variant: i64, quantity: i64| json!([{"variant_id": variant, "quantity": quantity}]);

        let (status, short, _) =
            take_order(&staff, &key(), phone_body(line(five_kg, 5), "cod")).await;
        assert_eq!(status, 409, "{name}: out of stock: {short}");
        assert_eq!(short["lines"][0]["available"], 2);

        let mut far = phone_body(line(knife_variant, 1), "cod");
        far["shipping_address"] = json!({
            "name": "Anitha Joseph", "phone": "98470 12345", "line1": "Near the jetty",
            "city": "Kavaratti", "district": "Lakshadweep", "state": "Lakshadweep", "pincode": "682555"
        });
        let (status, undeliverable, _) = take_order(&staff, &key(), far).await;
        assert_eq!(status, 422, "{name}: {undeliverable}");
        assert!(
            undeliverable["errors"]["shipping_address.pincode"].is_array(),
            "{name}: {undeliverable}"
        );

        let mut bad_phone = phone_body(line(knife_variant, 1), "cod");
        bad_phone["contact"]["phone"] = json!("12345");
        let (status, refused, _) = take_order(&staff, &key(), bad_phone).await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(
            refused["errors"]["contact.phone"].is_array(),
            "{name}: {refused}"
        );

        for (body, field) in [
            (phone_body(json!([]), "cod"), "lines"),
            (phone_body(line(999_999, 1), "cod"), "lines"),
            (
                phone_body(line(knife_variant, 0), "cod"),
                "lines.0.quantity",
            ),
            (
                phone_body(
                    json!([{"variant_id": knife_variant, "quantity": 1}, {"variant_id": knife_variant, "quantity": 2}]),
                    "cod",
                ),
                "lines.1.variant_id",
            ),
            (phone_body(line(knife_variant, 1), "card"), "payment_method"),
        ] {
            let (status, refused, _) = take_order(&staff, &key(), body.clone()).await;
            assert_eq!(status, 422, "{name}: {body}: {refused}");
            assert!(
                refused["errors"][field].is_array(),
                "{name}: {field}: {refused}"
            );
        }
        let (status, missing_key) = staff
            .post(
                "/api/admin/orders/phone",
                phone_body(line(knife_variant, 1), "cod"),
            )
            .await;
        assert_eq!(status, 422, "{name}: {missing_key}");

        assert_eq!(orders_count(&app), before, "{name}: nothing was placed");
        assert_eq!(stock_of(&app, five_kg), 2);
        assert_eq!(app.count_rows("phone_orders"), 0);

        // A visitor who is not staff cannot take orders for others.
        let shopper = app.another_shopper().await;
        let (status, _, _) = {
            let token = shopper.csrf().await;
            let response = shopper
                .client
                .post(format!("{}/api/admin/orders/phone", shopper.address))
                .header("X-XSRF-TOKEN", token)
                .header("Idempotency-Key", key())
                .json(&phone_body(line(knife_variant, 1), "cod"))
                .send()
                .await
                .unwrap();
            (response.status().as_u16(), (), ())
        };
        assert_eq!(status, 401, "{name}");
    }
}
