//! The insecticide registers, a batch's recall, the stock's value and the margin, through real
//! orders on both databases, against figures worked out by hand below.
//!
//! One insecticide, 500 ml bottles at ₹590.00 with 18 % GST (₹500.00 before GST a bottle), its
//! CIB&RC number on the product. Three batches:
//!
//! | batch | received | made | expires | units | cost a unit |
//! |---|---|---|---|---|---|
//! | C-303 | 1 Oct 2026 | 5 Nov 2024 | 4 Nov 2026 | 2 | ₹250.00 |
//! | A-101 | 20 Oct 2026 | 15 Jan 2026 | 31 Dec 2026 | 5 | ₹300.00 |
//! | B-202 | 2 Nov 2026 | 10 Jun 2026 | 30 Jun 2027 | 10 | ₹320.00 |
//!
//! C-303 is past its date from 5 November: never sold, counted apart in the stock's value.
//! November (Indian days):
//! - 5th: order 1 (Reena, mail only), 3 bottles, confirmed: first expiring first, A-101 × 3;
//!   shipped on the 6th, delivered on the 7th.
//! - 8th: order 2 (Suresh, who said yes to phone news), 4 bottles: A-101 × 2 (all that is left
//!   of it), B-202 × 2; shipped on the 9th, delivered on the 10th.
//! - 12th: order 3 (Mini), 2 bottles: B-202 × 2; cancelled on the 13th, back into B-202.
//! - 20th: order 1 returns 1 bottle, back on the shelf: into A-101, where it came from.
//! - 21st: order 2 returns 1 bottle, leaking, not back on the shelf: counted against B-202, the
//!   last batch the line took.
//!
//! The sales record: 5th order 1 A-101 3 (1.500 L); 8th order 2 A-101 2 (1.000 L) and B-202 2
//! (1.000 L); 20th order 1 A-101 −1 (−0.500 L); 21st order 2 B-202 −1 (−0.500 L). Order 3 is not
//! there.
//!
//! The return for November: opening 7 (C-303 2 + A-101 5: 3.500 L); received 10 (5.000 L); sold
//! 3 + 4 − 1 − 1 = 5 (2.500 L); closing: A-101 5 − 3 − 2 + 1 = 1, B-202 10 − 2 − 2 + 2 = 8,
//! C-303 2: 11 (5.500 L); other 11 − 7 − 10 + 5 = −1 (the leaking bottle, which never came back
//! to the shelf).
//!
//! Recipients: of A-101 orders 1 (3 − 1 back = 2) and 2 (2); of B-202 order 2 (2; the leaking
//! bottle never went back into the batch); order 3 was cancelled.
//!
//! Stock value today: A-101 1 × ₹300.00 + B-202 8 × ₹320.00 = ₹2,860.00 for 9 bottles; expired
//! C-303 2 × ₹250.00 = ₹500.00.
//!
//! Margin for November: sold 3 + 4 + 2 bottles, ₹1,500.00 + ₹2,000.00 + ₹1,000.00 taxable, cost
//! ₹900.00 + (₹600.00 + ₹640.00) + ₹640.00; order 3 cancelled: −2, −₹1,000.00, −₹640.00;
//! returns: −1, −₹500.00, −₹300.00 and −1, −₹500.00, −₹320.00 (B-202). Net 5 bottles,
//! ₹2,500.00 taxable, ₹1,520.00 cost, ₹980.00 margin.

use batches::receive::{ReceiptLine, Supplier, record};
use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{product_variants, products};
use db::{UserId, VariantId};
use diesel::prelude::*;
use orders::order::{OrderMove, Shipment};
use orders::returns::{NewReturn, ReturnLine, take_return};
use pricing::Paise;
use serde_json::{Value, json};

use crate::gst::{KUMILY, cancel, ist, new_classified_product, order_body, order_with, step};
use crate::helpers::{TestApp, spawn_apps};

const REGISTRATION: &str = "CIR-112233/2023-Chlorantraniliprole (SC)(185)-1";

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// 10:00 in India on that day, as UTC.
fn at(date: NaiveDate) -> NaiveDateTime {
    date.and_hms_opt(4, 30, 0).unwrap()
}

fn receive(
    app: &TestApp,
    actor: i64,
    variant: VariantId,
    invoice: &str,
    on: NaiveDate,
    (number, made, expires, units, cost): (&str, NaiveDate, NaiveDate, i32, i64),
) {
    let received = record(
        &mut app.database.pool().get().unwrap(),
        UserId(actor),
        &Supplier {
            name: "Kerala Agro Distributors".into(),
            invoice: invoice.into(),
            invoice_date: on,
            note: None,
        },
        &[ReceiptLine {
            variant_id: variant,
            number: number.into(),
            manufactured_on: Some(made),
            expires_on: Some(expires),
            tested_on: None,
            quantity: units,
            unit_cost: Paise::new(cost),
        }],
        on,
        at(on),
    )
    .unwrap();
    assert!(received.is_ok(), "{}: {received:?}", app.name());
}

async fn bought(app: &TestApp, slug: &str, units: i64, who: (&str, &str, &str, bool)) -> String {
    let (name, email, phone, phone_news) = who;
    let mut body = order_body(&KUMILY, None, None);
    body["contact"] = json!({"name": name, "email": email, "phone": phone});
    body["order_updates_on_phone"] = json!(phone_news);
    order_with(app, &[(slug, units)], body).await
}

fn moved(app: &TestApp, number: &str, order_move: OrderMove, on: u32) {
    step(app, number, order_move, on).unwrap_or_else(|e| panic!("{}: {number}: {e}", app.name()));
}

fn ship() -> OrderMove {
    OrderMove::Ship(Shipment {
        carrier: "DTDC".into(),
        tracking_number: "D12345678".into(),
        eway_bill_number: None,
    })
}

fn take_back(app: &TestApp, number: &str, restock: bool, reason: &str, on: u32) {
    take_return(
        &mut app.database.pool().get().unwrap(),
        number,
        &NewReturn {
            lines: vec![ReturnLine {
                position: 0,
                quantity: 1,
                restock,
            }],
            refund_delivery: false,
            reason: reason.into(),
        },
        None,
        Some(ist(on)),
        &app.state.moves,
    )
    .unwrap();
}

/// The register's rows as (day, order, batch, units, litres, document given).
fn rows(record: &Value) -> Vec<(String, String, String, i64, String, bool)> {
    record["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["date"].as_str().unwrap().to_owned(),
                r["order_number"].as_str().unwrap().to_owned(),
                r["batch"].as_str().unwrap().to_owned(),
                r["units"].as_i64().unwrap(),
                r["measured"]["quantity"].as_str().unwrap().to_owned(),
                r["document"].is_string(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn registers_recall_stock_value_and_margin_follow_the_batches() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let accountant = app.signed_in_staff("accountant").await;
        let staff = app.with_staff().await;
        let slug = new_classified_product(
            &admin,
            "Register Insecticide",
            "38089199",
            None,
            0.18,
            590.0,
            ("LTR", Some("0.5")),
        )
        .await;
        let (product, variant): (i64, VariantId) = {
            let mut conn = app.database.pool().get().unwrap();
            diesel::update(products::table.filter(products::slug.eq(&slug)))
                .set((
                    products::batch_tracked.eq(true),
                    products::regulated_as.eq("insecticide"),
                    products::registration_number.eq(REGISTRATION),
                ))
                .execute(&mut conn)
                .unwrap();
            product_variants::table
                .inner_join(products::table)
                .filter(products::slug.eq(&slug))
                .select((products::id, product_variants::id))
                .first(&mut conn)
                .unwrap()
        };
        let (a, b, c) = ("A-101", "B-202", "C-303");
        receive(
            &app,
            admin.user_id,
            variant,
            "KAD/881",
            day(2026, 10, 1),
            (c, day(2024, 11, 5), day(2026, 11, 4), 2, 25_000),
        );
        receive(
            &app,
            admin.user_id,
            variant,
            "KAD/902",
            day(2026, 10, 20),
            (a, day(2026, 1, 15), day(2026, 12, 31), 5, 30_000),
        );
        receive(
            &app,
            admin.user_id,
            variant,
            "KAD/955",
            day(2026, 11, 2),
            (b, day(2026, 6, 10), day(2027, 6, 30), 10, 32_000),
        );

        let first = bought(
            &app,
            &slug,
            3,
            ("Reena Mathew", "reena@example.in", "+91 98470 11111", false),
        )
        .await;
        let second = bought(
            &app,
            &slug,
            4,
            ("Suresh Kumar", "suresh@example.in", "+91 94470 22222", true),
        )
        .await;
        let third = bought(
            &app,
            &slug,
            2,
            ("Mini Thomas", "mini@example.in", "+91 90370 33333", false),
        )
        .await;
        moved(&app, &first, OrderMove::Confirm, 5);
        moved(&app, &first, ship(), 6);
        moved(&app, &first, OrderMove::Deliver, 7);
        moved(&app, &second, OrderMove::Confirm, 8);
        moved(&app, &second, ship(), 9);
        moved(&app, &second, OrderMove::Deliver, 10);
        moved(&app, &third, OrderMove::Confirm, 12);
        moved(&app, &third, cancel("Customer changed their mind"), 13);
        take_back(&app, &first, true, "Not needed", 20);
        take_back(&app, &second, false, "Leaking bottle", 21);

        // The sales record (r. 15(2)).
        let (status, record) = accountant
            .get_json("/api/admin/registers/insecticide-sales?month=2026-11")
            .await;
        assert_eq!(status, 200, "{name}: {record}");
        let s = |x: &str| x.to_owned();
        assert_eq!(
            rows(&record),
            vec![
                (s("2026-11-05"), first.clone(), s(a), 3, s("1.500"), true),
                (s("2026-11-08"), second.clone(), s(a), 2, s("1.000"), true),
                (s("2026-11-08"), second.clone(), s(b), 2, s("1.000"), true),
                (s("2026-11-20"), first.clone(), s(a), -1, s("-0.500"), true),
                (s("2026-11-21"), second.clone(), s(b), -1, s("-0.500"), true),
            ],
            "{name}: {record}"
        );
        let row = &record["rows"][0];
        assert_eq!(row["kind"], "sale", "{name}");
        assert_eq!(record["rows"][3]["kind"], "return", "{name}");
        assert_eq!(row["buyer"], "Reena Mathew", "{name}");
        assert_eq!(row["registration_number"], REGISTRATION, "{name}");
        assert_eq!(row["manufactured_on"], "2026-01-15", "{name}");
        assert_eq!(row["expires_on"], "2026-12-31", "{name}");
        assert_eq!(row["measured"]["unit"], "L", "{name}");
        assert!(
            row["buyer_address"].as_str().unwrap().contains("Kumily"),
            "{name}: {row}"
        );
        // Nothing in October's record: the receipts are not sales.
        let (_, october) = accountant
            .get_json("/api/admin/registers/insecticide-sales?month=2026-10")
            .await;
        assert_eq!(october["rows"], json!([]), "{name}");
        let csv = accountant
            .get("/api/admin/registers/insecticide-sales.csv?month=2026-11")
            .await;
        assert_eq!(csv.status(), 200, "{name}");
        let text = csv.text().await.unwrap();
        assert_eq!(text.lines().count(), 6, "{name}: {text}");
        assert!(
            text.contains("05-11-2026,Sale,Reena Mathew"),
            "{name}: {text}"
        );
        let (status, wrong) = accountant
            .get_json("/api/admin/registers/insecticide-sales?month=2026-13")
            .await;
        assert_eq!(status, 422, "{name}: {wrong}");

        // The monthly return.
        let (status, report) = admin
            .get_json("/api/admin/registers/monthly-return?month=2026-11")
            .await;
        assert_eq!(status, 200, "{name}: {report}");
        let row = report["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["product_id"] == product)
            .unwrap_or_else(|| panic!("{name}: {report}"));
        let figure = |key: &str| {
            (
                row[key]["units"].as_i64().unwrap(),
                row[key]["measured"]["quantity"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
            )
        };
        assert_eq!(figure("opening"), (7, s("3.500")), "{name}: {row}");
        assert_eq!(figure("received"), (10, s("5.000")), "{name}: {row}");
        assert_eq!(figure("sold"), (5, s("2.500")), "{name}: {row}");
        assert_eq!(figure("other"), (-1, s("-0.500")), "{name}: {row}");
        assert_eq!(figure("closing"), (11, s("5.500")), "{name}: {row}");
        assert_eq!(row["registration_number"], REGISTRATION, "{name}");
        let csv = admin
            .get("/api/admin/registers/monthly-return.csv?month=2026-11")
            .await
            .text()
            .await
            .unwrap();
        assert!(
            csv.contains(",L,7,3.500,10,5.000,5,2.500,-1,-0.500,11,5.500"),
            "{name}: {csv}"
        );

        // The recipients of each batch.
        let batch_id = |number: &str| -> i64 {
            use db::schema::batches;
            batches::table
                .filter(batches::variant_id.eq(variant))
                .filter(batches::number.eq(number))
                .select(batches::id)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let (status, held) = staff
            .get_json(&format!("/api/admin/batches/{}/recipients", batch_id(a)))
            .await;
        assert_eq!(status, 200, "{name}: {held}");
        let holders: Vec<(String, i64, String, String)> = held["recipients"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["order_number"].as_str().unwrap().to_owned(),
                    r["units"].as_i64().unwrap(),
                    r["phone"].as_str().unwrap().to_owned(),
                    r["reach"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            holders,
            vec![
                (first.clone(), 2, s("+919847011111"), s("mail")),
                (second.clone(), 2, s("+919447022222"), s("phone")),
            ],
            "{name}: {held}"
        );
        assert_eq!(held["batch"]["in_shop"], 1, "{name}");
        assert_eq!(held["recall"], Value::Null, "{name}");
        let (_, of_b) = staff
            .get_json(&format!("/api/admin/batches/{}/recipients", batch_id(b)))
            .await;
        let orders_of_b: Vec<(&str, i64)> = of_b["recipients"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["order_number"].as_str().unwrap(),
                    r["units"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(orders_of_b, vec![(second.as_str(), 2)], "{name}: {of_b}");
        assert_eq!(
            staff
                .get_json("/api/admin/batches/999999/recipients")
                .await
                .0,
            404,
            "{name}"
        );

        // The recall: staff may not; one message each; a second press tells nobody again.
        let recall = format!("/api/admin/batches/{}/recall", batch_id(a));
        let reason =
            json!({"reason": "Manufacturer's recall notice MR/2026/14: low active ingredient"});
        assert_eq!(staff.post(&recall, reason.clone()).await.0, 403, "{name}");
        let (status, refused) = admin.post(&recall, json!({"reason": ""})).await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(refused["errors"]["reason"].is_array(), "{name}: {refused}");
        let before = app.count_rows("outbox");
        let (status, sent) = admin.post(&recall, reason.clone()).await;
        assert_eq!(status, 200, "{name}: {sent}");
        assert_eq!(sent["sent_now"], true, "{name}");
        assert_eq!(sent["recall"]["recipients"], 2, "{name}: {sent}");
        assert_eq!(sent["recall"]["mails"], 1, "{name}: {sent}");
        assert_eq!(sent["recall"]["phone_messages"], 1, "{name}: {sent}");
        assert_eq!(app.count_rows("outbox"), before + 2, "{name}");
        let queued: Vec<(String, String, String, bool)> = app.outbox();
        assert!(
            queued
                .iter()
                .any(|(to, subject, _, _)| to == "reena@example.in"
                    && subject.contains("Recall")
                    && subject.contains(a)),
            "{name}: {queued:?}"
        );
        let phoned: Vec<(String, String)> = {
            use db::schema::outbox;
            outbox::table
                .filter(outbox::channel.eq("phone"))
                .filter(outbox::subject.eq("batch_recall"))
                .select((outbox::to_address, outbox::text_body))
                .load(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(phoned.len(), 1, "{name}: {phoned:?}");
        assert_eq!(phoned[0].0, "+919447022222", "{name}");
        assert!(
            phoned[0].1.contains(a) && phoned[0].1.contains(&second),
            "{name}: {phoned:?}"
        );
        let (status, again) = admin.post(&recall, reason).await;
        assert_eq!(status, 200, "{name}: {again}");
        assert_eq!(again["sent_now"], false, "{name}");
        assert_eq!(app.count_rows("outbox"), before + 2, "{name}: told twice");
        let (_, held) = staff
            .get_json(&format!("/api/admin/batches/{}/recipients", batch_id(a)))
            .await;
        assert_eq!(held["recall"]["recipients"], 2, "{name}: {held}");
        let (_, audit) = admin.get_json("/api/admin/audit?entity=batch").await;
        assert!(
            audit.to_string().contains("batch.recall"),
            "{name}: {audit}"
        );

        // The stock's value today, the expired batch apart.
        let (status, value) = accountant.get_json("/api/admin/reports/stock-value").await;
        assert_eq!(status, 200, "{name}: {value}");
        let row = value["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["product_id"] == product)
            .unwrap_or_else(|| panic!("{name}: {value}"));
        assert_eq!(row["units"], 9, "{name}: {row}");
        assert_eq!(row["value"], 2860.0, "{name}: {row}");
        assert_eq!(row["expired_units"], 2, "{name}: {row}");
        assert_eq!(row["expired_value"], 500.0, "{name}: {row}");
        assert_eq!(row["units_without_cost"], 0, "{name}: {row}");
        assert_eq!(row["batch_tracked"], true, "{name}: {row}");
        let csv = accountant.get("/api/admin/reports/stock-value.csv").await;
        assert_eq!(csv.status(), 200, "{name}");
        assert!(
            csv.text().await.unwrap().contains("Register Insecticide"),
            "{name}"
        );

        // The margin on November's sales.
        let (status, margin) = accountant
            .get_json("/api/admin/reports/margin?from=2026-11-01&to=2026-11-30")
            .await;
        assert_eq!(status, 200, "{name}: {margin}");
        let row = margin["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["product_id"] == product)
            .unwrap_or_else(|| panic!("{name}: {margin}"));
        assert_eq!(row["units"], 5, "{name}: {row}");
        assert_eq!(row["taxable"], 2500.0, "{name}: {row}");
        assert_eq!(row["cost"], 1520.0, "{name}: {row}");
        assert_eq!(row["margin"], 980.0, "{name}: {row}");
        assert_eq!(row["units_without_cost"], 0, "{name}: {row}");
        let csv = accountant
            .get("/api/admin/reports/margin.csv?from=2026-11-01&to=2026-11-30")
            .await
            .text()
            .await
            .unwrap();
        assert!(csv.contains(",5,2500.00,1520.00,980.00,0"), "{name}: {csv}");
        assert_eq!(
            staff.get_json("/api/admin/reports/margin").await.0,
            403,
            "{name}"
        );
    }
}
