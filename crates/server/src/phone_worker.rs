//! Delivers the outbox's phone messages through the channel the shop configured (WhatsApp, SMS,
//! or files: `config::phone`). Like mail: claimed for a lease renewed right before each send,
//! retried with backoff while the provider cannot take them (across restarts), and given up on,
//! recorded for staff, when the provider refuses them for good.
//!
//! Sent once, with one exception: a crash between the provider's acceptance and the outbox's
//! record of it (a few milliseconds, one message per process) leaves the row unsent, and that
//! message is sent again once its claim lapses. Renewing the claim before each send keeps a slow
//! batch from doing the same.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use db::outbox::{self, Channel as OutboxChannel, Queued};
use messaging::{Channel, FileChannel, Message, Msg91Sms, SendError, WhatsAppCloud};

use crate::config::phone::{PhoneChannel, PhoneConfig};
use crate::error::ApiError;
use crate::state::AppState;

/// The channel the configuration names.
pub fn channel(config: &PhoneConfig) -> anyhow::Result<Arc<dyn Channel>> {
    Ok(match &config.channel {
        PhoneChannel::WhatsApp(whatsapp) => {
            let missing = whatsapp.templates.missing();
            if !missing.is_empty() {
                tracing::warn!(
                    ?missing,
                    "WhatsApp: messages without a template will not be sent"
                );
            }
            Arc::new(WhatsAppCloud::new(whatsapp.clone()).context("WhatsApp")?)
        }
        PhoneChannel::Sms(sms) => {
            let missing = sms.templates.missing();
            if !missing.is_empty() {
                tracing::warn!(
                    ?missing,
                    "SMS: messages without a DLT template will not be sent"
                );
            }
            Arc::new(Msg91Sms::new(sms.clone()).context("MSG91")?)
        }
        PhoneChannel::Files(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("creating MESSAGES_DIR {}", dir.display()))?;
            Arc::new(FileChannel::new(dir.clone()))
        }
    })
}

/// Sends what is due; returns how many went.
pub async fn deliver_due(state: &AppState, channel: &Arc<dyn Channel>) -> Result<usize, ApiError> {
    let due = state
        .with_conn(|conn| {
            outbox::claim_due(conn, OutboxChannel::Phone, 20).map_err(ApiError::internal)
        })
        .await?;
    let mut delivered = 0;
    for queued in due {
        let claimed = queued.clone();
        let ours = state
            .with_conn(move |conn| outbox::still_ours(conn, &claimed).map_err(ApiError::internal))
            .await?;
        if !ours {
            continue;
        }
        let outcome = match message_of(&queued) {
            Ok(message) => channel.send(&message).await,
            Err(error) => Err(error),
        };
        let via = channel.name();
        let went = outcome.is_ok();
        state
            .with_conn(move |conn| {
                match &outcome {
                    Ok(id) => outbox::mark_sent(conn, &queued, via, Some(&id.0)),
                    Err(SendError::Retry { reason }) => {
                        tracing::warn!(to = %queued.to_address, template = %queued.subject, %reason, attempts = queued.attempts + 1, "phone message not sent; will retry");
                        outbox::mark_failed(conn, &queued, reason)
                    }
                    Err(error @ SendError::GiveUp { .. }) => {
                        tracing::warn!(to = %queued.to_address, template = %queued.subject, %error, "phone message refused; not retried");
                        outbox::give_up(conn, &queued, via, &error.to_string())
                    }
                }
                .map_err(ApiError::internal)
            })
            .await?;
        delivered += usize::from(went);
    }
    Ok(delivered)
}

/// The message the row keeps; a row that cannot be read is given up on (it would fail the same
/// way each time), with why.
fn message_of(queued: &Queued) -> Result<Message, SendError> {
    let payload = queued.payload.as_deref().unwrap_or_default();
    serde_json::from_str(payload).map_err(|error| {
        SendError::give_up("unreadable", format!("the outbox row's message: {error}"))
    })
}

pub fn spawn(state: AppState, channel: Arc<dyn Channel>) {
    let period = Duration::from_secs(state.config.mail_poll_secs.max(1));
    actix_web::rt::spawn(async move {
        loop {
            if let Err(error) = deliver_due(&state, &channel).await {
                tracing::warn!(%error, "phone outbox pass failed");
            }
            let _ = actix_web::rt::time::timeout(period, state.phone_queued.notified()).await;
        }
    });
}
