//! An address-book entry.

use fields::{AddressInput, FieldErrors, FormErrors};
use orders::addresses::AddressEntry;
use serde::Deserialize;
use utoipa::ToSchema;

use super::CheckBody;

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddressBody {
    #[serde(flatten)]
    pub address: AddressInput,
    /// Up to 50 characters, such as "Estate office".
    pub label: Option<String>,
    /// Makes this the address checkout suggests first.
    pub is_default: Option<bool>,
}

impl CheckBody for AddressBody {
    type Checked = AddressEntry;

    fn check(self) -> Result<AddressEntry, FieldErrors> {
        let mut errors = FormErrors::default();
        let address = self.address.check("", &mut errors);
        let label = errors.optional("label", self.label.as_deref(), AddressEntry::parse_label);
        let entry = (|| {
            Some(AddressEntry {
                label: label?,
                address: address?,
                is_default: self.is_default.unwrap_or(false),
            })
        })();
        errors.finish(entry)
    }
}
