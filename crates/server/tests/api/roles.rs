//! The back office's roles through the real app, on both databases: every admin route of the
//! committed API document, for each role, allowed or refused with 403 as the shop's rules say
//! (a route added later is covered: open to admin and staff, closed to packers and accountants
//! until someone decides otherwise); the packing desk shows no prices but the cash to collect.

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::{StaffClient, TestApp, spawn_apps};

const COMMITTED: &str = include_str!("../../openapi.json");

/// What packers may use: the packing desk, nothing else.
const PACKER: &[(&str, &str)] = &[
    ("GET", "/api/admin/packing/orders"),
    ("GET", "/api/admin/packing/orders/{number}"),
    ("POST", "/api/admin/packing/orders/{number}/packed"),
    ("POST", "/api/admin/packing/orders/{number}/shipped"),
];

/// What accountants may use: reading the books, orders, customers and the catalogue.
const ACCOUNTANT: &[(&str, &str)] = &[
    ("GET", "/api/admin/dashboard"),
    ("GET", "/api/admin/dashboard/new-orders"),
    ("GET", "/api/admin/reports/sales"),
    ("GET", "/api/admin/reports/sales.csv"),
    ("GET", "/api/admin/reports/products"),
    ("GET", "/api/admin/reports/products.csv"),
    ("GET", "/api/admin/reports/categories"),
    ("GET", "/api/admin/reports/categories.csv"),
    ("GET", "/api/admin/reports/waiting"),
    ("GET", "/api/admin/reports/waiting.csv"),
    ("GET", "/api/admin/gst/gstr1"),
    ("GET", "/api/admin/gst/gstr1.zip"),
    ("GET", "/api/admin/gst/gstr3b"),
    ("GET", "/api/admin/gst/gstr3b.csv"),
    ("GET", "/api/admin/gst/register.csv"),
    ("GET", "/api/admin/registers/insecticide-sales"),
    ("GET", "/api/admin/registers/insecticide-sales.csv"),
    ("GET", "/api/admin/registers/monthly-return"),
    ("GET", "/api/admin/registers/monthly-return.csv"),
    ("GET", "/api/admin/reports/stock-value"),
    ("GET", "/api/admin/reports/stock-value.csv"),
    ("GET", "/api/admin/reports/margin"),
    ("GET", "/api/admin/reports/margin.csv"),
    ("GET", "/api/admin/orders"),
    ("GET", "/api/admin/orders/{number}"),
    ("GET", "/api/admin/customers"),
    ("GET", "/api/admin/customers/{id}"),
    ("GET", "/api/admin/customers/{id}/orders"),
    ("GET", "/api/admin/guests/{key}"),
    ("GET", "/api/admin/catalog/products"),
    ("GET", "/api/admin/catalog/products/{id}"),
    ("GET", "/api/admin/catalog/gst-rates"),
    ("GET", "/api/admin/catalog/variants/{id}/stock-movements"),
    ("GET", "/api/admin/catalog/low-stock"),
    ("GET", "/api/admin/catalog/stock-counts/list"),
    ("GET", "/api/admin/catalog/export.csv"),
    ("GET", "/api/admin/catalog/brands"),
    ("GET", "/api/admin/catalog/categories"),
    ("GET", "/api/admin/catalog/awards"),
    ("GET", "/api/admin/catalog/products/{id}/photos"),
    ("GET", "/api/admin/catalog/crops"),
    ("GET", "/api/admin/catalog/problems"),
    ("GET", "/api/admin/catalog/synonyms"),
    ("GET", "/api/admin/catalog/products/{id}/crops"),
];

/// Whether `role` may use the operation, by the shop's rules (not by the server's table).
fn expected(role: &str, method: &str, path: &str) -> bool {
    let admin_only = path.starts_with("/api/admin/staff")
        || path == "/api/admin/audit"
        || path.ends_with("/erase")
        || path == "/api/admin/batches/{id}/recall";
    // The books an accountant keeps, not staff: GST, the insecticide registers, cost and margin.
    let books = path.starts_with("/api/admin/gst/")
        || path.starts_with("/api/admin/registers/")
        || path.starts_with("/api/admin/reports/stock-value")
        || path.starts_with("/api/admin/reports/margin");
    match role {
        "admin" => true,
        "staff" => !admin_only && !books,
        "packer" => PACKER.contains(&(method, path)),
        "accountant" => ACCOUNTANT.contains(&(method, path)),
        _ => unreachable!(),
    }
}

/// Every documented back-office operation but the second factor's set-up (before sign-in).
fn admin_operations() -> Vec<(String, String)> {
    let document: Value = serde_json::from_str(COMMITTED).unwrap();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        if path.starts_with("/api/admin/") && !path.starts_with("/api/admin/two-factor/") {
            for method in item.as_object().unwrap().keys() {
                operations.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    operations
}

#[actix_web::test]
async fn each_role_reaches_exactly_its_part_of_the_back_office() {
    let operations = admin_operations();
    assert!(operations.len() > 60, "{}", operations.len());
    // The lists name operations that exist.
    for (method, path) in PACKER.iter().chain(ACCOUNTANT) {
        assert!(
            operations.contains(&(method.to_string(), path.to_string())),
            "{method} {path}"
        );
    }
    for app in spawn_apps().await {
        let name = app.name();
        for role in ["admin", "staff", "packer", "accountant"] {
            let member = app.signed_in_staff(role).await;
            for (method, path) in &operations {
                // Ids that name nothing: an allowed write finds nothing to change.
                let concrete = path
                    .replace("{id}", "999999")
                    .replace("{photo_id}", "999999")
                    .replace("{number}", "ORD-2099-999999")
                    .replace("{key}", "000000000000000000000000");
                let verb = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                let (status, answer) = member.send(verb, &concrete, json!({})).await;
                let refused = status == 403
                    && answer["message"].as_str().is_some_and(|m| {
                        m.contains("does not include") || m.contains("Only an admin")
                    });
                if expected(role, method, path) {
                    assert!(!refused, "{name}: {role} {method} {path} refused: {answer}");
                    assert!(
                        status < 500,
                        "{name}: {role} {method} {path}: {status} {answer}"
                    );
                } else {
                    assert_eq!(status, 403, "{name}: {role} {method} {path}: {answer}");
                    assert!(refused, "{name}: {role} {method} {path}: {answer}");
                }
            }
            // Refusals end nobody's session.
            assert_eq!(member.get_json("/api/user").await.0, 200, "{name}: {role}");
        }
    }
}

/// A confirmed cash-on-delivery order of two knives, by the admin.
async fn confirmed_cod_order(app: &TestApp, admin: &StaffClient) -> (String, Value) {
    let shopper = shopper_with_cart(app, &[("banana-bunch-knife", 2)]).await;
    let (status, placed, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["number"].as_str().unwrap().to_owned();
    let (status, order) = admin
        .post(
            &format!("/api/admin/orders/{number}/status"),
            json!({"status": "confirmed"}),
        )
        .await;
    assert_eq!(status, 200, "{order}");
    (number, order)
}

/// Every key in a JSON value, nested ones too.
fn keys(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                into.push(key.clone());
                keys(inner, into);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, into)),
        _ => {}
    }
}

#[actix_web::test]
async fn a_packer_packs_and_ships_seeing_only_the_cash_to_collect() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.signed_in_staff("admin").await;
        let packer = app.signed_in_staff("packer").await;
        let (number, desk) = confirmed_cod_order(&app, &admin).await;
        let total = desk["totals"]["total"].clone();

        let (status, list) = packer.get_json("/api/admin/packing/orders").await;
        assert_eq!(status, 200, "{name}: {list}");
        let row = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["number"] == number.as_str())
            .unwrap_or_else(|| panic!("{name}: the confirmed order is on the list: {list}"));
        assert_eq!(row["collect_on_delivery"], total, "{name}");
        assert!(row["packed_at"].is_null());

        let path = format!("/api/admin/packing/orders/{number}");
        let (status, slip) = packer.get_json(&path).await;
        assert_eq!(status, 200, "{name}: {slip}");
        assert_eq!(slip["collect_on_delivery"], total, "{name}");
        assert_eq!(slip["deliver_to"]["name"], "Anitha Joseph");
        assert_eq!(slip["deliver_to"]["phone"], "+919847012345");
        assert_eq!(slip["lines"][0]["quantity"], 2);
        let mut seen = Vec::new();
        keys(&slip, &mut seen);
        keys(&list, &mut seen);
        for money_or_person in [
            "total",
            "totals",
            "unit_price",
            "taxable_value",
            "cgst",
            "sgst",
            "igst",
            "payments",
            "paid",
            "contact",
            "email",
            "billing_address",
            "gstin",
            "invoice",
        ] {
            assert!(
                !seen.iter().any(|key| key == money_or_person),
                "{name}: the packer sees `{money_or_person}`: {slip}"
            );
        }
        // Nor does the orders desk open for them.
        assert_eq!(
            packer
                .get_json(&format!("/api/admin/orders/{number}"))
                .await
                .0,
            403
        );
        assert_eq!(packer.get_json("/api/admin/catalog/products").await.0, 403);

        let (status, packed) = packer.post(&format!("{path}/packed"), json!({})).await;
        assert_eq!(status, 200, "{name}: {packed}");
        assert!(packed["packed_at"].is_string() && packed["packed_by"].is_string());
        assert_eq!(packed["can_pack"], false);
        let (status, again) = packer.post(&format!("{path}/packed"), json!({})).await;
        assert_eq!(status, 409, "{name}: packed twice: {again}");

        let (status, refused) = packer
            .post(&format!("{path}/shipped"), json!({"carrier": "India Post"}))
            .await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(refused["errors"]["tracking_number"].is_array(), "{refused}");
        let (status, shipped) = packer
            .post(
                &format!("{path}/shipped"),
                json!({"carrier": "India Post", "tracking_number": "EK 1234 5678 9IN"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {shipped}");
        assert_eq!(shipped["status"], "shipped");
        assert_eq!(shipped["tracking_number"], "EK123456789IN");
        // Shipped from the packing desk is shipped for the desk and the customer too, by the packer.
        let (_, desk) = admin.get_json(&format!("/api/admin/orders/{number}")).await;
        assert_eq!(desk["status"], "shipped", "{name}");
        let (_, audit) = admin.get_json("/api/admin/audit?entity=order").await;
        let actions: Vec<&str> = audit["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|entry| entry["actor_id"] == packer.user_id)
            .filter_map(|entry| entry["action"].as_str())
            .collect();
        assert!(actions.contains(&"order.packed"), "{name}: {audit}");
        assert_eq!(actions.len(), 2, "{name}: packed and shipped: {actions:?}");
        // A shipped order is off the list; the waiting report counted it in transit.
        let (_, list) = packer.get_json("/api/admin/packing/orders").await;
        assert!(!list.to_string().contains(&number), "{name}");
    }
}

#[actix_web::test]
async fn an_accountant_reads_the_books_and_changes_nothing() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.signed_in_staff("admin").await;
        let accountant = app.signed_in_staff("accountant").await;
        let (number, _) = confirmed_cod_order(&app, &admin).await;
        let month = (chrono::Utc::now() + chrono::Duration::minutes(330))
            .format("%Y-%m")
            .to_string();
        let (status, gst) = accountant
            .get_json(&format!("/api/admin/gst/gstr1?month={month}"))
            .await;
        assert_eq!(status, 200, "{name}: {gst}");
        assert_eq!(gst["totals"]["invoices"], 1, "{name}");
        let (status, order) = accountant
            .get_json(&format!("/api/admin/orders/{number}"))
            .await;
        assert_eq!(status, 200, "{name}: {order}");
        let (status, refused) = accountant
            .post(
                &format!("/api/admin/orders/{number}/notes"),
                json!({"body": "Checked against the bank statement."}),
            )
            .await;
        assert_eq!(status, 403, "{name}: {refused}");
        assert_eq!(
            refused["message"],
            "Your role (accountant) does not include this part of the back office. An admin can change your role."
        );
        let (_, order) = admin.get_json(&format!("/api/admin/orders/{number}")).await;
        assert_eq!(
            order["staff_notes"],
            json!([]),
            "{name}: nothing was written"
        );
        // Staff still may not open the GST return; an admin gives the roles, audited.
        let staff = app.signed_in_staff("staff").await;
        let (status, refused) = staff
            .get_json(&format!("/api/admin/gst/gstr1?month={month}"))
            .await;
        assert_eq!(status, 403, "{name}: {refused}");
        assert_eq!(
            refused["message"],
            "Your role (staff) does not include the GST returns. An admin can change your role."
        );
        let (status, changed) = admin
            .send(
                reqwest::Method::PUT,
                &format!("/api/admin/staff/{}", staff.user_id),
                json!({"role": "accountant"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {changed}");
        assert_eq!(changed["role"], "accountant");
        assert_eq!(
            staff
                .get_json(&format!("/api/admin/gst/gstr1?month={month}"))
                .await
                .0,
            200,
            "{name}: the new role holds at once"
        );
        let (_, audit) = admin
            .get_json(&format!(
                "/api/admin/audit?entity=user&entity_id={}",
                staff.user_id
            ))
            .await;
        assert!(audit.to_string().contains("accountant"), "{name}: {audit}");
        let (status, wrong) = admin
            .send(
                reqwest::Method::PUT,
                &format!("/api/admin/staff/{}", staff.user_id),
                json!({"role": "owner"}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {wrong}");
    }
}
