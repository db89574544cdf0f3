//! The messages sent about an order (mails and phone messages), as its timeline on the desk
//! shows them: what, to whom, by which channel, and how far each got (the provider's delivery
//! and read receipts, or its refusal).

use chrono::NaiveDateTime;
use db::outbox::OrderMessageRow;
use serde::Serialize;

/// How far a message got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessageState {
    /// Waiting to go (tried again later while the provider cannot take it).
    Queued,
    /// Handed to the provider (or written to a file).
    Sent,
    Delivered,
    Read,
    /// The provider reported that it could not deliver it.
    Failed,
    /// The provider refused it for good (a number not on WhatsApp, a template not approved):
    /// not tried again.
    GivenUp,
}

/// One message about the order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderMessage {
    pub id: i64,
    /// `mail` or `phone` while it waits; once sent, what took it: `smtp` or `files` for mail,
    /// `whatsapp`, `sms` or `file` for a phone message.
    pub channel: String,
    /// Whether it is a mail (else a phone message).
    pub mail: bool,
    /// The e-mail address or E.164 number.
    pub to: String,
    /// A phone message's template (`order_shipped`), or a mail's subject.
    pub what: String,
    pub state: MessageState,
    /// Why it failed or was given up (the provider's words), or why the last try did not go.
    #[schema(required = true)]
    pub reason: Option<String>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub queued_at: NaiveDateTime,
    /// When it reached its state (none while queued).
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub state_at: Option<NaiveDateTime>,
}

impl From<OrderMessageRow> for OrderMessage {
    fn from(row: OrderMessageRow) -> Self {
        let (state, state_at) = if let Some(at) = row.gave_up_at {
            (MessageState::GivenUp, Some(at))
        } else if let Some(sent_at) = row.sent_at {
            let state = match row.provider_status.as_deref() {
                Some("read") => MessageState::Read,
                Some("delivered") => MessageState::Delivered,
                Some("failed") => MessageState::Failed,
                _ => MessageState::Sent,
            };
            (state, Some(row.provider_status_at.unwrap_or(sent_at)))
        } else {
            (MessageState::Queued, None)
        };
        let reason = match state {
            MessageState::Failed | MessageState::GivenUp | MessageState::Queued => row.last_error,
            _ => None,
        };
        Self {
            id: row.id,
            mail: row.channel == "mail",
            channel: row.sent_via.unwrap_or(row.channel),
            to: row.to_address,
            what: row.subject,
            state,
            reason,
            queued_at: row.created_at,
            state_at,
        }
    }
}
