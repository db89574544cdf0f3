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
