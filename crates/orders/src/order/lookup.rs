//! A guest finds an order again with its number and the mobile number it was placed with (phone
//! first: many buyers have no e-mail address to keep the confirmation in). Both must match a
//! guest order; either wrong is the same "not found", so an answer never tells which one was
//! right. The server limits how often a client may ask (enumeration).

use db::schema::orders;
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use fields::PhoneNumber;

use super::{OrderError, OrderView, order_by_id};

/// An order number as the shop writes it, `ORD-2026-000123`, however its case or spaces were
/// typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderNumber(String);

impl OrderNumber {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let number: String = raw
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        let mut parts = number.split('-');
        let well_formed = parts.next() == Some("ORD")
            && parts
                .next()
                .is_some_and(|year| year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()))
            && parts.next().is_some_and(|count| {
                (1..=12).contains(&count.len()) && count.bytes().all(|b| b.is_ascii_digit())
            })
            && parts.next().is_none();
        if well_formed {
            Ok(Self(number))
        } else {
            Err(
                "Type the order number as the confirmation shows it, such as ORD-2026-000123."
                    .into(),
            )
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The guest order with this number, placed with this phone (both in E.164, as checkout stores
/// it). An account's order opens only for its account, never this way.
pub fn guest_order(
    conn: &mut DbConnection,
    number: &OrderNumber,
    phone: &PhoneNumber,
) -> Result<OrderView, OrderError> {
    let id: Option<OrderId> = orders::table
        .filter(orders::number.eq(number.as_str()))
        .filter(orders::contact_phone.eq(phone.as_str()))
        .filter(orders::user_id.is_null())
        .select(orders::id)
        .first(conn)
        .optional()?;
    order_by_id(conn, id.ok_or(OrderError::NotFound)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_numbers_are_read_as_the_shop_writes_them() {
        assert_eq!(
            OrderNumber::parse(" ord-2026-000123 ").unwrap().as_str(),
            "ORD-2026-000123"
        );
        assert_eq!(
            OrderNumber::parse("ORD - 2026 - 1234567").unwrap().as_str(),
            "ORD-2026-1234567"
        );
        for wrong in [
            "",
            "2026-000123",
            "ORD-26-000123",
            "ORD-2026-",
            "ORD-2026-12a",
            "ORD-2026-1-2",
        ] {
            assert!(OrderNumber::parse(wrong).is_err(), "{wrong}");
        }
    }
}
