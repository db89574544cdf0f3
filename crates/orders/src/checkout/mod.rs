//! Checkout: a cart becomes an order in one transaction, once per Idempotency-Key.

mod input;
mod mails;
mod place;
mod terms;

pub use input::{Address, BusinessBuyer, Checkout, Contact, PaymentMethod};
pub use place::{CheckoutError, IdempotencyKey, Placed, PlacedBy, Shortage, place_order};
pub use terms::{BankDetails, ShopTerms};
