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

    /// A fresh schema in the `TEST_DATABASE_URL` database, or `None` (saying so on stderr) when
    /// it is not set. Under CI (`CI` set) a missing `TEST_DATABASE_URL` panics instead: a CI run
    /// must never pass by skipping PostgreSQL.
    pub fn postgres() -> Option<Self> {
        let base = match postgres_base(|name| std::env::var(name).ok()) {
            Ok(Some(base)) => base,
            Ok(None) => {
                eprintln!("note: PostgreSQL tests skipped: {SKIPPED}");
                return None;
            }
            Err(message) => panic!("{message}"),
        };
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

/// SQLite always; PostgreSQL too when `TEST_DATABASE_URL` is set (see [`TestDatabase::postgres`]
/// for what happens when it is not).
pub fn test_databases() -> Vec<TestDatabase> {
    let mut databases = vec![TestDatabase::sqlite()];
    databases.extend(TestDatabase::postgres());
    databases
}

const SKIPPED: &str = "TEST_DATABASE_URL is not set";

/// The PostgreSQL URL tests should use, from the environment `var` reads: `None` when
/// `TEST_DATABASE_URL` is unset or empty, an error when CI is also set.
fn postgres_base(var: impl Fn(&str) -> Option<String>) -> Result<Option<String>, String> {
    if let Some(url) = var("TEST_DATABASE_URL").filter(|u| !u.is_empty()) {
        return Ok(Some(url));
    }
    match var("CI").filter(|ci| !matches!(ci.as_str(), "" | "0" | "false")) {
        Some(ci) => Err(format!(
            "CI={ci} but {SKIPPED}: the PostgreSQL tests would be skipped. Set TEST_DATABASE_URL \
             (for example postgres://postgres@127.0.0.1:5432/test), or unset CI to skip them \
             locally."
        )),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn postgres_is_skipped_locally_and_required_in_ci() {
        let url = "postgres://postgres@127.0.0.1:5432/test";
        assert_eq!(
            postgres_base(env(&[("TEST_DATABASE_URL", url)])),
            Ok(Some(url.to_owned()))
        );
        assert_eq!(
            postgres_base(env(&[("TEST_DATABASE_URL", url), ("CI", "true")])),
            Ok(Some(url.to_owned()))
        );
        assert_eq!(postgres_base(env(&[])), Ok(None));
        assert_eq!(postgres_base(env(&[("TEST_DATABASE_URL", "")])), Ok(None));
        assert_eq!(postgres_base(env(&[("CI", "false")])), Ok(None));
        assert_eq!(postgres_base(env(&[("CI", "0")])), Ok(None));
        for ci in ["true", "1"] {
            let refused = postgres_base(env(&[("CI", ci), ("TEST_DATABASE_URL", "")]));
            assert!(
                refused
                    .as_ref()
                    .is_err_and(|message| message.contains("TEST_DATABASE_URL is not set")),
                "CI={ci}: {refused:?}"
            );
        }
    }
}
