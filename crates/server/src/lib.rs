//! The `storefront` binary's shell: configuration, routes, error mapping, the served app and the
//! background work. Business rules live in the domain crates.

pub mod api_doc;
mod auth;
pub mod backup;
pub mod catalog_refresh;
pub mod cli;
mod compress;
pub mod config;
mod cors;
pub mod error;
mod extractors;
mod freed_memory;
mod handlers;
pub mod housekeeping;
mod input;
mod known_device;
mod language_vary;
pub mod mail_worker;
pub mod messages;
pub mod metrics;
mod pages;
pub mod phone_worker;
mod precompressed;
mod product_answers;
pub mod rate_limit;
mod request_guard;
mod routes;
mod security_headers;
pub mod session;
pub mod shop;
pub mod staff_cli;
mod staff_limits;
pub mod startup;
pub mod state;
mod static_files;
pub mod telemetry;
mod uploads;
