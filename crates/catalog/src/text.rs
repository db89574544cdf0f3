//! Text normalisation shared by search and slugs.

/// Lower-cased words of `text`: runs of letters and digits.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
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
}
