#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! Black-box tests: the real application on port 0 over a fresh, seeded database, once on
//! SQLite and once on PostgreSQL when `TEST_DATABASE_URL` is set.

mod accounts;
mod admin;
mod admin_bulk;
mod admin_catalog;
mod admin_day;
mod admin_orders;
mod admin_translations;
mod backup;
mod batch_stock;
mod cart;
mod catalog;
mod checkout;
mod contract;
mod csv_injection;
mod delivery;
mod desk_orders;
mod gst;
mod helpers;
mod languages;
mod licences;
mod mail_languages;
mod messages;
mod money_bounds;
mod ops;
mod order_links;
mod pages;
mod people;
mod phone_accounts;
mod phone_first;
mod phone_messages;
mod phone_webhooks;
mod photos;
mod pin_prefix;
mod plain_errors;
mod prerender;
mod processes;
mod receipts;
mod registers;
mod render_bundle;
mod reports;
mod returns;
mod roles;
mod security;
mod serving;
mod sessions;
mod sheet_load;
mod smtp_sink;
mod snapshot_text;
mod snapshots;
mod staff_security;
mod stale_saves;
mod stored_words;
mod upgrade;
