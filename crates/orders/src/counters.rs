//! Named counters in the `counters` table (order numbers per year, GST document series per
//! financial year), bumped inside the transaction that uses the number: a rollback gives it back,
//! and concurrent writers wait for each other's row.

use db::DbConnection;
use db::schema::counters;
use diesel::prelude::*;

/// The counter's next value: 1 the first time.
pub(crate) fn next_value(conn: &mut DbConnection, name: &str) -> QueryResult<i64> {
    let start = (counters::name.eq(name), counters::value.eq(0_i64));
    db::per_backend!(&mut *conn, |c| diesel::insert_into(counters::table)
        .values(start)
        .on_conflict_do_nothing()
        .execute(c))?;
    diesel::update(counters::table.find(name))
        .set(counters::value.eq(counters::value + 1))
        .execute(conn)?;
    counters::table
        .find(name)
        .select(counters::value)
        .first(conn)
}
