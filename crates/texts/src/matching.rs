//! One language's catalogue of the server's messages and how a message is matched against it.
//!
//! The file is a JSON object of two maps, each from English to the language:
//! - `messages`: the English messages as the domain crates write them. A dynamic part is a
//!   named placeholder in braces in both texts (`"Only {available} of {name} can be bought
//!   now."`). Messages without placeholders are looked up exactly; the others are compiled once
//!   to anchored regular expressions, the longest fixed text tried first, so that `"Some items
//!   may not be shipped to {state}."` wins over `"{product} may not be shipped to {state}."`.
//! - `terms`: the English words that fill placeholders (`city` in `"The {what} field is
//!   required."`, `Brand` in `"{what} not found."`, and the states' names, `Kerala` in `"Some
//!   items may not be shipped to {state}."`).
//!
//! A captured part is translated in turn (a term, a message or a template, two levels deep),
//! else kept as sent: a product's name, a number, a PIN code.

use std::collections::{BTreeMap, HashMap};

use regex::Regex;
use serde::Deserialize;

/// How deep captured parts are translated: `"{first} (and {count} more errors)"` holds a
/// message that may hold a term.
const MAX_DEPTH: usize = 2;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogueFile {
    pub messages: BTreeMap<String, String>,
    #[serde(default)]
    pub terms: BTreeMap<String, String>,
}

#[derive(Debug, Default)]
pub struct Catalogue {
    exact: HashMap<String, String>,
    terms: HashMap<String, String>,
    templates: Vec<Template>,
}

#[derive(Debug)]
struct Template {
    pattern: Regex,
    /// The placeholders' names, in the order of the pattern's groups.
    names: Vec<String>,
    translation: String,
}

/// A placeholder is `{name}`: a letter or underscore, then letters, digits and underscores.
pub fn placeholders(text: &str) -> Vec<&str> {
    pieces(text)
        .into_iter()
        .filter_map(|piece| match piece {
            Piece::Placeholder(name) => Some(name),
            Piece::Text(_) => None,
        })
        .collect()
}

/// The fixed text around a template's placeholders (what must still be in the source code).
pub fn fixed_parts(text: &str) -> Vec<&str> {
    pieces(text)
        .into_iter()
        .filter_map(|piece| match piece {
            Piece::Text(text) if !text.is_empty() => Some(text),
            _ => None,
        })
        .collect()
}

#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut rest = text;
    let mut text_start = 0;
    let mut offset = 0;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after
            .char_indices()
            .find(|(i, c)| {
                !(c.is_ascii_alphabetic() || *c == '_' || (*i > 0 && c.is_ascii_digit()))
            })
            .map_or(after.len(), |(i, _)| i);
        if name_len > 0 && after[name_len..].starts_with('}') {
            let start = offset + open;
            pieces.push(Piece::Text(&text[text_start..start]));
            pieces.push(Piece::Placeholder(&after[..name_len]));
            text_start = start + name_len + 2;
        }
        let step = open + 1;
        offset += step;
        rest = &rest[step..];
    }
    pieces.push(Piece::Text(&text[text_start..]));
    pieces
}

impl Catalogue {
    pub fn parse(json: &str) -> Result<Self, String> {
        let file: CatalogueFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
        Self::from_file(file)
    }

    pub fn from_file(file: CatalogueFile) -> Result<Self, String> {
        let mut catalogue = Self {
            terms: file.terms.into_iter().collect(),
            ..Self::default()
        };
        let mut templates = Vec::new();
        for (english, translation) in file.messages {
            let pieces = pieces(&english);
            if pieces.len() == 1 {
                catalogue.exact.insert(english, translation);
                continue;
            }
            let mut pattern = String::from("(?s)^");
            let mut names = Vec::new();
            let mut fixed = 0;
            for piece in pieces {
                match piece {
                    Piece::Text(text) => {
                        pattern.push_str(&regex::escape(text));
                        fixed += text.chars().count();
                    }
                    Piece::Placeholder(name) => {
                        pattern.push_str("(.+?)");
                        names.push(name.to_owned());
                    }
                }
            }
            pattern.push('$');
            let pattern = Regex::new(&pattern).map_err(|e| format!("{english:?}: {e}"))?;
            templates.push((
                fixed,
                Template {
                    pattern,
                    names,
                    translation,
                },
            ));
        }
        // The most specific (the longest fixed text) first; equal ones keep the file's order.
        templates.sort_by(|(a, _), (b, _)| b.cmp(a));
        catalogue.templates = templates.into_iter().map(|(_, t)| t).collect();
        Ok(catalogue)
    }

    /// `message` in this language, or `None` when nothing in the catalogue matches it.
    pub fn translate(&self, message: &str) -> Option<String> {
        self.translate_at(message, 0)
    }

    fn translate_at(&self, message: &str, depth: usize) -> Option<String> {
        if let Some(translation) = self.exact.get(message) {
            return Some(translation.clone());
        }
        if depth > 0
            && let Some(term) = self.terms.get(message)
        {
            return Some(term.clone());
        }
        if depth > MAX_DEPTH {
            return None;
        }
        self.templates.iter().find_map(|template| {
            let captures = template.pattern.captures(message)?;
            let values: HashMap<&str, String> = template
                .names
                .iter()
                .zip(captures.iter().skip(1))
                .map(|(name, value)| {
                    let value = value.map_or("", |m| m.as_str());
                    let translated = self
                        .translate_at(value, depth + 1)
                        .unwrap_or_else(|| value.to_owned());
                    (name.as_str(), translated)
                })
                .collect();
            Some(fill(&template.translation, &values))
        })
    }
}

/// `translation` with each `{name}` replaced by its value, in one pass (a value holding braces
/// is not read again).
fn fill(translation: &str, values: &HashMap<&str, String>) -> String {
    let mut out = String::with_capacity(translation.len() + 32);
    for piece in pieces(translation) {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Placeholder(name) => match values.get(name) {
                Some(value) => out.push_str(value),
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            },
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue() -> Catalogue {
        Catalogue::parse(
            r#"{
                "messages": {
                    "Your cart is empty.": "നിങ്ങളുടെ കാർട്ടിൽ ഒന്നുമില്ല.",
                    "Only {available} of {name} can be bought now.": "{name}: ഇപ്പോൾ {available} എണ്ണം മാത്രമേ വാങ്ങാനാകൂ.",
                    "The {what} field is required.": "{what} നൽകണം.",
                    "{first} (and {count} more errors)": "{first} (ഇനി {count} എണ്ണം കൂടി ശരിയാക്കാനുണ്ട്)",
                    "{product} may not be shipped to {state}.": "{product}: ഇത് {state}-ലേക്ക് അയയ്ക്കാൻ കഴിയില്ല.",
                    "Some items may not be shipped to {state}.": "ചില ഇനങ്ങൾ {state}-ലേക്ക് അയയ്ക്കാൻ കഴിയില്ല."
                },
                "terms": {"city": "ടൗൺ അല്ലെങ്കിൽ നഗരം"}
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn exact_messages_are_looked_up() {
        assert_eq!(
            catalogue().translate("Your cart is empty.").as_deref(),
            Some("നിങ്ങളുടെ കാർട്ടിൽ ഒന്നുമില്ല.")
        );
    }

    #[test]
    fn templates_carry_their_captures_into_the_translation() {
        assert_eq!(
            catalogue()
                .translate("Only 3 of Neem Oil (1 L) can be bought now.")
                .as_deref(),
            Some("Neem Oil (1 L): ഇപ്പോൾ 3 എണ്ണം മാത്രമേ വാങ്ങാനാകൂ.")
        );
    }

    #[test]
    fn captured_terms_and_messages_are_translated_too() {
        let c = catalogue();
        assert_eq!(
            c.translate("The city field is required.").as_deref(),
            Some("ടൗൺ അല്ലെങ്കിൽ നഗരം നൽകണം.")
        );
        assert_eq!(
            c.translate("The city field is required. (and 2 more errors)")
                .as_deref(),
            Some("ടൗൺ അല്ലെങ്കിൽ നഗരം നൽകണം. (ഇനി 2 എണ്ണം കൂടി ശരിയാക്കാനുണ്ട്)")
        );
        // An unknown word stays as sent.
        assert_eq!(
            c.translate("The moon field is required.").as_deref(),
            Some("moon നൽകണം.")
        );
        // A term alone is not a message.
        assert_eq!(c.translate("city"), None);
    }

    #[test]
    fn the_longest_fixed_text_wins() {
        assert_eq!(
            catalogue()
                .translate("Some items may not be shipped to Kerala.")
                .as_deref(),
            Some("ചില ഇനങ്ങൾ Kerala-ലേക്ക് അയയ്ക്കാൻ കഴിയില്ല.")
        );
        assert_eq!(
            catalogue()
                .translate("Copper Oxychloride (500 g) may not be shipped to Kerala.")
                .as_deref(),
            Some("Copper Oxychloride (500 g): ഇത് Kerala-ലേക്ക് അയയ്ക്കാൻ കഴിയില്ല.")
        );
    }

    #[test]
    fn no_match_stays_english() {
        let c = catalogue();
        assert_eq!(c.translate("Something new happened."), None);
        assert_eq!(c.translate(""), None);
        // Anchored: a template does not match inside a longer message.
        assert_eq!(c.translate("Note: Your cart is empty. Really."), None);
        assert_eq!(
            c.translate("Only 3 of Neem Oil can be bought now. Sorry."),
            None
        );
    }

    #[test]
    fn captures_are_inserted_verbatim() {
        // Braces, dollars, quotes and backslashes in a captured name are neither read as
        // placeholders nor as regex replacement syntax.
        let name = r#"Mix "A" {available} $1 \n 50%"#;
        assert_eq!(
            catalogue()
                .translate(&format!("Only 2 of {name} can be bought now."))
                .unwrap(),
            format!("{name}: ഇപ്പോൾ 2 എണ്ണം മാത്രമേ വാങ്ങാനാകൂ.")
        );
    }

    #[test]
    fn placeholders_and_fixed_parts() {
        let t = "Only {available} of {name} can be bought now.";
        assert_eq!(placeholders(t), ["available", "name"]);
        assert_eq!(fixed_parts(t), ["Only ", " of ", " can be bought now."]);
        // Not placeholders: empty braces, a leading digit, an unclosed brace.
        assert!(placeholders("{} {1x} {open").is_empty());
        assert_eq!(placeholders("{a}{b_2}"), ["a", "b_2"]);
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        assert!(Catalogue::parse("{").is_err());
        assert!(Catalogue::parse(r#"{"messages": {}, "other": {}}"#).is_err());
    }
}
