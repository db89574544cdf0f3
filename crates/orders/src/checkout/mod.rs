//! Checkout: a cart becomes an order in one transaction, once per Idempotency-Key.

mod gstin;
mod input;
mod mails;
mod place;
pub mod states;

pub use gstin::parse_gstin;
pub use input::{
    Address, Checkout, Contact, PaymentMethod, parse_address, parse_checkout, parse_pincode,
};
pub use place::{CheckoutError, IdempotencyKey, Placed, ShopTerms, Shortage, place_order};
