//! A signed-in shopper's saved addresses, for checkout.

use chrono::{NaiveDateTime, Utc};
use db::schema::addresses;
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;
use serde::Serialize;

use fields::PostalAddress;

use crate::checkout::Address;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SavedAddress {
    pub id: i64,
    #[schema(required = true)]
    pub label: Option<String>,
    #[serde(flatten)]
    pub address: Address,
    pub is_default: bool,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error("Address not found.")]
    NotFound,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = addresses)]
struct AddressRow {
    id: i64,
    label: Option<String>,
    name: String,
    phone: String,
    line1: String,
    line2: Option<String>,
    city: String,
    district: String,
    state: String,
    pincode: String,
    is_default: bool,
    updated_at: NaiveDateTime,
}

impl From<AddressRow> for SavedAddress {
    fn from(row: AddressRow) -> Self {
        Self {
            id: row.id,
            label: row.label,
            address: Address {
                name: row.name,
                phone: row.phone,
                line1: row.line1,
                line2: row.line2,
                city: row.city,
                district: row.district,
                state: row.state,
                pincode: row.pincode,
            },
            is_default: row.is_default,
            updated_at: row.updated_at,
        }
    }
}

fn select(
    conn: &mut DbConnection,
    user_id: UserId,
    id: Option<i64>,
) -> QueryResult<Vec<SavedAddress>> {
    let mut query = addresses::table
        .filter(addresses::user_id.eq(user_id))
        .order((
            addresses::is_default.desc(),
            addresses::updated_at.desc(),
            addresses::id.desc(),
        ))
        .select(AddressRow::as_select())
        .into_boxed();
    if let Some(id) = id {
        query = query.filter(addresses::id.eq(id));
    }
    Ok(query
        .load::<AddressRow>(conn)?
        .into_iter()
        .map(SavedAddress::from)
        .collect())
}

pub fn list(conn: &mut DbConnection, user_id: UserId) -> QueryResult<Vec<SavedAddress>> {
    select(conn, user_id, None)
}

/// A checked entry of the address book.
#[derive(Debug, Clone)]
pub struct AddressEntry {
    pub label: Option<String>,
    pub address: PostalAddress,
    pub is_default: bool,
}

impl AddressEntry {
    /// A label such as "Estate office": one line of at most 50 characters.
    pub fn parse_label(raw: &str) -> Result<String, String> {
        fields::text::line(raw, "label", 1, 50)
    }
}

/// Saves a new address (`id` None) or replaces one of the shopper's own.
pub fn save(
    conn: &mut DbConnection,
    user_id: UserId,
    id: Option<i64>,
    entry: AddressEntry,
) -> Result<SavedAddress, AddressError> {
    let AddressEntry {
        label,
        address,
        is_default,
    } = entry;
    let address = Address::from(&address);
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

pub fn delete(conn: &mut DbConnection, user_id: UserId, id: i64) -> Result<(), AddressError> {
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
