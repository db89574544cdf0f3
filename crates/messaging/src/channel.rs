//! The one thing an outbox worker needs from a channel: send this message, and if it could not,
//! say whether trying again later can help.

use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

use crate::message::{Message, ProviderId};

/// What [`Channel::send`] returns. Boxed, so that channels can be held as `Arc<dyn Channel>`
/// (an `async fn` in a trait is not dyn-compatible).
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<ProviderId, SendError>> + Send + 'a>>;

/// A way to a phone (WhatsApp, SMS) or, with no provider set up, to a folder.
pub trait Channel: Send + Sync {
    /// `whatsapp`, `sms`, `file`: the outbox row's channel.
    fn name(&self) -> &'static str;

    fn send<'a>(&'a self, message: &'a Message) -> SendFuture<'a>;
}

/// Why a message did not go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SendError {
    /// The provider could not take it now (down, slow, overloaded, rate-limited): try again
    /// later.
    #[error("will try again: {reason}")]
    Retry { reason: String },
    /// Trying again would fail the same way (a number that is not on WhatsApp, a template that
    /// is not approved, a blocked recipient, wrong credentials): record it and show staff.
    /// `code` is the provider's (Meta's `131026`) or ours (`http_401`, `no_template`).
    #[error("gave up ({code}): {reason}")]
    GiveUp { reason: String, code: String },
}

impl SendError {
    pub fn retry(reason: impl Into<String>) -> Self {
        Self::Retry {
            reason: reason.into(),
        }
    }

    pub fn give_up(code: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::GiveUp {
            reason: reason.into(),
            code: code.into(),
        }
    }

    pub fn is_retry(&self) -> bool {
        matches!(self, Self::Retry { .. })
    }
}
