//! The catalogue desk through the real app, on both databases.

use diesel::prelude::*;
use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body};
use crate::helpers::{TestApp, spawn_apps};

const PRODUCTS: &str = "/api/admin/catalog/products";

pub(crate) async fn first_ids(app: &TestApp) -> (i64, i64) {
    let (_, brands) = app.get_json("/api/brands").await;
    let (_, categories) = app.get_json("/api/categories").await;
    (
        brands["brands"][0]["id"].as_i64().unwrap(),
        categories[0]["id"].as_i64().unwrap(),
    )
}

/// The slug of the brand with this id, as the shop lists it.
pub(crate) async fn brand_slug(app: &TestApp, brand: i64) -> String {
    let (_, brands) = app.get_json("/api/brands").await;
    brands["brands"]
        .as_array()
        .unwrap()
        .iter()
        .chain(brands["wellRootBrands"].as_array().unwrap())
        .find(|b| b["id"] == brand)
        .map(|b| b["slug"].as_str().unwrap().to_owned())
        .expect("the brand is listed")
}

pub(crate) fn product_body(name: &str, brand: i64, category: i64) -> Value {
    json!({
        "name": name,
        "brand_id": brand,
        "category_ids": [category],
        "description": "Protects cardamom from thrips.\n\n- 2 ml per litre\n- Spray at dusk",
        "hsn_code": "38089199",
        "gst_rate": 0.18,
        "declarations": {
            "manufacturer": "Malabar Agro Chemicals Pvt Ltd",
            "manufacturer_address": "Industrial Estate, Kalamassery, Kerala 683104",
            "country_of_origin": "India",
            "best_before": "24 months from manufacture"
        },
        "variants": [
            {"variant_name": "250 ml", "sku": format!("{name}-250").replace(' ', "-"), "MRP": 450.0, "retail_price": 399.0, "weight_grams": 300, "net_quantity": "250 ml", "stock": 10},
            {"variant_name": "1 litre", "sku": format!("{name}-1000").replace(' ', "-"), "MRP": 1500.0, "retail_price": 1350.0, "weight_grams": 1100, "net_quantity": "1 litre", "stock": 4}
        ]
    })
}

pub(crate) async fn create(staff: &TestApp, body: Value) -> Value {
    let (status, product) = staff.post(PRODUCTS, body).await;
    assert_eq!(status, 201, "{}: {product}", staff.name());
    product
}

fn audit_actions(app: &TestApp, entity_id: i64) -> Vec<String> {
    use db::schema::audit_log;
    audit_log::table
        .filter(audit_log::entity_id.eq(entity_id.to_string()))
        .order(audit_log::id)
        .select(audit_log::action)
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

/// A word asked again is answered from the kept answers (`SEARCH_ANSWERS`): the same products
/// and count, and a catalogue edit reaches it at once.
#[actix_web::test]
async fn a_search_asked_again_follows_the_catalogue() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let total = |response: &reqwest::Response| {
            response.headers()["x-total-count"]
                .to_str()
                .unwrap()
                .to_owned()
        };
        // Asked three times: the second answer is kept, the third is the kept one.
        for ask in 1..=3 {
            let response = app.get("/api/search?search=zircon").await;
            assert_eq!(response.status(), 200, "{name}: ask {ask}");
            assert_eq!(total(&response), "0", "{name}: ask {ask}");
            let found: Value = response.json().await.unwrap();
            assert_eq!(found, json!([]), "{name}: ask {ask}");
        }
        create(&staff, product_body("Zircon Guard", brand, category)).await;
        for ask in 1..=3 {
            let response = app.get("/api/search?search=zircon").await;
            assert_eq!(total(&response), "1", "{name}: ask {ask} after the edit");
            let found: Value = response.json().await.unwrap();
            assert_eq!(found[0]["slug"], "zircon-guard", "{name}: {found}");
        }
        // Another page of the same word is another answer.
        let (status, page_two) = app.get_json("/api/search?search=zircon&page=2").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(page_two, json!([]), "{name}");
        // Each language's answer is its own: kept English names never reach the Malayalam shop.
        let mut names = Vec::new();
        for language in ["en", "ml", "en", "ml", "en", "ml"] {
            let response = app.get_in(language, "/api/search?search=neem").await;
            let found: Value = response.json().await.unwrap();
            names.push(found[0]["name"].as_str().unwrap().to_owned());
        }
        assert_eq!(names[0], names[2], "{name}");
        assert_eq!(names[0], names[4], "{name}");
        assert_eq!(names[1], names[3], "{name}");
        assert_eq!(names[1], names[5], "{name}");
        assert_ne!(names[0], names[1], "{name}: {names:?}");
    }
}

#[actix_web::test]
async fn a_new_product_is_in_the_shop_at_once() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Thrips Guard", brand, category)).await;
        assert_eq!(product["slug"], "thrips-guard");
        assert_eq!(product["variants"].as_array().unwrap().len(), 2);
        assert_eq!(product["gst_rate"], 0.18);

        let (_, found) = app.get_json("/api/search?search=thrips").await;
        assert_eq!(found[0]["slug"], "thrips-guard", "{name}: {found}");
        let (status, page) = app.get_json("/api/products/thrips-guard").await;
        assert_eq!(status, 200, "{name}: {page}");
        assert_eq!(page["variants"][0]["net_quantity"], "250 ml");
        assert_eq!(
            page["declarations"]["manufacturer"],
            "Malabar Agro Chemicals Pvt Ltd"
        );
        assert!(page["customer_care"]["phone"].is_string(), "{page}");
        assert_eq!(page["description_blocks"][1]["kind"], "list");

        let (status, list) = staff.get_json(&format!("{PRODUCTS}?search=thrips")).await;
        assert_eq!(status, 200, "{name}: {list}");
        assert!(
            list["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["slug"] == "thrips-guard"),
            "{name}: {list}"
        );
        let id = product["id"].as_i64().unwrap();
        assert_eq!(audit_actions(&app, id), ["product.create"], "{name}");
    }
}

#[actix_web::test]
async fn bad_products_are_refused_field_by_field() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let mut body = product_body("Dear Guard", brand, category);
        body["variants"][1]["retail_price"] = json!(1600.0);
        body["gst_rate"] = json!(0.12);
        body["hsn_code"] = json!("38089");
        body["description"] = json!("<script>alert(1)</script>");
        let (status, answer) = staff.post(PRODUCTS, body).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["variants.1.retail_price"][0],
            "The price may not be more than the MRP."
        );
        assert!(answer["errors"]["gst_rate"].is_array(), "{answer}");
        assert!(answer["errors"]["hsn_code"].is_array(), "{answer}");
        assert!(answer["errors"]["description"].is_array(), "{answer}");

        let product = create(&staff, product_body("Dear Guard", brand, category)).await;
        let variant = product["variants"][0]["id"].as_i64().unwrap();
        let (status, answer) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{variant}"),
                json!({"sku": "Dear-Guard-250", "MRP": 100.0, "retail_price": 120.0}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["retail_price"][0],
            "The price may not be more than the MRP."
        );
        let (status, answer) = staff
            .post(PRODUCTS, product_body("Dear Guard", brand, category))
            .await;
        assert_eq!(status, 422, "{name}: a taken slug: {answer}");
    }
}

#[actix_web::test]
async fn a_new_price_shows_in_a_shoppers_cart() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Mite Stop", brand, category)).await;
        let variant = &product["variants"][0];
        let shopper = app.another_shopper().await;
        let (status, cart) = shopper
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "variant_id": variant["id"], "quantity": 1}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {cart}");
        assert_eq!(cart["products"][0]["price"], 399.0);

        let (status, saved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{}", variant["id"]),
                json!({"variant_name": "250 ml", "sku": variant["sku"], "MRP": 450.0, "retail_price": 375.0, "weight_grams": 300}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["stock"], 10, "an edit leaves stock alone");
        let (_, cart) = shopper.get_json("/api/cart").await;
        assert_eq!(cart["products"][0]["price"], 375.0, "{name}: {cart}");
        let variant_id = variant["id"].as_i64().unwrap();
        assert_eq!(
            audit_actions(&app, variant_id),
            ["variant.create", "variant.update"],
            "{name}"
        );

        // An inactive variant leaves the page and the cart.
        let (status, _) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{}", variant["id"]),
                json!({"variant_name": "250 ml", "sku": variant["sku"], "MRP": 450.0, "retail_price": 375.0, "is_active": false}),
            )
            .await;
        assert_eq!(status, 200, "{name}");
        let (_, cart) = shopper.get_json("/api/cart").await;
        assert_eq!(cart["products"], json!([]), "{name}: {cart}");
        let (_, page) = app.get_json("/api/products/mite-stop").await;
        assert_eq!(page["variants"].as_array().unwrap().len(), 1, "{name}");
    }
}

#[actix_web::test]
async fn stock_moves_with_a_reason_and_never_below_zero() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Leaf Shine", brand, category)).await;
        let variant = product["variants"][1]["id"].as_i64().unwrap();
        let adjust = format!("/api/admin/catalog/variants/{variant}/stock-adjustments");

        let (status, movement) = staff
            .post(
                &adjust,
                json!({"delta": -3, "reason": "damaged", "note": "Crushed in transit"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {movement}");
        assert_eq!(movement["reason"], "damaged");
        let (status, answer) = staff
            .post(&adjust, json!({"delta": -2, "reason": "correction"}))
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(
            answer["errors"]["delta"][0]
                .as_str()
                .unwrap()
                .contains("below 0")
        );
        let (status, answer) = staff
            .post(&adjust, json!({"delta": 5, "reason": "sold"}))
            .await;
        assert_eq!(status, 422, "{name}: staff do not record sales: {answer}");

        let (status, history) = staff
            .get_json(&format!(
                "/api/admin/catalog/variants/{variant}/stock-movements"
            ))
            .await;
        assert_eq!(status, 200, "{name}: {history}");
        let reasons: Vec<&str> = history["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["reason"].as_str().unwrap())
            .collect();
        assert_eq!(reasons, ["damaged", "received"], "{name}");
        let (_, low) = staff.get_json("/api/admin/catalog/low-stock").await;
        assert!(
            low["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["variant_id"] == variant),
            "{name}: 1 left is low: {low}"
        );
        assert_eq!(
            audit_actions(&app, variant),
            ["variant.create", "stock.adjust"],
            "{name}"
        );
    }
}

#[actix_web::test]
async fn a_product_in_several_variants_names_each() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let mut body = product_body("Neem Oil Concentrate", brand, category);
        body["variants"] = json!([{"sku": "NOC-1", "retail_price": 300.0, "weight_grams": 600}]);
        let product = create(&staff, body).await;
        let id = product["id"].as_i64().unwrap();
        let variant = json!({"variant_name": "5 litre", "sku": "NOC-5", "retail_price": 1300.0, "weight_grams": 5200});
        let (status, answer) = staff
            .post(&format!("{PRODUCTS}/{id}/variants"), variant.clone())
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(
            answer["errors"]["variant_name"][0]
                .as_str()
                .unwrap()
                .contains("other variant has no name"),
            "{name}: {answer}"
        );
        let first = product["variants"][0]["id"].as_i64().unwrap();
        let (status, _) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{first}"),
                json!({"variant_name": "1 litre", "sku": "NOC-1", "retail_price": 300.0, "weight_grams": 600}),
            )
            .await;
        assert_eq!(status, 200, "{name}");
        let (status, answer) = staff
            .post(&format!("{PRODUCTS}/{id}/variants"), variant)
            .await;
        assert_eq!(status, 201, "{name}: {answer}");
        let (status, answer) = staff
            .post(
                &format!("{PRODUCTS}/{id}/variants"),
                json!({"sku": "NOC-20", "retail_price": 4000.0, "weight_grams": 21000}),
            )
            .await;
        assert_eq!(status, 422, "{name}: an unnamed third: {answer}");
        let (_, shown) = app.get_json("/api/products/neem-oil-concentrate").await;
        let sizes: Vec<&str> = shown["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["variant_name"].as_str().unwrap())
            .collect();
        assert_eq!(
            sizes,
            ["1 litre", "5 litre"],
            "{name}: the shopper chooses between them"
        );
    }
}

#[actix_web::test]
async fn a_renamed_product_keeps_its_old_address() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Pepper Tonic", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        let mut body = product_body("Pepper Tonic Plus", brand, category);
        body.as_object_mut().unwrap().remove("variants");
        let (status, saved) = staff
            .send(Method::PUT, &format!("{PRODUCTS}/{id}"), body)
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["slug"], "pepper-tonic-plus");
        assert_eq!(saved["old_slugs"], json!(["pepper-tonic"]));

        let no_follow = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let moved = no_follow
            .get(format!("{}/api/products/pepper-tonic", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(moved.status(), 308, "{name}");
        assert_eq!(
            moved.headers()["location"],
            "/api/products/pepper-tonic-plus"
        );
        let brand_slug = brand_slug(&app, brand).await;
        let page = no_follow
            .get(format!("{}/dealer/{brand_slug}/pepper-tonic", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(
            page.status(),
            301,
            "{name}: the old page address moves for good"
        );
        assert_eq!(
            page.headers()["location"],
            format!("/dealer/{brand_slug}/pepper-tonic-plus").as_str()
        );
        let unknown = no_follow
            .get(format!("{}/dealer/{brand_slug}/never-was", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(unknown.status(), 404, "{name}: a slug no product had");
        let (status, page) = app.get_json("/api/products/pepper-tonic").await;
        assert_eq!(status, 200, "{name}: followed");
        assert_eq!(page["slug"], "pepper-tonic-plus");
        assert_eq!(
            audit_actions(&app, id),
            ["product.create", "product.update"],
            "{name}"
        );
    }
}

#[actix_web::test]
async fn a_product_with_orders_is_not_deleted() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Soil Mender", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        let shopper = app.another_shopper().await;
        shopper
            .post(
                "/api/cart/add",
                json!({"product_id": id, "variant_id": product["variants"][0]["id"], "quantity": 1}),
            )
            .await;
        let (status, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");

        let (status, answer) = staff
            .send(Method::DELETE, &format!("{PRODUCTS}/{id}"), json!({}))
            .await;
        assert_eq!(status, 409, "{name}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains("Deactivate"));

        let unsold = create(&staff, product_body("Unsold Mender", brand, category)).await;
        let unsold_id = unsold["id"].as_i64().unwrap();
        let (status, _) = staff
            .send(
                Method::DELETE,
                &format!("{PRODUCTS}/{unsold_id}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 204, "{name}");
        let (status, _) = app.get_json("/api/products/unsold-mender").await;
        assert_eq!(status, 404, "{name}");
        assert_eq!(
            audit_actions(&app, unsold_id),
            ["product.create", "product.delete"],
            "{name}"
        );
    }
}

#[actix_web::test]
async fn a_restricted_product_is_refused_at_checkout_to_its_states() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let mut body = product_body("Strong Pesticide", brand, category);
        body["declarations"]["is_hazardous"] = json!(true);
        body["declarations"]["restricted_states"] = json!(["kerala"]);
        let product = create(&staff, body).await;
        assert_eq!(
            product["declarations"]["restricted_states"],
            json!(["Kerala"])
        );
        let shopper = app.another_shopper().await;
        shopper
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "variant_id": product["variants"][0]["id"], "quantity": 1}),
            )
            .await;
        let (status, answer, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["shipping_address.state"][0],
            "Strong Pesticide (250 ml) may not be shipped to Kerala."
        );
        let (status, order, _) = checkout(&shopper, &key(), order_body("Tamil Nadu", "cod")).await;
        assert_eq!(status, 201, "{name}: another state takes it: {order}");
    }
}

#[actix_web::test]
async fn only_staff_reach_the_desk() {
    for app in spawn_apps().await {
        let name = app.name();
        app.csrf().await;
        let (status, _) = app.get_json(PRODUCTS).await;
        assert_eq!(status, 401, "{name}: a visitor");
        let (status, _) = app.post(PRODUCTS, json!({})).await;
        assert_eq!(status, 401, "{name}: a visitor");
        let shopper = app.another_shopper().await;
        shopper.register("shopper@example.in").await;
        let (status, answer) = shopper.get_json("/api/admin/catalog/low-stock").await;
        assert_eq!(status, 403, "{name}: a shopper");
        assert_eq!(answer["message"], "This part of the shop is for its staff.");
        let (status, _) = shopper.post(PRODUCTS, json!({})).await;
        assert_eq!(status, 403, "{name}: a shopper");
        let admin = app.with_admin().await;
        let (status, _) = admin.get_json(PRODUCTS).await;
        assert_eq!(status, 200, "{name}: an admin");
    }
}

#[actix_web::test]
async fn brands_categories_and_awards_are_kept_where_nothing_depends_on_them() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (used_brand, top) = first_ids(&app).await;

        let (status, brand) = staff
            .post(
                "/api/admin/catalog/brands",
                json!({"name": "Hill Agro", "description": "Growers' own.", "sort_order": 3}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {brand}");
        assert_eq!(brand["slug"], "hill-agro");
        let (status, listed) = staff.get_json("/api/admin/catalog/brands").await;
        assert_eq!(status, 200, "{name}: {listed}");
        assert!(
            listed["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["slug"] == "hill-agro" && b["description"] == "Growers' own."),
            "{name}: the desk lists the new brand: {listed}"
        );
        let (status, shown) = app.get_json("/api/brands/hill-agro").await;
        assert_eq!(status, 200, "{name}: at once: {shown}");
        let (status, answer) = staff
            .send(
                Method::DELETE,
                &format!("/api/admin/catalog/brands/{used_brand}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 409, "{name}: a brand with products: {answer}");
        let brand_id = brand["id"].as_i64().unwrap();
        let (status, _) = staff
            .send(
                Method::DELETE,
                &format!("/api/admin/catalog/brands/{brand_id}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 204, "{name}");
        assert_eq!(
            audit_actions(&app, brand_id)[..2],
            ["brand.create".to_owned(), "brand.delete".to_owned()]
        );

        let (status, sub) = staff
            .post(
                "/api/admin/catalog/categories",
                json!({"name": "Leaf Sprays", "parent_id": top}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {sub}");
        let (_, tree) = app.get_json("/api/categories").await;
        assert!(
            tree.to_string().contains("leaf-sprays"),
            "{name}: at once: {tree}"
        );
        let (_, listed) = staff.get_json("/api/admin/catalog/categories").await;
        assert!(
            listed["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["slug"] == "leaf-sprays" && c["parent_id"] == top),
            "{name}: the desk lists the sub-category under its parent: {listed}"
        );
        let (_, slabs) = staff.get_json("/api/admin/catalog/gst-rates").await;
        assert_eq!(slabs, json!({"data": [0.0, 0.05, 0.18, 0.4]}), "{name}");
        let (status, answer) = staff
            .post(
                "/api/admin/catalog/categories",
                json!({"name": "Too Deep", "parent_id": sub["id"]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: two levels only: {answer}");
        let (status, answer) = staff
            .send(
                Method::DELETE,
                &format!("/api/admin/catalog/categories/{top}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 409, "{name}: {answer}");

        let (status, award) = staff
            .post(
                "/api/admin/catalog/awards",
                json!({"title": "Kerala Agri Award 2026", "position": 0}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {award}");
        let (status, moved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/awards/{}", award["id"]),
                json!({"title": "Kerala Agri Award 2026", "position": 9}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {moved}");
        assert_eq!(moved["position"], 9);
        let (_, awards) = app.get_json("/api/awards").await;
        assert!(
            awards.to_string().contains("Kerala Agri Award 2026"),
            "{name}"
        );
    }
}

/// A product's kind of supply and each pack's unit travel through the desk: saved, read back,
/// refused where they disagree with the rate or the code, and a rate unlike the shop's rate list
/// for the HSN is saved with a warning.
#[actix_web::test]
async fn supply_kinds_and_pack_units_are_saved_checked_and_warned_about() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let mut body = product_body("Seed Kit", brand, category);
        body["hsn_code"] = json!("12099190");
        body["gst_rate"] = json!(0);
        body["supply_kind"] = json!("exempt");
        body["variants"][0]["uqc"] = json!("kgs");
        body["variants"][0]["uqc_quantity"] = json!("0.01");
        body["variants"][1]["uqc"] = json!("KGS-KILOGRAMS");
        body["variants"][1]["uqc_quantity"] = json!(0.05);
        let product = create(&staff, body).await;
        assert_eq!(product["supply_kind"], "exempt", "{name}: {product}");
        assert_eq!(product["warnings"], json!([]), "{name}: {product}");
        let id = product["id"].as_i64().unwrap();
        let (status, read) = staff.get_json(&format!("{PRODUCTS}/{id}")).await;
        assert_eq!(status, 200, "{name}: {read}");
        assert_eq!(read["supply_kind"], "exempt");
        assert_eq!(read["variants"][0]["uqc"], "KGS");
        assert_eq!(read["variants"][0]["uqc_quantity"], "0.01");
        assert_eq!(read["variants"][1]["uqc_quantity"], "0.05");

        // An older client: no kind (taxable above 0 %, exempt at 0 %), no unit (NOS 1).
        let old = create(&staff, product_body("Old Guard", brand, category)).await;
        assert_eq!(old["supply_kind"], "taxable", "{name}: {old}");
        assert_eq!(old["variants"][0]["uqc"], "NOS");
        assert_eq!(old["variants"][0]["uqc_quantity"], "1");

        let mut taxed_at_nothing = product_body("Zero Guard", brand, category);
        taxed_at_nothing["gst_rate"] = json!(0);
        taxed_at_nothing["supply_kind"] = json!("taxable");
        taxed_at_nothing["variants"][0]["uqc"] = json!("NA");
        taxed_at_nothing["variants"][0]["uqc_quantity"] = json!("1");
        taxed_at_nothing["variants"][1]["uqc"] = json!("KILO");
        let (status, answer) = staff.post(PRODUCTS, taxed_at_nothing).await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(
            answer["errors"]["supply_kind"][0]
                .as_str()
                .unwrap()
                .contains("above 0 %"),
            "{name}: {answer}"
        );
        assert_eq!(
            answer["errors"]["variants.0.uqc_quantity"][0],
            "A unit quantity code of NA (a service) has no quantity.",
            "{name}: {answer}"
        );
        assert!(answer["errors"]["variants.1.uqc"].is_array(), "{answer}");

        // 5 % where the rate list says 18 % for 3808 93 40: saved, with a warning.
        let mut bio = product_body("Verticillium Mix", brand, category);
        bio["hsn_code"] = json!("38089340");
        bio["gst_rate"] = json!(0.05);
        let saved = create(&staff, bio.clone()).await;
        let warnings = saved["warnings"].to_string();
        assert!(
            warnings.contains("HSN 38089340 18%") && warnings.contains("Sch II S.No. 95*"),
            "{name}: {saved}"
        );
        let bio_id = saved["id"].as_i64().unwrap();
        bio["gst_rate"] = json!(0.18);
        bio["version"] = saved["version"].clone();
        let (status, fixed) = staff
            .send(Method::PUT, &format!("{PRODUCTS}/{bio_id}"), bio)
            .await;
        assert_eq!(status, 200, "{name}: {fixed}");
        assert_eq!(fixed["warnings"], json!([]), "{name}: {fixed}");

        // A variant added or edited on its own keeps its unit rules.
        let variant = read["variants"][0]["id"].as_i64().unwrap();
        let (status, answer) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{variant}"),
                json!({"sku": "Seed-Kit-250", "variant_name": "250 ml", "retail_price": 399.0, "uqc": "NA"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {answer}");
        assert_eq!(
            (answer["uqc"].as_str(), answer["uqc_quantity"].is_null()),
            (Some("NA"), true),
            "{name}: {answer}"
        );
    }
}
