//! Free text: trimmed, bounded in characters (not bytes), and free of control characters, which
//! no form needs and PostgreSQL refuses (a NUL in a `TEXT` column is an error there).

/// True when `raw` holds a control character other than line breaks and tabs.
pub fn has_control(raw: &str) -> bool {
    raw.chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

/// One line of text (no line breaks), `min..=max` characters once trimmed.
pub fn line(raw: &str, what: &str, min: usize, max: usize) -> Result<String, String> {
    if raw.chars().any(|c| matches!(c, '\n' | '\r')) {
        return Err(format!("The {what} must be a single line."));
    }
    block(raw, what, min, max)
}

/// Text that may span lines, `min..=max` characters once trimmed.
pub fn block(raw: &str, what: &str, min: usize, max: usize) -> Result<String, String> {
    let value = raw.trim();
    if has_control(value) {
        return Err(format!("The {what} may not contain control characters."));
    }
    match value.chars().count() {
        0 => Err(format!("The {what} field is required.")),
        n if n < min => Err(format!("The {what} must be at least {min} characters.")),
        n if n > max => Err(format!(
            "The {what} may not be greater than {max} characters."
        )),
        _ => Ok(value.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded_in_characters() {
        assert_eq!(line("  Kumily ", "city", 2, 100).unwrap(), "Kumily");
        assert!(
            line("K", "city", 2, 100)
                .unwrap_err()
                .contains("at least 2")
        );
        assert!(line("", "city", 2, 100).unwrap_err().contains("required"));
        assert!(line(&"ക".repeat(100), "city", 2, 100).is_ok());
        assert!(line(&"ക".repeat(101), "city", 2, 100).is_err());
    }

    #[test]
    fn control_characters_are_refused_but_blocks_keep_line_breaks() {
        assert!(line("Kum\u{0}ily", "city", 2, 100).is_err());
        assert!(
            line("Kum\nily", "city", 2, 100)
                .unwrap_err()
                .contains("single line")
        );
        assert_eq!(
            block("Two\nlines\tand a tab", "message", 2, 100).unwrap(),
            "Two\nlines\tand a tab"
        );
        assert!(block("bell\u{7}", "message", 2, 100).is_err());
    }
}
