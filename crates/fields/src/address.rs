//! A postal address in India: as a client sends it, and checked.

use serde::Deserialize;

use crate::{FormErrors, IndianState, PersonName, PhoneNumber, Pincode, text};

/// An address as it arrives; every part is optional here so a missing one is named in the 422.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct AddressInput {
    /// The recipient.
    #[schema(example = "Anitha Joseph")]
    pub name: Option<String>,
    #[schema(example = "+91 98470 12345")]
    pub phone: Option<String>,
    #[schema(example = "Puthenpurackal House")]
    pub line1: Option<String>,
    pub line2: Option<String>,
    #[schema(example = "Kumily")]
    pub city: Option<String>,
    #[schema(example = "Idukki")]
    pub district: Option<String>,
    /// One of India's states or union territories, any case (`GET /api/states`).
    #[schema(example = "Kerala")]
    pub state: Option<String>,
    #[schema(example = "685509")]
    pub pincode: Option<String>,
}

/// A checked address: each part within its bounds, the state one of India's, the PIN code six
/// digits, the phone valid for its country.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostalAddress {
    pub name: PersonName,
    pub phone: PhoneNumber,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub district: String,
    pub state: IndianState,
    pub pincode: Pincode,
}

fn text(raw: &Option<String>) -> &str {
    raw.as_deref().map(str::trim).unwrap_or_default()
}

impl AddressInput {
    /// Checks every part, naming failures under `prefix` (`shipping_address.`, or `` for the
    /// address book).
    pub fn check(&self, prefix: &str, errors: &mut FormErrors) -> Option<PostalAddress> {
        let key = |field: &str| format!("{prefix}{field}");
        let name = errors.check(&key("name"), PersonName::parse(text(&self.name)));
        let phone = errors.check(&key("phone"), PhoneNumber::parse(text(&self.phone)));
        let line1 = errors.check(
            &key("line1"),
            text::line(text(&self.line1), "address line", 3, 200),
        );
        let line2 = errors.optional(&key("line2"), self.line2.as_deref(), |raw| {
            text::line(raw, "second address line", 1, 200)
        });
        let city = errors.check(&key("city"), text::line(text(&self.city), "city", 2, 100));
        let district = errors.check(
            &key("district"),
            text::line(text(&self.district), "district", 2, 100),
        );
        let state = errors.check(&key("state"), IndianState::parse(text(&self.state)));
        let pincode = errors.check(&key("pincode"), Pincode::parse(text(&self.pincode)));
        Some(PostalAddress {
            name: name?,
            phone: phone?,
            line1: line1?,
            line2: line2?,
            city: city?,
            district: district?,
            state: state?,
            pincode: pincode?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kumily() -> AddressInput {
        AddressInput {
            name: Some("Anitha Joseph".into()),
            phone: Some("+91 98470 12345".into()),
            line1: Some("Puthenpurackal House".into()),
            line2: Some("  ".into()),
            city: Some("Kumily".into()),
            district: Some("Idukki".into()),
            state: Some("kerala".into()),
            pincode: Some("685 509".into()),
        }
    }

    #[test]
    fn a_complete_address_is_checked_and_tidied() {
        let mut errors = FormErrors::default();
        let address = kumily().check("", &mut errors).unwrap();
        assert!(errors.is_empty());
        assert_eq!(address.state.name(), "Kerala");
        assert_eq!(address.pincode.as_str(), "685509");
        assert_eq!(address.phone.as_str(), "+919847012345");
        assert_eq!(address.line2, None);
    }

    #[test]
    fn every_bad_part_is_named_under_its_prefix() {
        let mut errors = FormErrors::default();
        let address = AddressInput {
            state: Some("Atlantis".into()),
            pincode: Some("012345".into()),
            ..kumily()
        };
        let input = AddressInput {
            city: None,
            ..address
        };
        assert!(input.check("shipping_address.", &mut errors).is_none());
        let errors = errors.into_errors();
        for field in ["state", "pincode", "city"] {
            assert!(
                errors.contains_key(&format!("shipping_address.{field}")),
                "{field}: {errors:?}"
            );
        }
        assert_eq!(errors.len(), 3);
    }
}
