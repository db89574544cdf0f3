#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! An order's status, payment state, payment method and place of supply are stored as words. A
//! word that names no value is an error naming the order and the word wherever the order is read,
//! never a default: not "placed" for a status, not "unpaid" for a payment state.

use ::orders::desk::{self, DeskError, OrderFilter, PaymentReceived};
use ::orders::gst::documents::DocumentSeries;
use ::orders::gst::series::SeriesPrefix;
use ::orders::order::{
    self, MoveContext, MovedBy, OrderError, OrderMove, TransitionError, order_by_id,
};
use ::orders::payment::{Payee, UpiRequestError, upi_request_for};
use ::orders::stored_as_text::{UnreadableOrder, UnreadableWord};
use chrono::Utc;
use db::schema::{order_status_history, orders};
use db::testing::test_databases;
use db::{DbConnection, OrderId, UserId};
use diesel::prelude::*;
use pricing::Paise;

/// The words an order is stored with.
struct Words {
    status: &'static str,
    payment_method: &'static str,
    payment_state: &'static str,
    place_of_supply: &'static str,
}

const READABLE: Words = Words {
    status: "awaiting_payment",
    payment_method: "bank_transfer",
    payment_state: "unpaid",
    place_of_supply: "intra_state",
};

/// An order written straight to the database with these words; its id.
fn order_with(conn: &mut DbConnection, number: &str, words: &Words) -> i64 {
    let now = Utc::now().naive_utc();
    let address = r#"{"name":"Anu","phone":"+919847012345","line1":"Main Road","line2":null,
        "city":"Kumily","district":"Idukki","state":"Kerala","pincode":"685509"}"#;
    let id = diesel::insert_into(orders::table)
        .values((
            orders::uuid.eq(format!("uuid-{number}")),
            orders::number.eq(number),
            orders::status.eq(words.status),
            orders::payment_method.eq(words.payment_method),
            orders::payment_state.eq(words.payment_state),
            orders::contact_name.eq("Anu"),
            orders::contact_phone.eq("+919847012345"),
            orders::shipping_address.eq(address),
            orders::billing_address.eq(address),
            orders::place_of_supply.eq(words.place_of_supply),
            orders::item_count.eq(1),
            orders::subtotal_paise.eq(10_000_i64),
            orders::tax_paise.eq(1_800_i64),
            orders::cgst_paise.eq(900_i64),
            orders::sgst_paise.eq(900_i64),
            orders::igst_paise.eq(0_i64),
            orders::shipping_paise.eq(0_i64),
            orders::total_paise.eq(11_800_i64),
            orders::seller.eq("{}"),
            orders::created_at.eq(now),
            orders::updated_at.eq(now),
        ))
        .returning(orders::id)
        .get_result(conn)
        .unwrap();
    diesel::insert_into(order_status_history::table)
        .values((
            order_status_history::order_id.eq(id),
            order_status_history::status.eq("placed"),
            order_status_history::created_at.eq(now),
        ))
        .execute(conn)
        .unwrap();
    id
}

fn unreadable(order: i64, what: &'static str, value: &str) -> UnreadableOrder {
    UnreadableOrder {
        order,
        word: UnreadableWord {
            what,
            value: value.to_owned(),
        },
    }
}

fn shop() -> MoveContext {
    MoveContext {
        mail: mail::MailContext {
            public_url: "https://shop.example".into(),
            shop_name: "Test Agri".into(),
            shop_email: "shop@example.in".into(),
            order_links: paths::OrderLinkKey::derive(b"test"),
        },
        series: DocumentSeries {
            invoice: SeriesPrefix::parse("TA").unwrap(),
            bill_of_supply: SeriesPrefix::parse("TABS").unwrap(),
            credit_note: SeriesPrefix::parse("TACN").unwrap(),
        },
        carriers: Vec::new(),
        phone_channel: desk::PhoneChannel::None,
        owner_alerts: None,
        annual_returns_filed: Default::default(),
    }
}

fn stored_status(conn: &mut DbConnection, id: i64) -> (String, String) {
    orders::table
        .find(id)
        .select((orders::status, orders::payment_state))
        .first(conn)
        .unwrap()
}

#[test]
fn an_unreadable_status_is_named_with_its_order_and_the_order_does_not_move() {
    for database in test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        let words = Words {
            status: "plaecd",
            ..READABLE
        };
        let id = order_with(&mut conn, "ORD-2026-000001", &words);
        let expected = unreadable(id, "order status", "plaecd");

        let read = order_by_id(&mut conn, OrderId(id));
        assert!(
            matches!(&read, Err(OrderError::Unreadable(u)) if *u == expected),
            "{name}: {read:?}"
        );
        let shopper_move = order::move_order(
            &mut conn,
            "ORD-2026-000001",
            &OrderMove::Confirm,
            MovedBy::default(),
            &shop(),
        );
        assert!(
            matches!(&shopper_move, Err(TransitionError::Order(OrderError::Unreadable(u))) if *u == expected),
            "{name}: {shopper_move:?}"
        );
        let desk_move = desk::move_order(
            &mut conn,
            "ORD-2026-000001",
            &OrderMove::Cancel {
                reason: "Asked by the customer".into(),
            },
            UserId(1),
            None,
            &shop(),
        );
        assert!(
            matches!(&desk_move, Err(DeskError::Unreadable(u)) if *u == expected),
            "{name}: {desk_move:?}"
        );
        let paid = desk::record_payment(
            &mut conn,
            "ORD-2026-000001",
            UserId(1),
            PaymentReceived {
                amount: Paise::new(11_800),
                paid_on: Utc::now().date_naive(),
                via: None,
                reference: Some("412345678901".into()),
            },
            &shop(),
        );
        assert!(
            matches!(&paid, Err(DeskError::Unreadable(u)) if *u == expected),
            "{name}: {paid:?}"
        );
        let page = catalog::PageRequest::parse(None, None).unwrap();
        // The list's counts by status come first: the first order holding the word is named.
        let other = order_with(&mut conn, "ORD-2026-000002", &words);
        assert!(other > id);
        let listed = desk::list_orders(&mut conn, &OrderFilter::default(), page);
        assert!(
            matches!(&listed, Err(DeskError::Unreadable(u)) if *u == expected),
            "{name}: {listed:?}"
        );
        let detail = desk::staff_order(&mut conn, "ORD-2026-000001", &shop());
        assert!(
            matches!(&detail, Err(DeskError::Unreadable(u)) if *u == expected),
            "{name}: {detail:?}"
        );
        assert_eq!(
            stored_status(&mut conn, id),
            ("plaecd".to_owned(), "unpaid".to_owned()),
            "{name}: neither moved nor paid"
        );
    }
}

#[test]
fn an_unreadable_payment_state_is_named_with_its_order_and_nothing_is_paid() {
    for database in test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        let id = order_with(
            &mut conn,
            "ORD-2026-000003",
            &Words {
                payment_state: "half_paid",
                ..READABLE
            },
        );
        let expected = unreadable(id, "payment state", "half_paid");
        let read = order_by_id(&mut conn, OrderId(id));
        assert!(
            matches!(&read, Err(OrderError::Unreadable(u)) if *u == expected),
            "{name}: {read:?}"
        );
        let payee = Payee {
            upi_id: "testagri@sbi".into(),
            name: "Test Agri".into(),
        };
        let upi = upi_request_for(&mut conn, "uuid-ORD-2026-000003", &payee);
        assert!(
            matches!(&upi, Err(UpiRequestError::Order(OrderError::Unreadable(u))) if *u == expected),
            "{name}: {upi:?}"
        );
        let page = catalog::PageRequest::parse(None, None).unwrap();
        let listed = desk::list_orders(&mut conn, &OrderFilter::default(), page);
        assert!(
            matches!(&listed, Err(DeskError::Unreadable(u)) if *u == expected),
            "{name}: {listed:?}"
        );
        assert_eq!(
            stored_status(&mut conn, id),
            ("awaiting_payment".to_owned(), "half_paid".to_owned()),
            "{name}"
        );
    }
}

#[test]
fn an_unreadable_method_place_or_past_status_is_named_with_its_order() {
    for database in test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        let method = order_with(
            &mut conn,
            "ORD-2026-000004",
            &Words {
                payment_method: "card",
                ..READABLE
            },
        );
        let place = order_with(
            &mut conn,
            "ORD-2026-000005",
            &Words {
                place_of_supply: "Kerala",
                ..READABLE
            },
        );
        let history = order_with(&mut conn, "ORD-2026-000006", &READABLE);
        diesel::update(order_status_history::table)
            .filter(order_status_history::order_id.eq(history))
            .set(order_status_history::status.eq("dispatched"))
            .execute(&mut conn)
            .unwrap();
        for (id, expected) in [
            (method, unreadable(method, "payment method", "card")),
            (place, unreadable(place, "place of supply", "Kerala")),
            (history, unreadable(history, "order status", "dispatched")),
        ] {
            let read = order_by_id(&mut conn, OrderId(id));
            assert!(
                matches!(&read, Err(OrderError::Unreadable(u)) if *u == expected),
                "{name}: {read:?}"
            );
        }
    }
}

#[test]
fn an_unreadable_place_of_supply_fails_the_return_instead_of_reading_as_intra_state() {
    use ::orders::gst::register::{Period, RegisterError, register};
    use db::schema::invoices;
    for database in test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        let id = order_with(
            &mut conn,
            "ORD-2026-000007",
            &Words {
                status: "confirmed",
                place_of_supply: "interstate",
                ..READABLE
            },
        );
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        diesel::insert_into(invoices::table)
            .values((
                invoices::order_id.eq(id),
                invoices::number.eq("TA/26-27/000001"),
                invoices::issued_on.eq(day),
                invoices::created_at.eq(Utc::now().naive_utc()),
            ))
            .execute(&mut conn)
            .unwrap();
        let read = register(&mut conn, Period::month("2026-11").unwrap());
        let expected = unreadable(id, "place of supply", "interstate");
        assert!(
            matches!(&read, Err(RegisterError::Unreadable(u)) if *u == expected),
            "{name}: {read:?}"
        );
    }
}
