#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! An order's lines keep the GST rate they were sold at. A rate the database cannot give back as
//! a rate (outside 0 to 100 %) is an error when the order is read, never a line taxed at 0 %.

use ::orders::order::{OrderError, order_by_id};
use chrono::Utc;
use db::DbConnection;
use db::schema::{order_lines, orders};
use db::testing::test_databases;
use diesel::prelude::*;
use pricing::PricingError;

/// An order of one line whose stored rate is `gst_rate_bp` basis points; returns its id.
fn order_with_rate(conn: &mut DbConnection, gst_rate_bp: i32) -> db::OrderId {
    let now = Utc::now().naive_utc();
    let address = r#"{"name":"Anu","phone":"+919847012345","line1":"Main Road","line2":null,
        "city":"Kumily","district":"Idukki","state":"Kerala","pincode":"685509"}"#;
    let id: db::OrderId = diesel::insert_into(orders::table)
        .values((
            orders::uuid.eq(format!("uuid-{gst_rate_bp}")),
            orders::number.eq(format!("ORD-2026-{gst_rate_bp}")),
            orders::status.eq("placed"),
            orders::payment_method.eq("cod"),
            orders::contact_name.eq("Anu"),
            orders::contact_email.eq("anu@example.in"),
            orders::contact_phone.eq("+919847012345"),
            orders::shipping_address.eq(address),
            orders::billing_address.eq(address),
            orders::place_of_supply.eq("intra_state"),
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
    diesel::insert_into(order_lines::table)
        .values((
            order_lines::order_id.eq(id),
            order_lines::position.eq(0),
            order_lines::product_id.eq(1_i64),
            order_lines::variant_id.eq(1_i64),
            order_lines::product_name.eq("Neem Cake Powder"),
            order_lines::sku.eq("NCP-1"),
            order_lines::hsn_code.eq("31010099"),
            order_lines::href.eq("/dealer/wellroot/neem-cake-powder"),
            order_lines::unit_price_paise.eq(11_800_i64),
            order_lines::gst_rate_bp.eq(gst_rate_bp),
            order_lines::quantity.eq(1),
            order_lines::taxable_paise.eq(10_000_i64),
            order_lines::cgst_paise.eq(900_i64),
            order_lines::sgst_paise.eq(900_i64),
            order_lines::igst_paise.eq(0_i64),
            order_lines::total_paise.eq(11_800_i64),
        ))
        .execute(conn)
        .unwrap();
    id
}

#[test]
fn a_stored_rate_reads_back_as_that_rate() {
    for database in test_databases() {
        let mut conn = database.pool().get().unwrap();
        let id = order_with_rate(&mut conn, 1800);
        let order = order_by_id(&mut conn, id).unwrap();
        assert_eq!(
            order.lines[0].gst_rate.basis_points(),
            1800,
            "{}",
            database.name()
        );
    }
}

#[test]
fn a_rate_out_of_range_is_an_error_not_zero_percent() {
    for database in test_databases() {
        let mut conn = database.pool().get().unwrap();
        for stored in [-1, 10_001, 70_000] {
            let id = order_with_rate(&mut conn, stored);
            let read = order_by_id(&mut conn, id);
            let Err(OrderError::Database(diesel::result::Error::DeserializationError(cause))) =
                read
            else {
                panic!(
                    "{}: a stored rate of {stored} basis points read as {:?}",
                    database.name(),
                    read.map(|order| order.lines[0].gst_rate)
                );
            };
            assert_eq!(
                cause.downcast_ref::<PricingError>(),
                Some(&PricingError::InvalidRate(i64::from(stored))),
                "{}",
                database.name()
            );
        }
    }
}
