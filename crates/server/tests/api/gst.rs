//! GST documents and the GSTR-1 files through real orders, on both databases: November 2026 as
//! `gst_worked/README.md` works it out by hand, figure by figure, from the README's rules alone.

use chrono::{NaiveDate, NaiveDateTime};
use orders::gst::accounts::{gstr3b, gstr3b_csv, invoice_register_csv};
use orders::gst::documents::DocumentKind;
use orders::gst::gstr1::gstr1_files;
use orders::gst::register::{Period, register};
use orders::order::{MovedBy, OrderMove, OrderView, Shipment, TransitionError, move_order};
use orders::returns::{NewReturn, ReturnLine, ReturnTaken, take_return};
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
    new_classified_product(admin, name, hsn, None, rate, price, ("NOS", Some("1"))).await
}

/// A product of one pack size with its supply kind (none: the server's default for its rate) and
/// the pack's unit and quantity per pack (`("KGS", Some("50"))`, `("NA", None)`).
pub(crate) async fn new_classified_product(
    admin: &TestApp,
    name: &str,
    hsn: &str,
    kind: Option<&str>,
    rate: f64,
    price: f64,
    (uqc, per_pack): (&str, Option<&str>),
) -> String {
    let (_, brands) = admin.get_json("/api/brands").await;
    let (_, categories) = admin.get_json("/api/categories").await;
    let sku = name.replace(' ', "-");
    let mut body = json!({
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
        "variants": [{
            "sku": sku, "MRP": price, "retail_price": price, "weight_grams": 500, "stock": 40,
            "uqc": uqc, "uqc_quantity": per_pack
        }]
    });
    if let Some(kind) = kind {
        body["supply_kind"] = json!(kind);
    }
    let (status, product) = admin.post("/api/admin/catalog/products", body).await;
    assert_eq!(status, 201, "{}: {product}", admin.name());
    product["slug"].as_str().unwrap().to_owned()
}

/// Where an order goes (and, unless `billing` says otherwise, is billed).
pub(crate) struct Place {
    pub city: &'static str,
    pub district: &'static str,
    pub state: &'static str,
    pub pincode: &'static str,
}

pub(crate) const KUMILY: Place = Place {
    city: "Kumily",
    district: "Idukki",
    state: "Kerala",
    pincode: "685509",
};
pub(crate) const BODI: Place = Place {
    city: "Bodinayakanur",
    district: "Theni",
    state: "Tamil Nadu",
    pincode: "625513",
};
const KOTTAYAM_FARM: Place = Place {
    city: "Pampady",
    district: "Kottayam",
    state: "Kerala",
    pincode: "686502",
};
const MUNNAR: Place = Place {
    city: "Munnar",
    district: "Idukki",
    state: "Kerala",
    pincode: "685612",
};

fn address(place: &Place) -> Value {
    json!({
        "name": "Anitha Joseph", "phone": "+91 98470 12345", "line1": "Puthenpurackal Estate",
        "city": place.city, "district": place.district, "state": place.state,
        "pincode": place.pincode
    })
}

/// The checkout body of a cash-on-delivery order to `to`, billed to `billing` when given, by a
/// business when `business` is given.
pub(crate) fn order_body(
    to: &Place,
    billing: Option<&Place>,
    business: Option<(&str, &str)>,
) -> Value {
    let mut body = json!({
        "contact": {"name": "Anitha Joseph", "email": "anitha@example.in", "phone": "+91 98470 12345"},
        "shipping_address": address(to),
        "payment_method": "cod"
    });
    if let Some(billing) = billing {
        body["billing_address"] = address(billing);
    }
    if let Some((gstin, name)) = business {
        body["gstin"] = json!(gstin);
        body["business_name"] = json!(name);
    }
    body
}

/// A cash-on-delivery order of `lines` with this checkout `body`; its number.
pub(crate) async fn order_with(app: &TestApp, lines: &[(&str, i64)], body: Value) -> String {
    let shopper = shopper_with_cart(app, lines).await;
    let (status, placed, _) = checkout(&shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {placed}", app.name());
    placed["number"].as_str().unwrap().to_owned()
}

/// A cash-on-delivery order of `lines` to `state`, by a business when `business` is given.
pub(crate) async fn order(
    app: &TestApp,
    lines: &[(&str, i64)],
    state: &str,
    business: Option<(&str, &str)>,
) -> String {
    let to = if state == "Kerala" { &KUMILY } else { &BODI };
    order_with(app, lines, order_body(to, None, business)).await
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

/// Takes back `lines` (position, quantity, back on the shelf) of order `number` on that day.
fn take_back(
    app: &TestApp,
    number: &str,
    lines: &[(i32, u32, bool)],
    refund_delivery: bool,
    reason: &str,
    day: u32,
) -> ReturnTaken {
    take_return(
        &mut app.database.pool().get().unwrap(),
        number,
        &NewReturn {
            lines: lines
                .iter()
                .map(|&(position, quantity, restock)| ReturnLine {
                    position,
                    quantity,
                    restock,
                })
                .collect(),
            refund_delivery,
            reason: reason.into(),
        },
        None,
        Some(ist(day)),
        &app.state.moves,
    )
    .unwrap()
}

/// The files of `gst_worked/`, worked by hand from the README's rules alone.
const WORKED: [(&str, &str); 9] = [
    ("b2b", include_str!("gst_worked/b2b.csv")),
    ("b2cl", include_str!("gst_worked/b2cl.csv")),
    ("b2cs", include_str!("gst_worked/b2cs.csv")),
    ("cdnr", include_str!("gst_worked/cdnr.csv")),
    ("cdnur", include_str!("gst_worked/cdnur.csv")),
    ("exemp", include_str!("gst_worked/exemp.csv")),
    ("hsn_b2b", include_str!("gst_worked/hsn_b2b.csv")),
    ("hsn_b2c", include_str!("gst_worked/hsn_b2c.csv")),
    ("docs", include_str!("gst_worked/docs.csv")),
];

#[actix_web::test]
async fn november_through_real_orders_gives_the_files_worked_by_hand() {
    for app in spawn_apps_with_profile(flat_delivery).await {
        let name = app.name();
        let admin = app.with_admin().await;
        let litre = ("LTR", Some("1"));
        let fungicide = new_classified_product(
            &admin,
            "GST Fungicide",
            "3808",
            Some("taxable"),
            0.18,
            1190.0,
            litre,
        )
        .await;
        let fertiliser = new_classified_product(
            &admin,
            "GST Fertiliser",
            "3105",
            Some("taxable"),
            0.05,
            1475.0,
            ("KGS", Some("50")),
        )
        .await;
        let seeds = new_classified_product(
            &admin,
            "GST Seeds",
            "1209",
            Some("exempt"),
            0.0,
            50.0,
            ("KGS", Some("0.01")),
        )
        .await;
        let sickle = new_classified_product(
            &admin,
            "GST Sickle",
            "8201",
            Some("exempt"),
            0.0,
            250.0,
            ("NOS", Some("1")),
        )
        .await;
        let sprayer = new_classified_product(
            &admin,
            "GST Sprayer",
            "8424",
            Some("taxable"),
            0.18,
            59000.0,
            ("NOS", Some("1")),
        )
        .await;
        let survey = new_classified_product(
            &admin,
            "GST Survey",
            "998331",
            Some("taxable"),
            0.18,
            2360.0,
            ("NA", None),
        )
        .await;
        let bodi = Some(("33AAPFU0939F1Z2", "Bodi Estates"));
        let munnar = Some(("32ABCDE1234F1Z9", "Munnar Estates"));
        let consumer = |to: &'static Place| order_body(to, None, None);

        let o1 = order_with(&app, &[(&fungicide, 2), (&survey, 1)], consumer(&KUMILY)).await;
        // Billed to the Tamil Nadu GSTIN's office, delivered to its farm in Kerala.
        let o2 = order_with(
            &app,
            &[(&fungicide, 3)],
            order_body(&KOTTAYAM_FARM, Some(&BODI), bodi),
        )
        .await;
        let o3 = order_with(&app, &[(&sprayer, 2)], consumer(&BODI)).await;
        let o4 = order_with(&app, &[(&seeds, 3), (&sickle, 1)], consumer(&KUMILY)).await;
        let o5 = order_with(&app, &[(&fertiliser, 1), (&seeds, 2)], consumer(&BODI)).await;
        let o6 = order_with(
            &app,
            &[(&fertiliser, 10), (&sickle, 2)],
            order_body(&MUNNAR, None, munnar),
        )
        .await;
        let o7 = order_with(&app, &[(&fungicide, 1)], consumer(&KUMILY)).await;
        let o8 = order_with(&app, &[(&fertiliser, 2)], consumer(&KUMILY)).await;
        let o9 = order_with(&app, &[(&seeds, 1)], consumer(&KUMILY)).await;
        let o10 = order_with(&app, &[(&seeds, 1)], consumer(&KUMILY)).await;
        assert_eq!(
            o1, "ORD-2026-000001",
            "{name}: the README counts orders from one"
        );

        let first = step(&app, &o1, OrderMove::Confirm, 2).unwrap();
        assert_eq!(
            first.invoice.as_ref().map(|i| i.number.as_str()),
            Some("WR/26-27/000001")
        );
        let bill_to_ship_to = step(&app, &o2, OrderMove::Confirm, 5).unwrap();
        assert_eq!(
            (
                bill_to_ship_to.place_of_supply_state.name.as_str(),
                bill_to_ship_to.totals.igst.get(),
                bill_to_ship_to.totals.cgst.get()
            ),
            ("Tamil Nadu", 54_458, 0),
            "{name}: a registered buyer is supplied in its GSTIN's state"
        );
        step(&app, &o2, ship(None), 6).unwrap();
        step(&app, &o2, OrderMove::Deliver, 8).unwrap();
        match step(&app, &o3, ship(None), 10) {
            Err(TransitionError::EwayBillNeeded { value }) => {
                assert_eq!(value.get(), 11_800_000, "{name}")
            }
            other => panic!("{name}: shipped without an e-way bill: {other:?}"),
        }
        step(&app, &o3, ship(Some("331000123456")), 10).unwrap();
        let exempt_only = step(&app, &o4, OrderMove::Confirm, 12).unwrap();
        assert_eq!(
            exempt_only
                .documents
                .iter()
                .map(|d| (d.kind, d.number.as_str()))
                .collect::<Vec<_>>(),
            [(DocumentKind::BillOfSupply, "WRBS/26-27/00001")],
            "{name}: exempt goods alone get a bill of supply, no tax invoice"
        );
        let mixed = step(&app, &o5, OrderMove::Confirm, 15).unwrap();
        assert_eq!(
            mixed
                .documents
                .iter()
                .map(|d| (d.kind, d.number.as_str()))
                .collect::<Vec<_>>(),
            [(DocumentKind::InvoiceCumBill, "WR/26-27/000004")],
            "{name}"
        );
        step(&app, &o5, ship(None), 16).unwrap();
        step(&app, &o5, OrderMove::Deliver, 18).unwrap();
        let registered_mixed = step(&app, &o6, OrderMove::Confirm, 16).unwrap();
        assert_eq!(
            registered_mixed
                .documents
                .iter()
                .map(|d| (d.kind, d.number.as_str()))
                .collect::<Vec<_>>(),
            [
                (DocumentKind::TaxInvoice, "WR/26-27/000005"),
                (DocumentKind::BillOfSupply, "WRBS/26-27/00002")
            ],
            "{name}"
        );
        step(&app, &o6, ship(None), 17).unwrap();
        step(&app, &o6, OrderMove::Deliver, 19).unwrap();
        let odd = step(&app, &o7, OrderMove::Confirm, 18).unwrap();
        let line = &odd.lines[0];
        assert_eq!(line.cgst, line.sgst, "{name}: CGST and SGST are equal");
        assert_eq!(line.shipping.cgst, line.shipping.sgst, "{name}");
        step(&app, &o8, OrderMove::Confirm, 20).unwrap();
        let returned = take_back(&app, &o2, &[(0, 1, true)], true, "One bottle too many", 20);
        assert_eq!(returned.taken.credit_notes, ["WRCN/26-27/00001"], "{name}");
        assert_eq!(returned.taken.value.get(), 119_000, "{name}");
        step(&app, &o8, cancel("Asked by the customer"), 21).unwrap();
        let both = take_back(
            &app,
            &o6,
            &[(0, 3, true), (1, 1, false)],
            true,
            "Three bags not needed; one sickle broken",
            24,
        );
        assert_eq!(
            both.taken.credit_notes,
            ["WRCN/26-27/00003", "WRCN/26-27/00004"],
            "{name}: a note on the invoice and one on the bill of supply"
        );
        step(
            &app,
            &o3,
            cancel("Refused at delivery; the carrier brought it back"),
            25,
        )
        .unwrap();
        let seeds_back = take_back(&app, &o5, &[(1, 1, false)], true, "Packet torn", 26);
        assert_eq!(
            seeds_back.taken.value.get(),
            5_314,
            "{name}: 50.00 and ⌊629 × 1/2⌋ of delivery"
        );
        let december = step(&app, &o9, OrderMove::Confirm, 31).unwrap();
        assert_eq!(
            december.invoice.unwrap().number,
            "WRBS/26-27/00003",
            "{name}"
        );
        let never = step(&app, &o10, cancel("Asked by the customer"), 29).unwrap();
        assert!(
            never.documents.is_empty() && never.credit_notes.is_empty(),
            "{name}: an order cancelled before confirmation has no GST documents"
        );

        let mut conn = app.database.pool().get().unwrap();
        let november = register(&mut conn, Period::month("2026-11").unwrap()).unwrap();
        let files = gstr1_files(&november);
        assert_eq!(
            files.iter().map(|f| f.name).collect::<Vec<_>>(),
            WORKED.map(|(file, _)| file)
        );
        for (file, (file_name, csv)) in files.iter().zip(WORKED) {
            assert_eq!(file.csv, csv, "{name}: {file_name}.csv");
        }
        assert_eq!(
            gstr3b_csv(&gstr3b(&november)),
            include_str!("gst_worked/gstr3b.csv"),
            "{name}: gstr3b.csv"
        );
        assert_eq!(
            invoice_register_csv(&november),
            include_str!("gst_worked/register.csv"),
            "{name}: register.csv"
        );
        let quarter = register(&mut conn, Period::quarter("2026-10").unwrap()).unwrap();
        assert_eq!(
            (quarter.invoices.len(), quarter.credit_notes.len()),
            (10, 6),
            "{name}"
        );

        // What the desk shows, and the admin's downloads.
        let (_, shown) = admin.get_json(&format!("/api/admin/orders/{o2}")).await;
        assert_eq!(
            shown["place_of_supply_state"],
            json!({"name": "Tamil Nadu", "code": "33"}),
            "{name}"
        );
        assert_eq!(shown["billing_address"]["state"], "Tamil Nadu", "{name}");
        assert_eq!(shown["shipping_address"]["state"], "Kerala", "{name}");
        assert_eq!(shown["lines"][0]["returned"], 1, "{name}");
        assert_eq!(shown["lines"][0]["uqc"], "LTR", "{name}");
        let response = admin.get("/api/admin/gst/gstr1.zip?month=2026-11").await;
        assert_eq!(response.status(), 200, "{name}");
        let bytes = response.bytes().await.unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
        let folder = format!("GSTR1_{}_2026-11", app.state.shop.facts.gstin);
        for (file_name, csv) in WORKED {
            let mut text = String::new();
            std::io::Read::read_to_string(
                &mut zip.by_name(&format!("{folder}/{file_name}.csv")).unwrap(),
                &mut text,
            )
            .unwrap();
            assert_eq!(text, csv, "{name}: {file_name}.csv in the ZIP");
        }
        for (path, csv) in [
            ("gstr3b.csv", include_str!("gst_worked/gstr3b.csv")),
            ("register.csv", include_str!("gst_worked/register.csv")),
        ] {
            let response = admin
                .get(&format!("/api/admin/gst/{path}?month=2026-11"))
                .await;
            assert_eq!(response.status(), 200, "{name}: {path}");
            assert_eq!(response.text().await.unwrap(), csv, "{name}: {path}");
        }
        let (status, figures) = admin.get_json("/api/admin/gst/gstr3b?month=2026-11").await;
        assert_eq!(status, 200, "{name}: {figures}");
        assert_eq!(figures["rows"][0]["section"], "3.1(a)", "{name}");
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

#[actix_web::test]
async fn a_gstin_is_billed_in_its_own_state() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let fungicide = new_product(&admin, "GSTIN Fungicide", "3808", 0.18, 1190.0).await;
        let shopper = shopper_with_cart(&app, &[(&fungicide, 1)]).await;
        let bodi = Some(("33AAPFU0939F1Z2", "Bodi Estates"));
        // A Tamil Nadu GSTIN billed at a Kerala address (the delivery address, billed by default).
        let (status, refused, _) =
            checkout(&shopper, &key(), order_body(&KOTTAYAM_FARM, None, bodi)).await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert_eq!(
            refused["errors"]["gstin"][0],
            "This GSTIN is registered in Tamil Nadu (33), but the billing address is in Kerala. Give the billing address of the GSTIN's state, or leave the GSTIN out.",
            "{name}"
        );
        assert_eq!(app.count_rows("orders"), 0, "{name}");
        // Billed in Theni, shipped to the farm: IGST, supplied in Tamil Nadu.
        let (status, placed, _) = checkout(
            &shopper,
            &key(),
            order_body(&KOTTAYAM_FARM, Some(&BODI), bodi),
        )
        .await;
        assert_eq!(status, 201, "{name}: {placed}");
        assert_eq!(placed["place_of_supply"], "inter_state", "{name}");
        assert_eq!(
            placed["place_of_supply_state"],
            json!({"name": "Tamil Nadu", "code": "33"}),
            "{name}"
        );
        // 1,190.00 × 18 / 118 = 181.525… → 181.53 of IGST.
        assert_eq!(placed["totals"]["igst"], 181.53, "{name}");
        assert_eq!(placed["shipping_address"]["state"], "Kerala", "{name}");
        assert_eq!(placed["billing_address"]["state"], "Tamil Nadu", "{name}");
    }
}
