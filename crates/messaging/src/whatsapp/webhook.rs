//! Meta's webhook: the callback URL's one-time check (GET), the signature on every delivery
//! (POST), and the events a delivery holds: the status of messages the shop sent, and what
//! shoppers wrote back.
//!
//! A handler checks [`verify_signature`] on the raw body before reading it with
//! [`parse_events`], and answers 200 quickly (Meta retries other answers).

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Deserializer};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::errors::is_retryable_code;
use crate::message::ProviderId;
use crate::phone::PhoneNumber;

/// Why a delivery is not taken as Meta's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the X-Hub-Signature-256 header is missing")]
    Missing,
    #[error("the X-Hub-Signature-256 header is not `sha256=` and a hex digest")]
    Malformed,
    #[error("the signature does not match the body")]
    Mismatch,
}

/// Checks `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app
/// secret>`, comparing in constant time. `raw_body` must be the bytes as received: parsed and
/// re-serialised JSON does not hash the same.
pub fn verify_signature(
    app_secret: &str,
    raw_body: &[u8],
    header: Option<&str>,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let digest = header
        .trim()
        .strip_prefix("sha256=")
        .and_then(|hex_digest| hex::decode(hex_digest).ok())
        .ok_or(SignatureError::Malformed)?;
    let mut mac = Hmac::<Sha256>::new_from_slice(app_secret.as_bytes())
        .map_err(|_| SignatureError::Mismatch)?;
    mac.update(raw_body);
    mac.verify_slice(&digest)
        .map_err(|_| SignatureError::Mismatch)
}

/// Why the callback URL's check is refused (answer 403).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VerificationError {
    #[error("hub.mode is not `subscribe`")]
    NotSubscribe,
    #[error("hub.verify_token is not the shop's")]
    WrongToken,
    #[error("hub.challenge is missing")]
    NoChallenge,
}

/// The answer to Meta's check of the callback URL, from the GET request's query string
/// (`hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`): the challenge, to be sent back
/// as the body of a 200.
pub fn answer_verification(query: &str, verify_token: &str) -> Result<String, VerificationError> {
    let (mut mode, mut token, mut challenge) = (None, None, None);
    for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match name.as_ref() {
            "hub.mode" => mode = Some(value.into_owned()),
            "hub.verify_token" => token = Some(value.into_owned()),
            "hub.challenge" => challenge = Some(value.into_owned()),
            _ => {}
        }
    }
    if mode.as_deref() != Some("subscribe") {
        return Err(VerificationError::NotSubscribe);
    }
    let token = token.unwrap_or_default();
    if verify_token.is_empty() || !bool::from(token.as_bytes().ct_eq(verify_token.as_bytes())) {
        return Err(VerificationError::WrongToken);
    }
    challenge
        .filter(|challenge| !challenge.is_empty())
        .ok_or(VerificationError::NoChallenge)
}

/// One thing a delivery reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Status(StatusUpdate),
    Reply(Reply),
    /// The shopper stopped (or resumed) marketing messages in WhatsApp's "Offers and
    /// announcements" setting. The shop's order news are utility templates, which this does
    /// not stop; it is reported so the shop can respect it anyway.
    MarketingPreference {
        from: PhoneNumber,
        stop: bool,
        at: DateTime<Utc>,
    },
}

/// How far a sent message got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusUpdate {
    /// The `wamid.…` the send returned.
    pub provider_id: ProviderId,
    pub status: DeliveryStatus,
    pub at: DateTime<Utc>,
    /// Why a failed message failed.
    pub error: Option<StatusError>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryStatus {
    Sent,
    Delivered,
    Read,
    Failed,
}

/// Meta's code and title for a failed message (`131026`, "Message undeliverable").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusError {
    pub code: i64,
    pub title: String,
    pub details: Option<String>,
}

impl StatusError {
    /// Whether sending the message again later may pass (see [`super::is_retryable_code`]).
    pub fn is_retryable(&self) -> bool {
        is_retryable_code(self.code)
    }
}

/// A message a shopper sent the shop's number: typed text, or a tapped quick-reply button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub from: PhoneNumber,
    pub text: String,
    /// The tapped button's payload, when the reply is a button.
    pub button_payload: Option<String>,
    pub provider_id: ProviderId,
    pub at: DateTime<Utc>,
}

impl Reply {
    /// Whether the shopper asked for no more messages: the whole reply is "STOP" (any case,
    /// with spaces or a full stop around it), "STOP ALL", "UNSUBSCRIBE", or Meta's marketing
    /// opt-out button ("Stop promotions"). "Please don't stop my order" is not.
    pub fn is_stop(&self) -> bool {
        [Some(self.text.as_str()), self.button_payload.as_deref()]
            .into_iter()
            .flatten()
            .any(means_stop)
    }
}

fn means_stop(text: &str) -> bool {
    let words = text
        .trim()
        .trim_end_matches(['.', '!'])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    matches!(
        words.as_str(),
        "stop" | "stop all" | "unsubscribe" | "stop promotions"
    )
}

/// Why a delivery's body could not be read.
#[derive(Debug, thiserror::Error)]
#[error("the webhook body is not Meta's JSON: {0}")]
pub struct MalformedBody(#[from] serde_json::Error);

/// The events of a delivery (`{"object":"whatsapp_business_account","entry":[{"changes":
/// [{"field":"messages","value":{…}}]}]}`), in order. What the shop does not act on (other
/// fields, message types without text, statuses like `deleted`) is left out.
pub fn parse_events(raw_body: &[u8]) -> Result<Vec<Event>, MalformedBody> {
    let body: Body = serde_json::from_slice(raw_body)?;
    let mut events = Vec::new();
    for value in body
        .entry
        .into_iter()
        .flat_map(|entry| entry.changes)
        .map(|change| change.value)
    {
        events.extend(value.statuses.into_iter().filter_map(status_event));
        events.extend(value.messages.into_iter().filter_map(reply_event));
        events.extend(
            value
                .user_preferences
                .into_iter()
                .filter_map(preference_event),
        );
    }
    Ok(events)
}

#[derive(Deserialize)]
struct Body {
    #[serde(default)]
    entry: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    changes: Vec<Change>,
}

#[derive(Deserialize)]
struct Change {
    #[serde(default)]
    value: Value,
}

#[derive(Deserialize, Default)]
struct Value {
    #[serde(default)]
    statuses: Vec<RawStatus>,
    #[serde(default)]
    messages: Vec<RawMessage>,
    #[serde(default)]
    user_preferences: Vec<RawPreference>,
}

#[derive(Deserialize)]
struct RawStatus {
    id: String,
    status: String,
    #[serde(deserialize_with = "unix_time")]
    timestamp: DateTime<Utc>,
    #[serde(default)]
    errors: Vec<RawError>,
}

#[derive(Deserialize)]
struct RawError {
    code: i64,
    #[serde(default)]
    title: String,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    error_data: Option<RawErrorData>,
}

#[derive(Deserialize)]
struct RawErrorData {
    details: Option<String>,
}

#[derive(Deserialize)]
struct RawMessage {
    from: String,
    id: String,
    #[serde(deserialize_with = "unix_time")]
    timestamp: DateTime<Utc>,
    #[serde(rename = "type")]
    kind: String,
    text: Option<RawText>,
    button: Option<RawButton>,
    interactive: Option<RawInteractive>,
}

#[derive(Deserialize)]
struct RawText {
    body: String,
}

#[derive(Deserialize)]
struct RawButton {
    text: String,
    payload: Option<String>,
}

#[derive(Deserialize)]
struct RawInteractive {
    button_reply: Option<RawButtonReply>,
}

#[derive(Deserialize)]
struct RawButtonReply {
    id: String,
    title: String,
}

#[derive(Deserialize)]
struct RawPreference {
    wa_id: String,
    category: String,
    value: String,
    #[serde(deserialize_with = "unix_time")]
    timestamp: DateTime<Utc>,
}

fn status_event(raw: RawStatus) -> Option<Event> {
    let status = match raw.status.as_str() {
        "sent" => DeliveryStatus::Sent,
        "delivered" => DeliveryStatus::Delivered,
        "read" => DeliveryStatus::Read,
        "failed" => DeliveryStatus::Failed,
        _ => return None,
    };
    let error = raw.errors.into_iter().next().map(|error| StatusError {
        code: error.code,
        title: error.title,
        details: error
            .error_data
            .and_then(|data| data.details)
            .or(error.message),
    });
    Some(Event::Status(StatusUpdate {
        provider_id: ProviderId(raw.id),
        status,
        at: raw.timestamp,
        error,
    }))
}

fn reply_event(raw: RawMessage) -> Option<Event> {
    let (text, button_payload) = match raw.kind.as_str() {
        "text" => (raw.text?.body, None),
        "button" => {
            let button = raw.button?;
            (button.text, button.payload)
        }
        "interactive" => {
            let reply = raw.interactive?.button_reply?;
            (reply.title, Some(reply.id))
        }
        _ => return None,
    };
    let Some(from) = sender(&raw.from) else {
        tracing::warn!(from = %raw.from, "a WhatsApp reply from an id that is not a phone number");
        return None;
    };
    Some(Event::Reply(Reply {
        from,
        text,
        button_payload,
        provider_id: ProviderId(raw.id),
        at: raw.timestamp,
    }))
}

fn preference_event(raw: RawPreference) -> Option<Event> {
    let stop = match (raw.category.as_str(), raw.value.as_str()) {
        ("marketing_messages", "stop") => true,
        ("marketing_messages", "resume") => false,
        _ => return None,
    };
    Some(Event::MarketingPreference {
        from: sender(&raw.wa_id)?,
        stop,
        at: raw.timestamp,
    })
}

/// A WhatsApp id is the user's number without `+`. Meta warns it may not always match the
/// number (business-scoped user ids are coming); such senders are left out.
fn sender(wa_id: &str) -> Option<PhoneNumber> {
    PhoneNumber::from_e164(&format!("+{wa_id}")).ok()
}

/// Meta's Unix seconds, a string in statuses and messages, a number in user preferences.
fn unix_time<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DateTime<Utc>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Seconds {
        Text(String),
        Number(i64),
    }
    let seconds = match Seconds::deserialize(deserializer)? {
        Seconds::Number(seconds) => seconds,
        Seconds::Text(text) => text.parse().map_err(serde::de::Error::custom)?,
    };
    DateTime::from_timestamp(seconds, 0)
        .ok_or_else(|| serde::de::Error::custom(format!("{seconds} is not a time")))
}
