//! Cart inputs, parsed at the edge so the domain never sees an unchecked value.

use std::fmt;

use db::{ProductId, VariantId};

/// A cart's id: a random UUID kept in the shopper's session.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CartId(String);

impl CartId {
    pub fn generate() -> Self {
        Self(uuid::Uuid::new_v4().to_string())
    }

    /// Accepts only a well-formed UUID (what [`CartId::generate`] makes).
    pub fn parse(raw: &str) -> Option<Self> {
        uuid::Uuid::parse_str(raw).ok().map(|u| Self(u.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// An id read back from the database.
    pub(crate) fn from_stored(id: String) -> Self {
        Self(id)
    }
}

impl fmt::Display for CartId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A line quantity: a whole number from 1 to 9,999. Plantations order by the hundred (150 bags
/// of neem cake, 400 bottles of a stimulant), so the cap only stops typing slips and overflows;
/// stock is the real limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quantity(u16);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("The quantity must be a whole number from 1 to {max}.", max = Quantity::MAX_TEXT)]
pub struct QuantityError;

impl Quantity {
    pub const MAX: u16 = 9_999;
    /// [`Quantity::MAX`] as messages write it, with its thousands separator.
    pub const MAX_TEXT: &str = "9,999";

    pub fn new(value: i64) -> Result<Self, QuantityError> {
        u16::try_from(value)
            .ok()
            .filter(|v| (1..=Self::MAX).contains(v))
            .map(Self)
            .ok_or(QuantityError)
    }

    pub fn get(self) -> u16 {
        self.0
    }
}

/// Which line a change is about: a product, and its variant when it has several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineTarget {
    pub product_id: ProductId,
    pub variant_id: Option<VariantId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_are_whole_numbers_from_1_to_9999() {
        assert_eq!(Quantity::new(1).unwrap().get(), 1);
        assert_eq!(Quantity::new(150).unwrap().get(), 150);
        assert_eq!(Quantity::new(9_999).unwrap().get(), 9_999);
        for bad in [0, -1, 10_000, 65_536, i64::MAX] {
            assert_eq!(Quantity::new(bad), Err(QuantityError));
        }
        assert_eq!(
            QuantityError.to_string(),
            "The quantity must be a whole number from 1 to 9,999."
        );
    }

    #[test]
    fn the_written_maximum_is_the_maximum() {
        assert_eq!(
            Quantity::MAX_TEXT.replace(',', ""),
            Quantity::MAX.to_string()
        );
    }

    #[test]
    fn cart_ids_must_be_uuids() {
        let id = CartId::generate();
        assert_eq!(CartId::parse(id.as_str()), Some(id));
        assert_eq!(CartId::parse("../../etc"), None);
    }
}
