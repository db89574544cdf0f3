//! The server-side cart: one per anonymous session (by [`CartId`]) or per signed-in shopper.
//! Lines are per variant. Writes run in one write transaction that first locks the cart row, so
//! concurrent changes to one cart apply one after another and none is lost.

mod input;
mod merge;
mod read;
mod write;

pub use input::{CartId, LineTarget, Quantity, QuantityError};
pub use merge::merge_into_user_cart;
pub use read::{CartLine, CartLineProduct, CartView, NamedLink, read};
pub use write::{add, clear, remove, update};

/// Why a cart change was refused.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("Product not found.")]
    ProductNotFound,
    #[error("This pack size does not belong to the product.")]
    VariantNotFound,
    #[error("Choose a pack size for this product.")]
    VariantRequired,
    #[error("This product is not in your cart.")]
    NotInCart,
    #[error("Only {available} of {name} can be bought now.")]
    InsufficientStock { name: String, available: i32 },
    #[error("A cart line can hold at most {max} units.", max = Quantity::MAX_TEXT)]
    LineLimit,
    /// The cart's sums left the range of money the shop counts in (only a price set before
    /// prices were bounded can do this): refused, never wrapped.
    #[error("The cart's total is too large; please lower a quantity.")]
    TooLarge,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error("the catalogue holds an invalid value: {0}")]
    InvalidData(String),
}

impl From<pricing::PricingError> for CartError {
    fn from(error: pricing::PricingError) -> Self {
        match error {
            pricing::PricingError::Overflow => Self::TooLarge,
            other => Self::InvalidData(other.to_string()),
        }
    }
}
