//! Checked inputs. Each `parse` returns the message a shopper should read when it fails.

use std::collections::HashSet;
use std::sync::LazyLock;

use validator::ValidateEmail;

use crate::FieldErrors;

/// An e-mail address, trimmed and lower-cased (one account per address, whatever its case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err("The email field is required.".into());
        }
        if email.len() > 254 || !email.validate_email() {
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
            _ if name.chars().any(char::is_control) => {
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

static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("../data/common-passwords.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect()
});

/// A new password: 8 to 64 characters, within bcrypt's 72 bytes, not one of the 10,000 most
/// common passwords.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

impl NewPassword {
    pub fn parse(raw: &str, confirmation: Option<&str>) -> Result<Self, String> {
        let length = raw.chars().count();
        if length == 0 {
            return Err("The password field is required.".into());
        }
        if length < 8 {
            return Err("The password must be at least 8 characters.".into());
        }
        if length > 64 || raw.len() > 72 {
            return Err("The password may not be greater than 64 characters.".into());
        }
        if COMMON_PASSWORDS.contains(raw.to_lowercase().as_str()) {
            return Err(
                "This password is too common. Please choose a less predictable one.".into(),
            );
        }
        if confirmation != Some(raw) {
            return Err("The password confirmation does not match.".into());
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Collects per-field failures while parsing a form.
#[derive(Debug, Default)]
pub struct FormErrors(FieldErrors);

impl FormErrors {
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        parsed.map_err(|message| self.add(field, message)).ok()
    }

    pub fn add(&mut self, field: &str, message: String) {
        self.0.entry(field.to_owned()).or_default().push(message);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn into_errors(self) -> FieldErrors {
        self.0
    }

    pub fn into_result(self) -> Result<(), crate::AccountError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(crate::AccountError::Invalid(self.0))
        }
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

    #[test]
    fn passwords_follow_the_policy() {
        let ok = "kattappana-pepper-2026";
        assert!(NewPassword::parse(ok, Some(ok)).is_ok());
        assert!(
            NewPassword::parse("short1", Some("short1"))
                .unwrap_err()
                .contains("at least 8")
        );
        assert!(
            NewPassword::parse("password1", Some("password1"))
                .unwrap_err()
                .contains("too common")
        );
        let shouted = "SunShine";
        assert!(
            NewPassword::parse(shouted, Some(shouted))
                .unwrap_err()
                .contains("too common"),
            "compared without case"
        );
        assert!(
            NewPassword::parse(ok, Some("other"))
                .unwrap_err()
                .contains("confirmation")
        );
        let long = "a".repeat(65);
        assert!(
            NewPassword::parse(&long, Some(&long))
                .unwrap_err()
                .contains("64")
        );
        // 64 characters of 3 bytes each exceed bcrypt's 72 bytes.
        let wide = "ക".repeat(30);
        assert!(NewPassword::parse(&wide, Some(&wide)).is_err());
        assert_eq!(COMMON_PASSWORDS.len(), 10_000);
    }
}
