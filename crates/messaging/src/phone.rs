//! Phone numbers that can receive a WhatsApp message or an SMS, kept in E.164
//! (`+919847012345`).
//!
//! Shoppers type numbers the way they say them: `98470 12345`, `+91 98470-12345`, `09847012345`,
//! sometimes in Malayalam or Tamil digits. [`PhoneNumber::parse`] reads all of these with
//! libphonenumber's rules (the `phonenumber` crate, already used by `fields`) and then applies the
//! shop's own: an Indian number must be a mobile (10 digits starting 6 to 9 after +91, TRAI's
//! mobile numbering), and a number of another country is taken only when the shop allows its
//! calling code.

use std::fmt;

use phonenumber::metadata::DATABASE;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// India's country calling code.
pub const INDIA: u16 = 91;

/// Why what a shopper typed is not a number the shop can message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    #[error("no phone number was given")]
    Empty,
    /// A letter or a sign a phone number does not have (`98470 abc`, `9847@12345`).
    #[error("a phone number has no {0:?} in it")]
    InvalidCharacter(char),
    /// Too short, too long, or not a number of any country.
    #[error("this is not a complete phone number")]
    Invalid,
    /// A landline, a toll-free number, or an Indian number that does not start with 6 to 9.
    #[error("this is not a mobile number")]
    NotMobile,
    /// A valid number of a country the shop does not send to.
    #[error("numbers with country code +{calling_code} are not accepted")]
    CountryNotAllowed { calling_code: u16 },
}

/// A mobile number in E.164: `+`, the country calling code, the national number.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// Reads what a shopper typed. A number without a country code is Indian. Numbers of other
    /// countries are taken only when `allowed_calling_codes` holds their code (`&[971]` for the
    /// UAE); Indian numbers always are.
    pub fn parse(typed: &str, allowed_calling_codes: &[u16]) -> Result<Self, PhoneError> {
        let cleaned = clean(typed)?;
        let number = phonenumber::parse(Some(phonenumber::country::Id::IN), &cleaned)
            .map_err(|_| PhoneError::Invalid)?;
        let calling_code = number.code().value();
        let national = number.national().value().to_string();
        if calling_code == INDIA {
            return indian_mobile(&national);
        }
        if !allowed_calling_codes.contains(&calling_code) {
            return Err(PhoneError::CountryNotAllowed { calling_code });
        }
        if !number.is_valid() {
            return Err(PhoneError::Invalid);
        }
        match number.number_type(&DATABASE) {
            phonenumber::Type::Mobile | phonenumber::Type::FixedLineOrMobile => {
                Ok(Self(format!("+{calling_code}{national}")))
            }
            _ => Err(PhoneError::NotMobile),
        }
    }

    /// A number already in E.164, from a source the shop trusts (its own database, a
    /// provider's webhook): only its form is checked, `+` and 8 to 15 digits, and for India the
    /// mobile rule.
    pub fn from_e164(e164: &str) -> Result<Self, PhoneError> {
        let digits = e164.strip_prefix('+').ok_or(PhoneError::Invalid)?;
        if let Some(bad) = digits.chars().find(|c| !c.is_ascii_digit()) {
            return Err(PhoneError::InvalidCharacter(bad));
        }
        if !(8..=15).contains(&digits.len()) || digits.starts_with('0') {
            return Err(PhoneError::Invalid);
        }
        match digits.strip_prefix("91") {
            Some(national) => indian_mobile(national),
            None => Ok(Self(e164.to_owned())),
        }
    }

    /// `+919847012345`.
    pub fn e164(&self) -> &str {
        &self.0
    }

    /// The digits without the `+` (`919847012345`): how WhatsApp's `to` and MSG91's `mobiles`
    /// take a number.
    pub fn digits(&self) -> &str {
        &self.0[1..]
    }

    /// Whether this is an Indian number (DLT rules apply to its SMS).
    pub fn is_indian(&self) -> bool {
        self.digits().starts_with("91") && self.digits().len() == 12
    }
}

impl fmt::Display for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for PhoneNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for PhoneNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let e164 = String::deserialize(deserializer)?;
        Self::from_e164(&e164).map_err(serde::de::Error::custom)
    }
}

/// TRAI's mobile numbering: ten digits, the first 6, 7, 8 or 9.
fn indian_mobile(national: &str) -> Result<PhoneNumber, PhoneError> {
    if national.len() != 10 || !national.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PhoneError::Invalid);
    }
    if !matches!(national.as_bytes()[0], b'6'..=b'9') {
        return Err(PhoneError::NotMobile);
    }
    Ok(PhoneNumber(format!("+91{national}")))
}

/// The typed number with its separators dropped and every digit in ASCII, or the first
/// character that has no place in a phone number. Letters are refused here because
/// libphonenumber would read them as a keypad's (`1-800-FLOWERS`).
fn clean(typed: &str) -> Result<String, PhoneError> {
    let typed = typed.trim();
    let mut cleaned = String::with_capacity(typed.len());
    for c in typed.chars() {
        if let Some(digit) = decimal_digit(c) {
            cleaned.push(digit);
        } else if c == '+' && cleaned.is_empty() {
            // Before any digit only: `(+91) 98470…`.
            cleaned.push('+');
        } else if !(c.is_whitespace() || matches!(c, '-' | '.' | '(' | ')' | '/')) {
            return Err(PhoneError::InvalidCharacter(c));
        }
    }
    if cleaned.trim_start_matches('+').is_empty() {
        return Err(PhoneError::Empty);
    }
    Ok(cleaned)
}

/// The ASCII digit for a digit of the scripts the shop's shoppers may type in: ASCII,
/// Malayalam (൦-൯), Tamil (௦-௯) and Devanagari (०-९), whose digits are ten consecutive code
/// points each.
fn decimal_digit(c: char) -> Option<char> {
    const ZEROES: [u32; 4] = [0x30, 0x0D66, 0x0BE6, 0x0966];
    let code = u32::from(c);
    ZEROES
        .iter()
        .find(|zero| (**zero..**zero + 10).contains(&code))
        .and_then(|zero| char::from_digit(code - zero, 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indian(typed: &str) -> Result<String, PhoneError> {
        PhoneNumber::parse(typed, &[]).map(|number| number.e164().to_owned())
    }

    #[test]
    fn the_ways_shoppers_type_one_mobile_number_all_read_the_same() {
        for typed in [
            "98470 12345",
            "+91 98470-12345",
            "09847012345",
            "919847012345",
            "+919847012345",
            "0091 98470 12345",
            "(+91) 98470.12345",
            " 98470 12345 ",
            "൯൮൪൭൦ ൧൨൩൪൫",
            "௯௮௪௭௦ ௧௨௩௪௫",
        ] {
            assert_eq!(indian(typed).as_deref(), Ok("+919847012345"), "{typed:?}");
        }
    }

    #[test]
    fn indian_numbers_must_be_mobiles() {
        assert_eq!(indian("0484 234 5678"), Err(PhoneError::NotMobile));
        assert_eq!(indian("+91 58470 12345"), Err(PhoneError::NotMobile));
        assert_eq!(indian("98470 1234"), Err(PhoneError::Invalid));
        assert_eq!(indian("98470 123456"), Err(PhoneError::Invalid));
        assert_eq!(indian("+91 12345"), Err(PhoneError::Invalid));
    }

    #[test]
    fn what_is_not_a_number_says_why() {
        assert_eq!(indian(""), Err(PhoneError::Empty));
        assert_eq!(indian("  + "), Err(PhoneError::Empty));
        assert_eq!(indian("98470 abc"), Err(PhoneError::InvalidCharacter('a')));
        assert_eq!(
            indian("9847@012345"),
            Err(PhoneError::InvalidCharacter('@'))
        );
        assert_eq!(
            indian("98470+12345"),
            Err(PhoneError::InvalidCharacter('+'))
        );
    }

    #[test]
    fn other_countries_only_when_allowed() {
        assert_eq!(
            indian("+971 50 123 4567"),
            Err(PhoneError::CountryNotAllowed { calling_code: 971 })
        );
        assert_eq!(
            PhoneNumber::parse("+971 50 123 4567", &[971]).map(|n| n.e164().to_owned()),
            Ok("+971501234567".to_owned())
        );
        assert_eq!(
            PhoneNumber::parse("+44 7400 123456", &[44, 971]).map(|n| n.digits().to_owned()),
            Ok("447400123456".to_owned())
        );
        // A London landline: a real number, but not one a text reaches.
        assert_eq!(
            PhoneNumber::parse("+44 20 7946 0958", &[44]),
            Err(PhoneError::NotMobile)
        );
        assert_eq!(
            PhoneNumber::parse("+971 50 123", &[971]),
            Err(PhoneError::Invalid)
        );
    }

    #[test]
    fn e164_from_trusted_sources_is_checked_for_form() {
        let number = PhoneNumber::from_e164("+919847012345").unwrap();
        assert_eq!(number.digits(), "919847012345");
        assert!(number.is_indian());
        assert!(!PhoneNumber::from_e164("+16505551234").unwrap().is_indian());
        assert_eq!(
            PhoneNumber::from_e164("919847012345"),
            Err(PhoneError::Invalid)
        );
        assert_eq!(
            PhoneNumber::from_e164("+91 9847012345"),
            Err(PhoneError::InvalidCharacter(' '))
        );
        assert_eq!(
            PhoneNumber::from_e164("+914842345678"),
            Err(PhoneError::NotMobile)
        );
        assert_eq!(
            PhoneNumber::from_e164("+1234567890123456"),
            Err(PhoneError::Invalid)
        );
    }

    #[test]
    fn serde_keeps_e164_and_refuses_a_bad_row() {
        let number = PhoneNumber::parse("98470 12345", &[]).unwrap();
        let json = serde_json::to_string(&number).unwrap();
        assert_eq!(json, "\"+919847012345\"");
        assert_eq!(serde_json::from_str::<PhoneNumber>(&json).unwrap(), number);
        assert!(serde_json::from_str::<PhoneNumber>("\"98470 12345\"").is_err());
    }
}
