//! Money and stock are bounded where they enter, and every sum is checked: a price past
//! ₹10,00,000, a negative price or a stock adjustment of millions is a 422 naming its field,
//! and amounts stored before the bounds answer 422, never 500.

use diesel::prelude::*;
use reqwest::Method;
use serde_json::json;

use crate::admin_catalog::{create, first_ids, product_body};
use crate::checkout::{checkout, key, order_body, product, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps};

const PRODUCTS: &str = "/api/admin/catalog/products";

fn set_price(app: &TestApp, variant: i64, paise: i64) {
    use db::schema::product_variants::dsl::*;
    diesel::update(product_variants.find(variant))
        .set((price_paise.eq(paise), mrp_paise.eq(None::<i64>)))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

#[actix_web::test]
async fn a_price_past_ten_lakh_rupees_or_below_zero_is_refused_by_its_field() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;

        // The price: ₹2.5 × 10^16.
        let mut body = product_body("Huge Price", brand, category);
        body["variants"][0]["retail_price"] = json!(2.5e16);
        body["variants"][0]["MRP"] = json!(2.5e16);
        let (status, answer) = staff.post(PRODUCTS, body).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["variants.0.retail_price"][0], "A price may be at most ₹10,00,000.",
            "{name}: {answer}"
        );
        assert!(answer["errors"]["variants.0.MRP"].is_array(), "{answer}");

        let product = create(&staff, product_body("Bounded Price", brand, category)).await;
        let variant = product["variants"][0]["id"].as_i64().unwrap();
        let path = format!("/api/admin/catalog/variants/{variant}");
        let edit = |price: f64| json!({"variant_name": "250 ml", "sku": "Bounded-Price-250", "retail_price": price});
        let (status, answer) = staff.send(Method::PUT, &path, edit(-5.0)).await;
        assert_eq!(status, 422, "{name}: a negative price: {answer}");
        assert_eq!(
            answer["errors"]["retail_price"][0],
            "The amount must be more than ₹0."
        );
        let (status, answer) = staff.send(Method::PUT, &path, edit(0.0)).await;
        assert_eq!(
            status, 422,
            "{name}: a price of nothing gives it away: {answer}"
        );
        let text = json!({"variant_name": "250 ml", "sku": "Bounded-Price-250", "retail_price": "₹2,800", "weight": "250 g"});
        let (status, answer) = staff.send(Method::PUT, &path, text).await;
        assert_eq!(status, 200, "{name}: a price as written: {answer}");
        assert_eq!(
            (
                answer["retail_price"].as_f64(),
                answer["weight_grams"].as_i64()
            ),
            (Some(2800.0), Some(250)),
            "{name}"
        );
        let (status, answer) = staff.send(Method::PUT, &path, edit(1_000_000.01)).await;
        assert_eq!(status, 422, "{name}: {answer}");
        let (status, answer) = staff.send(Method::PUT, &path, edit(1_000_000.0)).await;
        assert_eq!(
            status, 200,
            "{name}: ₹10,00,000 itself is a price: {answer}"
        );

        let mut body = product_body("Negative Price", brand, category);
        body["variants"][1]["retail_price"] = json!(-1);
        body["variants"][1]["MRP"] = json!(null);
        let (status, answer) = staff.post(PRODUCTS, body).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["variants.1.retail_price"].is_array());
    }
}

#[actix_web::test]
async fn a_stock_adjustment_of_millions_is_refused_and_never_wraps() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Stock Bound", brand, category)).await;
        let variant = product["variants"][0]["id"].as_i64().unwrap();
        let adjust = format!("/api/admin/catalog/variants/{variant}/stock-adjustments");
        for delta in [i64::from(i32::MAX), 1_000_001, -1_000_001] {
            let (status, answer) = staff
                .post(&adjust, json!({"delta": delta, "reason": "received"}))
                .await;
            assert_eq!(status, 422, "{name}: {delta}: {answer}");
            assert!(answer["errors"]["delta"].is_array(), "{answer}");
        }
        let (status, answer) = staff
            .post(&adjust, json!({"delta": 1_000_000, "reason": "received"}))
            .await;
        assert_eq!(status, 201, "{name}: {answer}");
        let (status, answer) = staff
            .post(
                PRODUCTS,
                json!({"variants": [{"stock": 10_000_001, "sku": "x", "retail_price": 1}]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["variants.0.stock"].is_array(), "{answer}");
        assert_eq!(crate::checkout::stock_of(&app, variant), 1_000_010);
    }
}

#[actix_web::test]
async fn amounts_stored_before_the_bounds_answer_422_never_500() {
    for app in spawn_apps().await {
        let name = app.name();
        // A price set before prices were bounded: a cart line that cannot be added up.
        let knife = product(&app, "banana-bunch-knife").await;
        let variant = knife["default_variant_id"].as_i64().unwrap();
        set_price(&app, variant, 2_500_000_000_000_000_000);
        crate::checkout::set_stock(&app, variant, 50);
        let shopper = app.another_shopper().await;
        let add = json!({"product_id": knife["id"], "quantity": 4});
        let (status, answer) = shopper.post("/api/cart/add", add).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["quantity"].is_array(), "{answer}");
        let (status, answer) = shopper.get_json("/api/cart").await;
        assert_eq!(status, 422, "{name}: {answer}");
        let (status, answer, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["cart"].is_array(), "{answer}");

        // Two orders whose totals were stored before orders were bounded.
        set_price(&app, variant, 39_900);
        for _ in 0..2 {
            let buyer = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
            let (status, answer, _) =
                checkout(&buyer, &key(), order_body("Kerala", "bank_transfer")).await;
            assert_eq!(status, 201, "{name}: {answer}");
        }
        {
            use db::schema::orders::dsl::*;
            diesel::update(orders)
                .set(total_paise.eq(5_000_000_000_000_000_000))
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        }
        let staff = app.with_staff().await;
        let (status, answer) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(status, 422, "{name}: {answer}");
    }
}
