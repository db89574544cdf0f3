//! One message to one phone, as an outbox row keeps it (JSON) and every channel sends it.

use std::fmt;

use paths::Locale;
use serde::{Deserialize, Serialize};

use crate::phone::PhoneNumber;

/// What a message is about: the stable name a provider's approved template is found by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TemplateKey {
    OrderPlaced,
    OrderConfirmed,
    PaymentReceived,
    OrderShipped,
    OrderDelivered,
    OrderCancelled,
    OrderRefunded,
    /// A one-time code: its only variable is the code.
    SignInCode,
    OwnerNewOrder,
    OwnerContactMessage,
    OwnerPaymentUnmatched,
    /// A batch the customer bought is recalled by its manufacturer: name, product, batch, order
    /// number.
    BatchRecall,
}

impl TemplateKey {
    pub const ALL: [TemplateKey; 12] = [
        Self::OrderPlaced,
        Self::OrderConfirmed,
        Self::PaymentReceived,
        Self::OrderShipped,
        Self::OrderDelivered,
        Self::OrderCancelled,
        Self::OrderRefunded,
        Self::SignInCode,
        Self::OwnerNewOrder,
        Self::OwnerContactMessage,
        Self::OwnerPaymentUnmatched,
        Self::BatchRecall,
    ];

    /// `order_placed`: the name in configuration, outbox rows and logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OrderPlaced => "order_placed",
            Self::OrderConfirmed => "order_confirmed",
            Self::PaymentReceived => "payment_received",
            Self::OrderShipped => "order_shipped",
            Self::OrderDelivered => "order_delivered",
            Self::OrderCancelled => "order_cancelled",
            Self::OrderRefunded => "order_refunded",
            Self::SignInCode => "sign_in_code",
            Self::OwnerNewOrder => "owner_new_order",
            Self::OwnerContactMessage => "owner_contact_message",
            Self::OwnerPaymentUnmatched => "owner_payment_unmatched",
            Self::BatchRecall => "batch_recall",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|key| key.as_str() == name)
    }
}

impl fmt::Display for TemplateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A message as the shop wrote it, before any channel shapes it for its provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub to: PhoneNumber,
    #[serde(with = "locale_code")]
    pub language: Locale,
    pub template: TemplateKey,
    /// The template's body parameters, in order (`{{1}}`, `{{2}}`, … on WhatsApp; `var1`,
    /// `var2`, … on MSG91).
    pub variables: Vec<String>,
    /// What follows the shop's address in a template's URL button (`orders/A1B2C3`), and the
    /// link an SMS ends with.
    pub link: Option<String>,
    /// The whole message as the reader sees it: what the file channel writes and staff read.
    pub text: String,
}

/// The id a provider gave a message it accepted (`wamid.…` on WhatsApp, a request id on
/// MSG91): delivery reports name messages by it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProviderId(pub String);

impl ProviderId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ProviderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `paths::Locale` as its code (`"ml"`), the form the rest of the shop stores.
mod locale_code {
    use paths::Locale;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(locale: &Locale, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(locale.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Locale, D::Error> {
        let code = String::deserialize(deserializer)?;
        Locale::parse(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown language {code:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outbox_row_keeps_the_message_as_json_and_reads_it_back() {
        let message = Message {
            to: PhoneNumber::parse("98470 12345", &[]).unwrap(),
            language: Locale::Ml,
            template: TemplateKey::OrderShipped,
            variables: vec!["Anu".into(), "A1B2C3".into()],
            link: Some("orders/A1B2C3".into()),
            text: "അനു, നിങ്ങളുടെ ഓർഡർ A1B2C3 അയച്ചു.".into(),
        };
        let json = serde_json::to_value(&message).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "to": "+919847012345",
                "language": "ml",
                "template": "order_shipped",
                "variables": ["Anu", "A1B2C3"],
                "link": "orders/A1B2C3",
                "text": "അനു, നിങ്ങളുടെ ഓർഡർ A1B2C3 അയച്ചു.",
            })
        );
        assert_eq!(serde_json::from_value::<Message>(json).unwrap(), message);
    }

    #[test]
    fn template_keys_keep_their_names() {
        for key in TemplateKey::ALL {
            assert_eq!(TemplateKey::parse(key.as_str()), Some(key));
            assert_eq!(
                serde_json::to_value(key).unwrap(),
                serde_json::json!(key.as_str())
            );
        }
        assert_eq!(TemplateKey::parse("order_lost"), None);
    }
}
