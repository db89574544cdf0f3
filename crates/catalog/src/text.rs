//! Text normalisation shared by search and slugs.
//!
//! The same Malayalam or Tamil word reaches us in several spellings of code points that draw
//! alike: a vowel sign composed or decomposed (`ൊ` U+0D4A or U+0D46 U+0D3E), a chillu letter
//! atomic (`ൻ` U+0D7B) or as consonant, virama and zero-width joiner (`ന്‍`), or with joiners
//! that only choose a glyph. [`words`] brings them all to one form, so the index and the query
//! compare what the shopper reads, not how their keyboard encoded it.

use unicode_normalization::UnicodeNormalization;

/// Lower-cased words of `text` (runs of letters and digits), each in one canonical form: NFC,
/// chillu letters atomic, zero-width joiners and non-joiners dropped.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
        .map(canonical_word)
        .filter(|w| !w.is_empty())
}

/// One word in canonical form (see [`words`]).
fn canonical_word(word: &str) -> String {
    let composed: Vec<char> = word.nfc().flat_map(char::to_lowercase).collect();
    let mut out = String::with_capacity(word.len());
    let mut i = 0;
    while i < composed.len() {
        let c = composed[i];
        if is_joiner(c) {
            i += 1;
            continue;
        }
        if let Some(chillu) = chillu_of(c)
            && composed.get(i + 1) == Some(&VIRAMA)
        {
            // What follows the virama, joiners aside: a ZWJ asks for the chillu explicitly, and a
            // word that ends there has nothing a conjunct could join.
            let explicit = composed.get(i + 2) == Some(&ZWJ);
            let at_end = composed[i + 2..].iter().all(|&c| is_joiner(c));
            if explicit || (at_end && chillu.at_word_end) {
                out.push(chillu.atomic);
                i += if explicit { 3 } else { 2 };
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

const VIRAMA: char = '\u{0D4D}';
const ZWJ: char = '\u{200D}';

struct Chillu {
    atomic: char,
    /// Whether a bare consonant + virama at the end of a word is read as this chillu. Not for
    /// ക്: a word-final ക് is the half-u of `കുരുമുളക്`, not the rare chillu ൿ.
    at_word_end: bool,
}

/// The atomic chillu letter of a Malayalam consonant that has one.
fn chillu_of(consonant: char) -> Option<Chillu> {
    let (atomic, at_word_end) = match consonant {
        'ണ' => ('\u{0D7A}', true),
        'ന' => ('\u{0D7B}', true),
        'ര' => ('\u{0D7C}', true),
        'ല' => ('\u{0D7D}', true),
        'ള' => ('\u{0D7E}', true),
        'ക' => ('\u{0D7F}', false),
        'മ' => ('\u{0D54}', false),
        'യ' => ('\u{0D55}', false),
        'ഴ' => ('\u{0D56}', false),
        _ => return None,
    };
    Some(Chillu {
        atomic,
        at_word_end,
    })
}

/// Letters and digits, and the vowel signs and virama of Malayalam and Tamil: those are marks,
/// not letters, yet inside a word (`ഏലം`, `ஏலக்காய்` are one word each).
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(c, '\u{0B80}'..='\u{0BFF}' | '\u{0D00}'..='\u{0D7F}')
        || is_joiner(c)
}

/// Zero-width (non-)joiners choose how a word is drawn, not what it says: the same word is
/// typed with or without them.
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

    #[test]
    fn composed_and_decomposed_vowel_signs_are_one_word() {
        // Malayalam o-sign: ൊ (U+0D4A) or െ + ാ (U+0D46 U+0D3E), in കൊപ്ര (copra).
        let composed = "\u{0D15}\u{0D4A}\u{0D2A}\u{0D4D}\u{0D30}";
        let decomposed = "\u{0D15}\u{0D46}\u{0D3E}\u{0D2A}\u{0D4D}\u{0D30}";
        assert_ne!(composed, decomposed);
        assert_eq!(normalise(composed), normalise(decomposed));
        // Tamil o-sign: ொ (U+0BCA) or ெ + ா (U+0BC6 U+0BBE), in பொட்டாஷ் (potash).
        let composed = "\u{0BAA}\u{0BCA}\u{0B9F}\u{0BCD}\u{0B9F}\u{0BBE}\u{0BB7}\u{0BCD}";
        let decomposed = "\u{0BAA}\u{0BC6}\u{0BBE}\u{0B9F}\u{0BCD}\u{0B9F}\u{0BBE}\u{0BB7}\u{0BCD}";
        assert_eq!(normalise(composed), normalise(decomposed));
        assert_eq!(normalise(decomposed).chars().count(), 8);
    }

    #[test]
    fn a_chillu_written_either_way_is_one_letter() {
        // നേന്ത്രൻ (nendran banana): atomic ൻ, old ന്‍ (with ZWJ), or a bare ന് at the end.
        let atomic = "നേന്ത്ര\u{0D7B}";
        let with_joiner = "നേന്ത്ര\u{0D28}\u{0D4D}\u{200D}";
        let bare = "നേന്ത്ര\u{0D28}\u{0D4D}";
        assert_eq!(normalise(with_joiner), atomic);
        assert_eq!(normalise(bare), atomic);
        // പൈനാപ്പിൾ (pineapple), ൾ both ways; and ർ inside a word (റബ്ബർ).
        assert_eq!(
            normalise("പൈനാപ്പി\u{0D33}\u{0D4D}\u{200D}"),
            "പൈനാപ്പി\u{0D7E}"
        );
        assert_eq!(
            normalise("ക\u{0D30}\u{0D4D}\u{200D}ഷക"),
            normalise("ക\u{0D7C}ഷക")
        );
        // A conjunct inside a word stays a conjunct (ന്ത in നേന്ത്ര).
        assert!(normalise(atomic).contains("\u{0D28}\u{0D4D}\u{0D24}"));
        // Word-final ക് is the half-u of കുരുമുളക്, not a chillu.
        assert!(normalise("കുരുമുളക്").ends_with("\u{0D15}\u{0D4D}"));
    }
}
