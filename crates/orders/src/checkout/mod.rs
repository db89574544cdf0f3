//! Checkout: a cart becomes an order in one transaction, once per Idempotency-Key.

mod input;
mod mails;
mod phone;
mod place;
mod terms;

pub use input::{Address, BusinessBuyer, Checkout, Contact, PaymentMethod};
pub use phone::{PhoneOrder, TAKEN_ON_PHONE, place_phone_order};
pub use place::{CheckoutError, IdempotencyKey, Placed, PlacedBy, Shortage, place_order};
pub use terms::{BankDetails, ShopTerms};
