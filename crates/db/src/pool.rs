use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, ConnectionError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::{DatabaseUrl, DbConnection, DbError};

pub type DbPool = r2d2::Pool<ConnectionManager>;
pub type PooledConnection = r2d2::PooledConnection<ConnectionManager>;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Opens connections of the backend the URL names (Diesel's derived `establish` would let
/// SQLite accept any string as a file name).
#[derive(Debug)]
pub struct ConnectionManager {
    url: DatabaseUrl,
}

#[derive(Debug, thiserror::Error)]
pub enum ManagerError {
    #[error(transparent)]
    Connect(#[from] ConnectionError),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = ManagerError;

    fn connect(&self) -> Result<DbConnection, ManagerError> {
        match &self.url {
            DatabaseUrl::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
                // The busy timeout first, so that switching to WAL waits for a lock another
                // process still holds instead of failing at once. WAL lets readers run beside
                // the one writer; the busy timeout makes writers queue for the lock.
                conn.batch_execute(
                    "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                )?;
                Ok(DbConnection::Sqlite(conn))
            }
            DatabaseUrl::Postgres(url) => {
                let mut conn = PgConnection::establish(url)?;
                conn.batch_execute("SET TIME ZONE 'UTC'")?;
                Ok(DbConnection::Postgres(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), ManagerError> {
        conn.batch_execute("SELECT 1")?;
        Ok(())
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

/// How long a starting process waits for its database (a SQLite file still locked by a process
/// that is shutting down or was killed, a PostgreSQL server still starting).
pub const STARTUP_WAIT: Duration = Duration::from_secs(60);

/// Builds the pool for `url`, waiting up to [`STARTUP_WAIT`] for the database to open.
pub fn connect_pool(url: &DatabaseUrl, max_size: u32) -> Result<DbPool, DbError> {
    connect_pool_within(url, max_size, STARTUP_WAIT)
}

/// Builds the pool for `url`, creating the SQLite file's directory when needed. Until `wait`
/// has passed, a database that will not open is tried again with backoff; then the error says
/// what it last was.
pub fn connect_pool_within(
    url: &DatabaseUrl,
    max_size: u32,
    wait: Duration,
) -> Result<DbPool, DbError> {
    if let DatabaseUrl::Sqlite(path) = url
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| DbError::CreateDir {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let manager = ConnectionManager { url: url.clone() };
    wait_until_open(&manager, wait)?;
    let pool = r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(Duration::from_secs(10))
        .build(manager)?;
    Ok(pool)
}

fn wait_until_open(manager: &ConnectionManager, wait: Duration) -> Result<(), DbError> {
    use r2d2::ManageConnection;
    let started = Instant::now();
    let mut delay = Duration::from_millis(100);
    loop {
        match manager.connect() {
            Ok(_) => return Ok(()),
            Err(error) if started.elapsed() + delay < wait => {
                tracing::warn!(%error, retry_in = ?delay, "the database does not open yet");
                std::thread::sleep(delay);
                delay = (delay * 2).min(Duration::from_secs(5));
            }
            Err(error) => {
                return Err(DbError::Unavailable {
                    waited: started.elapsed().as_secs(),
                    cause: error.to_string(),
                });
            }
        }
    }
}

/// Applies every pending migration of the connection's backend; returns how many ran. Several
/// processes starting at once on one PostgreSQL database take turns (see [`with_migration_lock`]).
pub fn run_migrations(conn: &mut DbConnection) -> Result<usize, DbError> {
    with_migration_lock(conn, |conn| {
        let migrations = migrations_of(conn);
        let applied = conn
            .run_pending_migrations(migrations)
            .map_err(|e| DbError::Migration(e.to_string()))?;
        Ok(applied.len())
    })
}

/// The first key of the advisory lock that migrations run under ("SFMG"); the second is the
/// schema, so shops (or tests) in different schemas of one database do not wait for each other.
const MIGRATION_LOCK_KEY: i32 = 0x5346_4d47;

/// Runs `work` holding a PostgreSQL session advisory lock on this schema's migrations: of several
/// `storefront migrate` or `serve` processes started at once, one migrates and the others wait,
/// then find nothing pending (unlocked, two of three failed on a duplicate table). SQLite
/// serialises writers itself and is served by one process.
fn with_migration_lock<T>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, DbError>,
) -> Result<T, DbError> {
    if matches!(conn, DbConnection::Sqlite(_)) {
        return work(conn);
    }
    let lock = |conn: &mut DbConnection, function: &str| {
        conn.batch_execute(&format!(
            "SELECT {function}({MIGRATION_LOCK_KEY}, hashtext(current_schema()))"
        ))
        .map_err(|e| DbError::Migration(format!("{function}: {e}")))
    };
    lock(conn, "pg_advisory_lock")?;
    let result = work(conn);
    // A pooled connection goes back to the pool: never leave it holding the lock.
    let unlocked = lock(conn, "pg_advisory_unlock");
    let value = result?;
    unlocked?;
    Ok(value)
}

fn migrations_of(conn: &DbConnection) -> EmbeddedMigrations {
    match conn {
        DbConnection::Sqlite(_) => SQLITE_MIGRATIONS,
        DbConnection::Postgres(_) => POSTGRES_MIGRATIONS,
    }
}

/// Whether any migration this binary knows is not applied yet (readiness).
pub fn has_pending_migrations(conn: &mut DbConnection) -> Result<bool, DbError> {
    let migrations = migrations_of(conn);
    conn.has_pending_migration(migrations)
        .map_err(|e| DbError::Migration(e.to_string()))
}

/// Applies the migrations up to and including `version` (e.g. `2026-11-22-000004`, as named in
/// `migrations/`): the schema an earlier release had, for upgrade tests.
pub fn run_migrations_up_to(conn: &mut DbConnection, version: &str) -> Result<usize, DbError> {
    let wanted: String = version.chars().filter(char::is_ascii_digit).collect();
    let source = UpTo {
        all: migrations_of(conn),
        wanted,
    };
    with_migration_lock(conn, |conn| {
        let applied = conn
            .run_pending_migrations(source)
            .map_err(|e| DbError::Migration(e.to_string()))?;
        Ok(applied.len())
    })
}

struct UpTo {
    all: EmbeddedMigrations,
    wanted: String,
}

impl<DB: diesel::backend::Backend> diesel::migration::MigrationSource<DB> for UpTo
where
    EmbeddedMigrations: diesel::migration::MigrationSource<DB>,
{
    fn migrations(
        &self,
    ) -> diesel::migration::Result<Vec<Box<dyn diesel::migration::Migration<DB>>>> {
        let all = diesel::migration::MigrationSource::<DB>::migrations(&self.all)?;
        Ok(all
            .into_iter()
            .filter(|m| {
                let digits: String = m
                    .name()
                    .version()
                    .to_string()
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect();
                digits <= self.wanted
            })
            .collect())
    }
}
