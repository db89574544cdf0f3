//! The back office's API under `/api/admin`. Every handler takes [`Staff`] or [`Admin`] first,
//! so the role and the second factor are checked on the server before anything else is read.
//!
//! [`Staff`]: crate::extractors::Staff
//! [`Admin`]: crate::extractors::Admin

pub mod access;
pub mod actor;
pub mod audit;
pub mod batches;
pub mod catalog;
pub mod customers;
pub mod dashboard;
pub mod gst;
pub mod messages;
pub mod order_batches;
pub mod orders;
pub mod packing;
pub mod phone_orders;
pub mod receipts;
pub mod registers;
pub mod reports;
pub mod staff;
pub mod two_factor;
