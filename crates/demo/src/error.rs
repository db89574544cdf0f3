use std::path::PathBuf;

/// Why the demo could not be seeded.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo catalogue is invalid: {0}")]
    Content(String),
    #[error("could not write {path}: {source}")]
    Media {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Batch(#[from] batches::BatchError),
}
