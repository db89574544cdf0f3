//! The one error type of the crate.

use thiserror::Error;

/// Why a pricing operation could not produce a value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PricingError {
    /// An amount, a quantity sum or an intermediate product left the range of `i64` paise.
    #[error("amount out of range")]
    Overflow,
    /// A rupee amount that is not a whole number of paise (or is not a number at all).
    #[error("invalid amount: {0}")]
    InvalidAmount(String),
    /// A GST rate outside 0 to 10000 basis points (0 % to 100 %).
    #[error("invalid GST rate: {0} basis points (allowed 0 to 10000)")]
    InvalidRate(i64),
    /// A delivery fee by weight that cannot work (bands out of order, a negative fee, ...).
    #[error("invalid delivery rate: {0}")]
    InvalidDeliveryRate(String),
}
