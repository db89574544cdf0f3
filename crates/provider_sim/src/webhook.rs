//! WhatsApp webhooks as Meta sends them: bodies shaped as its "messages" webhook reference
//! shows, signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body with the app
//! secret>`.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::Sha256;

/// The header value Meta would send with `body`.
pub fn signature(app_secret: &str, body: &[u8]) -> String {
    // HMAC takes a key of any length; the error case cannot happen.
    let mut mac = match Hmac::<Sha256>::new_from_slice(app_secret.as_bytes()) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    };
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// Posts `body` to `url` signed with `app_secret`, as Meta delivers a webhook; the answer's
/// status.
pub async fn sign_and_post(url: &str, app_secret: &str, body: &[u8]) -> reqwest::Result<u16> {
    let response = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("x-hub-signature-256", signature(app_secret, body))
        .body(body.to_vec())
        .send()
        .await?;
    Ok(response.status().as_u16())
}

/// A status change of a message the shop sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StatusWebhook {
    /// The `wamid.…` the send was answered with.
    pub provider_id: String,
    /// `sent`, `delivered`, `read` or `failed`.
    pub status: String,
    /// The recipient's number, digits only.
    pub recipient: String,
    /// Unix seconds.
    #[serde(default)]
    pub timestamp: i64,
    /// Meta's code and title, for a failed message.
    #[serde(default)]
    pub error: Option<(i64, String)>,
}

/// The body Meta sends for a status change (`statuses` in the messages webhook).
pub fn status_webhook(phone_number_id: &str, status: &StatusWebhook) -> Value {
    let mut entry = json!({
        "id": status.provider_id,
        "status": status.status,
        "timestamp": status.timestamp.to_string(),
        "recipient_id": status.recipient,
    });
    match &status.error {
        Some((code, title)) => {
            entry["errors"] = json!([{
                "code": code,
                "title": title,
                "message": title,
                "error_data": {"details": title},
            }]);
        }
        None => {
            entry["conversation"] = json!({
                "id": "CONVERSATION_ID",
                "origin": {"type": "utility"},
            });
            entry["pricing"] = json!({
                "billable": true,
                "pricing_model": "PMP",
                "category": "utility",
            });
        }
    }
    envelope(phone_number_id, json!({ "statuses": [entry] }))
}

/// The body Meta sends when a WhatsApp user writes `text` to the shop's number.
pub fn text_webhook(phone_number_id: &str, from: &str, text: &str, timestamp: i64) -> Value {
    envelope(
        phone_number_id,
        json!({
            "contacts": [{"profile": {"name": "Sim Shopper"}, "wa_id": from}],
            "messages": [{
                "from": from,
                "id": format!("wamid.SIMIN{}", uuid::Uuid::new_v4().simple()),
                "timestamp": timestamp.to_string(),
                "type": "text",
                "text": {"body": text},
            }],
        }),
    )
}

fn envelope(phone_number_id: &str, mut value: Value) -> Value {
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({
        "display_phone_number": "15550783881",
        "phone_number_id": phone_number_id,
    });
    json!({
        "object": "whatsapp_business_account",
        "entry": [{
            "id": "102290129340398",
            "changes": [{"value": value, "field": "messages"}],
        }],
    })
}
