//! Texts in the reader's language, one way for the whole shop.
//!
//! [`Texts`]: a catalogue of texts by key in every language, one JSON object per language, with
//! named placeholders in braces (`"Order {number} received — {shop}"`). The mails' catalogues
//! are `locales/{en,ml,ta}.json` beside their crate's `Cargo.toml`; the drawn pages' are the web
//! app's own (`frontend/src/locales`), so a title is written once for both. English is the
//! reference: every key it has, Malayalam and Tamil have too, with the same placeholders;
//! [`Texts::problems`] lists what is not so, and each owning crate's tests fail on it.
//!
//! [`matching`]: the other direction, for messages the domain crates write in English as they
//! go (an error naming a product and a number): a catalogue from English templates to the
//! language, which the server's answers are matched against on their way out.

pub mod matching;

use std::collections::{BTreeMap, BTreeSet};

use paths::Locale;

type Table = BTreeMap<String, String>;

#[derive(Debug, Default)]
pub struct Texts {
    en: Table,
    ml: Table,
    ta: Table,
}

impl Texts {
    /// The three catalogues, each a JSON object of strings.
    pub fn parse(en: &str, ml: &str, ta: &str) -> Result<Self, String> {
        let table = |code: &str, json: &str| {
            serde_json::from_str::<Table>(json).map_err(|error| format!("{code}.json: {error}"))
        };
        Ok(Self {
            en: table("en", en)?,
            ml: table("ml", ml)?,
            ta: table("ta", ta)?,
        })
    }

    /// [`parse`](Self::parse) for a crate's built-in catalogues. Their tests parse them, so an
    /// unreadable one is not expected; its mails would then show their keys, and it is logged.
    pub fn load(owner: &str, en: &str, ml: &str, ta: &str) -> Self {
        Self::parse(en, ml, ta).unwrap_or_else(|error| {
            tracing::error!(owner, %error, "a catalogue of texts is unreadable");
            Self::default()
        })
    }

    fn table(&self, locale: Locale) -> &Table {
        match locale {
            Locale::En => &self.en,
            Locale::Ml => &self.ml,
            Locale::Ta => &self.ta,
        }
    }

    /// The text of `key` in `locale`; English when that language lacks it, the key itself when
    /// English does too (the tests see to it that neither happens).
    pub fn text<'a>(&'a self, locale: Locale, key: &'a str) -> &'a str {
        self.table(locale)
            .get(key)
            .or_else(|| self.en.get(key))
            .map_or(key, String::as_str)
    }

    /// The text with its placeholders filled: `("number", "ORD-2026-000001")` for `{number}`.
    pub fn fill(&self, locale: Locale, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.text(locale, key).to_owned();
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// What is wrong with the catalogues: a key missing from a language (or unknown to
    /// English), a placeholder lost or added, an empty text, or a Malayalam or Tamil text still
    /// in English (a word of Latin letters that is not a placeholder nor in `allowed`: GST, UPI,
    /// brand names).
    pub fn problems(&self, allowed: &[&str]) -> Vec<String> {
        let mut problems = Vec::new();
        for (key, english) in &self.en {
            if english.trim().is_empty() {
                problems.push(format!("en: {key} is empty"));
            }
        }
        for locale in [Locale::Ml, Locale::Ta] {
            let code = locale.code();
            let table = self.table(locale);
            for key in self.en.keys() {
                if !table.contains_key(key) {
                    problems.push(format!("{code}: {key} is missing"));
                }
            }
            for (key, text) in table {
                let Some(english) = self.en.get(key) else {
                    problems.push(format!("{code}: {key} is not in en.json"));
                    continue;
                };
                if text.trim().is_empty() {
                    problems.push(format!("{code}: {key} is empty"));
                }
                if placeholders(text) != placeholders(english) {
                    problems.push(format!(
                        "{code}: {key} has the placeholders {:?}, English {:?}",
                        placeholders(text),
                        placeholders(english)
                    ));
                }
                for word in latin_words(text) {
                    if !allowed.contains(&word) {
                        problems.push(format!("{code}: {key} has the English word {word:?}"));
                    }
                }
            }
        }
        problems
    }
}

/// The `{names}` in a text.
pub fn placeholders(text: &str) -> BTreeSet<&str> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.insert(&after[..close]);
        rest = &after[close + 1..];
    }
    names
}

/// The words of Latin letters in a text outside its placeholders.
pub fn latin_words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut inside = false;
    let mut start = None;
    for (index, c) in text.char_indices() {
        match c {
            '{' => inside = true,
            '}' => inside = false,
            _ => {}
        }
        let letter = !inside && c.is_ascii_alphabetic();
        match (letter, start) {
            (true, None) => start = Some(index),
            (false, Some(from)) => {
                words.push(&text[from..index]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push(&text[from..]);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_key_a_lost_placeholder_and_english_left_in_are_problems() {
        let words = Texts::parse(
            r#"{"a": "Order {number}", "b": "Pay by UPI", "c": "Hello"}"#,
            r#"{"a": "ഓർഡർ", "b": "UPI വഴി അടയ്ക്കുക", "c": "Hello"}"#,
            r#"{"a": "ஆர்டர் {number}", "b": "UPI மூலம் செலுத்துங்கள்", "c": "வணக்கம்", "d": "x"}"#,
        )
        .unwrap();
        let problems = words.problems(&["UPI"]);
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("ml: a has the placeholders"))
        );
        assert!(problems.contains(&"ml: c has the English word \"Hello\"".to_owned()));
        assert!(problems.contains(&"ta: d is not in en.json".to_owned()));
        assert_eq!(problems.len(), 3, "{problems:#?}");
        let missing = Texts::parse(
            r#"{"a": "A {x}", "b": "B"}"#,
            r#"{"a": "എ {x}"}"#,
            r#"{"a": "அ {x}", "b": "ஆ"}"#,
        )
        .unwrap();
        assert_eq!(missing.problems(&[]), ["ml: b is missing"]);
    }

    #[test]
    fn texts_fall_back_to_english_and_placeholders_fill() {
        let words = Texts::parse(
            r#"{"a": "Order {number} for {amount}", "b": "Only English"}"#,
            r#"{"a": "{amount}-ന്റെ ഓർഡർ {number}"}"#,
            "{}",
        )
        .unwrap();
        assert_eq!(
            words.fill(
                Locale::Ml,
                "a",
                &[("number", "ORD-1"), ("amount", "₹1,00,000.00")]
            ),
            "₹1,00,000.00-ന്റെ ഓർഡർ ORD-1"
        );
        assert_eq!(words.text(Locale::Ml, "b"), "Only English");
        assert_eq!(words.text(Locale::Ta, "zzz"), "zzz");
        assert_eq!(latin_words("{name} GST ₹5 e-mail"), ["GST", "e", "mail"]);
    }
}
