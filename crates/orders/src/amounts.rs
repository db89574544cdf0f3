//! Amounts as an order's documents show them.

use pricing::Paise;
use serde::Serialize;

/// A line's share of the delivery charge: `total` (GST included) is `taxable` plus its GST.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LineShipping {
    pub total: Paise,
    pub taxable: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
}
