//! The API contract is the document generated from the code (`openapi.json`, committed). These
//! tests hold it to the code both ways: the committed file is exactly what the code generates,
//! every route the app answers is in it, and real answers of the main calls match the schemas
//! it gives for their status.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::checkout::order_body;
use crate::helpers::{TestApp, spawn_apps};

const COMMITTED: &str = include_str!("../../openapi.json");
const ROUTES: &str = include_str!("../../src/routes.rs");

fn document() -> Value {
    serde_json::from_str(COMMITTED).unwrap()
}

#[test]
fn the_committed_document_is_the_one_the_code_generates() {
    let generated = server::api_doc::document_json();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
        std::fs::write(path, generated).unwrap();
        println!("wrote {path}");
        return;
    }
    assert!(
        generated == COMMITTED,
        "crates/server/openapi.json is stale: run `just openapi` (UPDATE_OPENAPI=1 cargo test -p \
         server --test api contract) and then `npm run api-types` in frontend/"
    );
}

fn operations(document: &Value) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            found.insert((method.clone(), path.clone()));
        }
    }
    found
}

#[test]
fn every_registered_handler_is_documented() {
    let services = ROUTES.matches(".service(").count();
    // The scopes (`/api`, `/api/admin`) are services too; every other `.service(` is a handler.
    let handlers = services - ROUTES.matches("web::scope(").count();
    let documented = operations(&document()).len();
    assert_eq!(
        handlers, documented,
        "routes.rs registers {handlers} handlers but the document has {documented} operations"
    );
}

#[actix_web::test]
async fn every_documented_operation_is_routed() {
    let app = &spawn_apps().await[0];
    for (method, path) in operations(&document()) {
        app.csrf().await; // anew each time: a sign-out ends the session

        let concrete = path
            .replace("{slug}", "no-such-slug")
            .replace("{id}", "999999")
            .replace("{uuid}", "00000000-0000-4000-8000-000000000000");
        let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let (status, body) = app.send(method.clone(), &concrete, json!({})).await;
        let unrouted = status == 404 && body["message"] == "There is nothing at this address.";
        assert!(
            !unrouted && status != 405 && status != 419,
            "{method} {path} is documented but not routed ({status} {body})"
        );
    }
}

/// Checks `body` against the document's schema for `method path` answering `status`.
fn conforms(method: &str, path: &str, status: u16, body: &Value) {
    let document = document();
    let response = &document["paths"][path][method]["responses"][status.to_string()];
    assert!(
        response.is_object(),
        "{method} {path} does not document a {status}"
    );
    let schema = &response["content"]["application/json"]["schema"];
    assert!(
        schema.is_object(),
        "{method} {path} {status} has no JSON schema"
    );
    let root = json!({"allOf": [schema], "components": document["components"]});
    let validator = jsonschema::draft202012::new(&root)
        .unwrap_or_else(|e| panic!("{method} {path} {status}: bad schema: {e}"));
    let problems: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        problems.is_empty(),
        "{method} {path} {status} does not match the document:\n{}\nbody: {body}",
        problems.join("\n")
    );
}

async fn get(app: &TestApp, template: &str, concrete: &str, status: u16) -> Value {
    let (got, body) = app.get_json(concrete).await;
    assert_eq!(got, status, "GET {concrete}: {body}");
    conforms("get", template, status, &body);
    body
}

async fn post(app: &TestApp, template: &str, body: Value, status: u16) -> Value {
    let (got, answer) = app.post(template, body).await;
    assert_eq!(got, status, "POST {template}: {answer}");
    conforms("post", template, status, &answer);
    answer
}

#[actix_web::test]
async fn real_answers_match_the_document() {
    for app in spawn_apps().await {
        let app = &app;
        get(app, "/api/shop", "/api/shop", 200).await;
        get(app, "/api/states", "/api/states", 200).await;
        get(app, "/api/brands", "/api/brands", 200).await;
        get(app, "/api/categories", "/api/categories", 200).await;
        get(app, "/api/featured-products", "/api/featured-products", 200).await;
        get(app, "/api/awards", "/api/awards", 200).await;
        let found = get(app, "/api/search", "/api/search?search=cardamom", 200).await;
        let card = &found[0];
        let brand = card["brandSlug"].as_str().unwrap();
        get(
            app,
            "/api/brands/{slug}",
            &format!("/api/brands/{brand}"),
            200,
        )
        .await;
        get(
            app,
            "/api/brands/{slug}/products",
            &format!("/api/brands/{brand}/products"),
            200,
        )
        .await;
        get(
            app,
            "/api/categories/{slug}",
            "/api/categories/crop-protection",
            200,
        )
        .await;
        get(
            app,
            "/api/categories/{slug}/products",
            "/api/categories/crop-protection/products?per_page=48",
            200,
        )
        .await;
        get(app, "/api/brands/{slug}", "/api/brands/no-such-brand", 404).await;
        get(
            app,
            "/api/categories/{slug}/products",
            "/api/categories/crop-protection/products?page=0",
            422,
        )
        .await;

        let shopper = app.another_shopper().await;
        let shopper = &shopper;
        get(shopper, "/api/cart", "/api/cart", 200).await;
        let product = get(
            shopper,
            "/api/products/{slug}",
            &format!("/api/products/{}", card["slug"].as_str().unwrap()),
            200,
        )
        .await;
        let variant = product["variants"][0]["id"].clone();
        let line = json!({"product_id": product["id"], "variant_id": variant, "quantity": 2});
        post(shopper, "/api/cart/add", line.clone(), 200).await;
        post(
            shopper,
            "/api/cart/update",
            json!({"product_id": product["id"], "variant_id": variant, "quantity": 1}),
            200,
        )
        .await;
        post(
            shopper,
            "/api/cart/add",
            json!({"product_id": "twelve"}),
            422,
        )
        .await;
        post(
            shopper,
            "/api/cart/add",
            json!({"product_id": product["id"], "variant_id": variant, "quantity": 10_000}),
            422,
        )
        .await;
        post(shopper, "/api/register", json!({
            "name": "Anitha Joseph", "email": "contract@example.in", "phone": "+91 98470 12345",
            "password": "kattappana-pepper-2026", "password_confirmation": "kattappana-pepper-2026"
        }), 201).await;
        get(shopper, "/api/user", "/api/user", 200).await;
        post(
            shopper,
            "/api/addresses",
            order_body("Kerala", "cod")["shipping_address"].clone(),
            201,
        )
        .await;
        get(shopper, "/api/addresses", "/api/addresses", 200).await;

        let token = shopper
            .xsrf_token
            .lock()
            .unwrap()
            .clone()
            .unwrap_or_default();
        let response = shopper
            .client
            .post(format!("{}/api/checkout", shopper.address))
            .header("X-XSRF-TOKEN", token)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&order_body("Tamil Nadu", "bank_transfer"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let order: Value = response.json().await.unwrap();
        conforms("post", "/api/checkout", 201, &order);
        get(shopper, "/api/orders", "/api/orders", 200).await;
        get(
            shopper,
            "/api/orders/{uuid}",
            &format!("/api/orders/{}", order["uuid"].as_str().unwrap()),
            200,
        )
        .await;
        post(shopper, "/api/cart/remove", line, 200).await;
        post(shopper, "/api/contact", json!({"name": "A"}), 422).await;
    }
}
