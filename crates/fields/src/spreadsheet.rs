//! Cells of the CSV files the shop writes, safe to open in a spreadsheet.
//!
//! OWASP's "CSV Injection" rule: a cell that begins with `=`, `+`, `-`, `@`, a tab or a
//! carriage return may be run as a formula by Excel, LibreOffice or Google Sheets (a shopper's
//! business name `=HYPERLINK(...)` in GSTR-1's `b2b.csv`); prefixed with a single quote `'` it
//! is shown as the text it is. Every CSV writer of the shop passes each cell through
//! [`escape_cell`], and the catalogue import reads cells back through [`unescape_cell`].
//!
//! A plain number (`-5`, `-1250.50`, `+3`) is left as it is: it cannot be a formula, and the
//! numeric columns the shop writes itself (a credit note's negative amounts, quantities,
//! rates) must stay numbers, which the GST offline tool checks. Everything else that starts
//! with one of those characters is text and is escaped.
//!
//! A cell that already starts with `'` gets one more, so that reading back takes exactly one
//! off and every text round-trips unchanged (`'=x` is written `''=x` and read `'=x`).

use std::borrow::Cow;

const TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `cell` as a CSV file should hold it: prefixed with `'` when a spreadsheet could take it
/// for a formula (or when it starts with `'` itself); unchanged otherwise.
pub fn escape_cell(cell: &str) -> Cow<'_, str> {
    match cell.chars().next() {
        Some(first) if (TRIGGERS.contains(&first) && !is_plain_number(cell)) || first == '\'' => {
            Cow::Owned(format!("'{cell}"))
        }
        _ => Cow::Borrowed(cell),
    }
}

/// The text [`escape_cell`] was given: one leading `'` taken off where it added one. A cell
/// typed by hand as `'abc` (no formula character after the quote) is kept as it is.
pub fn unescape_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(TRIGGERS) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}

/// An optional sign, digits, and at most one decimal point among them (`-5`, `+1250.50`).
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_like_text_is_escaped() {
        for cell in [
            "=HYPERLINK(\"http://evil.example\",\"Click\")",
            "+91 98470 12345",
            "-crop care",
            "@SUM(A1:A9)",
            "\tname",
            "\rname",
            "-5+cmd|' /C calc'!A0",
            "'quoted",
            "-",
            "+",
            "-.5",
        ] {
            assert_eq!(escape_cell(cell), format!("'{cell}"), "{cell:?}");
        }
    }

    #[test]
    fn plain_text_and_numbers_are_left_alone() {
        for cell in [
            "Neem Oil",
            "",
            "-5",
            "-1250.50",
            "+3",
            "18",
            "2.5",
            "33-Tamil Nadu",
            "a=b",
        ] {
            assert_eq!(escape_cell(cell), cell, "{cell:?}");
        }
    }

    #[test]
    fn reading_back_gives_the_text_exactly() {
        for text in [
            "=1+2",
            "'=1+2",
            "''x",
            "'plain",
            "+91 98470 12345",
            "-5",
            "Neem Oil",
            "@here",
            "",
        ] {
            assert_eq!(unescape_cell(&escape_cell(text)), text, "{text:?}");
        }
        assert_eq!(unescape_cell("'abc"), "'abc", "typed by hand, no formula");
    }
}
