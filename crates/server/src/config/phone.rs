//! How the shop reaches phones (`WHATSAPP_*`, `MSG91_*`, `MESSAGES_DIR`): WhatsApp through Meta's
//! Cloud API when its phone-number id is set, else SMS through MSG91 when its authkey is set, else
//! each message written to a file under `MESSAGES_DIR` and logged (the demo and the tests).

use std::path::PathBuf;

use anyhow::{Context, bail};
use messaging::{INDIA, Msg91Config, WhatsAppConfig};

#[derive(Debug, Clone)]
pub enum PhoneChannel {
    WhatsApp(WhatsAppConfig),
    Sms(Msg91Config),
    Files(PathBuf),
}

#[derive(Debug, Clone)]
pub struct PhoneConfig {
    pub channel: PhoneChannel,
    /// Calling codes codes may be sent to: India, and those in `PHONE_COUNTRY_CODES`.
    pub calling_codes: Vec<u16>,
    /// Codes (sign-in and verification) the whole shop may send in an hour
    /// (`SIGN_IN_CODES_PER_HOUR`, 300): a bound on what SMS pumping can cost.
    pub sign_in_codes_per_hour: i64,
    /// MSG91's delivery reports come to `/api/webhooks/msg91/{secret}` (MSG91 signs nothing).
    pub msg91_webhook_secret: Option<String>,
}

impl PhoneConfig {
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let required = |name: &str| {
            var(name)
                .filter(|value| !value.trim().is_empty())
                .with_context(|| format!("{name} must be set with WHATSAPP_PHONE_NUMBER_ID"))
        };
        let channel = if let Some(phone_number_id) = var("WHATSAPP_PHONE_NUMBER_ID") {
            let mut config = WhatsAppConfig::new(
                phone_number_id.trim(),
                required("WHATSAPP_ACCESS_TOKEN")?,
                required("WHATSAPP_APP_SECRET")?,
                required("WHATSAPP_VERIFY_TOKEN")?,
            );
            if let Some(base) = var("WHATSAPP_API_BASE") {
                config.base_url = base.trim_end_matches('/').to_owned();
            }
            if let Some(version) = var("WHATSAPP_API_VERSION") {
                config.api_version = version;
            }
            if let Some(spec) = var("WHATSAPP_TEMPLATES") {
                config = config.with_templates(&spec).context("WHATSAPP_TEMPLATES")?;
            }
            PhoneChannel::WhatsApp(config)
        } else if let Some(authkey) = var("MSG91_AUTHKEY") {
            let spec = var("MSG91_TEMPLATES").context(
                "MSG91_TEMPLATES (a DLT template for each message) must be set with MSG91_AUTHKEY",
            )?;
            let mut config = Msg91Config::new(authkey.trim(), &spec).context("MSG91_TEMPLATES")?;
            config.sender = var("MSG91_SENDER");
            if let Some(base) = var("MSG91_API_BASE") {
                config.base_url = base.trim_end_matches('/').to_owned();
            }
            PhoneChannel::Sms(config)
        } else {
            PhoneChannel::Files(
                var("MESSAGES_DIR")
                    .unwrap_or_else(|| "data/messages".into())
                    .into(),
            )
        };
        let mut calling_codes = vec![INDIA];
        for code in var("PHONE_COUNTRY_CODES").unwrap_or_default().split(',') {
            let code = code.trim().trim_start_matches('+');
            if code.is_empty() {
                continue;
            }
            match code.parse::<u16>() {
                Ok(code @ 1..=999) => calling_codes.push(code),
                _ => bail!("PHONE_COUNTRY_CODES must be calling codes like 971,44, got `{code}`"),
            }
        }
        let msg91_webhook_secret = match var("MSG91_WEBHOOK_SECRET") {
            Some(secret) if secret.trim().len() < 24 => {
                bail!("MSG91_WEBHOOK_SECRET must be at least 24 characters")
            }
            secret => secret.map(|s| s.trim().to_owned()),
        };
        let sign_in_codes_per_hour = match var("SIGN_IN_CODES_PER_HOUR") {
            None => accounts::CodeCaps::DEFAULT_SHOP_HOUR,
            Some(raw) => match raw.trim().parse::<i64>() {
                Ok(codes @ 0..=1_000_000) => codes,
                _ => bail!("SIGN_IN_CODES_PER_HOUR must be 0 to 1000000, got `{raw}`"),
            },
        };
        Ok(Self {
            channel,
            calling_codes,
            sign_in_codes_per_hour,
            msg91_webhook_secret,
        })
    }

    /// The channel as the desk tells staff: files reach nobody.
    pub fn desk_channel(&self) -> orders::desk::PhoneChannel {
        match self.channel {
            PhoneChannel::WhatsApp(_) => orders::desk::PhoneChannel::Whatsapp,
            PhoneChannel::Sms(_) => orders::desk::PhoneChannel::Sms,
            PhoneChannel::Files(_) => orders::desk::PhoneChannel::None,
        }
    }

    /// What the channel is called where staff read it.
    pub fn channel_name(&self) -> &'static str {
        match self.channel {
            PhoneChannel::WhatsApp(_) => "whatsapp",
            PhoneChannel::Sms(_) => "sms",
            PhoneChannel::Files(_) => "file",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<PhoneConfig> {
        PhoneConfig::from_env(|name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        })
    }

    #[test]
    fn whatsapp_then_sms_then_files() {
        let whatsapp = from(&[
            ("WHATSAPP_PHONE_NUMBER_ID", "100000000000001"),
            ("WHATSAPP_ACCESS_TOKEN", "token"),
            ("WHATSAPP_APP_SECRET", "secret"),
            ("WHATSAPP_VERIFY_TOKEN", "verify"),
            ("MSG91_AUTHKEY", "key"),
            ("MSG91_TEMPLATES", "order_placed=1"),
        ])
        .unwrap();
        assert_eq!(whatsapp.channel_name(), "whatsapp");
        let sms = from(&[
            ("MSG91_AUTHKEY", "key"),
            ("MSG91_TEMPLATES", "order_placed=1"),
        ])
        .unwrap();
        assert_eq!(sms.channel_name(), "sms");
        let files = from(&[]).unwrap();
        assert_eq!(files.channel_name(), "file");
        assert_eq!(files.calling_codes, [91]);
        assert_eq!(files.sign_in_codes_per_hour, 300);
        assert_eq!(
            from(&[("SIGN_IN_CODES_PER_HOUR", "40")])
                .unwrap()
                .sign_in_codes_per_hour,
            40
        );
        assert!(from(&[("SIGN_IN_CODES_PER_HOUR", "lots")]).is_err());
    }

    #[test]
    fn a_half_set_provider_or_a_bad_country_code_stops_the_start() {
        let error = from(&[("WHATSAPP_PHONE_NUMBER_ID", "1")]).unwrap_err();
        assert!(
            error.to_string().contains("WHATSAPP_ACCESS_TOKEN"),
            "{error}"
        );
        let error = from(&[("MSG91_AUTHKEY", "key")]).unwrap_err();
        assert!(error.to_string().contains("MSG91_TEMPLATES"), "{error}");
        let error = from(&[("PHONE_COUNTRY_CODES", "971,abc")]).unwrap_err();
        assert!(error.to_string().contains("abc"), "{error}");
        assert_eq!(
            from(&[("PHONE_COUNTRY_CODES", "+971, 44")])
                .unwrap()
                .calling_codes,
            [91, 971, 44]
        );
    }
}
