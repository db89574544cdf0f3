//! The password policy for new passwords.

use std::collections::HashSet;
use std::sync::LazyLock;

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

#[cfg(test)]
mod tests {
    use super::*;

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
