//! "Does the shop deliver here?": a PIN code, and optionally a variant and how many of it.

use db::VariantId;
use fields::{FieldErrors, FormErrors, IndianState, Pincode};
use serde::Deserialize;

/// `GET /api/delivery`'s query, as it arrives.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    /// The PIN code the parcel would go to.
    #[param(required = true, value_type = String, pattern = "^[1-9][0-9]{5}$", example = "685509")]
    pin: Option<String>,
    /// A variant to quote the fee of (its weight, its price for a free-delivery amount).
    #[param(value_type = Option<i64>, minimum = 1, example = 12)]
    variant: Option<String>,
    /// How many of the variant, 1 to 9999 (1 when left out).
    #[param(value_type = Option<i64>, minimum = 1, maximum = 9999)]
    quantity: Option<String>,
    /// Only for a PIN code India Post's directory does not list: the address's district.
    district: Option<String>,
    /// Only for a PIN code India Post's directory does not list: the address's state.
    state: Option<String>,
}

/// The query, checked.
#[derive(Debug)]
pub struct DeliveryAsk {
    pub pin: Pincode,
    /// The variant and how many.
    pub parcel: Option<(VariantId, u32)>,
    /// The address's own district and state, for a PIN code the directory does not know.
    pub given: Option<(String, IndianState)>,
}

/// The largest quantity a quote is asked for (a cart line's most).
const MOST: u32 = 9999;

impl DeliveryQuery {
    pub fn check(&self) -> Result<DeliveryAsk, FieldErrors> {
        let mut errors = FormErrors::default();
        let pin = errors.required("pin", self.pin.as_deref(), Pincode::parse);
        let variant = errors.optional("variant", self.variant.as_deref(), |raw| {
            raw.parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .map(VariantId)
                .ok_or_else(|| "The variant id must be a positive whole number.".to_owned())
        });
        let quantity = errors.optional("quantity", self.quantity.as_deref(), |raw| {
            raw.parse::<u32>()
                .ok()
                .filter(|n| (1..=MOST).contains(n))
                .ok_or_else(|| format!("The quantity must be a whole number from 1 to {MOST}."))
        });
        let state = errors.optional("state", self.state.as_deref(), IndianState::parse);
        let district = self
            .district
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty());
        let ask = (|| {
            let parcel = variant?.map(|id| (id, quantity.flatten().unwrap_or(1)));
            let given = state?.map(|state| (district.unwrap_or_default().to_owned(), state));
            Some(DeliveryAsk {
                pin: pin?,
                parcel,
                given,
            })
        })();
        errors.finish(ask)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pin: &str, variant: Option<&str>, quantity: Option<&str>) -> DeliveryQuery {
        DeliveryQuery {
            pin: Some(pin.into()),
            variant: variant.map(Into::into),
            quantity: quantity.map(Into::into),
            district: None,
            state: None,
        }
    }

    #[test]
    fn a_pin_code_with_a_variant_and_quantity() {
        let ask = query("685 509", Some("12"), Some("50")).check().unwrap();
        assert_eq!(ask.pin.as_str(), "685509");
        assert_eq!(ask.parcel, Some((VariantId(12), 50)));
        assert_eq!(
            query("685509", Some("12"), None).check().unwrap().parcel,
            Some((VariantId(12), 1))
        );
    }

    #[test]
    fn each_bad_part_is_named() {
        let errors = query("012345", Some("-1"), Some("10000"))
            .check()
            .unwrap_err();
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            ["pin", "quantity", "variant"]
        );
        let missing = DeliveryQuery {
            pin: None,
            ..query("", None, None)
        };
        assert!(missing.check().unwrap_err().contains_key("pin"));
    }
}
