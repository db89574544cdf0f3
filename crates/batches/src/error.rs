use db::{BatchId, VariantId};

#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A value the caller gave is wrong; `field` names it as the request or the CSV spells it.
    #[error("{message}")]
    Invalid { field: String, message: String },
    #[error("No batch has the id {0}.")]
    UnknownBatch(BatchId),
    #[error("No pack size has the id {0}.")]
    UnknownVariant(VariantId),
    /// The request is sound but the stock as it stands refuses it.
    #[error("{0}")]
    Conflict(String),
    /// A line of an order cannot be filled from unexpired batches.
    #[error(
        "Not enough unexpired stock of {item}: {wanted} wanted, {available} in batches that have not expired. Receive a batch or cancel the order."
    )]
    Shortage {
        item: String,
        wanted: i32,
        available: i32,
    },
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

impl BatchError {
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}
