use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

/// A checkout to Kumily (Idukki, Kerala) or, for Tamil Nadu, to Bodinayakanur (Theni): each
/// PIN code in its own state, as checkout requires.
pub fn order_body(state: &str, payment: &str) -> Value {
    let (city, district, pincode) = if state == "Tamil Nadu" {
        ("Bodinayakanur", "Theni", "625513")
    } else {
        ("Kumily", "Idukki", "685509")
    };
    json!({
        "contact": {"name": "Anitha Joseph", "email": "anitha@example.in", "phone": "+91 98470 12345"},
        "shipping_address": {
            "name": "Anitha Joseph", "phone": "+91 98470 12345", "line1": "Puthenpurackal Estate",
            "city": city, "district": district, "state": state, "pincode": pincode
        },
        "payment_method": payment
    })
}

pub async fn product(app: &TestApp, slug: &str) -> Value {
    app.get_json(&format!("/api/products/{slug}")).await.1
}

/// A shopper of their own with `lines` (slug, quantity) in the cart.
pub async fn shopper_with_cart(app: &TestApp, lines: &[(&str, i64)]) -> TestApp {
    let shopper = app.another_shopper().await;
    for (slug, quantity) in lines {
        let id = product(app, slug).await["id"].clone();
        let (status, body) = shopper
            .post(
                "/api/cart/add",
                json!({"product_id": id, "quantity": quantity}),
            )
            .await;
        assert_eq!(status, 200, "{slug}: {body}");
    }
    shopper
}

pub async fn checkout(app: &TestApp, key: &str, body: Value) -> (u16, Value, Option<String>) {
    let token = app.xsrf_token.lock().unwrap().clone().unwrap_or_default();
    let response = app
        .client
        .post(format!("{}/api/checkout", app.address))
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

pub fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

pub fn stock_of(app: &TestApp, variant: i64) -> i32 {
    use db::schema::product_variants::dsl::*;
    product_variants
        .find(variant)
        .select(stock)
        .first(&mut app.database.pool().get().unwrap())
        .unwrap()
}

pub fn set_stock(app: &TestApp, variant: i64, value: i32) {
    use db::schema::product_variants::dsl::*;
    diesel::update(product_variants.find(variant))
        .set(stock.eq(value))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

fn order_count(app: &TestApp) -> i64 {
    use db::schema::orders::dsl::*;
    orders
        .count()
        .get_result(&mut app.database.pool().get().unwrap())
        .unwrap()
}

#[actix_web::test]
async fn a_guest_buys_with_cash_on_delivery() {
    for app in spawn_apps().await {
        let name = app.name();
        let knife = product(&app, "banana-bunch-knife").await;
        let stock_before = knife["stock"].as_i64().unwrap();
        let shopper = shopper_with_cart(
            &app,
            &[("banana-bunch-knife", 2), ("lateral-punch-tool", 1)],
        )
        .await;
        let (_, cart) = shopper.get_json("/api/cart").await;

        let (status, order, replayed) =
            checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");
        assert_eq!(replayed.as_deref(), Some("false"));
        let year = chrono::Utc::now().format("%Y").to_string();
        assert!(
            order["number"]
                .as_str()
                .unwrap()
                .starts_with(&format!("ORD-{year}-")),
            "{order}"
        );
        assert_eq!(order["status"], "placed");
        assert_eq!(order["lines"].as_array().unwrap().len(), 2);
        let line = &order["lines"][0];
        for field in [
            "product_name",
            "hsn_code",
            "unit_price",
            "gst_rate",
            "quantity",
            "taxable_value",
            "cgst",
            "sgst",
            "igst",
            "total",
            "sku",
        ] {
            assert!(line.get(field).is_some(), "{field} missing");
        }
        // Kerala is the shop's home state: CGST + SGST, no IGST.
        let totals = &order["totals"];
        assert_eq!(order["place_of_supply"], "intra_state");
        assert_eq!(totals["igst"], 0.0);
        let paise = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
        assert_eq!(
            paise(&totals["cgst"]) + paise(&totals["sgst"]),
            paise(&totals["tax"]),
            "{name}"
        );
        assert_eq!(
            paise(&totals["subtotal"]) + paise(&totals["tax"]),
            paise(&cart["cart"]["total"])
        );
        // Kumily is in the demo's Idukki zone: 2.25 kg of goods worth under its free-delivery
        // ₹2,000 pay its first band, up to 5 kg, ₹40.
        assert_eq!(paise(&totals["shipping"]), 4000);
        // The fee is part of the supply: spread over the lines by value, each share carrying
        // the GST of its line's rate (CGST + SGST here), and the shares add up to the fee.
        let goods = paise(&cart["cart"]["total"]) as f64;
        let mut shares = 0;
        let mut shipping_tax = 0;
        for line in order["lines"].as_array().unwrap() {
            let share = &line["shipping"];
            let gross = paise(&share["total"]);
            let exact = 4000.0 * paise(&line["total"]) as f64 / goods;
            assert!(
                (gross as f64 - exact).abs() < 1.0,
                "{name}: {gross} vs {exact}"
            );
            let rate = line["gst_rate"].as_f64().unwrap();
            let tax = paise(&share["cgst"]) + paise(&share["sgst"]);
            assert!(
                (tax as f64 - gross as f64 * rate / (1.0 + rate)).abs() <= 1.0,
                "{name}: {share}"
            );
            assert_eq!(paise(&share["taxable"]) + tax, gross, "{name}");
            assert_eq!(share["igst"], 0.0);
            shares += gross;
            shipping_tax += tax;
        }
        assert_eq!(shares, 4000, "{name}");
        assert_eq!(paise(&totals["shipping_tax"]), shipping_tax, "{name}");
        assert!(shipping_tax > 0, "{name}: the demo's goods are taxed");
        assert_eq!(
            paise(&totals["shipping_taxable"]) + shipping_tax,
            4000,
            "{name}"
        );
        assert_eq!(
            paise(&totals["shipping_cgst"]) + paise(&totals["shipping_sgst"]),
            shipping_tax
        );
        assert_eq!(
            paise(&totals["total"]),
            paise(&cart["cart"]["total"]) + 4000
        );
        assert!(
            order["total_in_words"]
                .as_str()
                .unwrap()
                .starts_with("Rupees ")
        );
        assert_eq!(order["seller"]["gstin"], app.state.shop.facts.gstin);

        let (_, cart) = shopper.get_json("/api/cart").await;
        assert_eq!(cart["cart"]["count"], 0, "{name}: the cart is emptied");
        assert_eq!(
            product(&app, "banana-bunch-knife").await["stock"]
                .as_i64()
                .unwrap(),
            stock_before - 2
        );

        let mails = app.outbox();
        assert!(
            mails
                .iter()
                .any(|m| m.0 == "anitha@example.in"
                    && m.1.contains(order["number"].as_str().unwrap()))
        );
        assert!(
            mails
                .iter()
                .any(|m| m.0 == app.state.shop.facts.email && m.1.starts_with("New order"))
        );

        // A guest order opens by its UUID, from any browser.
        let uuid = order["uuid"].as_str().unwrap();
        let (status, again) = TestApp::fresh_client()
            .get(format!("{}/api/orders/{uuid}", app.address))
            .send()
            .await
            .map(|r| (r.status().as_u16(), r))
            .unwrap();
        assert_eq!(status, 200, "{name}");
        assert_eq!(
            again.json::<Value>().await.unwrap()["number"],
            order["number"]
        );
    }
}

#[actix_web::test]
async fn another_state_pays_igst_and_bank_transfers_await_payment() {
    for app in spawn_apps().await {
        let shopper =
            shopper_with_cart(&app, &[("spray-safety-kit-apron-mask-goggles-gloves", 1)]).await;
        let mut body = order_body("Tamil Nadu", "bank_transfer");
        body["gstin"] = json!("33AAPFU0939F1Z2");
        body["business_name"] = json!("Bodi Estates");
        let (status, order, _) = checkout(&shopper, &key(), body).await;
        assert_eq!(status, 201, "{}: {order}", app.name());
        check_igst(&order);
    }
}

/// A bank-transfer order shows its buyer a UPI QR code for the exact amount with the order
/// number as the note, on the page and in the mail (which opens it without a session); a
/// cash-on-delivery order has none.
#[actix_web::test]
async fn bank_transfers_come_with_a_upi_qr_code_for_the_exact_amount() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 2)]).await;
        let (status, order, _) =
            checkout(&shopper, &key(), order_body("Kerala", "bank_transfer")).await;
        assert_eq!(status, 201, "{name}: {order}");
        let uuid = order["uuid"].as_str().unwrap();
        let number = order["number"].as_str().unwrap();
        let total = order["totals"]["total"].as_f64().unwrap();
        let link = format!(
            "upi://pay?pa=wellroot%40shbank&pn=WellRoot+Agri+Inputs+Private+Limited&am={total:.2}&cu=INR&tn={number}"
        );

        // A mail client fetches the picture with no cookie at all.
        let qr_path = format!("/api/orders/{uuid}/upi-qr.png");
        let response = TestApp::fresh_client()
            .get(format!("{}{qr_path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{name}");
        assert_eq!(response.headers()["content-type"], "image/png");
        let png = response.bytes().await.unwrap();
        let picture = image::load_from_memory(&png).unwrap().to_luma8();
        let mut prepared = rqrr::PreparedImage::prepare(picture);
        let grids = prepared.detect_grids();
        assert_eq!(grids.len(), 1, "{name}: one QR code");
        assert_eq!(grids[0].decode().unwrap().1, link, "{name}");

        let mail = app
            .outbox()
            .into_iter()
            .find(|(_, subject, _, _)| subject.contains(number) && subject.contains("received"))
            .expect("the confirmation");
        assert!(mail.2.contains(&link), "{name}: {}", mail.2);
        assert!(
            mail.2.contains("within 3 days, the order is cancelled"),
            "{name}: the buyer is told the deadline: {}",
            mail.2
        );
        assert!(
            mail.2.contains(&format!("http://127.0.0.1{qr_path}")),
            "{name}: {}",
            mail.2
        );

        let cod = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let (_, cod_order, _) = checkout(&cod, &key(), order_body("Kerala", "cod")).await;
        let (status, _) = app
            .get_json(&format!(
                "/api/orders/{}/upi-qr.png",
                cod_order["uuid"].as_str().unwrap()
            ))
            .await;
        assert_eq!(status, 404, "{name}: cash on delivery has no UPI code");
        let (status, body) = app.get_json("/api/orders/not-a-uuid/upi-qr.png").await;
        assert_eq!(status, 404, "{name}: {body}");
    }
}

fn check_igst(order: &Value) {
    assert_eq!(order["place_of_supply"], "inter_state");
    assert_eq!(order["totals"]["cgst"], 0.0);
    assert_eq!(order["totals"]["igst"], order["totals"]["tax"]);
    assert_eq!(order["status"], "awaiting_payment");
    let history: Vec<&str> = order["status_history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["placed", "awaiting_payment"]);
    assert!(order["gstin"].is_string());
}

#[actix_web::test]
async fn bad_checkouts_are_refused_with_reasons() {
    for app in spawn_apps().await {
        let name = app.name();
        let empty = app.another_shopper().await;
        let (status, body, _) = checkout(&empty, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 422, "{name}: an empty cart: {body}");
        assert!(body["errors"]["cart"].is_array());

        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let mut bad = order_body("Narnia", "card");
        bad["shipping_address"]["pincode"] = json!("012345");
        bad["gstin"] = json!("27AAPFU0939F1ZW");
        let (status, body, _) = checkout(&shopper, &key(), bad).await;
        assert_eq!(status, 422, "{name}");
        for field in [
            "shipping_address.state",
            "shipping_address.pincode",
            "payment_method",
            "gstin",
        ] {
            assert!(
                body["errors"][field].is_array(),
                "{name}: {field} not named: {body}"
            );
        }

        let token = shopper.xsrf_token.lock().unwrap().clone().unwrap();
        let response = shopper
            .client
            .post(format!("{}/api/checkout", app.address))
            .header("X-XSRF-TOKEN", token)
            .json(&order_body("Kerala", "cod"))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            422,
            "{name}: the Idempotency-Key is required"
        );

        // Stock ran short after the item went into the cart.
        let variant = product(&app, "banana-bunch-knife").await["default_variant_id"]
            .as_i64()
            .unwrap();
        let before = order_count(&app);
        set_stock(&app, variant, 0);
        let (status, body, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 409, "{name}: {body}");
        assert_eq!(body["lines"][0]["available"], 0);
        assert_eq!(body["lines"][0]["requested"], 1);
        assert_eq!(order_count(&app), before, "{name}: nothing was written");
        let (_, cart) = shopper.get_json("/api/cart").await;
        assert_eq!(cart["cart"]["count"], 1, "{name}: the cart is kept");
    }
}

#[actix_web::test]
async fn prices_sent_by_the_client_are_ignored() {
    for app in spawn_apps().await {
        let shopper = shopper_with_cart(&app, &[("lateral-punch-tool", 3)]).await;
        let (_, cart) = shopper.get_json("/api/cart").await;
        let mut body = order_body("Kerala", "cod");
        body["total"] = json!(1);
        body["lines"] = json!([{"product_id": 1, "price": 0.01, "quantity": 3}]);
        body["shipping"] = json!(0);
        let (status, order, _) = checkout(&shopper, &key(), body).await;
        assert_eq!(status, 201, "{}", app.name());
        assert_eq!(
            order["lines"][0]["unit_price"],
            cart["products"][0]["price"]
        );
        assert!(order["totals"]["total"].as_f64().unwrap() > 500.0);
    }
}

#[actix_web::test]
async fn one_key_makes_one_order() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = shopper_with_cart(&app, &[("spray-nozzle-set-8-nozzles", 1)]).await;
        let same = key();
        let before = order_count(&app);
        let submits = (0..20).map(|_| checkout(&shopper, &same, order_body("Kerala", "cod")));
        let results = futures_util::future::join_all(submits).await;
        let uuids: std::collections::HashSet<String> = results
            .iter()
            .map(|(status, order, _)| {
                assert_eq!(*status, 201, "{name}: {order}");
                order["uuid"].as_str().unwrap().to_owned()
            })
            .collect();
        assert_eq!(
            uuids.len(),
            1,
            "{name}: every submit answered the same order"
        );
        assert_eq!(order_count(&app), before + 1, "{name}");
        assert_eq!(
            results
                .iter()
                .filter(|r| r.2.as_deref() == Some("false"))
                .count(),
            1
        );

        // Someone else who learns the key gets nothing of the order (its buyer's contact and
        // addresses): the key is bound to the browser that placed it.
        let stranger = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let (status, body, replayed) =
            checkout(&stranger, &same, order_body("Kerala", "cod")).await;
        assert_eq!(status, 422, "{name}: another shopper with the key: {body}");
        assert_eq!(replayed, None);
        assert!(body.get("contact").is_none() && body.get("uuid").is_none());

        let mut changed = order_body("Kerala", "cod");
        changed["notes"] = json!("Please call before delivery");
        let (status, body, _) = checkout(&shopper, &same, changed).await;
        assert_eq!(
            status, 422,
            "{name}: the same key with another body: {body}"
        );
    }
}

#[actix_web::test]
async fn fifty_shoppers_competing_for_ten_units_make_exactly_ten_orders() {
    for app in spawn_apps().await {
        let name = app.name();
        let sprinkler = product(&app, "brass-impact-sprinkler-3-4-inch").await;
        let variant = sprinkler["default_variant_id"].as_i64().unwrap();
        let mut shoppers = Vec::new();
        for _ in 0..50 {
            shoppers.push(shopper_with_cart(&app, &[("brass-impact-sprinkler-3-4-inch", 1)]).await);
        }
        set_stock(&app, variant, 10);
        let before = order_count(&app);
        let keys: Vec<String> = shoppers.iter().map(|_| key()).collect();
        let attempts = shoppers
            .iter()
            .zip(&keys)
            .map(|(s, k)| checkout(s, k, order_body("Kerala", "cod")));
        let results = futures_util::future::join_all(attempts).await;
        let placed = results.iter().filter(|r| r.0 == 201).count();
        let refused = results.iter().filter(|r| r.0 == 409).count();
        assert_eq!(
            (placed, refused),
            (10, 40),
            "{name}: {:?}",
            results.iter().map(|r| r.0).collect::<Vec<_>>()
        );
        assert_eq!(stock_of(&app, variant), 0, "{name}");
        assert_eq!(order_count(&app), before + 10);
    }
}

#[actix_web::test]
async fn orders_belong_to_their_account() {
    for app in spawn_apps().await {
        let name = app.name();
        let owner = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        owner.register("owner@example.in").await;
        let (status, order, _) = checkout(&owner, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");
        let uuid = order["uuid"].as_str().unwrap().to_owned();

        let (status, list) = owner.get_json("/api/orders").await;
        assert_eq!(status, 200);
        assert_eq!(
            list["data"][0]["uuid"],
            uuid.as_str(),
            "{name}: the owner lists it"
        );
        assert_eq!(list["total"], 1);
        let (status, _) = owner.get_json(&format!("/api/orders/{uuid}")).await;
        assert_eq!(status, 200);

        let stranger = app.another_shopper().await;
        stranger.register("stranger@example.in").await;
        let (_, theirs) = stranger.get_json("/api/orders").await;
        assert_eq!(theirs["total"], 0, "{name}");
        let (status, _) = stranger.get_json(&format!("/api/orders/{uuid}")).await;
        assert_eq!(status, 404, "{name}: never another account's order");
        let (status, _) = app
            .another_shopper()
            .await
            .get_json(&format!("/api/orders/{uuid}"))
            .await;
        assert_eq!(status, 404, "{name}: not without signing in either");
        let (status, _) = app.get_json("/api/orders").await;
        assert_eq!(status, 401);
    }
}

#[actix_web::test]
async fn saved_addresses_are_private() {
    for app in spawn_apps().await {
        let name = app.name();
        let owner = app.another_shopper().await;
        owner.register("addresses@example.in").await;
        let address = order_body("Kerala", "cod")["shipping_address"].clone();
        let (status, saved) = owner.post("/api/addresses", address.clone()).await;
        assert_eq!(status, 201, "{name}: {saved}");
        let id = saved["id"].as_i64().unwrap();
        let mut changed = address.clone();
        changed["city"] = json!("Vandanmedu");
        changed["is_default"] = json!(true);
        let (status, updated) = owner
            .send(
                reqwest::Method::PUT,
                &format!("/api/addresses/{id}"),
                changed,
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(updated["city"], "Vandanmedu");
        assert_eq!(updated["is_default"], true);
        let (_, list) = owner.get_json("/api/addresses").await;
        assert_eq!(list["data"].as_array().unwrap().len(), 1);

        let stranger = app.another_shopper().await;
        stranger.register("not-owner@example.in").await;
        let (status, _) = stranger
            .send(
                reqwest::Method::DELETE,
                &format!("/api/addresses/{id}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 404, "{name}");
        let (status, _) = owner
            .send(
                reqwest::Method::DELETE,
                &format!("/api/addresses/{id}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 204);
        let mut bad = address;
        bad["pincode"] = json!("12");
        let (status, body) = owner.post("/api/addresses", bad).await;
        assert_eq!(status, 422);
        assert!(body["errors"]["pincode"].is_array(), "{body}");
    }
}

#[actix_web::test]
async fn staff_move_orders_along_and_a_cancellation_restocks() {
    for app in spawn_apps().await {
        let name = app.name();
        let knife = product(&app, "banana-bunch-knife").await;
        let variant = knife["default_variant_id"].as_i64().unwrap();
        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 3)]).await;
        let (_, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        let number = order["number"].as_str().unwrap().to_owned();
        let after_order = stock_of(&app, variant);
        let pool = app.database.pool();
        let moves = &*app.state.moves;
        use orders::order::{MovedBy, OrderMove, OrderStatus, Shipment, move_order};

        let shipped = move_order(
            &mut pool.get().unwrap(),
            &number,
            &OrderMove::Ship(Shipment {
                carrier: "India Post".into(),
                tracking_number: "EK123456789IN".into(),
                eway_bill_number: None,
            }),
            MovedBy::default(),
            moves,
        )
        .unwrap();
        let history: Vec<OrderStatus> = shipped.status_history.iter().map(|s| s.status).collect();
        assert_eq!(
            history,
            [OrderStatus::Placed, OrderStatus::Shipped],
            "{name}"
        );
        assert!(app.outbox().last().unwrap().1.contains("shipped"));
        move_order(
            &mut pool.get().unwrap(),
            &number,
            &OrderMove::Deliver,
            MovedBy::default(),
            moves,
        )
        .unwrap();
        assert!(
            move_order(
                &mut pool.get().unwrap(),
                &number,
                &OrderMove::Cancel {
                    reason: "Asked by the customer".into()
                },
                MovedBy::default(),
                moves
            )
            .is_err(),
            "{name}: delivered orders cannot be cancelled"
        );

        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 2)]).await;
        let (_, second, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        let before_cancel = stock_of(&app, variant);
        assert_eq!(before_cancel, after_order - 2);
        let cancelled = move_order(
            &mut pool.get().unwrap(),
            second["number"].as_str().unwrap(),
            &OrderMove::Cancel {
                reason: "Asked by the customer".into(),
            },
            MovedBy::default(),
            moves,
        )
        .unwrap();
        assert_eq!(cancelled.status, OrderStatus::Cancelled);
        assert_eq!(
            stock_of(&app, variant),
            before_cancel + 2,
            "{name}: the stock went back"
        );
        let movements: Vec<(i32, String, Option<i64>)> = {
            use db::schema::stock_movements::dsl as m;
            use diesel::prelude::*;
            m::stock_movements
                .filter(m::variant_id.eq(variant))
                .order(m::id)
                .select((m::delta, m::reason, m::order_id))
                .load(&mut pool.get().unwrap())
                .unwrap()
        };
        let reasons: Vec<(i32, &str)> = movements
            .iter()
            .rev()
            .take(2)
            .map(|(delta, reason, _)| (*delta, reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [(2, "cancelled"), (-2, "sold")],
            "{name}: the variant's history shows the sale and its cancellation"
        );
        let order_ids: Vec<Option<i64>> = movements.iter().rev().take(2).map(|m| m.2).collect();
        assert!(
            order_ids[0].is_some() && order_ids[0] == order_ids[1],
            "{name}: both movements name the cancelled order: {order_ids:?}"
        );
        assert!(
            move_order(
                &mut pool.get().unwrap(),
                "ORD-1999-000001",
                &OrderMove::Deliver,
                MovedBy::default(),
                moves
            )
            .is_err()
        );
    }
}

/// A bank transfer not paid within the shop's days is cancelled by the sweep (once), its units
/// go back and the customer is told why; younger, paid-and-confirmed and cash-on-delivery
/// orders are left alone.
#[actix_web::test]
async fn unpaid_bank_transfers_are_cancelled_and_restocked_after_their_days() {
    use orders::order::{MovedBy, OrderMove, cancel_unpaid_transfers, move_order};
    for app in spawn_apps().await {
        let name = app.name();
        let knife = product(&app, "banana-bunch-knife").await;
        let variant = knife["default_variant_id"].as_i64().unwrap();
        let start = stock_of(&app, variant);
        let mut placed = Vec::new();
        for payment in ["bank_transfer", "bank_transfer", "cod"] {
            let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 2)]).await;
            let (status, order, _) =
                checkout(&shopper, &key(), order_body("Kerala", payment)).await;
            assert_eq!(status, 201, "{name}: {order}");
            placed.push(order["number"].as_str().unwrap().to_owned());
        }
        let [unpaid, paid, cod] = placed.try_into().unwrap();
        let pool = app.database.pool();
        let moves = &*app.state.moves;
        // The second transfer arrived: the desk confirms its order.
        move_order(
            &mut pool.get().unwrap(),
            &paid,
            &OrderMove::Confirm,
            MovedBy::default(),
            moves,
        )
        .unwrap();
        assert_eq!(stock_of(&app, variant), start - 6, "{name}");

        let now = chrono::Utc::now().naive_utc();
        let sweep = |days_later: i64| {
            cancel_unpaid_transfers(
                &mut pool.get().unwrap(),
                now + chrono::Duration::days(days_later),
                3,
                moves,
            )
            .unwrap()
        };
        assert!(sweep(2).is_empty(), "{name}: two days on, nothing is due");
        assert_eq!(sweep(4), std::slice::from_ref(&unpaid), "{name}");
        assert!(sweep(4).is_empty(), "{name}: cancelled once");
        assert_eq!(
            stock_of(&app, variant),
            start - 4,
            "{name}: its two units went back, once"
        );

        let (state, reason): (String, Option<String>) = {
            use db::schema::orders::dsl as o;
            o::orders
                .filter(o::number.eq(&unpaid))
                .select((o::status, o::cancel_reason))
                .first(&mut pool.get().unwrap())
                .unwrap()
        };
        assert_eq!(state, "cancelled", "{name}");
        assert_eq!(
            reason.as_deref(),
            Some("Payment not received within 3 days.")
        );
        let statuses: Vec<String> = {
            use db::schema::orders::dsl as o;
            o::orders
                .filter(o::number.eq_any([&paid, &cod]))
                .order(o::id)
                .select(o::status)
                .load(&mut pool.get().unwrap())
                .unwrap()
        };
        assert_eq!(statuses, ["confirmed", "placed"], "{name}");
        let told = app
            .outbox()
            .into_iter()
            .filter(|(_, subject, _, _)| subject.contains(&unpaid) && subject.contains("cancelled"))
            .collect::<Vec<_>>();
        assert_eq!(told.len(), 1, "{name}: one mail");
        assert!(
            told[0].2.contains("did not reach us within 3 days"),
            "{name}: {}",
            told[0].2
        );
    }
}
