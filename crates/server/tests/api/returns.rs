//! Goods taken back after delivery, at the desk: a credit note for exactly what came back (CGST
//! Act s. 34), the stock of what goes back on the shelf, the refund that follows, and every wrong
//! return refused with the field that is wrong.

use chrono::NaiveDate;
use orders::returns::{NewReturn, ReturnError, ReturnLine, take_return};
use serde_json::{Value, json};

use crate::checkout::stock_of;
use crate::gst::{new_product, order};
use crate::helpers::{StaffClient, TestApp, spawn_apps};

async fn move_to(admin: &StaffClient, number: &str, status: &str) -> Value {
    let mut body = json!({"status": status});
    if status == "shipped" {
        body["carrier"] = json!("DTDC");
        body["tracking_number"] = json!("D12345678");
    }
    let (code, moved) = admin
        .post(&format!("/api/admin/orders/{number}/status"), body)
        .await;
    assert_eq!(code, 200, "{status}: {moved}");
    moved
}

/// A delivered cash-on-delivery order of 3 bottles of a ₹1,190.00 fungicide at 18 % in Kerala,
/// its ₹3,570.00 collected: its number and the pack size's id.
async fn delivered_order(app: &TestApp, admin: &StaffClient) -> (String, i64) {
    let fungicide = new_product(admin, "Return Fungicide", "3808", 0.18, 1190.0).await;
    let number = order(app, &[(&fungicide, 3)], "Kerala", None).await;
    for status in ["confirmed", "shipped", "delivered"] {
        move_to(admin, &number, status).await;
    }
    let today = crate::admin_orders::today();
    let (code, paid) = admin
        .post(
            &format!("/api/admin/orders/{number}/payments"),
            json!({"amount": 3570.0, "paid_on": today, "reference": "118"}),
        )
        .await;
    assert_eq!(code, 201, "{paid}");
    let variant = paid["lines"][0]["variant_id"].as_i64().unwrap();
    (number, variant)
}

#[actix_web::test]
async fn a_return_credits_exactly_what_came_back_and_the_refund_follows() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let (number, variant) = delivered_order(&app, &admin).await;
        let returns = format!("/api/admin/orders/{number}/returns");
        let stock = stock_of(&app, variant);

        for (body, field) in [
            (
                json!({"lines": [{"position": 0, "quantity": 4, "restock": true}], "refund_delivery": true, "reason": "Leaking"}),
                "lines.0.quantity",
            ),
            (
                json!({"lines": [{"position": 3, "quantity": 1, "restock": true}], "refund_delivery": true, "reason": "Leaking"}),
                "lines.0.position",
            ),
            (
                json!({"lines": [{"position": 0, "quantity": 1, "restock": true}, {"position": 0, "quantity": 1, "restock": true}], "refund_delivery": true, "reason": "Leaking"}),
                "lines.1.position",
            ),
            (
                json!({"lines": [{"position": 0, "quantity": 1, "restock": true}], "refund_delivery": true}),
                "reason",
            ),
            (
                json!({"lines": [], "refund_delivery": true, "reason": "Leaking"}),
                "lines",
            ),
            (
                json!({"lines": [{"position": 0, "quantity": 0, "restock": true}], "refund_delivery": true, "reason": "Leaking"}),
                "lines.0.quantity",
            ),
        ] {
            let (status, refused) = admin.post(&returns, body.clone()).await;
            assert_eq!(status, 422, "{name}: {body}: {refused}");
            assert!(
                refused["errors"][field].is_array(),
                "{name}: {field}: {refused}"
            );
        }
        assert_eq!(
            app.count_rows("credit_notes"),
            0,
            "{name}: a refused return issues nothing"
        );

        // One bottle back on the shelf: its own value, the rule applied to one unit.
        let (status, first) = admin
            .post(
                &returns,
                json!({"lines": [{"position": 0, "quantity": 1, "restock": true}], "refund_delivery": true, "reason": "One too many"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {first}");
        assert_eq!(first["return"]["value"], 1190.0, "{name}");
        // Within Kerala, 1,190.00 × 9 / 118 = 90.76… → 90.76 of CGST and of SGST.
        let line = &first["return"]["lines"][0];
        assert_eq!(
            (line["cgst"].clone(), line["sgst"].clone()),
            (json!(90.76), json!(90.76)),
            "{name}"
        );
        assert_eq!(line["taxable_value"], 1008.48, "{name}");
        assert_eq!(
            first["return"]["credit_notes"].as_array().unwrap().len(),
            1,
            "{name}"
        );
        assert_eq!(
            stock_of(&app, variant),
            stock + 1,
            "{name}: back on the shelf"
        );
        assert_eq!(first["refund_owed"], 1190.0, "{name}");
        assert_eq!(first["can_refund"], true, "{name}");

        // The other two, damaged: not restocked; together the notes credit the whole line.
        let (status, second) = admin
            .post(
                &returns,
                json!({"lines": [{"position": 0, "quantity": 2, "restock": false}], "refund_delivery": false, "reason": "Broken caps"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {second}");
        assert_eq!(
            stock_of(&app, variant),
            stock + 1,
            "{name}: damaged goods stay off the shelf"
        );
        let whole = &second["lines"][0];
        let credited: f64 = second["returns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["lines"][0]["cgst"].as_f64().unwrap())
            .sum();
        assert!(
            (credited - whole["cgst"].as_f64().unwrap()).abs() < 1e-9,
            "{name}: {second}"
        );
        assert_eq!(whole["returned"], 3, "{name}");
        assert_eq!(second["can_return"], false, "{name}");
        assert_eq!(
            second["credit_notes"].as_array().unwrap().len(),
            2,
            "{name}"
        );

        let (status, none_left) = admin
            .post(
                &returns,
                json!({"lines": [{"position": 0, "quantity": 1, "restock": true}], "refund_delivery": true, "reason": "Again"}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {none_left}");
        let (status, refused) = admin
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "cancelled", "reason": "Asked by the customer"}),
            )
            .await;
        assert!(
            status == 409,
            "{name}: a delivered order with returns is not cancelled: {refused}"
        );

        // The refund: no more than is owed, then the order is refunded.
        let today = crate::admin_orders::today();
        let refund = |amount: f64| json!({"amount": amount, "method": "upi", "reference": "412345678902", "paid_on": today});
        let refunds = format!("/api/admin/orders/{number}/refunds");
        let (status, too_much) = admin.post(&refunds, refund(3570.01)).await;
        assert_eq!(status, 422, "{name}: {too_much}");
        let (status, refunded) = admin.post(&refunds, refund(3570.0)).await;
        assert_eq!(status, 201, "{name}: {refunded}");
        assert_eq!(refunded["payment_state"], "refunded", "{name}");
        assert_eq!(refunded["refund_owed"], 0.0, "{name}");
    }
}

#[actix_web::test]
async fn only_shipped_goods_come_back_and_only_the_desk_takes_them() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let fungicide = new_product(&admin, "Return Fungicide", "3808", 0.18, 1190.0).await;
        let number = order(&app, &[(&fungicide, 1)], "Kerala", None).await;
        let body = json!({"lines": [{"position": 0, "quantity": 1, "restock": true}], "refund_delivery": true, "reason": "Unwanted"});
        let returns = format!("/api/admin/orders/{number}/returns");
        let (status, refused) = admin.post(&returns, body.clone()).await;
        assert_eq!(
            status, 409,
            "{name}: a placed order is cancelled, not returned: {refused}"
        );
        let (status, _) = admin
            .post("/api/admin/orders/ORD-2026-999999/returns", body.clone())
            .await;
        assert_eq!(status, 404, "{name}");
        move_to(&admin, &number, "shipped").await;
        let visitor = app.another_shopper().await;
        let (status, _) = visitor.post(&returns, body.clone()).await;
        assert_eq!(status, 401, "{name}: a visitor takes no returns");
        let shopper = app.another_shopper().await;
        shopper.register("returns-shopper@example.in").await;
        let (status, _) = shopper.post(&returns, body.clone()).await;
        assert!(
            status == 401 || status == 403,
            "{name}: a signed-in shopper takes no returns: {status}"
        );
        for path in ["gstr3b", "gstr3b.csv", "register.csv"] {
            let (status, _) = visitor
                .get_json(&format!("/api/admin/gst/{path}?month=2026-11"))
                .await;
            assert_eq!(status, 401, "{name}: {path}");
        }
        for role in ["packer", "accountant"] {
            let member = app.signed_in_staff(role).await;
            let (status, _) = member.post(&returns, body.clone()).await;
            assert_eq!(status, 403, "{name}: a {role} takes no returns");
        }
        let (status, _) = admin.post(&returns, body).await;
        assert_eq!(status, 201, "{name}: a shipped parcel brought back");
    }
}

#[actix_web::test]
async fn past_the_time_limit_the_goods_come_back_without_a_credit_note() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let (number, _) = delivered_order(&app, &admin).await;
        // Supplied in 2026-27: credit notes until 30 November 2027 (CGST Act s. 34(2)).
        let late = NaiveDate::from_ymd_opt(2027, 12, 1)
            .unwrap()
            .and_hms_opt(6, 0, 0)
            .unwrap();
        let taken = take_return(
            &mut app.database.pool().get().unwrap(),
            &number,
            &NewReturn {
                lines: vec![ReturnLine {
                    position: 0,
                    quantity: 1,
                    restock: true,
                }],
                refund_delivery: false,
                reason: "Found in the store".into(),
            },
            None,
            Some(late),
            &app.state.moves,
        )
        .unwrap();
        assert!(taken.taken.credit_notes.is_empty(), "{name}");
        let (_, shown) = admin.get_json(&format!("/api/admin/orders/{number}")).await;
        assert!(
            shown["last_day_to_credit"].is_string(),
            "{name}: the desk says until when: {shown}"
        );
        assert_eq!(
            taken.last_day_to_credit,
            NaiveDate::from_ymd_opt(2027, 11, 30).unwrap(),
            "{name}"
        );
        assert_eq!(taken.taken.value.get(), 119_000, "{name}: still owed back");
    }
}

#[actix_web::test]
async fn two_returns_racing_for_the_last_unit_take_it_once() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let (number, _) = delivered_order(&app, &admin).await;
        let one = |quantity| NewReturn {
            lines: vec![ReturnLine {
                position: 0,
                quantity,
                restock: true,
            }],
            refund_delivery: false,
            reason: "Unopened".into(),
        };
        let mut conn = app.database.pool().get().unwrap();
        take_return(&mut conn, &number, &one(2), None, None, &app.state.moves).unwrap();
        drop(conn);
        let racers: Vec<_> = (0..2)
            .map(|_| {
                let pool = app.database.pool().clone();
                let number = number.clone();
                let moves = app.state.moves.clone();
                std::thread::spawn(move || {
                    let mut conn = pool.get().unwrap();
                    take_return(&mut conn, &number, &one(1), None, None, &moves)
                })
            })
            .collect();
        let outcomes: Vec<_> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        let taken = outcomes.iter().filter(|o| o.is_ok()).count();
        assert_eq!(taken, 1, "{name}: {outcomes:?}");
        assert!(
            outcomes
                .iter()
                .any(|o| matches!(o, Err(ReturnError::Lines(_)))),
            "{name}: the other is told nothing is left: {outcomes:?}"
        );
        assert_eq!(app.count_rows("credit_notes"), 2, "{name}");
    }
}
