use std::sync::Mutex;

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::result::Error;

use crate::DbConnection;

/// SQLite has one writer at a time. Writers of this process queue here, in order, rather than
/// in SQLite's busy handler, which sleeps in steps of up to 100 ms and so ruins tail latency.
static SQLITE_WRITER: Mutex<()> = Mutex::new(());

/// Runs `work` in a write transaction: `BEGIN IMMEDIATE` on SQLite, so that concurrent writers
/// wait for the lock (busy timeout) instead of failing with SQLITE_BUSY when a deferred read
/// transaction tries to upgrade; a plain `BEGIN` on PostgreSQL. Rolls back on any error.
/// Do not nest: on SQLite the inner call would wait for the outer one forever.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<Error>,
{
    let _writer = match conn {
        DbConnection::Sqlite(sqlite) => {
            let turn = SQLITE_WRITER
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
            Some(turn)
        }
        DbConnection::Postgres(pg) => {
            AnsiTransactionManager::begin_transaction(pg)?;
            None
        }
    };
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
