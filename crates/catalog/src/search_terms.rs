//! Search words as a product keeps them: one text column, written by staff one per line or
//! separated by commas.

/// Search words as staff type them: one per line or comma-separated, blanks dropped.
pub fn search_term_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split(['\n', ','])
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// [`search_term_lines`], owned.
pub fn split_search_terms(text: &str) -> Vec<String> {
    search_term_lines(text).map(str::to_owned).collect()
}
