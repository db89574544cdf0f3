//! The cart, checkout, orders and stock. Every price comes from the catalogue at the time of
//! reading; nothing a client says about money is trusted. Knows nothing of HTTP.

pub mod addresses;
mod amounts;
pub mod cart;
pub mod checkout;
mod counters;
pub mod day;
pub mod desk;
pub mod gst;
mod india_time;
pub mod order;
pub mod packing;
pub mod payment;
pub mod registers;
pub mod reports;
pub mod returned;
pub mod returns;
mod sold_batches;
pub mod stored_as_text;
