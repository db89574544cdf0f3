use diesel::pg::PgConnection;
use diesel::sqlite::SqliteConnection;

/// One connection type for both backends; queries written against `crate::schema` run on
/// either. Branch on the variant only where the SQL really differs.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl DbConnection {
    pub fn backend(&self) -> crate::Backend {
        match self {
            Self::Sqlite(_) => crate::Backend::Sqlite,
            Self::Postgres(_) => crate::Backend::Postgres,
        }
    }
}

/// Runs one Diesel expression on the concrete connection inside a [`DbConnection`], for the few
/// statements the two-backend connection cannot express (upserts, batch inserts) although both
/// databases accept them.
///
/// ```ignore
/// db::per_backend!(conn, |c| diesel::insert_into(t).values(v).on_conflict_do_nothing().execute(c))
/// ```
#[macro_export]
macro_rules! per_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::DbConnection::Sqlite($c) => $body,
            $crate::DbConnection::Postgres($c) => $body,
        }
    };
}
