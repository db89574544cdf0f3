//! What delivery needs to know of a variant: its weight, its price and where it may not go. The
//! delivery quote and checkout both ask these questions here, so each rule is written once.

use db::schema::{product_variants, products};
use db::{DbConnection, VariantId};
use diesel::prelude::*;
use fields::IndianState;
use pricing::Paise;

use crate::CatalogError;

/// An active variant of an active product, as a parcel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parcel {
    /// One unit's shipping weight.
    pub weight_grams: u64,
    /// One unit's price, GST included.
    pub price: Paise,
    /// The states the product may not be shipped to (some pesticides), as listed.
    pub restricted_states: Vec<String>,
}

impl Parcel {
    /// A parcel from the variant's and product's columns: `weight_grams`, `price_paise` and
    /// `restricted_states` (a JSON array of state names). A value the catalogue could not have
    /// written is an error, never a default: an unreadable list must not let restricted goods
    /// through.
    pub fn from_stored(
        weight_grams: i32,
        price_paise: i64,
        restricted_states: &str,
    ) -> Result<Self, CatalogError> {
        Ok(Self {
            weight_grams: u64::try_from(weight_grams)
                .map_err(|_| CatalogError::InvalidData(format!("weight_grams {weight_grams}")))?,
            price: Paise::new(price_paise),
            restricted_states: serde_json::from_str(restricted_states)
                .map_err(|e| CatalogError::InvalidData(format!("restricted_states: {e}")))?,
        })
    }

    /// What `quantity` units weigh (`None` if the weight overflows).
    pub fn weight_of(&self, quantity: u32) -> Option<u64> {
        self.weight_grams.checked_mul(u64::from(quantity))
    }

    /// What `quantity` units weigh and are worth (`None` if either overflows).
    pub fn of(&self, quantity: u32) -> Option<(u64, Paise)> {
        Some((self.weight_of(quantity)?, self.price.checked_mul(quantity)?))
    }

    /// Whether the product may be shipped to `state`.
    pub fn may_go_to(&self, state: IndianState) -> bool {
        !self
            .restricted_states
            .iter()
            .any(|s| s.eq_ignore_ascii_case(state.name()))
    }
}

/// The variant `variant_id` as a parcel; `NotFound` when it (or its product) is not for sale.
pub fn parcel(conn: &mut DbConnection, variant_id: VariantId) -> Result<Parcel, CatalogError> {
    let row: Option<(i32, i64, String)> = product_variants::table
        .inner_join(products::table)
        .filter(product_variants::id.eq(variant_id))
        .filter(product_variants::is_active.eq(true))
        .filter(products::is_active.eq(true))
        .select((
            product_variants::weight_grams,
            product_variants::price_paise,
            products::restricted_states,
        ))
        .first(conn)
        .optional()?;
    let (weight, price, states) = row.ok_or(CatalogError::NotFound("Product"))?;
    Parcel::from_stored(weight, price, &states)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(name: &str) -> IndianState {
        IndianState::parse(name).unwrap()
    }

    #[test]
    fn a_restricted_product_may_not_go_to_its_states() {
        let parcel = Parcel::from_stored(1000, 45_000, r#"["Kerala","Tamil Nadu"]"#).unwrap();
        assert!(!parcel.may_go_to(state("kerala")));
        assert!(!parcel.may_go_to(state("Tamil Nadu")));
        assert!(parcel.may_go_to(state("Karnataka")));
        let anywhere = Parcel::from_stored(1000, 45_000, "[]").unwrap();
        assert!(anywhere.may_go_to(state("Kerala")));
    }

    #[test]
    fn an_unreadable_list_of_states_is_an_error_not_no_restriction() {
        assert!(matches!(
            Parcel::from_stored(1000, 45_000, "Kerala"),
            Err(CatalogError::InvalidData(_))
        ));
        assert!(Parcel::from_stored(-1, 45_000, "[]").is_err());
    }

    #[test]
    fn units_weigh_and_cost_their_quantity_times_over() {
        let parcel = Parcel::from_stored(54_020, 45_000, "[]").unwrap();
        assert_eq!(parcel.weight_of(3), Some(162_060));
        assert_eq!(parcel.of(3), Some((162_060, Paise::new(135_000))));
        assert_eq!(parcel.weight_of(0), Some(0));
        let dear = Parcel::from_stored(1, i64::MAX, "[]").unwrap();
        assert_eq!(dear.of(2), None, "a value past i64 paise overflows");
    }
}
