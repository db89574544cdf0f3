//! People: e-mail addresses, names and phone numbers.

use validator::ValidateEmail;

use crate::text;

/// An e-mail address, trimmed and lower-cased (one account per address, whatever its case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err("The email field is required.".into());
        }
        if email.len() > 254 || text::has_control(&email) || !email.validate_email() {
            return Err("The email must be a valid email address.".into());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's name: 2 to 100 characters once trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let name = raw.trim();
        match name.chars().count() {
            0 => Err("The name field is required.".into()),
            1 => Err("The name must be at least 2 characters.".into()),
            n if n > 100 => Err("The name may not be greater than 100 characters.".into()),
            _ if text::has_control(name) => {
                Err("The name may not contain control characters.".into())
            }
            _ => Ok(Self(name.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number valid for its country, kept in E.164 (`+919847012345`). A number without a
/// country code is read as Indian.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err("The phone field is required.".into());
        }
        let country = (!raw.starts_with('+')).then_some(phonenumber::country::Id::IN);
        match phonenumber::parse(country, raw) {
            Ok(number) if phonenumber::is_valid(&number) => Ok(Self(
                number.format().mode(phonenumber::Mode::E164).to_string(),
            )),
            _ => Err("Invalid phone number".into()),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            Email::parse("  Ravi.K@Example.IN ").unwrap().as_str(),
            "ravi.k@example.in"
        );
        assert!(Email::parse("not-an-address").is_err());
        assert!(Email::parse("").is_err());
        assert!(Email::parse("ravi\u{0}@example.in").is_err());
    }

    #[test]
    fn names_are_2_to_100_characters() {
        assert!(PersonName::parse("A").is_err());
        assert_eq!(PersonName::parse(" Anu ").unwrap().as_str(), "Anu");
        assert!(PersonName::parse(&"x".repeat(101)).is_err());
        assert!(
            PersonName::parse(&"ള".repeat(100)).is_ok(),
            "characters, not bytes"
        );
        assert!(PersonName::parse("An\u{0}u").is_err());
    }

    #[test]
    fn phones_are_checked_for_their_country_and_kept_in_e164() {
        assert_eq!(
            PhoneNumber::parse("+91 98470 12345").unwrap().as_str(),
            "+919847012345"
        );
        assert_eq!(
            PhoneNumber::parse("98470 12345").unwrap().as_str(),
            "+919847012345"
        );
        assert_eq!(
            PhoneNumber::parse("+1 (201) 555-0123").unwrap().as_str(),
            "+12015550123"
        );
        assert_eq!(
            PhoneNumber::parse("+44 7400 123456").unwrap().as_str(),
            "+447400123456"
        );
        assert_eq!(
            PhoneNumber::parse("+91 12345").unwrap_err(),
            "Invalid phone number"
        );
        assert!(PhoneNumber::parse("hello").is_err());
    }
}
