//! Text normalisation shared by search and slugs.

/// Lower-cased words of `text`: runs of letters and digits.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !is_word_char(c))
        .map(|w| w.chars().filter(|c| !is_joiner(*c)).collect::<String>())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
}

/// Letters and digits, and the vowel signs and virama of Malayalam and Tamil: those are marks,
/// not letters, yet inside a word (`ഏലം`, `ஏலக்காய்` are one word each).
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(c, '\u{0B80}'..='\u{0BFF}' | '\u{0D00}'..='\u{0D7F}')
        || is_joiner(c)
}

/// Zero-width (non-)joiners choose how a Malayalam word is drawn, not what it says: the same
/// word is typed with or without them.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// The words of `text` joined by single spaces, for whole-name comparisons.
pub fn normalise(text: &str) -> String {
    words(text).collect::<Vec<_>>().join(" ")
}

/// A URL slug: lower-case words joined by hyphens.
pub fn slugify(text: &str) -> String {
    words(text).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_punctuation_and_case() {
        assert_eq!(
            normalise("  Cardamom  Booster-Plus (500 g) "),
            "cardamom booster plus 500 g"
        );
        assert_eq!(slugify("Neem Oil 1500 PPM"), "neem-oil-1500-ppm");
    }

    #[test]
    fn malayalam_and_tamil_words_keep_their_vowel_signs() {
        assert_eq!(normalise("ഏലം, കുരുമുളക്!"), "ഏലം കുരുമുളക്");
        assert_eq!(normalise("ஏலக்காய் உரம் (1 kg)"), "ஏலக்காய் உரம் 1 kg");
        // With or without a zero-width non-joiner, the same word.
        assert_eq!(normalise("പാസ്\u{200C}വേഡ്"), normalise("പാസ്വേഡ്"));
    }
}
