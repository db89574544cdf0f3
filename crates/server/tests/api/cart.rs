use serde_json::{Value, json};

use crate::checkout::set_stock;
use crate::helpers::{TestApp, spawn_apps};

/// A product's id, its variants' ids and their stock.
async fn product(app: &TestApp, slug: &str) -> (i64, Vec<(i64, i64)>) {
    let (status, body) = app.get_json(&format!("/api/products/{slug}")).await;
    assert_eq!(status, 200, "{slug}");
    let variants = body["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["id"].as_i64().unwrap(), v["stock"].as_i64().unwrap()))
        .collect();
    (body["id"].as_i64().unwrap(), variants)
}

fn line_quantities(cart: &Value) -> Vec<i64> {
    cart["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["quantity"].as_i64().unwrap())
        .collect()
}

#[actix_web::test]
async fn a_shopper_fills_changes_and_empties_a_cart() {
    for app in spawn_apps().await {
        let name = app.name();
        app.csrf().await;
        let (single, _) = product(&app, "cardamom-harvesting-scissors").await;
        let (multi, variants) = product(&app, "root-booster-granules-for-cardamom-pepper").await;

        let (status, cart) = app.get_json("/api/cart").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(cart["products"], json!([]));
        assert_eq!(cart["cart"]["count"], 0);

        let (status, cart) = app
            .post(
                "/api/cart/add",
                json!({"product_id": single, "quantity": 2}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {cart}");
        let line = &cart["products"][0];
        assert_eq!(line["product_id"], single);
        assert_eq!(line["quantity"], 2);
        assert_eq!(line["price"], 220.0);
        assert_eq!(
            line["gst_rate"], 0.0,
            "agricultural hand tools of 8201 are exempt"
        );
        assert_eq!(
            line["href"],
            "/dealer/anamalai-tools/cardamom-harvesting-scissors"
        );
        assert_eq!(line["product"]["brand"]["name"], "Anamalai Tools");
        assert!(
            line["product"]["first_image_url"]
                .as_str()
                .unwrap()
                .starts_with("/media/")
        );
        assert!(line["variant_id"].is_i64());

        // Adding the same line raises it; another variant is its own line.
        let (_, cart) = app
            .post(
                "/api/cart/add",
                json!({"product_id": single, "quantity": 3}),
            )
            .await;
        assert_eq!(line_quantities(&cart), vec![5]);
        let (status, cart) = app
            .post(
                "/api/cart/add",
                json!({"product_id": multi, "variant_id": variants[1].0, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(line_quantities(&cart), vec![5, 1]);

        // ₹220 exempt x 5 (agricultural hand tools, 10/2025-CT(R)) and ₹1,050 at 5% x 1, by the spec's formulas, to the paisa.
        let totals = pricing::cart_totals(&[
            pricing::PricedLine {
                unit_price: pricing::Paise::new(22_000),
                gst_rate: pricing::GstRate::new(0).unwrap(),
                quantity: 5,
            },
            pricing::PricedLine {
                unit_price: pricing::Paise::new(105_000),
                gst_rate: pricing::GstRate::new(500).unwrap(),
                quantity: 1,
            },
        ])
        .unwrap();
        assert_eq!(cart["cart"]["count"], 6);
        assert_eq!(cart["cart"]["total"], 2150.0);
        assert_eq!(
            cart["cart"]["tax"],
            serde_json::to_value(totals.tax).unwrap()
        );
        assert_eq!(
            cart["cart"]["subtotal"],
            serde_json::to_value(totals.subtotal).unwrap()
        );

        let (_, cart) = app
            .post(
                "/api/cart/update",
                json!({"product_id": single, "quantity": 1}),
            )
            .await;
        assert_eq!(
            line_quantities(&cart),
            vec![1, 1],
            "{name}: update sets the absolute quantity"
        );
        let (_, cart) = app
            .post("/api/cart/remove", json!({"product_id": single}))
            .await;
        assert_eq!(line_quantities(&cart), vec![1]);
        let (status, cart) = app.post("/api/cart/clear", json!({})).await;
        assert_eq!(status, 200);
        assert_eq!(cart["cart"]["count"], 0);
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(cart["products"], json!([]), "{name}");
    }
}

#[actix_web::test]
async fn bad_cart_input_gets_a_clear_answer() {
    for app in spawn_apps().await {
        let name = app.name();
        app.csrf().await;
        let (single, variants_of_single) = product(&app, "cardamom-harvesting-scissors").await;
        assert!(variants_of_single.is_empty());
        let (multi, variants) = product(&app, "root-booster-granules-for-cardamom-pepper").await;

        let (status, body) = app
            .post("/api/cart/add", json!({"product_id": multi, "quantity": 1}))
            .await;
        assert_eq!(status, 422, "{name}: several variants need a variant_id");
        assert!(body["errors"]["variant_id"].is_array());

        for quantity in [
            json!(0),
            json!(10_000),
            json!(-1),
            json!("2"),
            json!(1.5),
            Value::Null,
        ] {
            let (status, body) = app
                .post(
                    "/api/cart/add",
                    json!({"product_id": single, "quantity": quantity}),
                )
                .await;
            assert_eq!(status, 422, "{name}: quantity {quantity}");
            assert!(body["errors"]["quantity"][0].as_str().is_some(), "{body}");
        }
        let (status, body) = app.post("/api/cart/add", json!({"quantity": 1})).await;
        assert_eq!(status, 422);
        assert_eq!(
            body["errors"]["product_id"][0],
            "The product id field is required."
        );
        let (status, _) = app.post("/api/cart/add", json!([1, 2])).await;
        assert_eq!(status, 422);

        let (status, body) = app
            .post(
                "/api/cart/add",
                json!({"product_id": 999_999, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 404, "{name}");
        assert_eq!(body["message"], "Product not found.");
        let (status, _) = app
            .post(
                "/api/cart/add",
                json!({"product_id": single, "variant_id": variants[0].0, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 422, "{name}: a variant of another product");

        let (status, body) = app
            .post(
                "/api/cart/update",
                json!({"product_id": single, "quantity": 2}),
            )
            .await;
        assert_eq!(
            status, 404,
            "{name}: updating a line that is not in the cart: {body}"
        );

        // Malformed JSON, and a body that is not JSON at all.
        let token = app.xsrf_token.lock().unwrap().clone().unwrap();
        let raw = |body: &'static str, content_type: &'static str| {
            app.client
                .post(format!("{}/api/cart/add", app.address))
                .header("X-XSRF-TOKEN", token.clone())
                .header("Content-Type", content_type)
                .body(body)
                .send()
        };
        let response = raw("{\"product_id\": 1,", "application/json")
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "{name}");
        assert!(response.json::<Value>().await.unwrap()["message"].is_string());
        let response = raw("product_id=1", "application/x-www-form-urlencoded")
            .await
            .unwrap();
        assert_eq!(response.status(), 415, "{name}");
    }
}

#[actix_web::test]
async fn a_cart_never_holds_more_than_is_in_stock() {
    for app in spawn_apps().await {
        let name = app.name();
        app.csrf().await;
        let (multi, variants) = product(&app, "ga-plus-gibberellic-acid-0-001-l").await;
        let (variant, stock) = variants[2];
        let (status, _) = app
            .post(
                "/api/cart/add",
                json!({"product_id": multi, "variant_id": variant, "quantity": stock}),
            )
            .await;
        assert_eq!(status, 200, "{name}");
        let (status, body) = app
            .post(
                "/api/cart/add",
                json!({"product_id": multi, "variant_id": variant, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 409, "{name}");
        assert_eq!(body["available"], stock);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains(&stock.to_string())
        );
        let (status, _) = app
            .post(
                "/api/cart/update",
                json!({"product_id": multi, "variant_id": variant, "quantity": stock + 1}),
            )
            .await;
        assert_eq!(status, 409);
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(
            line_quantities(&cart),
            vec![stock],
            "{name}: the refused changes left the line alone"
        );
    }
}

#[actix_web::test]
async fn a_plantation_order_of_up_to_9999_units_fits_one_line() {
    for app in spawn_apps().await {
        let name = app.name();
        app.csrf().await;
        let (multi, variants) = product(&app, "ga-plus-gibberellic-acid-0-001-l").await;
        let variant = variants[0].0;
        set_stock(&app, variant, 20_000);
        let line = |quantity: i64| json!({"product_id": multi, "variant_id": variant, "quantity": quantity});

        let (status, body) = app.post("/api/cart/add", line(150)).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(line_quantities(&body), vec![150], "{name}");
        let (status, body) = app.post("/api/cart/update", line(9_999)).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(line_quantities(&body), vec![9_999], "{name}");
        assert_eq!(body["cart"]["count"], 9_999, "{name}");

        // One more, added or set, is past what a line holds: a 422 that says the limit.
        let (status, body) = app.post("/api/cart/add", line(1)).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["quantity"][0],
            "A cart line can hold at most 9,999 units."
        );
        let (status, body) = app.post("/api/cart/update", line(10_000)).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["quantity"][0],
            "The quantity must be a whole number from 1 to 9,999."
        );
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(
            line_quantities(&cart),
            vec![9_999],
            "{name}: refused changes left the line"
        );

        // The limit reads in the shopper's language too.
        let reader = app.shopper_reading("ml").await;
        let (status, body) = reader.post("/api/cart/add", line(10_000)).await;
        assert_eq!(status, 422, "{name}");
        assert_eq!(
            body["errors"]["quantity"][0],
            "എണ്ണം 1 മുതൽ 9,999 വരെയുള്ള ഒരു പൂർണ്ണസംഖ്യ ആയിരിക്കണം."
        );
    }
}

#[actix_web::test]
async fn withdrawn_products_cannot_be_added_and_leave_the_cart() {
    for app in spawn_apps().await {
        app.csrf().await;
        let (single, _) = product(&app, "banana-bunch-knife").await;
        app.post(
            "/api/cart/add",
            json!({"product_id": single, "quantity": 1}),
        )
        .await;
        {
            use db::schema::products::dsl::*;
            use diesel::prelude::*;
            let pool = app.database.pool();
            diesel::update(products.find(single))
                .set(is_active.eq(false))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(cart["cart"]["count"], 0, "{}", app.name());
        let (status, _) = app
            .post(
                "/api/cart/add",
                json!({"product_id": single, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 404);
    }
}

#[actix_web::test]
async fn concurrent_adds_to_one_line_end_with_the_sum() {
    for app in spawn_apps().await {
        app.csrf().await;
        let (single, _) = product(&app, "brass-impact-sprinkler-3-4-inch").await;
        // The cart exists before the race, as it does once a shopper has added anything.
        app.post(
            "/api/cart/add",
            json!({"product_id": single, "quantity": 1}),
        )
        .await;
        let adds = (0..20).map(|_| {
            app.post(
                "/api/cart/add",
                json!({"product_id": single, "quantity": 2}),
            )
        });
        let results = futures_util::future::join_all(adds).await;
        assert!(
            results.iter().all(|(status, _)| *status == 200),
            "{}",
            app.name()
        );
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(line_quantities(&cart), vec![41], "{}", app.name());
    }
}

#[actix_web::test]
async fn the_cart_survives_a_server_restart() {
    for mut app in spawn_apps().await {
        app.csrf().await;
        let (single, _) = product(&app, "lateral-punch-tool").await;
        app.post(
            "/api/cart/add",
            json!({"product_id": single, "quantity": 4}),
        )
        .await;
        app.restart().await;
        let (_, cart) = app.get_json("/api/cart").await;
        assert_eq!(line_quantities(&cart), vec![4], "{}", app.name());
        let (status, _) = app
            .post(
                "/api/cart/add",
                json!({"product_id": single, "quantity": 1}),
            )
            .await;
        assert_eq!(
            status,
            200,
            "{}: the anti-forgery token outlives the restart",
            app.name()
        );
    }
}
