//! Which provider template carries which message in which language, and the one-line form the
//! shop's environment gives it in:
//!
//! ```text
//! order_placed=64f0c1e2d6fc05278c7d47e2, sign_in_code.ml=64f0c1e2d6fc05278c7d47e3
//! ```
//!
//! Entries are separated by commas, semicolons or white space; `key=value` holds for every
//! language and `key.lang=value` for one, whichever comes later winning.

use std::collections::HashMap;

use paths::Locale;

use crate::channel::SendError;
use crate::message::{Message, TemplateKey};

/// Why a channel could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{0:?} is not `template=value` or `template.language=value`")]
    Malformed(String),
    #[error("there is no message template called {0:?}")]
    UnknownTemplate(String),
    #[error("the shop has no language {0:?} (en, ml, ta)")]
    UnknownLanguage(String),
    #[error("{entry:?}: {reason}")]
    BadValue { entry: String, reason: String },
    /// The HTTP client could not be built (its TLS set-up failed).
    #[error("the HTTP client could not start: {0}")]
    Client(String),
}

/// A value (a template name, a template id) for each message and language.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateMap<T> {
    entries: HashMap<(TemplateKey, Locale), T>,
}

impl<T> Default for TemplateMap<T> {
    fn default() -> Self {
        Self {
            entries: HashMap::new(),
        }
    }
}

impl<T> TemplateMap<T> {
    pub fn get(&self, key: TemplateKey, language: Locale) -> Option<&T> {
        self.entries.get(&(key, language))
    }

    /// The value for `message`, or the reason to give it up: `provider` has no template for it.
    pub fn for_message(&self, message: &Message, provider: &str) -> Result<&T, SendError> {
        self.get(message.template, message.language).ok_or_else(|| {
            SendError::give_up(
                "no_template",
                format!(
                    "no {provider} template is set for {} in {}",
                    message.template, message.language
                ),
            )
        })
    }

    pub fn insert(&mut self, key: TemplateKey, language: Locale, value: T) {
        self.entries.insert((key, language), value);
    }

    /// The map with the entries of `spec` laid over it, each value read by `read` for the
    /// message and language it is for.
    pub fn with_spec(
        mut self,
        spec: &str,
        read: impl Fn(TemplateKey, Locale, &str) -> Result<T, String>,
    ) -> Result<Self, ConfigError> {
        for entry in spec
            .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
            .filter(|entry| !entry.is_empty())
        {
            let (target, value) = entry
                .split_once('=')
                .filter(|(target, value)| !target.is_empty() && !value.is_empty())
                .ok_or_else(|| ConfigError::Malformed(entry.to_owned()))?;
            let (name, languages) = match target.split_once('.') {
                Some((name, code)) => (
                    name,
                    vec![
                        Locale::parse(code)
                            .ok_or_else(|| ConfigError::UnknownLanguage(code.to_owned()))?,
                    ],
                ),
                None => (target, Locale::ALL.to_vec()),
            };
            let key = TemplateKey::parse(name)
                .ok_or_else(|| ConfigError::UnknownTemplate(name.to_owned()))?;
            for language in languages {
                let value = read(key, language, value).map_err(|reason| ConfigError::BadValue {
                    entry: entry.to_owned(),
                    reason,
                })?;
                self.insert(key, language, value);
            }
        }
        Ok(self)
    }

    /// The messages and languages without a value: what the shop could not send this way.
    pub fn missing(&self) -> Vec<(TemplateKey, Locale)> {
        TemplateKey::ALL
            .into_iter()
            .flat_map(|key| Locale::ALL.map(|language| (key, language)))
            .filter(|(key, language)| self.get(*key, *language).is_none())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(spec: &str) -> Result<TemplateMap<String>, ConfigError> {
        TemplateMap::default().with_spec(spec, |_, _, value| Ok(value.to_owned()))
    }

    #[test]
    fn a_key_alone_holds_for_every_language_and_a_language_overrides_it() {
        let map = ids("order_placed=aaa, order_placed.ml=bbb;\nsign_in_code.ta=ccc").unwrap();
        assert_eq!(
            map.get(TemplateKey::OrderPlaced, Locale::En).unwrap(),
            "aaa"
        );
        assert_eq!(
            map.get(TemplateKey::OrderPlaced, Locale::Ta).unwrap(),
            "aaa"
        );
        assert_eq!(
            map.get(TemplateKey::OrderPlaced, Locale::Ml).unwrap(),
            "bbb"
        );
        assert_eq!(map.get(TemplateKey::SignInCode, Locale::Ta).unwrap(), "ccc");
        assert_eq!(map.get(TemplateKey::SignInCode, Locale::En), None);
        assert_eq!(map.missing().len(), 12 * 3 - 4);
        assert!(
            ids("")
                .unwrap()
                .get(TemplateKey::OrderPlaced, Locale::En)
                .is_none()
        );
    }

    #[test]
    fn mistakes_in_the_spec_are_named() {
        assert_eq!(
            ids("order_lost=aaa"),
            Err(ConfigError::UnknownTemplate("order_lost".into()))
        );
        assert_eq!(
            ids("order_placed.hi=aaa"),
            Err(ConfigError::UnknownLanguage("hi".into()))
        );
        assert_eq!(
            ids("order_placed"),
            Err(ConfigError::Malformed("order_placed".into()))
        );
        assert_eq!(
            ids("order_placed="),
            Err(ConfigError::Malformed("order_placed=".into()))
        );
    }
}
