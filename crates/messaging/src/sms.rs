//! How many SMS a text costs. An SMS carries 140 bytes: 160 characters of the GSM 7-bit
//! alphabet, or 70 UTF-16 code units (UCS-2) once any character is outside it, as every
//! Malayalam and Tamil letter is. A longer text is split into parts that each give up a few
//! characters to the header joining them again: 153 GSM characters or 67 UCS-2 units
//! (3GPP TS 23.038 for the alphabet, TS 23.040 for the concatenation header). Operators bill
//! each part, so the shop can warn when a template's words run long.

/// How a text travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmsEncoding {
    /// The GSM 03.38 default alphabet (with its extension table, whose characters take two).
    Gsm7,
    /// UTF-16: any other character, including all of Malayalam and Tamil.
    Ucs2,
}

/// The alphabet `text` needs.
pub fn sms_encoding(text: &str) -> SmsEncoding {
    if text.chars().all(|c| gsm7_cost(c).is_some()) {
        SmsEncoding::Gsm7
    } else {
        SmsEncoding::Ucs2
    }
}

/// The number of SMS parts `text` is sent as; 0 for an empty text.
pub fn sms_segments(text: &str) -> usize {
    match sms_encoding(text) {
        SmsEncoding::Gsm7 => parts(text.chars().filter_map(gsm7_cost), 160, 153),
        SmsEncoding::Ucs2 => parts(text.chars().map(char::len_utf16), 70, 67),
    }
}

/// Parts of `single` units for a text that fits in one, else of `per_part`, never splitting a
/// character's units (an escaped GSM character, a UTF-16 surrogate pair) across two parts.
fn parts(costs: impl Iterator<Item = usize> + Clone, single: usize, per_part: usize) -> usize {
    let total: usize = costs.clone().sum();
    if total == 0 {
        return 0;
    }
    if total <= single {
        return 1;
    }
    let (mut count, mut used) = (1, 0);
    for cost in costs {
        if used + cost > per_part {
            count += 1;
            used = 0;
        }
        used += cost;
    }
    count
}

/// Septets a character takes in GSM 7-bit: 1 in the default alphabet, 2 in the extension table
/// (escape and character), none outside both.
fn gsm7_cost(c: char) -> Option<usize> {
    const BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
                         ¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    const EXTENSION: &str = "\u{c}^{}\\[~]|€";
    if BASIC.contains(c) {
        Some(1)
    } else if EXTENSION.contains(c) {
        Some(2)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gsm_texts_take_160_then_153_a_part() {
        assert_eq!(sms_segments(""), 0);
        assert_eq!(sms_segments("Hi"), 1);
        assert_eq!(sms_segments(&"a".repeat(160)), 1);
        assert_eq!(sms_segments(&"a".repeat(161)), 2);
        assert_eq!(sms_segments(&"a".repeat(306)), 2);
        assert_eq!(sms_segments(&"a".repeat(307)), 3);
        assert_eq!(sms_encoding("Order #A12 @ Rs 450; ok?"), SmsEncoding::Gsm7);
    }

    #[test]
    fn extension_characters_take_two_and_stay_whole() {
        assert_eq!(sms_segments(&"€".repeat(80)), 1);
        assert_eq!(sms_segments(&"€".repeat(81)), 2);
        // 306 septets would fill two parts exactly, but the escape may not be parted from its
        // character: the euro sign opens the second part and the last letter needs a third.
        let text = format!("{}€{}", "a".repeat(152), "a".repeat(152));
        assert_eq!(sms_segments(&text), 3);
    }

    #[test]
    fn one_character_outside_gsm_makes_the_whole_text_ucs2() {
        assert_eq!(sms_encoding("Price ₹450"), SmsEncoding::Ucs2);
        assert_eq!(sms_segments(&format!("{}₹", "a".repeat(69))), 1);
        assert_eq!(sms_segments(&format!("{}₹", "a".repeat(70))), 2);
        assert_eq!(sms_segments(&"ക".repeat(134)), 2);
        assert_eq!(sms_segments(&"ക".repeat(135)), 3);
        // An emoji is a surrogate pair, two units that stay in one part: 134 units would fill
        // two parts, but the pair cannot straddle them.
        let text = format!("{}🌾{}", "a".repeat(66), "a".repeat(66));
        assert_eq!(sms_segments(&text), 3);
    }
}
