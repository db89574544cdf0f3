//! Messages to phones: order news and sign-in codes for shoppers, and notices for the shop's
//! owner, through WhatsApp (Meta's Cloud API), SMS (MSG91), or, with neither set up, files.
//!
//! The shop writes a [`Message`] (recipient, language, template, variables, link and the whole
//! text) and keeps it in its outbox as JSON; a worker per channel hands it to a [`Channel`],
//! whose [`SendError`] says whether to try again. Numbers are checked at the edge
//! ([`PhoneNumber::parse`]); providers' webhooks are checked and read in
//! [`whatsapp::webhook`] and [`msg91::report`]. This crate keeps no state and touches no
//! database.

mod channel;
mod click_to_chat;
pub mod config;
mod file;
mod http;
mod message;
pub mod msg91;
mod owner;
mod phone;
mod sms;
pub mod whatsapp;

pub use channel::{Channel, SendError, SendFuture};
pub use click_to_chat::click_to_chat;
pub use config::{ConfigError, TemplateMap};
pub use file::FileChannel;
pub use http::DEFAULT_TIMEOUT;
pub use message::{Message, ProviderId, TemplateKey};
pub use msg91::{Msg91Config, Msg91Sms};
pub use owner::AlertPhone;
pub use paths::Locale;
pub use phone::{INDIA, PhoneError, PhoneNumber};
pub use sms::{SmsEncoding, sms_encoding, sms_segments};
pub use whatsapp::{WhatsAppCloud, WhatsAppConfig};
