//! The carriers the shop ships with, from its profile, each with the address of its tracking
//! page: `https://…{tracking}…`, where `{tracking}` is the parcel's tracking number. An order
//! shipped with a listed carrier keeps its tracking link; one shipped with a carrier the list
//! does not name keeps only the name and number.

use serde::{Deserialize, Serialize};

/// Where a carrier's tracking URL takes the tracking number.
const PLACEHOLDER: &str = "{tracking}";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Carrier {
    /// As the desk offers it and the customer reads it: `India Post`.
    pub name: String,
    /// `https://…{tracking}…`.
    pub tracking_url: String,
}

impl Carrier {
    /// Why this entry cannot be used, if it cannot.
    pub fn problem(&self) -> Option<String> {
        if self.name.trim().is_empty() {
            return Some("a carrier needs a name".into());
        }
        let url = &self.tracking_url;
        if !url.starts_with("https://") || url.matches(PLACEHOLDER).count() != 1 {
            return Some(format!(
                "{}: tracking_url must be an https:// address holding {PLACEHOLDER} once",
                self.name
            ));
        }
        None
    }

    /// The tracking page of the parcel `number` (letters, digits and dashes, as the desk takes
    /// it; anything else is percent-encoded).
    pub fn tracking_link(&self, number: &str) -> String {
        let number: String = form_urlencoded::byte_serialize(number.as_bytes()).collect();
        self.tracking_url.replace(PLACEHOLDER, &number)
    }
}

/// The tracking page of `number` with the listed carrier named `carrier` (case and spaces
/// around it aside), if the list has it.
pub fn tracking_link(carriers: &[Carrier], carrier: &str, number: &str) -> Option<String> {
    carriers
        .iter()
        .find(|c| c.name.trim().eq_ignore_ascii_case(carrier.trim()))
        .map(|c| c.tracking_link(number))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Carrier {
        Carrier {
            name: "Example Courier".into(),
            tracking_url: "https://track.example.in/parcel?awb={tracking}".into(),
        }
    }

    #[test]
    fn a_listed_carrier_links_its_tracking_page() {
        let carriers = [example()];
        assert_eq!(
            tracking_link(&carriers, " example courier", "EX-123").as_deref(),
            Some("https://track.example.in/parcel?awb=EX-123")
        );
        assert_eq!(tracking_link(&carriers, "Another", "EX-123"), None);
        assert_eq!(
            example().tracking_link("a&b c"),
            "https://track.example.in/parcel?awb=a%26b+c"
        );
    }

    #[test]
    fn a_carrier_needs_an_https_address_with_one_placeholder() {
        assert_eq!(example().problem(), None);
        for url in [
            "http://track.example.in/{tracking}",
            "https://track.example.in/",
            "https://t.example.in/{tracking}/{tracking}",
        ] {
            let carrier = Carrier {
                tracking_url: url.into(),
                ..example()
            };
            assert!(carrier.problem().is_some(), "{url}");
        }
    }
}
