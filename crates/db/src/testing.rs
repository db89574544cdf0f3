//! Fresh databases for tests: a new SQLite file each time, and, when `TEST_DATABASE_URL` names a
//! PostgreSQL database, a new schema in it (dropped afterwards). Tests loop over
//! [`test_databases`] so that every database test runs on both backends.

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;

use crate::{DatabaseUrl, DbPool, connect_pool, run_migrations};

pub struct TestDatabase {
    pub url: DatabaseUrl,
    /// The URL as a string, ready for `DATABASE_URL` of a child process.
    pub url_string: String,
    _dir: Option<tempfile::TempDir>,
    pg_schema: Option<(String, String)>,
    pool: std::sync::OnceLock<DbPool>,
}

impl TestDatabase {
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("test.db");
        Self {
            url_string: format!("sqlite://{}", path.display()),
            url: DatabaseUrl::Sqlite(path),
            _dir: Some(dir),
            pg_schema: None,
            pool: std::sync::OnceLock::new(),
        }
    }

    /// A fresh schema in the `TEST_DATABASE_URL` database, or `None` when it is not set.
    pub fn postgres() -> Option<Self> {
        let base = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())?;
        let schema = format!("t_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&base).expect("connect to TEST_DATABASE_URL");
        admin
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .expect("create test schema");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options=-csearch_path%3D{schema}");
        Some(Self {
            url: DatabaseUrl::Postgres(url.clone()),
            url_string: url,
            _dir: None,
            pg_schema: Some((base, schema)),
            pool: std::sync::OnceLock::new(),
        })
    }

    pub fn name(&self) -> &'static str {
        match self.url {
            DatabaseUrl::Sqlite(_) => "sqlite",
            DatabaseUrl::Postgres(_) => "postgres",
        }
    }

    /// A migrated pool on this database (made once, then shared).
    pub fn pool(&self) -> DbPool {
        self.pool
            .get_or_init(|| {
                let pool = connect_pool(&self.url, 8).expect("pool");
                run_migrations(&mut pool.get().expect("connection")).expect("migrations");
                pool
            })
            .clone()
    }

    /// Another handle on the same database that does not own it (dropping it removes nothing).
    pub fn share(&self) -> Self {
        Self {
            url: self.url.clone(),
            url_string: self.url_string.clone(),
            _dir: None,
            pg_schema: None,
            pool: self.pool.clone(),
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((base, schema)) = &self.pg_schema
            && let Ok(mut admin) = PgConnection::establish(base)
        {
            let _ = admin.batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
        }
    }
}

/// SQLite always; PostgreSQL too when `TEST_DATABASE_URL` is set. Says so when it is skipped.
pub fn test_databases() -> Vec<TestDatabase> {
    let mut databases = vec![TestDatabase::sqlite()];
    match TestDatabase::postgres() {
        Some(pg) => databases.push(pg),
        None => eprintln!("note: PostgreSQL tests skipped: TEST_DATABASE_URL is not set"),
    }
    databases
}
