//! The keys that cross from one crate to another, each its own type, so an order's id cannot be
//! passed where a variant's is meant. Each is the `BIGINT` key of its table: Diesel reads and
//! writes it as that (`users::id.eq(user)`), serde as the bare number.
//!
//! In an OpenAPI schema an id is an integer, as before: a field says so with
//! `#[schema(value_type = i64)]`. The ids implement no `ToSchema` on purpose: utoipa would make a
//! named, referenced schema of each (changing the contract), and without the trait a field that
//! forgets the attribute does not compile.
//!
//! ```compile_fail
//! fn restock(_variant: db::VariantId) {}
//! restock(db::OrderId(12)); // an order's id is not a variant's
//! ```

use std::fmt;

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::BigInt;
use serde::{Deserialize, Serialize};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            Serialize,
            Deserialize,
            diesel::expression::AsExpression,
            diesel::deserialize::FromSqlRow,
        )]
        #[serde(transparent)]
        #[diesel(sql_type = BigInt)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<DB> ToSql<BigInt, DB> for $name
        where
            DB: Backend,
            i64: ToSql<BigInt, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.0.to_sql(out)
            }
        }

        impl<DB> FromSql<BigInt, DB> for $name
        where
            DB: Backend,
            i64: FromSql<BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                i64::from_sql(bytes).map(Self)
            }
        }
    };
}

id! {
    /// A user's id (`users.id`): a shopper, or a member of staff.
    UserId
}

id! {
    /// An order's id (`orders.id`); shoppers and staff name orders by their number or UUID,
    /// this is the key.
    OrderId
}

id! {
    /// A product's id (`products.id`).
    ProductId
}

id! {
    /// A variant's id (`product_variants.id`): the sellable unit, with its own stock.
    VariantId
}

id! {
    /// A batch's id (`batches.id`): one lot of one pack size, with its own expiry.
    BatchId
}

id! {
    /// A stock receipt's id (`stock_receipts.id`): one delivery from a supplier.
    ReceiptId
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::*;
    use crate::schema::users;

    #[test]
    fn an_id_is_its_number_in_json() {
        assert_eq!(serde_json::to_string(&OrderId(42)).unwrap(), "42");
        assert_eq!(
            serde_json::from_str::<VariantId>("7").unwrap(),
            VariantId(7)
        );
        assert!(serde_json::from_str::<VariantId>("\"7\"").is_err());
        assert_eq!(ProductId(12).to_string(), "12");
    }

    #[test]
    fn an_id_is_written_and_read_as_its_key() {
        for database in crate::testing::test_databases() {
            let mut conn = database.pool().get().unwrap();
            let id: UserId = diesel::insert_into(users::table)
                .values((
                    users::name.eq("Anitha Joseph"),
                    users::email.eq("anitha@example.in"),
                    users::phone.eq(""),
                    users::password_hash.eq("x"),
                ))
                .returning(users::id)
                .get_result(&mut conn)
                .unwrap();
            let name: String = users::table
                .filter(users::id.eq(id))
                .select(users::name)
                .first(&mut conn)
                .unwrap();
            assert_eq!(name, "Anitha Joseph", "{}", database.name());
            let next = users::table
                .find(UserId(id.0 + 1))
                .select(users::id)
                .first::<UserId>(&mut conn)
                .optional()
                .unwrap();
            assert_eq!(next, None, "{}", database.name());
        }
    }
}
