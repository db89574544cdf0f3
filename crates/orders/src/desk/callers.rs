//! Who is calling: a farmer rings the shop to order, and staff look their mobile number up, in
//! the accounts (a number the account verified) and in earlier orders (guests' too), to fill the
//! order with the name and address they gave before.

use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{orders, users};
use diesel::prelude::*;
use serde::Serialize;

use super::DeskError;
use crate::order::Address;

/// How many earlier orders the lookup shows.
const EARLIER_SHOWN: i64 = 5;

/// What the shop knows of a mobile number.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Caller {
    /// The number as it is kept, E.164: `+919847012345`.
    pub phone: String,
    /// The account that verified this number (the order is then placed in it).
    pub account: Option<CallerAccount>,
    /// The newest orders placed with this number, newest first (at most 5).
    pub earlier_orders: Vec<EarlierOrder>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CallerAccount {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
}

/// An earlier order under the number: the name, e-mail and address it was sent to.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct EarlierOrder {
    pub number: String,
    #[schema(value_type = String, format = DateTime)]
    pub placed_at: NaiveDateTime,
    pub name: String,
    pub email: Option<String>,
    pub shipping_address: Address,
}

/// The account and earlier orders of `phone` (E.164, checked at the edge).
pub fn find_caller(conn: &mut DbConnection, phone: &str) -> Result<Caller, DeskError> {
    let account = users::table
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_not_null())
        .select((users::id, users::name, users::email))
        .first::<(db::UserId, String, Option<String>)>(conn)
        .optional()?
        .map(|(id, name, email)| CallerAccount {
            id: id.0,
            name,
            email,
        });
    let rows: Vec<(String, NaiveDateTime, String, Option<String>, String)> = orders::table
        .filter(orders::contact_phone.eq(phone))
        .order(orders::id.desc())
        .limit(EARLIER_SHOWN)
        .select((
            orders::number,
            orders::created_at,
            orders::contact_name,
            orders::contact_email,
            orders::shipping_address,
        ))
        .load(conn)?;
    let earlier_orders = rows
        .into_iter()
        .map(|(number, placed_at, name, email, address)| {
            let shipping_address = serde_json::from_str(&address)
                .map_err(|e| DeskError::InvalidData(format!("{number}'s address: {e}")))?;
            Ok(EarlierOrder {
                number,
                placed_at,
                name,
                email,
                shipping_address,
            })
        })
        .collect::<Result<_, DeskError>>()?;
    Ok(Caller {
        phone: phone.to_owned(),
        account,
        earlier_orders,
    })
}
