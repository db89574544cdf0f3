//! Receiving stock by batch through the real app, on both databases: the short form, a CSV
//! sheet previewed cell by cell and applied all or nothing, the receipts list, a product's
//! batches, dating, disposal, and the expiry lists on the desk and the dashboard.

use chrono::{Duration, NaiveDate};
use db::schema::{batches, order_lines, product_variants, products};
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

const RECEIPTS: &str = "/api/admin/stock/receipts";

/// A pack size of a product set to be kept by batch as an insecticide, its stock held as the
/// undated opening batch (as the migration leaves stock held before batches): (product id,
/// variant id, sku, stock).
fn tracked_pack(app: &TestApp, nth: i64) -> (i64, i64, String, i32) {
    let pool = app.database.pool();
    let mut conn = pool.get().unwrap();
    let (product, variant, sku, stock): (i64, i64, String, i32) = product_variants::table
        .inner_join(products::table)
        .filter(products::batch_tracked.eq(false))
        .filter(product_variants::stock.gt(0))
        // No order reserves any of it, so its stock is its batches' units.
        .filter(diesel::dsl::not(diesel::dsl::exists(
            order_lines::table.filter(order_lines::variant_id.eq(product_variants::id)),
        )))
        .order(product_variants::id)
        .offset(nth)
        .select((
            products::id,
            product_variants::id,
            product_variants::sku,
            product_variants::stock,
        ))
        .first(&mut conn)
        .unwrap();
    diesel::update(products::table.find(product))
        .set((
            products::batch_tracked.eq(true),
            products::regulated_as.eq("insecticide"),
        ))
        .execute(&mut conn)
        .unwrap();
    let now = chrono::Utc::now().naive_utc();
    // Every pack size of it holds its stock as the opening batch.
    let packs: Vec<(i64, i32)> = product_variants::table
        .filter(product_variants::product_id.eq(product))
        .select((product_variants::id, product_variants::stock))
        .load(&mut conn)
        .unwrap();
    for (pack, units) in packs {
        diesel::insert_into(batches::table)
            .values((
                batches::variant_id.eq(pack),
                batches::number.eq("OPENING"),
                batches::quantity.eq(units),
                batches::created_at.eq(now),
                batches::updated_at.eq(now),
            ))
            .execute(&mut conn)
            .unwrap();
    }
    (product, variant, sku, stock)
}

/// A pack size of a product not kept by batch: (variant id, sku).
fn untracked_pack(app: &TestApp) -> (i64, String) {
    let pool = app.database.pool();
    let mut conn = pool.get().unwrap();
    product_variants::table
        .inner_join(products::table)
        .filter(products::batch_tracked.eq(false))
        .order(product_variants::id.desc())
        .select((product_variants::id, product_variants::sku))
        .first(&mut conn)
        .unwrap()
}

async fn stock_of(staff: &TestApp, product: i64, variant: i64) -> i64 {
    let (status, body) = staff
        .get_json(&format!("/api/admin/catalog/products/{product}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == variant)
        .unwrap()["stock"]
        .as_i64()
        .unwrap()
}

fn today() -> NaiveDate {
    ::batches::india_today()
}

fn day(offset: i64) -> String {
    (today() + Duration::days(offset)).to_string()
}

/// The same day written the Indian way, `31/12/2026`.
fn indian(offset: i64) -> String {
    (today() + Duration::days(offset))
        .format("%d/%m/%Y")
        .to_string()
}

fn line(variant: i64, number: &str, made: i64, expires: i64, quantity: i32) -> Value {
    json!({
        "variant_id": variant,
        "number": number,
        "manufactured_on": day(made),
        "expires_on": day(expires),
        "quantity": quantity,
        "unit_cost": "412.50",
    })
}

fn receipt(invoice: &str, lines: Vec<Value>) -> Value {
    json!({
        "supplier": "Malabar Agro Distributors",
        "supplier_invoice": invoice,
        "invoice_date": indian(-1),
        "note": "Came by KSRTC parcel",
        "lines": lines,
    })
}

#[actix_web::test]
async fn a_receipt_on_the_short_form_raises_the_stock_batch_by_batch() {
    for app in spawn_apps().await {
        let name = app.name();
        // The demo shop's own opening receipts are there already.
        let held = app.count_rows("stock_receipts");
        let (product, variant, _, stock) = tracked_pack(&app, 0);
        let staff = app.with_staff().await;
        let (status, body) = staff
            .post(
                RECEIPTS,
                receipt(
                    "MAD/2026/118",
                    vec![
                        line(variant, "ab-101", -60, 400, 12),
                        line(variant, "AB-102", -20, 30, 5),
                    ],
                ),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        assert_eq!(
            body["lines"][0]["number"], "AB-101",
            "{name}: numbers as labels print them"
        );
        assert_eq!(body["cost"], 7012.5, "{name}: the cost in rupees");
        assert_eq!(
            stock_of(&staff, product, variant).await,
            i64::from(stock) + 17,
            "{name}: the pack size's stock rose by what came"
        );

        let (status, list) = staff.get_json(RECEIPTS).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(list["total"], held + 1, "{name}: {list}");
        let first = &list["data"][0];
        assert_eq!(first["supplier_invoice"], "MAD/2026/118");
        assert_eq!(
            (first["lines"].clone(), first["units"].clone()),
            (json!(2), json!(17))
        );
        assert_eq!(
            first["invoice_date"],
            day(-1),
            "{name}: 31/12 read day first"
        );
        let id = first["id"].as_i64().unwrap();
        let (status, one) = staff.get_json(&format!("{RECEIPTS}/{id}")).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(
            one["received"][1]["batch"]["number"], "AB-102",
            "{name}: {one}"
        );
        assert_eq!(one["received"][1]["batch"]["expires_on"], day(30));
        assert_eq!(one["received"][1]["unit_cost_paise"], 41_250);
        assert_eq!(
            staff.get_json(&format!("{RECEIPTS}/{}", id + 99)).await.0,
            404
        );

        let (status, held) = staff
            .get_json(&format!("/api/admin/products/{product}/batches"))
            .await;
        assert_eq!(status, 200, "{name}");
        let numbers: Vec<&str> = held["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["variant_id"] == variant)
            .map(|b| b["number"].as_str().unwrap())
            .collect();
        assert_eq!(
            numbers,
            ["AB-102", "AB-101", "OPENING"],
            "{name}: soonest expiry first, the undated last"
        );

        // The same invoice of the same supplier is not received twice.
        let (status, body) = staff
            .post(
                RECEIPTS,
                receipt("MAD/2026/118", vec![line(variant, "AB-103", -5, 300, 1)]),
            )
            .await;
        assert_eq!(status, 422, "{name}");
        assert!(
            body["errors"]["supplier_invoice"].is_array(),
            "{name}: {body}"
        );

        // More of a batch held already adds to it when its dates agree.
        let (status, body) = staff
            .post(
                RECEIPTS,
                receipt("MAD/2026/131", vec![line(variant, "AB-101", -60, 400, 3)]),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        assert_eq!(body["lines"][0]["new_batch"], false, "{name}");
        assert_eq!(
            stock_of(&staff, product, variant).await,
            i64::from(stock) + 20,
            "{name}"
        );
    }
}

#[actix_web::test]
async fn every_bad_field_of_a_receipt_is_named_and_nothing_is_received() {
    for app in spawn_apps().await {
        let name = app.name();
        // The demo shop's own opening receipts are there already.
        let held = app.count_rows("stock_receipts");
        let (product, variant, _, stock) = tracked_pack(&app, 0);
        let (untracked, _) = untracked_pack(&app);
        let staff = app.with_staff().await;
        // A batch held before with other dates.
        let (status, _) = staff
            .post(
                RECEIPTS,
                receipt("EARLIER-1", vec![line(variant, "HELD-1", -90, 500, 2)]),
            )
            .await;
        assert_eq!(status, 201, "{name}");
        let stock = i64::from(stock) + 2;

        let mut bad_date = line(variant, "AB-5", -10, 200, 1);
        bad_date["manufactured_on"] = json!("12/31/2026");
        let (status, body) = staff
            .post(
                RECEIPTS,
                receipt(
                    "MAD/2026/140",
                    vec![
                        line(variant, "AB-1", -10, -20, 4),
                        line(999_999, "AB-2", -10, 200, 4),
                        line(variant, "AB-3", -10, 200, 4),
                        line(variant, "AB-3", -12, 210, 4),
                        line(untracked, "AB-4", -10, 200, 4),
                        bad_date,
                        line(variant, "HELD-1", -90, 600, 2),
                    ],
                ),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let errors = body["errors"].as_object().unwrap();
        let mut named: Vec<&str> = errors.keys().map(String::as_str).collect();
        named.sort_unstable();
        assert_eq!(
            named,
            ["lines[5].manufactured_on",],
            "{name}: a date that cannot be read is refused before the rest is looked at: {body}"
        );

        let (status, body) = staff
            .post(
                RECEIPTS,
                receipt(
                    "MAD/2026/140",
                    vec![
                        line(variant, "AB-1", -10, -20, 4),
                        line(999_999, "AB-2", -10, 200, 4),
                        line(variant, "AB-3", -10, 200, 4),
                        line(variant, "AB-3", -12, 210, 4),
                        line(untracked, "AB-4", -10, 200, 4),
                        line(variant, "HELD-1", -90, 600, 2),
                        line(variant, "AB-6", -10, 200, 0),
                    ],
                ),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let errors = &body["errors"];
        let says = |field: &str, words: &str| {
            let messages = errors[field].to_string();
            assert!(messages.contains(words), "{name}: {field}: {body}");
        };
        says(
            "lines[0].expires_on",
            "must come after the manufacture date",
        );
        says("lines[1].variant_id", "No pack size");
        says("lines[3].number", "other dates");
        says("lines[4].variant_id", "not kept by batch");
        says("lines[5].number", "received before with other dates");
        says("lines[6].quantity", "from 1");
        assert!(
            errors.get("lines[2].number").is_none(),
            "{name}: the first AB-3 is fine"
        );
        assert_eq!(
            stock_of(&staff, product, variant).await,
            stock,
            "{name}: nothing was received"
        );
        assert_eq!(app.count_rows("stock_receipts"), held + 1, "{name}");

        // The invoice's own fields.
        let (status, body) = staff
            .post(RECEIPTS, json!({"lines": [line(variant, "X", -1, 100, 1)]}))
            .await;
        assert_eq!(status, 422, "{name}");
        for field in ["supplier", "supplier_invoice", "invoice_date"] {
            assert!(body["errors"][field].is_array(), "{name}: {field}: {body}");
        }
    }
}

const SHEET_HEAD: &str = "sku,batch,manufactured_on,expires_on,tested_on,quantity,unit_cost\n";

fn sheet_path(kind: &str, invoice: &str) -> String {
    format!(
        "/api/admin/stock/receipt-sheets{kind}?supplier=Kerala%20Agro&supplier_invoice={invoice}&invoice_date={}&filename=kerala.csv",
        day(-2)
    )
}

#[actix_web::test]
async fn a_sheet_is_previewed_cell_by_cell_then_received_all_or_nothing() {
    for app in spawn_apps().await {
        let name = app.name();
        // The demo shop's own opening receipts are there already.
        let held = app.count_rows("stock_receipts");
        let (product, variant, sku, stock) = tracked_pack(&app, 0);
        let (_, untracked) = untracked_pack(&app);
        let staff = app.with_staff().await;
        let (status, _) = staff
            .post(
                RECEIPTS,
                receipt("EARLIER-2", vec![line(variant, "HELD-9", -90, 500, 2)]),
            )
            .await;
        assert_eq!(status, 201, "{name}");
        let stock = i64::from(stock) + 2;

        let mut sheet = String::from(SHEET_HEAD);
        // Line 2 is good, written the Indian way.
        sheet.push_str(&format!(
            "{sku},KA-1,{},{},,10,412.50\n",
            indian(-30),
            indian(300)
        ));
        // 3: an unknown pack size.
        sheet.push_str(&format!(
            "NO-SUCH-SKU,KA-2,{},{},,1,10\n",
            day(-30),
            day(300)
        ));
        // 4: expiry before manufacture.
        sheet.push_str(&format!("{sku},KA-3,{},{},,1,10\n", day(-30), day(-40)));
        // 5: KA-1 again with other dates.
        sheet.push_str(&format!("{sku},KA-1,{},{},,1,10\n", day(-31), day(300)));
        // 6: a date that is no date, and a cost that is no money.
        sheet.push_str(&format!("{sku},KA-4,31/02/2026,{},,1,ten\n", day(300)));
        // 7: not kept by batch.
        sheet.push_str(&format!(
            "{untracked},KA-5,{},{},,1,10\n",
            day(-30),
            day(300)
        ));
        // 8: a batch held before, with other dates.
        sheet.push_str(&format!("{sku},HELD-9,{},{},,1,10\n", day(-91), day(500)));

        let (status, preview) = staff
            .post_csv(&sheet_path("/preview", "KA-77"), &sheet)
            .await;
        assert_eq!(status, 200, "{name}: {preview}");
        let cells: Vec<(i64, String)> = preview["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["line"].as_i64().unwrap(),
                    p["column"].as_str().unwrap().to_owned(),
                )
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let expected: Vec<(i64, String)> = [
            (3, "sku"),
            (4, "expires_on"),
            (5, "batch"),
            (6, "manufactured_on"),
            (6, "unit_cost"),
            (7, "sku"),
            (8, "batch"),
        ]
        .into_iter()
        .map(|(l, c)| (l, c.to_owned()))
        .collect();
        assert_eq!(cells, expected, "{name}: {preview}");
        assert_eq!(preview["lines"][0]["line"], 2, "{name}: {preview}");
        assert_eq!(preview["lines"][0]["new_batch"], true);

        // Applying it receives nothing.
        let (status, body) = staff.post_csv(&sheet_path("", "KA-77"), &sheet).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(
            body["errors"]["line 4: expires_on"].is_array(),
            "{name}: {body}"
        );
        assert_eq!(stock_of(&staff, product, variant).await, stock, "{name}");
        assert_eq!(app.count_rows("stock_receipts"), held + 1, "{name}");

        // The good rows alone go in, all of them.
        let mut good = String::from(SHEET_HEAD);
        good.push_str(&format!(
            "{sku},KA-1,{},{},,10,412.50\n",
            indian(-30),
            indian(300)
        ));
        good.push_str(&format!(
            "{sku},KA-6,{},{},,4,\"1,200\"\n",
            day(-3),
            day(700)
        ));
        let (status, preview) = staff
            .post_csv(&sheet_path("/preview", "KA-77"), &good)
            .await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(preview["problems"], json!([]), "{name}: {preview}");
        assert_eq!(preview["units"], 14);
        assert_eq!(preview["cost"], 4125.0 + 4800.0);
        let (status, body) = staff.post_csv(&sheet_path("", "KA-77"), &good).await;
        assert_eq!(status, 201, "{name}: {body}");
        assert_eq!(
            stock_of(&staff, product, variant).await,
            stock + 14,
            "{name}"
        );

        // A sheet of other columns is refused whole; the invoice must be given.
        let (status, body) = staff
            .post_csv(&sheet_path("/preview", "KA-78"), "sku,lot\nX,1\n")
            .await;
        assert_eq!(status, 422, "{name}");
        assert!(body["errors"]["file"].is_array(), "{name}: {body}");
        let (status, body) = staff
            .post_csv("/api/admin/stock/receipt-sheets/preview", &good)
            .await;
        assert_eq!(status, 422, "{name}");
        assert!(body["errors"]["supplier"].is_array(), "{name}: {body}");
    }
}

#[actix_web::test]
async fn batches_are_dated_listed_by_expiry_and_disposed_of() {
    for app in spawn_apps().await {
        let name = app.name();
        let (product, variant, _, stock) = tracked_pack(&app, 1);
        assert!(stock > 0);
        let staff = app.with_staff().await;
        let (status, _) = staff
            .post(
                RECEIPTS,
                receipt("EXP-1", vec![line(variant, "SOON-1", -300, 20, 6)]),
            )
            .await;
        assert_eq!(status, 201, "{name}");

        let (_, expiring) = staff.get_json("/api/admin/batches/expiring").await;
        assert!(
            expiring["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["number"] == "SOON-1"),
            "{name}: within the 60 days: {expiring}"
        );
        let soon = expiring["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["number"] == "SOON-1")
            .unwrap();
        assert_eq!(soon["days_left"], 20, "{name}");
        let (_, narrower) = staff.get_json("/api/admin/batches/expiring?days=10").await;
        assert!(
            !narrower["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["number"] == "SOON-1"),
            "{name}"
        );
        assert_eq!(
            staff.get_json("/api/admin/batches/expiring?days=0").await.0,
            422
        );

        let (_, undated) = staff.get_json("/api/admin/batches/undated").await;
        let opening = undated["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["variant_id"] == variant)
            .expect("the opening batch waits to be dated")
            .clone();
        let opening_id = opening["id"].as_i64().unwrap();

        let (status, dashboard) = staff.get_json("/api/admin/dashboard").await;
        assert_eq!(status, 200, "{name}");
        let watch = &dashboard["batches"];
        assert_eq!(watch["window_days"], 60);
        assert!(
            watch["expiring_total"].as_u64().unwrap() >= 1,
            "{name}: {watch}"
        );
        assert!(
            watch["undated_total"].as_u64().unwrap() >= 1,
            "{name}: {watch}"
        );

        // Dating: expiry before manufacture is refused; a past expiry takes it off sale.
        let dates = format!("/api/admin/batches/{opening_id}/dates");
        let (status, body) = staff
            .send(
                reqwest::Method::PATCH,
                &dates,
                json!({"manufactured_on": day(-10), "expires_on": day(-20)}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["expires_on"].is_array(), "{name}: {body}");
        let (status, body) = staff
            .send(
                reqwest::Method::PATCH,
                &dates,
                json!({"manufactured_on": indian(-800), "expires_on": indian(-3), "note": "Label read"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["expired"], true, "{name}: {body}");
        assert_eq!(
            stock_of(&staff, product, variant).await,
            6,
            "{name}: the expired opening stock ({stock}) is no longer for sale"
        );
        let (_, expired) = staff.get_json("/api/admin/batches/expired").await;
        assert!(
            expired["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["id"] == opening_id),
            "{name}: {expired}"
        );
        let (_, dashboard) = staff.get_json("/api/admin/dashboard").await;
        assert!(
            dashboard["batches"]["awaiting_disposal_total"]
                .as_u64()
                .unwrap()
                >= 1,
            "{name}"
        );

        // Disposal: with a note, of an expired batch, once.
        let disposal = format!("/api/admin/batches/{opening_id}/disposal");
        let (status, body) = staff.post(&disposal, json!({})).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["note"].is_array());
        let (status, body) = staff
            .post(
                &disposal,
                json!({"note": "Returned to the manufacturer, challan 4471"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["quantity"], 0);
        let (status, _) = staff.post(&disposal, json!({"note": "again"})).await;
        assert_eq!(status, 409, "{name}: nothing is left to dispose of");
        let (_, held) = staff
            .get_json(&format!("/api/admin/products/{product}/batches"))
            .await;
        let soon = held["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["number"] == "SOON-1")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let (status, _) = staff
            .post(
                &format!("/api/admin/batches/{soon}/disposal"),
                json!({"note": "not yet"}),
            )
            .await;
        assert_eq!(
            status, 409,
            "{name}: a good batch is adjusted, not disposed of"
        );
        assert_eq!(
            staff
                .post("/api/admin/batches/999999/disposal", json!({"note": "x"}))
                .await
                .0,
            404
        );
        assert_eq!(stock_of(&staff, product, variant).await, 6, "{name}");
    }
}

#[actix_web::test]
async fn visitors_and_shoppers_receive_no_stock() {
    for app in spawn_apps().await {
        let name = app.name();
        // The demo shop's own opening receipts are there already.
        let held = app.count_rows("stock_receipts");
        let (product, variant, _, _) = tracked_pack(&app, 0);
        let visitor = app.another_shopper().await;
        let shopper = app.another_shopper().await;
        shopper.register("receipts-shopper@example.in").await;
        let body = receipt("SHOP-1", vec![line(variant, "S-1", -10, 100, 1)]);
        for client in [&visitor, &shopper] {
            client.csrf().await;
            let (status, _) = client.post(RECEIPTS, body.clone()).await;
            assert!(status == 401 || status == 403, "{name}: {status}");
            let (status, _) = client.post_csv(&sheet_path("", "SHOP-1"), SHEET_HEAD).await;
            assert!(status == 401 || status == 403, "{name}: {status}");
            for path in [
                RECEIPTS.to_owned(),
                format!("/api/admin/products/{product}/batches"),
                "/api/admin/batches/expiring".to_owned(),
                "/api/admin/batches/expired".to_owned(),
                "/api/admin/batches/undated".to_owned(),
            ] {
                let (status, _) = client.get_json(&path).await;
                assert!(status == 401 || status == 403, "{name}: {path}: {status}");
            }
            let (status, _) = client
                .post("/api/admin/batches/1/disposal", json!({"note": "x"}))
                .await;
            assert!(status == 401 || status == 403, "{name}: {status}");
        }
        assert_eq!(app.count_rows("stock_receipts"), held, "{name}");
    }
}
