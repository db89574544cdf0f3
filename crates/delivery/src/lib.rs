//! Where the shop delivers, how fast and for what fee. The shop profile lists delivery zones;
//! each covers districts, states or the rest of India and either delivers (in so many days, for
//! a fee by the parcel's weight) or is not served. A parcel goes to the most specific zone that
//! covers its destination: its district's, else its state's, else the rest of India's; where none
//! covers it, the shop does not deliver.
//!
//! The destination is where the PIN code is, by India Post's directory ([`pincodes`]); only for a
//! PIN code the directory does not know does the address's own district and state decide.

mod config;
mod destination;
mod zones;

pub use destination::{Destination, DestinationError};
pub use zones::{Area, Days, Quote, Service, Zone, Zones, ZonesError};

#[cfg(test)]
mod tests;
