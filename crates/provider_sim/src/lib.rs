//! A stand-in for the shop's two message providers, Meta's WhatsApp Cloud API and MSG91's Flow
//! API, on a loopback port: it checks requests as they do (credentials, phone-number id,
//! template names and parameter counts, numbers), answers with their success and error bodies,
//! records what it accepted, fails on demand, and posts WhatsApp webhooks signed as Meta signs
//! them.
//!
//! In-process, tests start it with [`ProviderSim::start`] and read [`ProviderSim::received`].
//! The `provider-sim` binary serves the same for shell stages and browser tests, steered over
//! HTTP:
//!
//! - `GET /__sim/received`: the accepted requests, as JSON ([`Received`]);
//! - `POST /__sim/fail {"status":500,"times":3}` (also `code`, `message`, `delay_ms`,
//!   `provider`: [`Failure`]);
//! - `POST /__sim/down {"seconds":5}`: connections refused for that long;
//! - `POST /__sim/webhook {"url":…,"status":{"provider_id":…,"status":"delivered","recipient":…}}`
//!   (or `"body":{…}`): a signed status webhook to the shop;
//! - `POST /__sim/reset`.
//!
//! It is written apart from the `messaging` crate on purpose: a client and a simulator sharing
//! code would agree on the same mistakes.

mod control;
mod msg91;
mod refusal;
mod server;
mod state;
mod webhook;
mod whatsapp;

pub use server::ProviderSim;
pub use state::{Failure, Provider, Received, SimConfig, SimSmsTemplate, SimTemplate};
pub use webhook::{StatusWebhook, sign_and_post, signature, status_webhook, text_webhook};
