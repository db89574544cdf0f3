use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::result::Error;

use crate::DbConnection;

/// Runs `work` in a write transaction: `BEGIN IMMEDIATE` on SQLite, so that concurrent writers
/// wait for the lock (busy timeout) instead of failing with SQLITE_BUSY when a deferred read
/// transaction tries to upgrade; a plain `BEGIN` on PostgreSQL. Rolls back on any error.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<Error>,
{
    match conn {
        DbConnection::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?
        }
        DbConnection::Postgres(pg) => AnsiTransactionManager::begin_transaction(pg)?,
    }
    match work(conn) {
        Ok(value) => {
            if let Err(commit_error) = commit(conn) {
                let _ = rollback(conn);
                return Err(commit_error.into());
            }
            Ok(value)
        }
        Err(error) => {
            rollback(conn)?;
            Err(error)
        }
    }
}

fn commit(conn: &mut DbConnection) -> Result<(), Error> {
    match conn {
        DbConnection::Sqlite(c) => AnsiTransactionManager::commit_transaction(c),
        DbConnection::Postgres(c) => AnsiTransactionManager::commit_transaction(c),
    }
}

fn rollback(conn: &mut DbConnection) -> Result<(), Error> {
    match conn {
        DbConnection::Sqlite(c) => AnsiTransactionManager::rollback_transaction(c),
        DbConnection::Postgres(c) => AnsiTransactionManager::rollback_transaction(c),
    }
}
