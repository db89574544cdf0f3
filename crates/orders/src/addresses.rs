//! A signed-in shopper's saved addresses, for checkout.

use chrono::{NaiveDateTime, Utc};
use db::schema::addresses;
use db::{DbConnection, write_transaction};
use diesel::prelude::*;
use serde::Serialize;

use crate::checkout::Address;

#[derive(Debug, Clone, Serialize)]
pub struct SavedAddress {
    pub id: i64,
    pub label: Option<String>,
    #[serde(flatten)]
    pub address: Address,
    pub is_default: bool,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error("Address not found.")]
    NotFound,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

type Row = (
    i64,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
    String,
    String,
    String,
    String,
    bool,
    NaiveDateTime,
);

fn select(
    conn: &mut DbConnection,
    user_id: i64,
    id: Option<i64>,
) -> QueryResult<Vec<SavedAddress>> {
    let mut query = addresses::table
        .filter(addresses::user_id.eq(user_id))
        .order((
            addresses::is_default.desc(),
            addresses::updated_at.desc(),
            addresses::id.desc(),
        ))
        .select((
            addresses::id,
            addresses::label,
            addresses::name,
            addresses::phone,
            addresses::line1,
            addresses::line2,
            addresses::city,
            addresses::district,
            addresses::state,
            addresses::pincode,
            addresses::is_default,
            addresses::updated_at,
        ))
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(addresses::id.eq(id));
    }
    Ok(query
        .load::<Row>(conn)?
        .into_iter()
        .map(
            |(
                id,
                label,
                name,
                phone,
                line1,
                line2,
                city,
                district,
                state,
                pincode,
                is_default,
                updated_at,
            )| SavedAddress {
                id,
                label,
                address: Address {
                    name,
                    phone,
                    line1,
                    line2,
                    city,
                    district,
                    state,
                    pincode,
                },
                is_default,
                updated_at,
            },
        )
        .collect())
}

pub fn list(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<SavedAddress>> {
    select(conn, user_id, None)
}

/// Saves a new address (`id` None) or replaces one of the shopper's own.
pub fn save(
    conn: &mut DbConnection,
    user_id: i64,
    id: Option<i64>,
    label: Option<&str>,
    address: &Address,
    is_default: bool,
) -> Result<SavedAddress, AddressError> {
    write_transaction(conn, |conn| {
        let now = Utc::now().naive_utc();
        if is_default {
            diesel::update(addresses::table.filter(addresses::user_id.eq(user_id)))
                .set(addresses::is_default.eq(false))
                .execute(conn)?;
        }
        let values = (
            addresses::label.eq(label),
            addresses::name.eq(&address.name),
            addresses::phone.eq(&address.phone),
            addresses::line1.eq(&address.line1),
            addresses::line2.eq(&address.line2),
            addresses::city.eq(&address.city),
            addresses::district.eq(&address.district),
            addresses::state.eq(&address.state),
            addresses::pincode.eq(&address.pincode),
            addresses::is_default.eq(is_default),
            addresses::updated_at.eq(now),
        );
        let id = match id {
            Some(id) => {
                let changed = diesel::update(
                    addresses::table
                        .find(id)
                        .filter(addresses::user_id.eq(user_id)),
                )
                .set(values)
                .execute(conn)?;
                if changed == 0 {
                    return Err(AddressError::NotFound);
                }
                id
            }
            None => diesel::insert_into(addresses::table)
                .values((addresses::user_id.eq(user_id), values))
                .returning(addresses::id)
                .get_result(conn)?,
        };
        select(conn, user_id, Some(id))?
            .pop()
            .ok_or(AddressError::NotFound)
    })
}

pub fn delete(conn: &mut DbConnection, user_id: i64, id: i64) -> Result<(), AddressError> {
    let gone = diesel::delete(
        addresses::table
            .find(id)
            .filter(addresses::user_id.eq(user_id)),
    )
    .execute(conn)?;
    if gone == 0 {
        Err(AddressError::NotFound)
    } else {
        Ok(())
    }
}
