//! India's states and union territories with their GST state codes.

pub const STATES: [(&str, &str); 36] = [
    ("Andaman and Nicobar Islands", "35"),
    ("Andhra Pradesh", "37"),
    ("Arunachal Pradesh", "12"),
    ("Assam", "18"),
    ("Bihar", "10"),
    ("Chandigarh", "04"),
    ("Chhattisgarh", "22"),
    ("Dadra and Nagar Haveli and Daman and Diu", "26"),
    ("Delhi", "07"),
    ("Goa", "30"),
    ("Gujarat", "24"),
    ("Haryana", "06"),
    ("Himachal Pradesh", "02"),
    ("Jammu and Kashmir", "01"),
    ("Jharkhand", "20"),
    ("Karnataka", "29"),
    ("Kerala", "32"),
    ("Ladakh", "38"),
    ("Lakshadweep", "31"),
    ("Madhya Pradesh", "23"),
    ("Maharashtra", "27"),
    ("Manipur", "14"),
    ("Meghalaya", "17"),
    ("Mizoram", "15"),
    ("Nagaland", "13"),
    ("Odisha", "21"),
    ("Puducherry", "34"),
    ("Punjab", "03"),
    ("Rajasthan", "08"),
    ("Sikkim", "11"),
    ("Tamil Nadu", "33"),
    ("Telangana", "36"),
    ("Tripura", "16"),
    ("Uttar Pradesh", "09"),
    ("Uttarakhand", "05"),
    ("West Bengal", "19"),
];

/// The state's name as listed, whatever the case and spacing of `raw`.
pub fn canonical_state(raw: &str) -> Option<&'static str> {
    let wanted = raw
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    STATES
        .iter()
        .map(|(name, _)| *name)
        .find(|name| name.to_lowercase() == wanted)
}

pub fn state_code(state: &str) -> Option<&'static str> {
    STATES
        .iter()
        .find(|(name, _)| *name == state)
        .map(|(_, code)| *code)
}

/// One of India's states or union territories, by its listed name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndianState(&'static str);

impl IndianState {
    /// Whatever the case and spacing (`tamil  nadu` is Tamil Nadu).
    pub fn parse(raw: &str) -> Result<Self, String> {
        canonical_state(raw)
            .map(Self)
            .ok_or_else(|| "Choose one of India's states or union territories.".to_owned())
    }

    pub fn name(self) -> &'static str {
        self.0
    }

    /// The state of a two-digit GST state code.
    pub fn from_code(code: &str) -> Option<Self> {
        STATES
            .iter()
            .find(|(_, known)| *known == code)
            .map(|(name, _)| Self(name))
    }

    /// Its two-digit GST state code (`32` for Kerala).
    pub fn code(self) -> &'static str {
        state_code(self.0).unwrap_or("")
    }

    /// As GST returns and invoices name a place of supply: `33-Tamil Nadu`.
    pub fn with_code(self) -> String {
        format!("{}-{}", self.code(), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_found_whatever_their_case_and_spacing() {
        assert_eq!(
            IndianState::parse(" tamil  NADU ").unwrap().name(),
            "Tamil Nadu"
        );
        assert!(IndianState::parse("Atlantis").is_err());
        assert_eq!(state_code("Kerala"), Some("32"));
        let tamil_nadu = IndianState::parse("tamil nadu").unwrap();
        assert_eq!(
            (tamil_nadu.code(), tamil_nadu.with_code().as_str()),
            ("33", "33-Tamil Nadu")
        );
    }
}
