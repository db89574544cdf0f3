//! Stock kept by batch, end to end: two batches received with different expiry dates, an order
//! that spans them (first expiring, first out), a batch that expires under a reserved order (the
//! clock moved, not waited), a restocked return into the expired batch it came from, a
//! cancellation back into its batch, disposal, and two confirmations racing for the last units of
//! one batch.

use chrono::{Duration, NaiveDate, NaiveDateTime, Utc};
use db::schema::{batches as batch_rows, product_variants, products, stock_movements};
use db::{BatchId, DbConnection, UserId, VariantId};
use diesel::prelude::*;
use orders::order::{MovedBy, OrderMove, Shipment, TransitionError, move_order};
use orders::returns::{NewReturn, ReturnLine, take_return};
use pricing::Paise;

use crate::checkout::stock_of;
use crate::gst::{cancel, new_product, order};
use crate::helpers::{TestApp, spawn_apps};

/// Makes the product an insecticide kept by batch, with no stock until a receipt brings some.
fn track(app: &TestApp, slug: &str) -> VariantId {
    let conn = &mut app.database.pool().get().unwrap();
    let product: i64 = products::table
        .filter(products::slug.eq(slug))
        .select(products::id)
        .first(conn)
        .unwrap();
    diesel::update(products::table.find(product))
        .set((
            products::batch_tracked.eq(true),
            products::regulated_as.eq("insecticide"),
            products::registration_number.eq("CIR-54,321/2019-Emamectin (SG)"),
        ))
        .execute(conn)
        .unwrap();
    let variant: VariantId = product_variants::table
        .filter(product_variants::product_id.eq(product))
        .select(product_variants::id)
        .first(conn)
        .unwrap();
    diesel::update(product_variants::table.find(variant))
        .set(product_variants::stock.eq(0))
        .execute(conn)
        .unwrap();
    variant
}

fn some_staff(conn: &mut DbConnection) -> UserId {
    db::schema::users::table
        .select(db::schema::users::id)
        .first(conn)
        .unwrap()
}

/// Receives `lines` (batch number, expiry, units, unit cost in rupees) of the pack size.
fn receive(
    app: &TestApp,
    variant: VariantId,
    invoice: &str,
    lines: &[(&str, NaiveDate, i32, i64)],
    today: NaiveDate,
) {
    let conn = &mut app.database.pool().get().unwrap();
    let actor = some_staff(conn);
    let supplier = batches::receive::Supplier {
        name: "Malabar Agro Chemicals".into(),
        invoice: invoice.into(),
        invoice_date: today,
        note: None,
    };
    let lines: Vec<_> = lines
        .iter()
        .map(
            |(number, expires_on, quantity, rupees)| batches::receive::ReceiptLine {
                variant_id: variant,
                number: (*number).into(),
                manufactured_on: Some(today - Duration::days(60)),
                expires_on: Some(*expires_on),
                tested_on: None,
                quantity: *quantity,
                unit_cost: Paise::new(rupees * 100),
            },
        )
        .collect();
    let receipt = batches::receive::record(conn, actor, &supplier, &lines, today, now())
        .unwrap()
        .unwrap();
    assert_eq!(receipt.lines.len(), lines.len());
}

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// Each batch's units in the shop, by number.
fn held(app: &TestApp, variant: VariantId) -> Vec<(String, i32)> {
    batch_rows::table
        .filter(batch_rows::variant_id.eq(variant))
        .order(batch_rows::number)
        .select((batch_rows::number, batch_rows::quantity))
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

fn batch_id(app: &TestApp, variant: VariantId, number: &str) -> BatchId {
    batch_rows::table
        .filter(batch_rows::variant_id.eq(variant))
        .filter(batch_rows::number.eq(number))
        .select(batch_rows::id)
        .first(&mut app.database.pool().get().unwrap())
        .unwrap()
}

fn step(
    app: &TestApp,
    number: &str,
    order_move: OrderMove,
    at: NaiveDateTime,
) -> Result<orders::order::OrderView, TransitionError> {
    move_order(
        &mut app.database.pool().get().unwrap(),
        number,
        &order_move,
        MovedBy {
            actor: None,
            note: None,
            at: Some(at),
        },
        &app.state.moves,
    )
}

/// The order's line 0 batches as (number, units).
fn taken(view: &orders::order::OrderView) -> Vec<(String, i32)> {
    view.lines[0]
        .batches
        .iter()
        .map(|b| (b.number.clone(), b.quantity))
        .collect()
}

fn ship() -> OrderMove {
    OrderMove::Ship(Shipment {
        carrier: "DTDC".into(),
        tracking_number: "D12345678".into(),
        eway_bill_number: None,
    })
}

#[actix_web::test]
async fn batches_are_sold_first_expiring_first_and_units_come_back_to_their_batch() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let slug = new_product(&admin, "Batch Emamectin", "3808", 0.18, 500.0).await;
        let variant = track(&app, &slug);
        let today = batches::india_today();
        let soon = today + Duration::days(10);
        let later = today + Duration::days(300);
        // Listed out of expiry order: the later batch first.
        receive(
            &app,
            variant,
            "MAC/2026/881",
            &[("B-2", later, 6, 320), ("A-1", soon, 4, 300)],
            today,
        );
        assert_eq!(stock_of(&app, variant.0), 10, "{name}: 4 + 6 received");

        // Placing reserves; confirming takes the soonest expiring batch first.
        let first = order(&app, &[(&slug, 3)], "Kerala", None).await;
        assert_eq!(stock_of(&app, variant.0), 7, "{name}");
        assert_eq!(held(&app, variant), [("A-1".into(), 4), ("B-2".into(), 6)]);
        let confirmed = step(&app, &first, OrderMove::Confirm, now()).unwrap();
        assert_eq!(taken(&confirmed), [("A-1".to_owned(), 3)], "{name}");
        assert_eq!(
            confirmed.lines[0].registration_number.as_deref(),
            Some("CIR-54,321/2019-Emamectin (SG)")
        );
        assert_eq!(held(&app, variant), [("A-1".into(), 1), ("B-2".into(), 6)]);
        assert_eq!(
            stock_of(&app, variant.0),
            7,
            "{name}: confirming moves no saleable stock"
        );

        // A second order reserves 2; then A-1 expires (the clock moved eleven days on).
        let second = order(&app, &[(&slug, 2)], "Kerala", None).await;
        assert_eq!(stock_of(&app, variant.0), 5, "{name}");
        let after_expiry = now() + Duration::days(11);
        let day = batches::india_date(after_expiry);
        let withdrawn = batches::expiry::withdraw_expired(
            &mut app.database.pool().get().unwrap(),
            day,
            after_expiry,
        )
        .unwrap();
        assert_eq!(withdrawn.len(), 1, "{name}: A-1 leaves sale");
        // Saleable: B-2's 6 less the 2 reserved; A-1's last unit is segregated.
        assert_eq!(stock_of(&app, variant.0), 4, "{name}");
        let again = batches::expiry::withdraw_expired(
            &mut app.database.pool().get().unwrap(),
            day,
            after_expiry,
        )
        .unwrap();
        assert!(again.is_empty(), "{name}: a batch is withdrawn once");

        // The second order, confirmed after the expiry, never takes from A-1.
        let confirmed = step(&app, &second, OrderMove::Confirm, after_expiry).unwrap();
        assert_eq!(taken(&confirmed), [("B-2".to_owned(), 2)], "{name}");
        assert_eq!(held(&app, variant), [("A-1".into(), 1), ("B-2".into(), 4)]);

        // One unit of the first order comes back after delivery: into A-1, which it came
        // from, and so not for sale (it has expired).
        step(&app, &first, ship(), after_expiry).unwrap();
        step(&app, &first, OrderMove::Deliver, after_expiry).unwrap();
        take_return(
            &mut app.database.pool().get().unwrap(),
            &first,
            &NewReturn {
                lines: vec![ReturnLine {
                    position: 0,
                    quantity: 1,
                    restock: true,
                }],
                refund_delivery: false,
                reason: "Leaking cap".into(),
            },
            None,
            Some(after_expiry),
            &app.state.moves,
        )
        .unwrap();
        assert_eq!(held(&app, variant), [("A-1".into(), 2), ("B-2".into(), 4)]);
        assert_eq!(
            stock_of(&app, variant.0),
            4,
            "{name}: an expired unit is not for sale"
        );

        // The second order is cancelled: its 2 units go back into B-2, for sale again.
        step(
            &app,
            &second,
            cancel("Farmer changed his mind"),
            after_expiry,
        )
        .unwrap();
        assert_eq!(held(&app, variant), [("A-1".into(), 2), ("B-2".into(), 6)]);
        assert_eq!(stock_of(&app, variant.0), 6, "{name}");

        // The expired batch is disposed of; a good batch is not disposed of.
        let conn = &mut app.database.pool().get().unwrap();
        let actor = some_staff(conn);
        let a1 = batch_id(&app, variant, "A-1");
        let b2 = batch_id(&app, variant, "B-2");
        assert!(matches!(
            batches::expiry::dispose(conn, actor, b2, "Burnt", day, after_expiry),
            Err(batches::BatchError::Conflict(_))
        ));
        assert_eq!(
            batches::expiry::dispose(
                conn,
                actor,
                a1,
                "Returned to Malabar Agro Chemicals, their note 77",
                day,
                after_expiry
            )
            .unwrap(),
            2
        );
        assert_eq!(held(&app, variant), [("A-1".into(), 0), ("B-2".into(), 6)]);

        // Every batch's units are the sum of its movements.
        for batch in [a1, b2] {
            let moved: Vec<Option<i32>> = stock_movements::table
                .filter(stock_movements::batch_id.eq(batch))
                .select(stock_movements::batch_delta)
                .load(conn)
                .unwrap();
            let units: i32 = batch_rows::table
                .find(batch)
                .select(batch_rows::quantity)
                .first(conn)
                .unwrap();
            assert_eq!(
                moved.into_iter().flatten().sum::<i32>(),
                units,
                "{name}: batch {batch:?}"
            );
        }
        let reasons: Vec<String> = stock_movements::table
            .filter(stock_movements::batch_id.eq(a1))
            .order(stock_movements::id)
            .select(stock_movements::reason)
            .load(conn)
            .unwrap();
        assert_eq!(
            reasons,
            ["received", "allotted", "expired", "returned", "disposed"],
            "{name}"
        );
    }
}

#[actix_web::test]
async fn an_order_reserving_a_batch_that_expires_waits_for_a_good_batch() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let slug = new_product(&admin, "Batch Thiamethoxam", "3808", 0.18, 450.0).await;
        let variant = track(&app, &slug);
        let today = batches::india_today();
        receive(
            &app,
            variant,
            "MAC/2026/901",
            &[("T-1", today, 3, 300)],
            today,
        );
        // Placed today, it reserves units of a batch that expires tonight.
        let placed = order(&app, &[(&slug, 2)], "Kerala", None).await;
        let tomorrow = now() + Duration::days(1);
        batches::expiry::withdraw_expired(
            &mut app.database.pool().get().unwrap(),
            batches::india_date(tomorrow),
            tomorrow,
        )
        .unwrap();
        assert_eq!(stock_of(&app, variant.0), 0, "{name}");
        // Confirming tomorrow finds no good batch: the order waits, nothing is taken.
        let refused = step(&app, &placed, OrderMove::Confirm, tomorrow).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("2 wanted, 0 in batches that have not expired"),
            "{name}: {refused}"
        );
        assert_eq!(held(&app, variant), [("T-1".into(), 3)], "{name}");
        // A new batch arrives; now it is filled from that one.
        receive(
            &app,
            variant,
            "MAC/2026/902",
            &[("T-2", today + Duration::days(400), 5, 310)],
            today,
        );
        let confirmed = step(&app, &placed, OrderMove::Confirm, tomorrow).unwrap();
        assert_eq!(taken(&confirmed), [("T-2".to_owned(), 2)], "{name}");
    }
}

#[actix_web::test]
async fn two_confirmations_racing_for_the_last_units_of_a_batch_take_them_once() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let slug = new_product(&admin, "Batch Chlorantraniliprole", "3808", 0.18, 900.0).await;
        let variant = track(&app, &slug);
        let today = batches::india_today();
        receive(
            &app,
            variant,
            "MAC/2026/950",
            &[
                ("C-1", today + Duration::days(30), 3, 600),
                ("D-1", today + Duration::days(500), 10, 620),
            ],
            today,
        );
        let x = order(&app, &[(&slug, 2)], "Kerala", None).await;
        let y = order(&app, &[(&slug, 2)], "Kerala", None).await;
        let pool = app.database.pool();
        let moves = app.state.moves.clone();
        let racers: Vec<_> = [x.clone(), y.clone()]
            .into_iter()
            .map(|number| {
                let pool = pool.clone();
                let moves = moves.clone();
                std::thread::spawn(move || {
                    move_order(
                        &mut pool.get().unwrap(),
                        &number,
                        &OrderMove::Confirm,
                        MovedBy::default(),
                        &moves,
                    )
                    .map(|view| {
                        view.lines[0]
                            .batches
                            .iter()
                            .map(|b| (b.number.clone(), b.quantity))
                            .collect::<Vec<_>>()
                    })
                })
            })
            .collect();
        let mut from_c = 0;
        for racer in racers {
            let took = racer.join().unwrap().unwrap();
            assert_eq!(took.iter().map(|t| t.1).sum::<i32>(), 2, "{name}: {took:?}");
            from_c += took
                .iter()
                .filter(|t| t.0 == "C-1")
                .map(|t| t.1)
                .sum::<i32>();
        }
        assert_eq!(from_c, 3, "{name}: C-1's three units go once");
        assert_eq!(held(&app, variant), [("C-1".into(), 0), ("D-1".into(), 9)]);
        assert_eq!(stock_of(&app, variant.0), 9, "{name}");
    }
}

#[actix_web::test]
async fn a_payment_for_an_order_whose_batch_expired_is_booked_and_the_order_waits() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let slug = new_product(&admin, "Batch Fipronil", "3808", 0.18, 400.0).await;
        let variant = track(&app, &slug);
        let today = batches::india_today();
        receive(
            &app,
            variant,
            "MAC/2026/990",
            &[("F-1", today + Duration::days(5), 2, 250)],
            today,
        );
        let mut body = crate::gst::order_body(&crate::gst::KUMILY, None, None);
        body["payment_method"] = serde_json::json!("bank_transfer");
        let number = crate::gst::order_with(&app, &[(&slug, 2)], body).await;
        // The label was misread: the batch really expired yesterday.
        {
            let conn = &mut app.database.pool().get().unwrap();
            diesel::update(batch_rows::table.filter(batch_rows::variant_id.eq(variant)))
                .set(batch_rows::expires_on.eq(today - Duration::days(1)))
                .execute(conn)
                .unwrap();
            batches::expiry::withdraw_expired(conn, today, now()).unwrap();
        }
        let (status, paid) = admin
            .post(
                &format!("/api/admin/orders/{number}/payments"),
                serde_json::json!({"amount": 840.0, "paid_on": today, "reference": "UTR5550001"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: the money is booked: {paid}");
        assert_eq!(paid["payment_state"], "paid", "{name}");
        assert_eq!(
            paid["status"], "awaiting_payment",
            "{name}: no good batch, so not confirmed yet"
        );
        let (status, refused) = admin
            .post(
                &format!("/api/admin/orders/{number}/status"),
                serde_json::json!({"status": "confirmed"}),
            )
            .await;
        assert_eq!(status, 409, "{name}: {refused}");
        assert!(
            refused["message"]
                .as_str()
                .unwrap_or_default()
                .contains("Receive a batch"),
            "{name}: {refused}"
        );
        // A good batch arrives: staff confirm the paid order, and it takes from that batch.
        receive(
            &app,
            variant,
            "MAC/2026/991",
            &[("F-2", today + Duration::days(700), 4, 255)],
            today,
        );
        let (status, confirmed) = admin
            .post(
                &format!("/api/admin/orders/{number}/status"),
                serde_json::json!({"status": "confirmed"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {confirmed}");
        assert_eq!(
            confirmed["lines"][0]["batches"][0]["number"], "F-2",
            "{name}"
        );
    }
}
