//! The API contract is the document the app builds as it registers its routes (`routes.rs`), and
//! `openapi.json` is its committed copy. These tests hold the two together and the document to
//! the app: the committed file is exactly what the app serves, every documented operation is
//! routed, and real answers of the main calls match the schemas it gives for their status.
//!
//! The other direction, a route the document lacks, cannot happen for a handler: routes.rs
//! registers them through utoipa-actix-web, whose `service` takes only a handler with its
//! `#[utoipa::path]` and adds it to the document as it registers it.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::checkout::order_body;
use crate::helpers::{TestApp, spawn_apps};

const COMMITTED: &str = include_str!("../../openapi.json");

fn document() -> Value {
    serde_json::from_str(COMMITTED).unwrap()
}

#[actix_web::test]
async fn the_committed_document_is_the_one_the_app_serves() {
    let app = &spawn_apps().await[0];
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    let served = response.text().await.unwrap();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
        std::fs::write(path, served).unwrap();
        println!("wrote {path}");
        return;
    }
    assert!(
        served == COMMITTED,
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

/// `path` with each parameter given a value of its documented kind that names nothing.
fn concrete(document: &Value, method: &str, path: &str) -> String {
    let mut concrete = path.to_owned();
    let parameters = document["paths"][path][method]["parameters"].as_array();
    for parameter in parameters.into_iter().flatten() {
        if parameter["in"] != "path" {
            continue;
        }
        let schema = &parameter["schema"];
        let value = if schema["type"] == "integer" {
            "999999"
        } else if schema["format"] == "uuid" {
            "00000000-0000-4000-8000-000000000000"
        } else {
            "no-such-thing"
        };
        let name = parameter["name"].as_str().unwrap();
        concrete = concrete.replace(&format!("{{{name}}}"), value);
    }
    assert!(
        !concrete.contains('{'),
        "{method} {path}: a parameter is not documented"
    );
    concrete
}

/// Asked by an admin (so the staff check lets each request through to the router), no
/// documented operation gets the router's fallback: nothing at this address, or not this method.
#[actix_web::test]
async fn every_documented_operation_is_routed() {
    let app = &spawn_apps().await[0];
    let document = document();
    let admin = app.with_admin().await;
    let (sign_out, others): (Vec<_>, Vec<_>) = operations(&document)
        .into_iter()
        .partition(|(_, path)| path == "/api/logout");
    assert!(others.len() > 80, "{} operations", others.len());
    let routed = |method: &str, path: &str| {
        let concrete = concrete(&document, method, path);
        let verb = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let admin = &admin;
        let (method, path) = (method.to_owned(), path.to_owned());
        async move {
            let (status, body) = admin.send(verb, &concrete, json!({})).await;
            let unrouted = status == 404 && body["message"] == "There is nothing at this address.";
            assert!(
                !unrouted && status != 405 && status != 419,
                "{method} {path} is documented but not routed ({status} {body})"
            );
        }
    };
    for (method, path) in &others {
        routed(method, path).await;
    }
    // Still signed in: the staff routes were each asked by an admin, past the staff check.
    let (status, body) = admin.get_json("/api/admin/dashboard").await;
    assert_eq!(status, 200, "{body}");
    for (method, path) in &sign_out {
        routed(method, path).await;
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
