//! What the simulator knows and remembers: its configuration, the requests it accepted, and
//! the failure it was told to answer with.

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;

/// Credentials and templates the simulator expects; every field has a default.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SimConfig {
    /// The bearer token WhatsApp requests must carry.
    pub whatsapp_token: String,
    /// The business phone number id in WhatsApp request paths.
    pub phone_number_id: String,
    /// The app secret WhatsApp webhooks are signed with.
    pub app_secret: String,
    /// The `authkey` header MSG91 requests must carry.
    pub msg91_authkey: String,
    /// Approved WhatsApp templates; none means any name and language is approved.
    pub whatsapp_templates: Option<Vec<SimTemplate>>,
    /// MSG91 template ids; none means any id is known.
    pub msg91_templates: Option<Vec<SimSmsTemplate>>,
    /// Numbers (digits, `919800000000`) that are not on WhatsApp: sends to them fail with
    /// Meta's 131026.
    pub undeliverable: Vec<String>,
}

impl Default for SimConfig {
    fn default() -> Self {
        Self {
            whatsapp_token: "sim-whatsapp-token".into(),
            phone_number_id: "100000000000001".into(),
            app_secret: "sim-app-secret".into(),
            msg91_authkey: "sim-msg91-authkey".into(),
            whatsapp_templates: None,
            msg91_templates: None,
            undeliverable: Vec::new(),
        }
    }
}

/// An approved WhatsApp template.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SimTemplate {
    pub name: String,
    /// `en`, `en_US`, `ml`, `ta`.
    pub language: String,
    /// How many body parameters it takes, when the simulator should check.
    #[serde(default)]
    pub params: Option<usize>,
}

/// A template registered in MSG91's panel.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SimSmsTemplate {
    pub template_id: String,
    /// How many variables it takes, when the simulator should check.
    #[serde(default)]
    pub variables: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provider {
    Whatsapp,
    Msg91,
}

/// One request the simulator accepted, as a test reads it back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Received {
    pub provider: Provider,
    /// The number as the request gave it (`919847012345`).
    pub to: String,
    /// The template's name (WhatsApp) or id (MSG91).
    pub template: String,
    /// The language code (WhatsApp only).
    pub language: Option<String>,
    /// Body parameters in order (WhatsApp), `var1`, `var2`, … (MSG91).
    pub variables: Vec<String>,
    /// Button parameters (WhatsApp): a URL suffix, or an authentication template's code.
    pub buttons: Vec<String>,
    /// The id the simulator answered with.
    pub provider_id: String,
    /// The request body as sent.
    pub body: Value,
}

/// The answer for the next provider requests instead of the usual one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Failure {
    /// The HTTP status to answer; none answers as usual, only late (see `delay_ms`).
    pub status: Option<u16>,
    /// For how many requests (0 is taken as 1).
    pub times: u32,
    /// Meta's error code for WhatsApp; by default 131000 for 5xx, 130429 for 429, 100 else.
    pub code: Option<i64>,
    /// The error's words.
    pub message: Option<String>,
    /// How long to wait before answering.
    pub delay_ms: u64,
    /// Which provider fails; none means both.
    pub provider: Option<Provider>,
}

/// What the supervisor of the HTTP server is asked to do.
pub(crate) enum Command {
    Down {
        ack: tokio::sync::oneshot::Sender<()>,
    },
    Up {
        ack: tokio::sync::oneshot::Sender<std::io::Result<()>>,
    },
    DownFor(Duration),
    /// Stop for good: the simulator was dropped.
    Shutdown,
}

pub(crate) struct State {
    pub config: SimConfig,
    pub commands: mpsc::UnboundedSender<Command>,
    memory: Mutex<Memory>,
}

#[derive(Default)]
struct Memory {
    received: Vec<Received>,
    attempts: usize,
    failure: Option<Failure>,
}

impl State {
    pub fn new(config: SimConfig, commands: mpsc::UnboundedSender<Command>) -> Self {
        Self {
            config,
            commands,
            memory: Mutex::default(),
        }
    }

    fn memory(&self) -> MutexGuard<'_, Memory> {
        // A test that panicked while holding the lock left nothing half-written worth refusing.
        self.memory
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a provider request and takes one use of the failure set for it, if any.
    pub fn begin(&self, provider: Provider) -> Option<Failure> {
        let mut memory = self.memory();
        memory.attempts += 1;
        let failure = memory.failure.as_mut()?;
        if failure.provider.is_some_and(|only| only != provider) {
            return None;
        }
        let answer = failure.clone();
        failure.times = failure.times.saturating_sub(1);
        if failure.times == 0 {
            memory.failure = None;
        }
        Some(answer)
    }

    pub fn record(&self, received: Received) {
        self.memory().received.push(received);
    }

    pub fn received(&self) -> Vec<Received> {
        self.memory().received.clone()
    }

    pub fn attempts(&self) -> usize {
        self.memory().attempts
    }

    pub fn fail(&self, mut failure: Failure) {
        failure.times = failure.times.max(1);
        self.memory().failure = Some(failure);
    }

    pub fn reset(&self) {
        *self.memory() = Memory::default();
    }
}
