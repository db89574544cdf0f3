//! WhatsApp through Meta's WhatsApp Business Cloud API: approved templates sent with
//! `POST {base}/{version}/{phone-number-id}/messages`, and the webhook that reports their
//! delivery and brings shoppers' replies.
//!
//! What the shapes here rest on (read 2026; where only a copy or a client library was read, it
//! says so):
//! - the template message: Meta's Node SDK reference (`whatsapp.github.io/WhatsApp-Nodejs-SDK`,
//!   `messages.template` and the Template Object) and the envelope on Meta's message pages
//!   (`developers.facebook.com/documentation/business-messaging/whatsapp/messages/…`);
//! - authentication templates: Meta's "Copy code authentication templates" page (a copy-code
//!   button is created as `otp` and becomes a URL button). The sending shape, the code as the
//!   body parameter and as button 0's parameter, comes from client libraries (`ws-cloud-api`),
//!   not from a Meta page read here;
//! - the success answer `{"messaging_product","contacts":[{"input","wa_id"}],"messages":[{"id"}]}`
//!   and the error body `{"error":{"message","type","code","error_data":{"details"},
//!   "fbtrace_id"}}` with its codes: Meta's "Error codes" page as mirrored by BSPs' docs
//!   (Kaleyra, Alendei, Niswey), which quote Meta's advice to build on `code`, not on the HTTP
//!   status or `error_subcode` (gone from v16.0);
//! - webhooks: Meta's "messages" and "Status messages" webhook references, the
//!   "user_preferences" reference, and a copy of Meta's "Webhook notification payload examples"
//!   for quick-reply buttons; the `X-Hub-Signature-256` scheme and the `hub.*` check as every
//!   client library and Meta's Node SDK describe them (the Graph API webhooks page itself was
//!   not read);
//! - the API version: the Graph API changelog lists v25.0 (February 2026) as available until
//!   July 2028; v21.0 ends in January 2027.

mod errors;
mod send;
pub mod webhook;

use std::fmt;
use std::time::Duration;

use paths::Locale;

use crate::config::{ConfigError, TemplateMap};
use crate::http::DEFAULT_TIMEOUT;
use crate::message::TemplateKey;

pub use errors::is_retryable_code;
pub use send::WhatsAppCloud;

/// Everything the channel and the webhook need to know about the shop's WhatsApp number. Its
/// `Debug` leaves the secrets out.
#[derive(Clone)]
pub struct WhatsAppConfig {
    /// `https://graph.facebook.com`, or the provider simulator's address in tests.
    pub base_url: String,
    /// `v25.0`.
    pub api_version: String,
    /// The business phone number's id (WhatsApp Manager, API set-up), not the number.
    pub phone_number_id: String,
    /// A system user's permanent token with `whatsapp_business_messaging`.
    pub access_token: String,
    /// The Meta app's secret: webhooks are signed with it.
    pub app_secret: String,
    /// The shop's own secret, typed into the webhook's set-up; Meta repeats it when it checks
    /// the callback URL.
    pub verify_token: String,
    pub templates: TemplateMap<WhatsAppTemplate>,
    /// How long one send may take before it counts as failed (and is tried again).
    pub timeout: Duration,
}

impl WhatsAppConfig {
    pub const DEFAULT_BASE_URL: &'static str = "https://graph.facebook.com";
    pub const DEFAULT_API_VERSION: &'static str = "v25.0";

    /// Meta's address and version, templates named after their keys.
    pub fn new(
        phone_number_id: impl Into<String>,
        access_token: impl Into<String>,
        app_secret: impl Into<String>,
        verify_token: impl Into<String>,
    ) -> Self {
        Self {
            base_url: Self::DEFAULT_BASE_URL.to_owned(),
            api_version: Self::DEFAULT_API_VERSION.to_owned(),
            phone_number_id: phone_number_id.into(),
            access_token: access_token.into(),
            app_secret: app_secret.into(),
            verify_token: verify_token.into(),
            templates: default_templates(),
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// The templates with the entries of `spec` laid over them: `key[.lang]=name[:code]`, as
    /// `order_placed=shop_order_placed_v2, sign_in_code.en=shop_code:en_US` (see
    /// [`crate::config`]). A name without a code keeps the language's own code.
    pub fn with_templates(mut self, spec: &str) -> Result<Self, ConfigError> {
        self.templates =
            std::mem::take(&mut self.templates).with_spec(spec, |key, language, value| {
                let (name, code) = value.split_once(':').unwrap_or((value, language.code()));
                if name.is_empty() || code.is_empty() {
                    return Err("a template is `name` or `name:language_code`".into());
                }
                Ok(template_for(key, name, code))
            })?;
        Ok(self)
    }
}

impl fmt::Debug for WhatsAppConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WhatsAppConfig")
            .field("base_url", &self.base_url)
            .field("api_version", &self.api_version)
            .field("phone_number_id", &self.phone_number_id)
            .field("access_token", &"<secret>")
            .field("app_secret", &"<secret>")
            .field("verify_token", &"<secret>")
            .field("templates", &self.templates)
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// One approved template, as Meta knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatsAppTemplate {
    /// The template's name in WhatsApp Manager.
    pub name: String,
    /// The language it was approved in: `en`, `en_US`, `ml`, `ta`.
    pub language_code: String,
    pub kind: TemplateKind,
}

/// How a template's parameters are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateKind {
    /// Body parameters, and, when the message has a link, button 0 as a URL button whose
    /// dynamic suffix is the link.
    Utility,
    /// An authentication template: the code is the only body parameter and the parameter of
    /// its copy-code button; no link.
    Authentication,
}

/// Every key in every language, named after the key (`order_placed`) in the language's own
/// code; the sign-in code as an authentication template.
pub fn default_templates() -> TemplateMap<WhatsAppTemplate> {
    let mut templates = TemplateMap::default();
    for key in TemplateKey::ALL {
        for language in Locale::ALL {
            templates.insert(
                key,
                language,
                template_for(key, key.as_str(), language.code()),
            );
        }
    }
    templates
}

fn template_for(key: TemplateKey, name: &str, language_code: &str) -> WhatsAppTemplate {
    WhatsAppTemplate {
        name: name.to_owned(),
        language_code: language_code.to_owned(),
        kind: match key {
            TemplateKey::SignInCode => TemplateKind::Authentication,
            _ => TemplateKind::Utility,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_stay_out_of_logs() {
        let config = WhatsAppConfig::new("1234", "EAAG-token", "app-secret", "verify-token");
        let printed = format!("{config:?}");
        for secret in ["EAAG-token", "app-secret", "verify-token"] {
            assert!(!printed.contains(secret), "{printed}");
        }
        assert!(printed.contains("1234"));
    }

    #[test]
    fn templates_are_named_after_their_keys_unless_the_spec_says_otherwise() {
        let config = WhatsAppConfig::new("1", "t", "s", "v")
            .with_templates("order_placed=shop_order_v2, sign_in_code.en=shop_code:en_US")
            .unwrap();
        let get = |key, language| config.templates.get(key, language).unwrap().clone();
        assert_eq!(
            get(TemplateKey::OrderPlaced, Locale::Ml),
            template_for(TemplateKey::OrderPlaced, "shop_order_v2", "ml")
        );
        assert_eq!(
            get(TemplateKey::SignInCode, Locale::En),
            WhatsAppTemplate {
                name: "shop_code".into(),
                language_code: "en_US".into(),
                kind: TemplateKind::Authentication,
            }
        );
        assert_eq!(
            get(TemplateKey::OrderShipped, Locale::Ta).name,
            "order_shipped"
        );
        assert_eq!(
            get(TemplateKey::OrderShipped, Locale::Ta).language_code,
            "ta"
        );
        assert!(
            WhatsAppConfig::new("1", "t", "s", "v")
                .with_templates("order_placed=:ml")
                .is_err()
        );
    }
}
