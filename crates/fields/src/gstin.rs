//! GSTIN: 2-digit state code, 10-character PAN, entity number, `Z`, and a check character
//! computed over the first 14 (base 36, weights alternating 1 and 2).

const CHARSET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A GSTIN in upper case whose format, state code and check character are right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gstin(String);

impl Gstin {
    pub fn parse(raw: &str) -> Result<Self, String> {
        parse_gstin(raw).map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// The state the GSTIN is registered in: its first two digits (always one of the list for
    /// a parsed GSTIN, so `None` only for one made some other way).
    pub fn state(&self) -> Option<crate::IndianState> {
        crate::IndianState::from_code(self.0.get(..2)?)
    }
}

fn parse_gstin(raw: &str) -> Result<String, String> {
    let gstin = raw.trim().to_uppercase();
    let bytes = gstin.as_bytes();
    let well_formed = bytes.len() == 15
        && bytes[..2].iter().all(u8::is_ascii_digit)
        && crate::states::STATES
            .iter()
            .any(|(_, code)| code.as_bytes() == &bytes[..2])
        && bytes[2..7].iter().all(u8::is_ascii_uppercase)
        && bytes[7..11].iter().all(u8::is_ascii_digit)
        && bytes[11].is_ascii_uppercase()
        && (bytes[12].is_ascii_uppercase() || (b'1'..=b'9').contains(&bytes[12]))
        && bytes[13] == b'Z';
    if !well_formed {
        return Err("The GSTIN must have the 15-character format, such as 32ABCDE1234F1Z9.".into());
    }
    if check_character(&bytes[..14]) != Some(bytes[14]) {
        return Err("The GSTIN's check character is wrong; please check the number.".into());
    }
    Ok(gstin)
}

fn check_character(first14: &[u8]) -> Option<u8> {
    let mut sum = 0u32;
    for (i, c) in first14.iter().enumerate() {
        let value = CHARSET.iter().position(|x| x == c)? as u32;
        let product = value * if i % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(CHARSET[((36 - sum % 36) % 36) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gstin_names_its_state() {
        let gstin = Gstin::parse("33AAPFU0939F1Z2").unwrap();
        assert_eq!(gstin.state().map(|s| s.name()), Some("Tamil Nadu"));
    }

    #[test]
    fn known_gstins() {
        assert_eq!(parse_gstin(" 27aapfu0939f1zv ").unwrap(), "27AAPFU0939F1ZV");
        assert!(
            parse_gstin("27AAPFU0939F1ZW")
                .unwrap_err()
                .contains("check character")
        );
        assert!(
            parse_gstin("27AAPFU0939F1Z")
                .unwrap_err()
                .contains("format")
        );
        assert!(parse_gstin("99AAPFU0939F1ZV").is_err(), "no state 99");
    }
}
