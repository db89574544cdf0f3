//! The database layer: one connection type over SQLite and PostgreSQL, its pool, the embedded
//! migrations of both backends and the portable schema. No business rules live here.

pub mod audit;
mod connection;
pub mod ids;
pub mod outbox;
mod pool;
pub mod schema;
mod transaction;
mod url;

#[cfg(feature = "testing")]
#[allow(clippy::expect_used)]
pub mod testing;

pub use connection::DbConnection;
pub use ids::{BatchId, OrderId, ProductId, ReceiptId, UserId, VariantId};
pub use pool::{
    DbPool, PooledConnection, STARTUP_WAIT, connect_pool, connect_pool_within,
    has_pending_migrations, run_migrations, run_migrations_up_to,
};
pub use transaction::write_transaction;
pub use url::{Backend, DatabaseUrl, DatabaseUrlError};

/// Errors that can come out of setting up or reaching the database.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(transparent)]
    Url(#[from] DatabaseUrlError),
    #[error("could not open the database pool: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("could not create the database directory {path}: {source}")]
    CreateDir {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "the database did not open within {waited} s (last error: {cause}); is another \
         storefront process still holding it, or is the server down?"
    )]
    Unavailable { waited: u64, cause: String },
    #[error("migrations failed: {0}")]
    Migration(String),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}
