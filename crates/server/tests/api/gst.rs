//! GST documents and the GSTR-1 files through real orders, on both databases: November 2026 as
//! `gst_worked/README.md` works it out by hand, figure by figure.

use chrono::{NaiveDate, NaiveDateTime};
use orders::gst::gstr1::gstr1_files;
use orders::gst::register::{Period, register};
use orders::order::{MovedBy, OrderMove, OrderView, Shipment, TransitionError, move_order};
use serde_json::{Value, json};

use crate::checkout::{checkout, key, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps, spawn_apps_with_profile};

/// The rule the month below was worked out by: one delivery zone, all of India, ₹99.00 whatever
/// the weight below ₹2,000.00 of goods, free from there.
pub(crate) fn flat_delivery(profile: &mut serde_json::Value) {
    profile["delivery_zones"] = json!([{
        "name": "India", "areas": [{}], "days": {"min": 2, "max": 5},
        "rate": {
            "bands": [{"up_to_grams": 1_000_000, "fee_paise": 9900}],
            "further": {"grams": 1_000_000, "fee_paise": 9900},
            "free_above_paise": 200_000
        }
    }]);
}

/// 10:00 in India on that day of November 2026 (or 1 December for day 31), as UTC.
pub(crate) fn ist(day: u32) -> NaiveDateTime {
    let date = NaiveDate::from_ymd_opt(2026, 11, 1)
        .unwrap()
        .checked_add_days(chrono::Days::new(u64::from(day) - 1))
        .unwrap();
    date.and_hms_opt(4, 30, 0).unwrap()
}

pub(crate) async fn new_product(
    admin: &TestApp,
    name: &str,
    hsn: &str,
    rate: f64,
    price: f64,
) -> String {
    let (_, brands) = admin.get_json("/api/brands").await;
    let (_, categories) = admin.get_json("/api/categories").await;
    let sku = name.replace(' ', "-");
    let (status, product) = admin
        .post(
            "/api/admin/catalog/products",
            json!({
                "name": name,
                "brand_id": brands["brands"][0]["id"],
                "category_ids": [categories[0]["id"]],
                "description": "For the GST month.",
                "hsn_code": hsn,
                "gst_rate": rate,
                "declarations": {
                    "manufacturer": "Malabar Agro Chemicals Pvt Ltd",
                    "manufacturer_address": "Industrial Estate, Kalamassery, Kerala 683104",
                    "country_of_origin": "India",
                    "best_before": "24 months from manufacture"
                },
                "variants": [{"sku": sku, "MRP": price, "retail_price": price, "weight_grams": 500, "stock": 40}]
            }),
        )
        .await;
    assert_eq!(status, 201, "{}: {product}", admin.name());
    product["slug"].as_str().unwrap().to_owned()
}

/// A cash-on-delivery order of `lines` to `state`, by a business when `business` is given.
pub(crate) async fn order(
    app: &TestApp,
    lines: &[(&str, i64)],
    state: &str,
    business: Option<(&str, &str)>,
) -> String {
    let shopper = shopper_with_cart(app, lines).await;
    let (city, district, pincode) = if state == "Kerala" {
        ("Kumily", "Idukki", "685509")
    } else {
        ("Bodinayakanur", "Theni", "625513")
    };
    let mut body = json!({
        "contact": {"name": "Anitha Joseph", "email": "anitha@example.in", "phone": "+91 98470 12345"},
        "shipping_address": {
            "name": "Anitha Joseph", "phone": "+91 98470 12345", "line1": "Puthenpurackal Estate",
            "city": city, "district": district, "state": state, "pincode": pincode
        },
        "payment_method": "cod"
    });
    if let Some((gstin, name)) = business {
        body["gstin"] = json!(gstin);
        body["business_name"] = json!(name);
    }
    let (status, placed, _) = checkout(&shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {placed}", app.name());
    placed["number"].as_str().unwrap().to_owned()
}

pub(crate) fn step(
    app: &TestApp,
    number: &str,
    order_move: OrderMove,
    day: u32,
) -> Result<OrderView, TransitionError> {
    move_order(
        &mut app.database.pool().get().unwrap(),
        number,
        &order_move,
        MovedBy {
            actor: None,
            note: None,
            at: Some(ist(day)),
        },
        &app.state.moves,
    )
}

pub(crate) fn cancel(reason: &str) -> OrderMove {
    OrderMove::Cancel {
        reason: reason.into(),
    }
}

fn ship(eway_bill_number: Option<&str>) -> OrderMove {
    OrderMove::Ship(Shipment {
        carrier: "DTDC".into(),
        tracking_number: "D12345678".into(),
        eway_bill_number: eway_bill_number.map(str::to_owned),
    })
}

#[actix_web::test]
async fn november_through_real_orders_gives_the_files_worked_by_hand() {
    for app in spawn_apps_with_profile(flat_delivery).await {
        let name = app.name();
        let admin = app.with_admin().await;
        let fungicide = new_product(&admin, "GST Fungicide", "3808", 0.18, 1180.0).await;
        let fertiliser = new_product(&admin, "GST Fertiliser", "3105", 0.05, 420.0).await;
        let tonic = new_product(&admin, "GST Tonic Drink", "2202", 0.40, 70.0).await;
        let seeds = new_product(&admin, "GST Seeds", "1209", 0.0, 50.0).await;
        let sprayer = new_product(&admin, "GST Sprayer", "8424", 0.18, 59000.0).await;
        let bodi = Some(("33AAPFU0939F1Z2", "Bodi Estates"));
        let munnar = Some(("32ABCDE1234F1Z9", "Munnar Estates"));

        let o1 = order(&app, &[(&fungicide, 2), (&fertiliser, 1)], "Kerala", None).await;
        let o2 = order(&app, &[(&fungicide, 3)], "Tamil Nadu", bodi).await;
        let o3 = order(&app, &[(&sprayer, 2)], "Tamil Nadu", None).await;
        let o4 = order(&app, &[(&tonic, 2), (&seeds, 1)], "Kerala", None).await;
        let o5 = order(&app, &[(&fertiliser, 5)], "Tamil Nadu", None).await;
        let o6 = order(&app, &[(&fungicide, 2)], "Kerala", None).await;
        let o7 = order(&app, &[(&fertiliser, 10)], "Kerala", munnar).await;
        let o8 = order(&app, &[(&seeds, 1)], "Kerala", None).await;
        let o9 = order(&app, &[(&seeds, 1)], "Kerala", None).await;

        let placed = step(&app, &o1, OrderMove::Deliver, 1);
        assert!(placed.is_err(), "{name}: a placed order is not delivered");
        let first = step(&app, &o1, OrderMove::Confirm, 2).unwrap();
        let invoice = first.invoice.expect("confirming issues the invoice");
        assert_eq!(
            (invoice.number.as_str(), invoice.date),
            (
                "WR/26-27/000001",
                NaiveDate::from_ymd_opt(2026, 11, 2).unwrap()
            ),
            "{name}"
        );
        step(&app, &o2, OrderMove::Confirm, 5).unwrap();
        // A consignment over ₹50,000 does not leave without its e-way bill.
        match step(&app, &o3, ship(None), 10) {
            Err(TransitionError::EwayBillNeeded { value }) => {
                assert_eq!(value.get(), 11_800_000, "{name}")
            }
            other => panic!("{name}: shipped without an e-way bill: {other:?}"),
        }
        let shipped = step(&app, &o3, ship(Some("331000123456")), 10).unwrap();
        let invoice = shipped.invoice.expect("shipping issues the invoice");
        assert_eq!(
            invoice.number, "WR/26-27/000003",
            "{name}: the refusal took no number"
        );
        assert_eq!(invoice.eway_bill_number.as_deref(), Some("331000123456"));
        step(&app, &o4, OrderMove::Confirm, 12).unwrap();
        step(&app, &o5, OrderMove::Confirm, 15).unwrap();
        step(&app, &o6, OrderMove::Confirm, 16).unwrap();
        let credited = step(&app, &o6, cancel("Asked by the customer"), 20).unwrap();
        let note = credited
            .credit_notes
            .first()
            .cloned()
            .expect("an invoiced order cancelled is credited");
        assert_eq!(
            (note.number.as_str(), note.reason.as_str()),
            ("WRCN/26-27/00001", "Asked by the customer"),
            "{name}"
        );
        step(&app, &o2, cancel("Ordered twice"), 22).unwrap();
        step(
            &app,
            &o3,
            cancel("Refused at delivery; the carrier brought it back"),
            25,
        )
        .unwrap();
        step(&app, &o7, OrderMove::Confirm, 28).unwrap();
        let december = step(&app, &o8, OrderMove::Confirm, 31).unwrap();
        assert_eq!(
            december.invoice.unwrap().number,
            "WR/26-27/000008",
            "{name}"
        );
        let never = step(&app, &o9, cancel("Asked by the customer"), 29).unwrap();
        assert!(
            never.invoice.is_none() && never.credit_notes.is_empty(),
            "{name}: an order cancelled before confirmation has no GST documents"
        );

        let mut conn = app.database.pool().get().unwrap();
        let november = register(&mut conn, Period::month("2026-11").unwrap()).unwrap();
        let expected = [
            ("b2b", include_str!("gst_worked/b2b.csv")),
            ("b2cl", include_str!("gst_worked/b2cl.csv")),
            ("b2cs", include_str!("gst_worked/b2cs.csv")),
            ("cdnr", include_str!("gst_worked/cdnr.csv")),
            ("cdnur", include_str!("gst_worked/cdnur.csv")),
            ("hsn_b2b", include_str!("gst_worked/hsn_b2b.csv")),
            ("hsn_b2c", include_str!("gst_worked/hsn_b2c.csv")),
            ("docs", include_str!("gst_worked/docs.csv")),
        ];
        let files = gstr1_files(&november);
        assert_eq!(files.len(), expected.len());
        for (file, (file_name, csv)) in files.iter().zip(expected) {
            assert_eq!(file.name, file_name);
            assert_eq!(file.csv, csv, "{name}: {file_name}.csv");
        }
        let december = register(&mut conn, Period::month("2026-12").unwrap()).unwrap();
        assert_eq!(december.invoices.len(), 1, "{name}");
        let quarter = register(&mut conn, Period::quarter("2026-10").unwrap()).unwrap();
        assert_eq!(
            (quarter.invoices.len(), quarter.credit_notes.len()),
            (8, 3),
            "{name}"
        );

        // What the shopper's order page and the desk show.
        let (_, shown) = admin.get_json(&format!("/api/admin/orders/{o4}")).await;
        assert_eq!(
            shown["invoice"]["number"], "WR/26-27/000004",
            "{name}: {shown}"
        );
        assert_eq!(shown["totals"]["total"], 289.0, "{name}");

        // The admin's download.
        let overview = admin.get_json("/api/admin/gst/gstr1?month=2026-11").await;
        assert_eq!(overview.0, 200, "{name}: {}", overview.1);
        let totals = &overview.1["totals"];
        assert_eq!(
            (totals["invoices"].clone(), totals["credit_notes"].clone()),
            (json!(7), json!(3)),
            "{name}"
        );
        // 2,780 + 3,540 + 1,18,000 + 289 + 2,100 + 2,360 + 4,200 less 2,360 + 3,540 + 1,18,000.
        assert_eq!(totals["value"], 9369.0, "{name}: {totals}");
        let response = admin.get("/api/admin/gst/gstr1.zip?month=2026-11").await;
        assert_eq!(response.status(), 200, "{name}");
        assert_eq!(
            response.headers()["content-type"],
            "application/zip",
            "{name}"
        );
        let bytes = response.bytes().await.unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
        let folder = format!("GSTR1_{}_2026-11", app.state.shop.gstin);
        for (file_name, csv) in expected {
            let mut text = String::new();
            std::io::Read::read_to_string(
                &mut zip.by_name(&format!("{folder}/{file_name}.csv")).unwrap(),
                &mut text,
            )
            .unwrap();
            assert_eq!(text, csv, "{name}: {file_name}.csv in the ZIP");
        }
    }
}

#[actix_web::test]
async fn only_admins_download_the_return_and_periods_are_checked() {
    for app in spawn_apps().await {
        let name = app.name();
        let visitor = app.another_shopper().await;
        let (status, _) = visitor.get_json("/api/admin/gst/gstr1?month=2026-11").await;
        assert_eq!(status, 401, "{name}");
        let staff = app.with_staff().await;
        for path in [
            "/api/admin/gst/gstr1?month=2026-11",
            "/api/admin/gst/gstr1.zip?month=2026-11",
        ] {
            let (status, _) = staff.get_json(path).await;
            assert_eq!(status, 403, "{name}: staff who are not admins: {path}");
        }
        let admin = app.with_admin().await;
        for (query, field) in [
            ("", "month"),
            ("month=2026-13", "month"),
            ("month=2026-11&quarter=2026-10", "month"),
            ("quarter=2026-11", "quarter"),
            ("month=%00", "month"),
        ] {
            let (status, body): (u16, Value) = admin
                .get_json(&format!("/api/admin/gst/gstr1.zip?{query}"))
                .await;
            assert_eq!(status, 422, "{name}: {query}: {body}");
            assert!(body["errors"][field].is_array(), "{name}: {query}: {body}");
        }
        let (status, empty) = admin.get_json("/api/admin/gst/gstr1?quarter=2027-01").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(empty["first_day"], "2027-01-01");
        assert_eq!(empty["last_day"], "2027-03-31");
        assert_eq!(empty["totals"]["invoices"], 0);
        assert!(
            empty["files"]
                .as_array()
                .unwrap()
                .iter()
                .all(|file| file["rows"] == 0),
            "{name}: {empty}"
        );
    }
}
