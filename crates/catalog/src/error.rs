/// What can go wrong when reading the catalogue.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// An unknown slug, or a product that is not active.
    #[error("{0} not found.")]
    NotFound(&'static str),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    /// A filter names a brand or crop the shop does not have, or a value it does not know.
    #[error(transparent)]
    Filter(#[from] crate::FilterError),
    #[error("the catalogue holds an invalid value: {0}")]
    InvalidData(String),
}

impl From<pricing::PricingError> for CatalogError {
    fn from(error: pricing::PricingError) -> Self {
        Self::InvalidData(error.to_string())
    }
}
