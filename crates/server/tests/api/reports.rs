//! The reports through real orders, on both databases: November 2026 worked by hand, with a
//! credit note in it, agrees with the GST register of the same month.
//!
//! The shop's delivery rule is the GST month's (`gst::flat_delivery`): ₹99.00 below ₹2,000.00 of
//! goods. Each line's share of it is taxed at the line's rate (the register counts it too):
//!
//! | order | lines | delivery share | taxable | GST | total | invoice | credit note |
//! |---|---|---|---|---|---|---|---|
//! | A, Kerala | 1 × Fungicide ₹1,180 (18 %): 1,000.00 + 180.00 | 99.00 → 83.90 + 15.10 | 1,083.90 | 195.10 | 1,279.00 | 3 Nov | |
//! | B, Tamil Nadu | 2 × Fertiliser ₹420 (5 %): 800.00 + 40.00 | 99.00 → 94.29 + 4.71 | 894.29 | 44.71 | 939.00 | 10 Nov | 20 Nov |
//! | C, Kerala | Fungicide 1,000.00 + 180.00; Fertiliser 400.00 + 20.00 | 99.00 split by value (1,180 : 420), largest remainder: 73.01 → 61.87 + 11.14; 25.99 → 24.75 + 1.24 | 1,486.62 | 212.38 | 1,699.00 | 25 Nov | |
//! | D, Kerala | 1 × Fertiliser | | | | 519.00 | 1 Dec (not November's) | |
//!
//! November, net: A + C (B's invoice and its credit note cancel out) = 2,570.52 before GST,
//! 407.48 GST, 2,978.00 after; 3 invoices, 1 credit note, 1 + 2 − 2 + 2 = 3 units.
//! By product: Fungicide 2 units, 1,083.90 + 1,061.87 = 2,145.77 and 195.10 + 191.14 = 386.24;
//! Fertiliser 2 − 2 + 1 = 1 unit, 424.75 and 21.24.

use orders::gst::register::{Period, register};
use orders::order::OrderMove;
use serde_json::json;

use crate::gst::{cancel, flat_delivery, new_product, order, step};
use crate::helpers::spawn_apps_with_profile;

#[actix_web::test]
async fn a_months_sales_agree_with_its_gst_register() {
    for app in spawn_apps_with_profile(flat_delivery).await {
        let name = app.name();
        let admin = app.with_admin().await;
        let fungicide = new_product(&admin, "Report Fungicide", "3808", 0.18, 1180.0).await;
        let fertiliser = new_product(&admin, "Report Fertiliser", "3105", 0.05, 420.0).await;
        let a = order(&app, &[(&fungicide, 1)], "Kerala", None).await;
        let b = order(&app, &[(&fertiliser, 2)], "Tamil Nadu", None).await;
        let c = order(&app, &[(&fungicide, 1), (&fertiliser, 1)], "Kerala", None).await;
        let d = order(&app, &[(&fertiliser, 1)], "Kerala", None).await;
        step(&app, &a, OrderMove::Confirm, 3).unwrap();
        step(&app, &b, OrderMove::Confirm, 10).unwrap();
        step(&app, &b, cancel("Ordered twice"), 20).unwrap();
        step(&app, &c, OrderMove::Confirm, 25).unwrap();
        step(&app, &d, OrderMove::Confirm, 31).unwrap();

        let accountant = app.signed_in_staff("accountant").await;
        let november = "from=2026-11-01&to=2026-11-30";
        let (status, month) = accountant
            .get_json(&format!("/api/admin/reports/sales?{november}&grain=month"))
            .await;
        assert_eq!(status, 200, "{name}: {month}");
        let net = json!({
            "invoices": 3, "credit_notes": 1, "units": 3,
            "before_gst": 2570.52, "gst": 407.48, "after_gst": 2978.0
        });
        assert_eq!(month["totals"], net, "{name}");
        assert_eq!(month["rows"].as_array().unwrap().len(), 1);
        assert_eq!(month["rows"][0]["first_day"], "2026-11-01");

        // The GST register of the month says the same.
        let totals = register(
            &mut app.database.pool().get().unwrap(),
            Period::month("2026-11").unwrap(),
        )
        .unwrap()
        .totals();
        assert_eq!(totals.taxable.get(), 257_052, "{name}");
        assert_eq!(
            totals.cgst.get() + totals.sgst.get() + totals.igst.get(),
            40_748,
            "{name}"
        );
        assert_eq!(totals.value.get(), 297_800, "{name}");

        // By day: each document on its own Indian day, the credit note taking B back.
        let (_, days) = accountant
            .get_json(&format!("/api/admin/reports/sales?{november}&grain=day"))
            .await;
        let rows = days["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 30, "{name}: every day, empty ones too");
        let after = |day: usize| rows[day - 1]["after_gst"].as_f64().unwrap();
        assert_eq!(
            (after(3), after(10), after(20), after(25), after(2)),
            (1279.0, 939.0, -939.0, 1699.0, 0.0),
            "{name}"
        );
        // Weeks from Monday: 26 October to 1 November is the first, cut to the 1st.
        let (_, weeks) = accountant
            .get_json(&format!("/api/admin/reports/sales?{november}&grain=week"))
            .await;
        assert_eq!(weeks["rows"][0]["first_day"], "2026-11-01");
        assert_eq!(weeks["rows"][0]["last_day"], "2026-11-01");
        assert_eq!(weeks["rows"][1]["first_day"], "2026-11-02");
        assert_eq!(weeks["totals"], net);

        let (status, products) = accountant
            .get_json(&format!("/api/admin/reports/products?{november}"))
            .await;
        assert_eq!(status, 200, "{name}: {products}");
        let row = |i: usize| {
            let r = &products["rows"][i];
            (
                r["product_name"].as_str().unwrap().to_owned(),
                r["units"].as_i64().unwrap(),
                r["before_gst"].as_f64().unwrap(),
                r["gst"].as_f64().unwrap(),
            )
        };
        assert_eq!(
            row(0),
            ("Report Fungicide".into(), 2, 2145.77, 386.24),
            "{name}"
        );
        assert_eq!(
            row(1),
            ("Report Fertiliser".into(), 1, 424.75, 21.24),
            "{name}"
        );
        assert_eq!(
            products["best_sellers"][0]["product_name"],
            "Report Fungicide"
        );
        assert_eq!(products["totals"], net);

        let (_, categories) = accountant
            .get_json(&format!("/api/admin/reports/categories?{november}"))
            .await;
        assert_eq!(
            categories["rows"].as_array().unwrap().len(),
            1,
            "{name}: {categories}"
        );
        assert_eq!(categories["rows"][0]["after_gst"], 2978.0);

        let response = accountant
            .get(&format!(
                "/api/admin/reports/sales.csv?{november}&grain=month"
            ))
            .await;
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains("sales_2026-11-01_2026-11-30.csv")
        );
        let text = response.text().await.unwrap();
        assert_eq!(
            text.lines().last(),
            Some("Total,,3,1,3,2570.52,407.48,2978.00"),
            "{name}: {text}"
        );

        // December holds D alone; a packer reads no report, a bad range is a 422.
        let (_, december) = accountant
            .get_json("/api/admin/reports/sales?from=2026-12-01&to=2026-12-31&grain=month")
            .await;
        assert_eq!(december["totals"]["after_gst"], 519.0, "{name}");
        let packer = app.signed_in_staff("packer").await;
        assert_eq!(packer.get_json("/api/admin/reports/sales").await.0, 403);
        let (status, bad) = accountant
            .get_json("/api/admin/reports/sales?from=2026-11-30&to=2026-11-01")
            .await;
        assert_eq!(status, 422, "{bad}");
        assert!(bad["errors"]["to"].is_array(), "{bad}");
        let (_, waiting) = accountant.get_json("/api/admin/reports/waiting").await;
        assert_eq!(waiting["rows"][2]["state"], "to_pack");
        assert_eq!(
            waiting["rows"][2]["orders"], 3,
            "{name}: A, C and D wait to be packed: {waiting}"
        );
    }
}
