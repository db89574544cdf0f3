//! Checked input types that every domain shares. Each `parse` takes what a client sent and
//! returns either the checked value or the sentence a shopper should read; the shell collects
//! those sentences per field in [`FormErrors`] and answers them in one 422.
//!
//! This crate depends on no domain crate: domains take these types, never raw strings.

mod address;
mod errors;
mod gstin;
mod people;
mod pincode;
pub mod spreadsheet;
pub mod states;
pub mod text;
pub mod utc;

pub use address::{AddressInput, PostalAddress};
pub use errors::{FieldErrors, FormErrors, required_message};
pub use gstin::Gstin;
pub use people::{Email, PersonName, PhoneNumber};
pub use pincode::Pincode;
pub use states::IndianState;
