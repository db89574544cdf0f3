//! India Post's PIN codes.

/// Six digits, not starting with 0 (spaces inside are dropped: `685 509`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pincode(String);

impl Pincode {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let pin: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        let valid =
            pin.len() == 6 && pin.bytes().all(|b| b.is_ascii_digit()) && !pin.starts_with('0');
        if valid {
            Ok(Self(pin))
        } else {
            Err("The PIN code must be 6 digits and cannot start with 0.".into())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pincodes() {
        assert_eq!(Pincode::parse("685 509").unwrap().as_str(), "685509");
        for bad in ["012345", "68550", "6855099", "68550a", "68550\u{0}"] {
            assert!(Pincode::parse(bad).is_err(), "{bad}");
        }
    }
}
