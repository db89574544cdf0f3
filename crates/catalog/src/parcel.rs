//! What delivery needs to know of a variant: its weight, its price and where it may not go.

use db::schema::{product_variants, products};
use db::{DbConnection, VariantId};
use diesel::prelude::*;
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
    /// What `quantity` units weigh and are worth (`None` if the value overflows).
    pub fn of(&self, quantity: u32) -> Option<(u64, Paise)> {
        Some((
            self.weight_grams.checked_mul(u64::from(quantity))?,
            self.price.checked_mul(quantity)?,
        ))
    }

    /// Whether the product may be shipped to `state`.
    pub fn may_go_to(&self, state: &str) -> bool {
        !self
            .restricted_states
            .iter()
            .any(|s| s.eq_ignore_ascii_case(state))
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
    Ok(Parcel {
        weight_grams: u64::try_from(weight).unwrap_or(0),
        price: Paise::new(price),
        restricted_states: serde_json::from_str(&states)
            .map_err(|e| CatalogError::InvalidData(format!("restricted_states: {e}")))?,
    })
}
