//! Product regulation fields at the desk (API and CSV), a product switched to batch-tracked
//! keeping its stock as an opening batch, and the dealer's licences: shown on the shop and
//! product answers, and refusing checkout of what an expired licence covers (Insecticides Rules
//! 1971 r. 10 and r. 10E, FCO 1985 cl. 8, Seeds (Control) Order 1983 cl. 3). On both databases.

use diesel::prelude::*;
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product, stock_of};
use crate::helpers::{TestApp, spawn_apps, spawn_apps_with_profile};

const EXPORT: &str = "/api/admin/catalog/export.csv";
const APPLY: &str = "/api/admin/catalog/imports?filename=regulation.csv";

fn batches_of(app: &TestApp, variant: i64) -> Vec<(String, Option<chrono::NaiveDate>, i32)> {
    use db::schema::batches::dsl::*;
    batches
        .filter(variant_id.eq(variant))
        .order(id)
        .select((number, expires_on, quantity))
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

/// A shopper of their own with `lines` (slug, quantity) of each product's first pack size.
async fn shopper_with_cart(app: &TestApp, lines: &[(&str, i64)]) -> TestApp {
    let shopper = app.another_shopper().await;
    for (slug, quantity) in lines {
        let product = product(app, slug).await;
        let variant = product["variants"][0]["id"]
            .as_i64()
            .or(product["default_variant_id"].as_i64());
        let (status, body) = shopper
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "variant_id": variant, "quantity": quantity}),
            )
            .await;
        assert_eq!(status, 200, "{slug}: {body}");
    }
    shopper
}

async fn staff_product(staff: &TestApp, slug: &str) -> Value {
    let id = product(staff, slug).await["id"].clone();
    let (status, body) = staff
        .get_json(&format!("/api/admin/catalog/products/{id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The staff product as a PUT body, with `edit` applied.
fn edit_body(product: &Value, edit: impl Fn(&mut Value)) -> Value {
    let mut body = json!({
        "name": product["name"],
        "brand_id": product["brand_id"],
        "category_ids": product["category_ids"],
        "description": product["description"],
        "hsn_code": product["hsn_code"],
        "gst_rate": product["gst_rate"],
        "supply_kind": product["supply_kind"],
        "declarations": product["declarations"],
        "version": product["version"],
    });
    edit(&mut body);
    body
}

#[actix_web::test]
async fn an_insecticide_needs_its_registration_number_and_switching_to_batches_keeps_the_stock() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_admin().await;
        // The sickle is a hand tool: not kept by batch, not regulated.
        let sickle = staff_product(&staff, "forged-sickle-arival").await;
        assert_eq!(sickle["batch_tracked"], false, "{name}");
        assert_eq!(sickle["regulated_as"], "none", "{name}");
        let id = sickle["id"].clone();
        let path = format!("/api/admin/catalog/products/{id}");

        let (status, body) = staff
            .send(
                reqwest::Method::PUT,
                &path,
                edit_body(&sickle, |b| b["regulated_as"] = json!("insecticide")),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(
            body["errors"]["registration_number"][0]
                .as_str()
                .unwrap()
                .contains("CIB&RC"),
            "{name}: {body}"
        );
        let (status, body) = staff
            .send(
                reqwest::Method::PUT,
                &path,
                edit_body(&sickle, |b| b["regulated_as"] = json!("pesticide")),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["regulated_as"].is_array(), "{name}: {body}");

        // A variant with 7 units, 2 of them reserved by a placed order.
        let variant = sickle["variants"][0]["id"].as_i64().unwrap();
        crate::checkout::set_stock(&app, variant, 9);
        let shopper = shopper_with_cart(&app, &[("forged-sickle-arival", 2)]).await;
        let (status, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");
        assert_eq!(stock_of(&app, variant), 7, "{name}");

        let (status, saved) = staff
            .send(
                reqwest::Method::PUT,
                &path,
                edit_body(&sickle, |b| {
                    b["batch_tracked"] = json!(true);
                    b["regulated_as"] = json!("insecticide");
                    b["registration_number"] = json!(" CIR-12,345/2020-Test-9 ");
                }),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["batch_tracked"], true, "{name}");
        assert_eq!(saved["regulated_as"], "insecticide", "{name}");
        assert_eq!(saved["registration_number"], "CIR-12,345/2020-Test-9");
        // The shelf held 9: the 7 for sale and the 2 the order reserved, now an undated batch.
        assert_eq!(
            batches_of(&app, variant),
            [("OPENING".to_owned(), None, 9)],
            "{name}"
        );
        assert_eq!(
            stock_of(&app, variant),
            7,
            "{name}: the stock offered is as it was"
        );

        // Switched off, the stock stays the number it is.
        let current = staff_product(&staff, "forged-sickle-arival").await;
        let (status, saved) = staff
            .send(
                reqwest::Method::PUT,
                &path,
                edit_body(&current, |b| b["batch_tracked"] = json!(false)),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["batch_tracked"], false);
        assert_eq!(
            saved["regulated_as"], "insecticide",
            "absent: left as it was"
        );
        assert_eq!(stock_of(&app, variant), 7, "{name}");
    }
}

#[actix_web::test]
async fn the_catalogue_sheet_carries_the_regulation_columns_both_ways() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_admin().await;
        let sheet = staff.get(EXPORT).await.text().await.unwrap();
        let mut reader = csv::Reader::from_reader(sheet.as_bytes());
        let header = reader.headers().unwrap().clone();
        let column = |n: &str| header.iter().position(|h| h == n).unwrap();
        let (sku, tracked, regulated, number) = (
            column("sku"),
            column("batch_tracked"),
            column("regulated_as"),
            column("registration_number"),
        );
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        let spinosad = records
            .iter()
            .find(|r| &r[sku] == "MAC-SPIN-100ML")
            .unwrap();
        assert_eq!(&spinosad[tracked], "true", "{name}");
        assert_eq!(&spinosad[regulated], "insecticide", "{name}");
        assert!(spinosad[number].starts_with("CIR-"), "{name}");
        let knife = records.iter().find(|r| &r[sku] == "ANT-BKNF-STD").unwrap();
        assert_eq!(
            (&knife[tracked], &knife[regulated], &knife[number]),
            ("false", "none", ""),
            "{name}"
        );

        // An insecticide without its number is refused, nothing applied.
        let bad = "sku,regulated_as,registration_number\nANT-BKNF-STD,insecticide,\n";
        let (status, body) = staff.post_csv(APPLY, bad).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body.to_string().contains("CIB&RC"), "{name}: {body}");

        let variant = product(&app, "banana-bunch-knife").await["default_variant_id"]
            .as_i64()
            .unwrap();
        let stock = stock_of(&app, variant);
        let good = "sku,batch_tracked,regulated_as,registration_number\nANT-BKNF-STD,yes,insecticide,CIR-99/2024-Knife-1\n";
        let (status, body) = staff.post_csv(APPLY, good).await;
        assert_eq!(status, 201, "{name}: {body}");
        let knife = staff_product(&staff, "banana-bunch-knife").await;
        assert_eq!(knife["batch_tracked"], true, "{name}");
        assert_eq!(knife["regulated_as"], "insecticide", "{name}");
        assert_eq!(
            knife["registration_number"], "CIR-99/2024-Knife-1",
            "{name}"
        );
        assert_eq!(
            batches_of(&app, variant),
            [("OPENING".to_owned(), None, stock)],
            "{name}: switched on by the sheet, its stock became the opening batch"
        );
        // The sheet exported now reads back as it is: nothing changes.
        let again = staff.get(EXPORT).await.text().await.unwrap();
        let (status, body) = staff
            .post_csv(
                "/api/admin/catalog/imports/preview?filename=again.csv",
                &again,
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["changes"], json!([]), "{name}: {body}");
    }
}

fn expire_insecticide_licence(profile: &mut Value) {
    let licences = profile["licences"].as_array_mut().unwrap();
    for licence in licences.iter_mut() {
        if licence["kind"] == "insecticide" {
            licence["valid_from"] = json!("2020-04-01");
            licence["valid_until"] = json!("2025-03-31");
        }
    }
}

#[actix_web::test]
async fn valid_licences_are_shown_and_sold_under() {
    for app in spawn_apps().await {
        let name = app.name();
        let (_, shop) = app.get_json("/api/shop").await;
        let kinds: Vec<&str> = shop["licences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["insecticide", "fertiliser", "seed"], "{name}");
        assert_eq!(shop["licences"][0]["in_force"], true, "{name}");

        let spinosad = product(&app, "thripstop-spinosad-45-sc").await;
        assert_eq!(spinosad["regulated_as"], "insecticide", "{name}");
        assert_eq!(spinosad["may_sell"], true, "{name}");
        assert_eq!(spinosad["sale_licence"]["number"], "IDK/KTP/INS/2024/0318");
        assert_eq!(spinosad["sale_licence"]["valid_until"], "2029-03-31");
        assert!(
            spinosad["registration_number"]
                .as_str()
                .unwrap()
                .starts_with("CIR-")
        );
        let knife = product(&app, "banana-bunch-knife").await;
        assert_eq!(knife["sale_licence"], Value::Null, "{name}");
        assert_eq!(knife["may_sell"], true, "{name}");

        let shopper = shopper_with_cart(&app, &[("thripstop-spinosad-45-sc", 1)]).await;
        let (status, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");
    }
}

#[actix_web::test]
async fn an_expired_licence_stops_the_sale_of_what_it_covers() {
    for app in spawn_apps_with_profile(expire_insecticide_licence).await {
        let name = app.name();
        let spinosad = product(&app, "thripstop-spinosad-45-sc").await;
        assert_eq!(spinosad["may_sell"], false, "{name}");
        assert_eq!(spinosad["sale_licence"]["in_force"], false, "{name}");
        assert_eq!(spinosad["sale_licence"]["valid_until"], "2025-03-31");
        // Fertilisers are sold under their own authorisation, still in force.
        let npk = product(&app, "npk-19-19-19-water-soluble-fertiliser").await;
        assert_eq!(npk["may_sell"], true, "{name}");

        let variant = spinosad["default_variant_id"].as_i64().unwrap();
        let stock = stock_of(&app, variant);
        let orders_before = app.count_rows("orders");
        let shopper = shopper_with_cart(
            &app,
            &[
                ("thripstop-spinosad-45-sc", 1),
                ("npk-19-19-19-water-soluble-fertiliser", 1),
            ],
        )
        .await;
        let (status, body, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 409, "{name}: {body}");
        let message =
            body["message"].as_str().unwrap_or_default().to_owned() + &body["error"].to_string();
        assert!(
            message.contains("ThripStop") && message.contains("licence"),
            "{name}: {body}"
        );
        assert!(
            !message.contains("NPK"),
            "{name}: only what the licence covers: {body}"
        );
        assert_eq!(
            app.count_rows("orders"),
            orders_before,
            "{name}: nothing placed"
        );
        assert_eq!(stock_of(&app, variant), stock, "{name}: no stock taken");

        let staff = app.with_staff().await;
        let (status, dashboard) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(
            dashboard["licences_lapsed"][0]["kind"], "insecticide",
            "{name}: {dashboard}"
        );
    }
}
