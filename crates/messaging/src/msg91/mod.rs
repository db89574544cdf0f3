//! SMS through MSG91, an Indian gateway, with its Flow API:
//! `POST https://control.msg91.com/api/v5/flow` with the `authkey` header and
//! `{"template_id":…,"short_url":"0","recipients":[{"mobiles":"919847012345","var1":…}]}`;
//! it answers `{"type":"success","message":"<request id>"}` or
//! `{"type":"error","message":…}`.
//!
//! India's TRAI rules (DLT) let a commercial SMS through only when it matches a template
//! registered on a DLT platform under the shop's registered sender id (header). Each message
//! and language is a template in MSG91's panel, mapped there to its DLT template id, with its
//! variables written `##var1##`, `##var2##`, … in the order of [`Message::variables`]; a
//! message's link, when it has one, is the variable after them, written after the shop's
//! address in the template (`https://shop.example/##var3##`), whose domain is whitelisted on
//! DLT. Malayalam and Tamil templates are Unicode ones: see [`crate::sms_segments`] for what
//! they cost.
//!
//! Sources: MSG91's API reference "Send SMS" (`docs.msg91.com/sms/send-sms`, via the request
//! shape other clients send), the older "Send SMS via FLOW" page (`api.msg91.com/apidoc/
//! textsms/send-sms-flow.php`), and the help pages on DLT template mapping and delivery-report
//! webhooks (`msg91.com/help/...`).

pub mod report;

use std::fmt;
use std::time::Duration;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::channel::{Channel, SendError, SendFuture};
use crate::config::{ConfigError, TemplateMap};
use crate::http::{self, DEFAULT_TIMEOUT, is_transient};
use crate::message::{Message, ProviderId};

/// The account and its templates. Its `Debug` leaves the authkey out.
#[derive(Clone)]
pub struct Msg91Config {
    /// `https://control.msg91.com`, or the provider simulator's address in tests.
    pub base_url: String,
    /// The account's authkey (MSG91 panel, Authkey); keep its IP whitelist on.
    pub authkey: String,
    /// The DLT sender id (six letters). MSG91 takes the one set on the template when this is
    /// none.
    pub sender: Option<String>,
    /// MSG91's template id for each message and language.
    pub templates: TemplateMap<String>,
    pub timeout: Duration,
}

impl fmt::Debug for Msg91Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Msg91Config")
            .field("base_url", &self.base_url)
            .field("authkey", &"<secret>")
            .field("sender", &self.sender)
            .field("templates", &self.templates)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl Msg91Config {
    pub const DEFAULT_BASE_URL: &'static str = "https://control.msg91.com";

    /// MSG91's address; the template ids from `spec` (`key[.lang]=template_id`, see
    /// [`crate::config`]).
    pub fn new(authkey: impl Into<String>, templates_spec: &str) -> Result<Self, ConfigError> {
        Ok(Self {
            base_url: Self::DEFAULT_BASE_URL.to_owned(),
            authkey: authkey.into(),
            sender: None,
            templates: TemplateMap::default()
                .with_spec(templates_spec, |_, _, id| Ok(id.to_owned()))?,
            timeout: DEFAULT_TIMEOUT,
        })
    }
}

/// The SMS channel.
pub struct Msg91Sms {
    config: Msg91Config,
    client: reqwest::Client,
    url: String,
}

impl Msg91Sms {
    pub fn new(config: Msg91Config) -> Result<Self, ConfigError> {
        let url = format!("{}/api/v5/flow", config.base_url.trim_end_matches('/'));
        Ok(Self {
            client: http::client(config.timeout)?,
            config,
            url,
        })
    }

    async fn deliver(&self, message: &Message) -> Result<ProviderId, SendError> {
        let template_id = self.config.templates.for_message(message, "MSG91")?;
        let body = request_body(message, template_id, self.config.sender.as_deref());
        let answer = http::send(
            self.client
                .post(&self.url)
                .header("authkey", &self.config.authkey)
                .header(reqwest::header::ACCEPT, "application/json")
                .json(&body),
        )
        .await?;
        read_answer(answer.status, &answer.body)
    }
}

impl Channel for Msg91Sms {
    fn name(&self) -> &'static str {
        "sms"
    }

    fn send<'a>(&'a self, message: &'a Message) -> SendFuture<'a> {
        Box::pin(self.deliver(message))
    }
}

fn request_body(message: &Message, template_id: &str, sender: Option<&str>) -> Value {
    let mut recipient = Map::new();
    recipient.insert("mobiles".into(), message.to.digits().into());
    for (i, value) in message
        .variables
        .iter()
        .chain(message.link.as_ref())
        .enumerate()
    {
        recipient.insert(format!("var{}", i + 1), value.as_str().into());
    }
    let mut body = json!({
        "template_id": template_id,
        "short_url": "0",
        "recipients": [recipient],
    });
    if let Some(sender) = sender {
        body["sender"] = sender.into();
    }
    body
}

#[derive(Deserialize)]
struct Answer {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    message: Value,
}

fn read_answer(status: reqwest::StatusCode, body: &[u8]) -> Result<ProviderId, SendError> {
    let answer = serde_json::from_slice::<Answer>(body).ok();
    let words = match answer.as_ref().map(|answer| &answer.message) {
        Some(Value::String(words)) => words.clone(),
        Some(Value::Null) | None => String::from_utf8_lossy(body).chars().take(300).collect(),
        Some(other) => other.to_string(),
    };
    if status.is_success()
        && answer
            .as_ref()
            .is_some_and(|answer| answer.kind == "success")
    {
        return if words.is_empty() {
            Err(SendError::give_up(
                "unreadable_answer",
                "MSG91 took the message but gave no request id",
            ))
        } else {
            Ok(ProviderId(words))
        };
    }
    let reason = format!("MSG91 answered {status}: {words}");
    if is_transient(status) {
        return Err(SendError::retry(reason));
    }
    Err(classify(status, &words, reason))
}

/// An error answer by what it says, as MSG91's errors carry words rather than codes.
fn classify(status: reqwest::StatusCode, words: &str, reason: String) -> SendError {
    let words = words.to_lowercase();
    let says = |needles: &[&str]| needles.iter().any(|needle| words.contains(needle));
    if says(&[
        "too many",
        "rate limit",
        "try again",
        "temporar",
        "timeout",
        "balance",
    ]) {
        // An empty balance too: the shop tops it up, and the order news still matter then.
        return SendError::retry(reason);
    }
    let code = if matches!(status.as_u16(), 401 | 403 | 418) || says(&["auth", "whitelist"]) {
        "msg91_auth"
    } else if says(&["template", "flow", "dlt"]) {
        "msg91_template"
    } else if says(&["mobile", "number"]) {
        "msg91_number"
    } else {
        "msg91_error"
    };
    SendError::give_up(code, reason)
}

#[cfg(test)]
mod tests {
    use reqwest::StatusCode;

    use super::*;

    fn answer(status: u16, body: &str) -> Result<ProviderId, SendError> {
        read_answer(StatusCode::from_u16(status).unwrap(), body.as_bytes())
    }

    #[test]
    fn the_authkey_stays_out_of_logs() {
        let config = Msg91Config::new("391234AbCdEf", "order_placed=64f0").unwrap();
        assert!(!format!("{config:?}").contains("391234AbCdEf"));
    }

    #[test]
    fn success_gives_the_request_id() {
        assert_eq!(
            answer(
                200,
                r#"{"type":"success","message":"3365646f6b6c313233343536"}"#
            ),
            Ok(ProviderId("3365646f6b6c313233343536".into()))
        );
    }

    #[test]
    fn errors_are_sorted_by_what_they_say() {
        let code = |status, body| match answer(status, body) {
            Err(SendError::GiveUp { code, .. }) => code,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            code(401, r#"{"type":"error","message":"Unauthorized"}"#),
            "msg91_auth"
        );
        assert_eq!(
            code(
                200,
                r#"{"type":"error","message":"Authentication failure"}"#
            ),
            "msg91_auth"
        );
        assert_eq!(
            code(400, r#"{"type":"error","message":"Invalid Template Id"}"#),
            "msg91_template"
        );
        assert_eq!(
            code(
                400,
                r#"{"type":"error","message":"Mobile number not valid"}"#
            ),
            "msg91_number"
        );
        assert_eq!(code(400, "not json"), "msg91_error");
        assert!(
            answer(200, r#"{"type":"error","message":"Insufficient balance"}"#)
                .unwrap_err()
                .is_retry()
        );
        assert!(answer(503, "<html>busy</html>").unwrap_err().is_retry());
        assert!(answer(429, "").unwrap_err().is_retry());
    }
}
