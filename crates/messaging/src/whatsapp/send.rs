//! Sending one template message.

use serde::Deserialize;
use serde_json::{Value, json};

use super::errors::classify;
use super::{TemplateKind, WhatsAppConfig, WhatsAppTemplate};
use crate::channel::{Channel, SendError, SendFuture};
use crate::config::ConfigError;
use crate::http;
use crate::message::{Message, ProviderId};

/// The WhatsApp channel.
pub struct WhatsAppCloud {
    config: WhatsAppConfig,
    client: reqwest::Client,
    url: String,
}

impl WhatsAppCloud {
    pub fn new(config: WhatsAppConfig) -> Result<Self, ConfigError> {
        let url = format!(
            "{}/{}/{}/messages",
            config.base_url.trim_end_matches('/'),
            config.api_version,
            config.phone_number_id
        );
        Ok(Self {
            client: http::client(config.timeout)?,
            config,
            url,
        })
    }

    pub fn config(&self) -> &WhatsAppConfig {
        &self.config
    }

    async fn deliver(&self, message: &Message) -> Result<ProviderId, SendError> {
        let template = self.config.templates.for_message(message, "WhatsApp")?;
        let body = request_body(message, template)?;
        let answer = http::send(
            self.client
                .post(&self.url)
                .bearer_auth(&self.config.access_token)
                .json(&body),
        )
        .await?;
        if !answer.status.is_success() {
            return Err(classify(answer.status, &answer.body));
        }
        sent_id(&answer.body)
    }
}

impl Channel for WhatsAppCloud {
    fn name(&self) -> &'static str {
        "whatsapp"
    }

    fn send<'a>(&'a self, message: &'a Message) -> SendFuture<'a> {
        Box::pin(self.deliver(message))
    }
}

/// The Cloud API's template message for `message`.
fn request_body(message: &Message, template: &WhatsAppTemplate) -> Result<Value, SendError> {
    let components = match template.kind {
        TemplateKind::Utility => {
            let mut components = Vec::new();
            if !message.variables.is_empty() {
                components.push(json!({
                    "type": "body",
                    "parameters": message.variables.iter().map(|v| text(v)).collect::<Vec<_>>(),
                }));
            }
            if let Some(link) = &message.link {
                components.push(url_button(link));
            }
            components
        }
        TemplateKind::Authentication => {
            let [code] = message.variables.as_slice() else {
                return Err(SendError::give_up(
                    "bad_variables",
                    format!(
                        "an authentication template takes the code alone, not {} variables",
                        message.variables.len()
                    ),
                ));
            };
            vec![
                json!({"type": "body", "parameters": [text(code)]}),
                url_button(code),
            ]
        }
    };
    Ok(json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": message.to.digits(),
        "type": "template",
        "template": {
            "name": template.name,
            "language": {"code": template.language_code},
            "components": components,
        },
    }))
}

/// A text parameter. Meta refuses parameters with line breaks, tabs or more than four spaces
/// in a row, so every run of white space becomes one space.
fn text(value: &str) -> Value {
    json!({"type": "text", "text": value.split_whitespace().collect::<Vec<_>>().join(" ")})
}

/// Button 0 with its parameter: a URL button's dynamic suffix, or an authentication
/// template's code (its copy-code button is a URL button to Meta).
fn url_button(parameter: &str) -> Value {
    json!({
        "type": "button",
        "sub_type": "url",
        "index": "0",
        "parameters": [{"type": "text", "text": parameter}],
    })
}

#[derive(Deserialize)]
struct Sent {
    messages: Vec<SentMessage>,
}

#[derive(Deserialize)]
struct SentMessage {
    id: String,
}

/// The message id of a success answer:
/// `{"messaging_product":"whatsapp","contacts":[…],"messages":[{"id":"wamid.…"}]}`.
fn sent_id(body: &[u8]) -> Result<ProviderId, SendError> {
    serde_json::from_slice::<Sent>(body)
        .ok()
        .and_then(|sent| sent.messages.into_iter().next())
        .map(|message| ProviderId(message.id))
        .ok_or_else(|| {
            SendError::give_up(
                "unreadable_answer",
                format!(
                    "WhatsApp took the message but its answer has no message id: {}",
                    String::from_utf8_lossy(body)
                        .chars()
                        .take(300)
                        .collect::<String>()
                ),
            )
        })
}

#[cfg(test)]
mod tests {
    use paths::Locale;

    use super::*;
    use crate::message::TemplateKey;
    use crate::phone::PhoneNumber;
    use crate::whatsapp::default_templates;

    fn message(template: TemplateKey, variables: &[&str], link: Option<&str>) -> Message {
        Message {
            to: PhoneNumber::parse("98470 12345", &[]).unwrap(),
            language: Locale::Ta,
            template,
            variables: variables.iter().map(|v| v.to_string()).collect(),
            link: link.map(str::to_owned),
            text: String::new(),
        }
    }

    fn body_for(message: &Message) -> Result<Value, SendError> {
        let templates = default_templates();
        request_body(
            message,
            templates.get(message.template, message.language).unwrap(),
        )
    }

    #[test]
    fn parameters_lose_line_breaks_and_long_spaces() {
        let body = body_for(&message(
            TemplateKey::OwnerContactMessage,
            &["Ravi", "Line one\nline two\t     end"],
            None,
        ))
        .unwrap();
        assert_eq!(
            body["template"]["components"][0]["parameters"][1]["text"],
            "Line one line two end"
        );
        assert_eq!(body["template"]["components"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn a_sign_in_code_is_one_variable() {
        let two = message(TemplateKey::SignInCode, &["123456", "extra"], None);
        assert_eq!(
            body_for(&two).unwrap_err(),
            SendError::give_up(
                "bad_variables",
                "an authentication template takes the code alone, not 2 variables"
            )
        );
    }

    #[test]
    fn a_success_answer_without_an_id_is_not_taken_for_success() {
        assert_eq!(
            sent_id(br#"{"messages":[{"id":"wamid.X"}]}"#),
            Ok(ProviderId("wamid.X".into()))
        );
        assert!(matches!(
            sent_id(b"{\"messages\":[]}"),
            Err(SendError::GiveUp { code, .. }) if code == "unreadable_answer"
        ));
    }
}
