//! Stock kept by batch, as an agri-input dealer must keep it.
//!
//! Pesticides, bio-products, fertilisers and seeds arrive in batches (lots) from suppliers
//! ([`receive`]), each with its manufacture and expiry dates (a seed lot: its test date and
//! validity). A pack size's saleable stock is the units of its batches that have not expired, less
//! the units that orders not yet confirmed have reserved ([`settle`]); it is kept in step in the
//! same transaction as every change, so the catalogue never reads the batches to show stock.
//! When an order is confirmed each line takes its units from the batches that expire first
//! ([`allot`]); a cancellation or a restocked return puts them back into the batch they came from.
//! A batch past its expiry date (an Indian date) is withdrawn from sale at midnight and waits,
//! segregated, to be disposed of ([`expiry`]; Insecticides Rules 1971 r. 10A).

pub mod adjust;
pub mod allot;
mod clock;
mod error;
pub mod expiry;
pub mod licences;
pub mod listing;
mod movement;
pub mod receipt_sheet;
pub mod receipts;
pub mod receive;
pub mod regulation;
pub mod settle;

pub use clock::{india_date, india_today, parse_date};
pub use error::BatchError;
pub use movement::Movement;
pub use regulation::Regulation;

/// The name of the batch that holds stock whose batch nobody recorded (the stock held when
/// batches began to be kept, or units found at a count): its expiry is unknown until staff date it.
/// A batch's manufacture, expiry and (seed lots) test dates.
pub type Dates = (
    Option<chrono::NaiveDate>,
    Option<chrono::NaiveDate>,
    Option<chrono::NaiveDate>,
);

pub const UNDATED_BATCH: &str = "OPENING";
