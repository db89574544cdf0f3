//! The records an insecticide dealer keeps (Insecticides Rules 1971 r. 15, as the Insecticides
//! (Amendment) Rules 2025 and 2026 left it: every sale billed and entered insecticide-wise, a
//! monthly return of sales to the licensing officer within 15 days of the month's close, and the
//! particulars of everyone a batch was sold to, r. 15(4)):
//!
//! - [`sales_record`]: one row per sale of an insecticide per batch, a return after delivery as a
//!   row of its own with the units negative, on the day the goods came back;
//! - [`monthly_return`]: per pack size of each insecticide, the opening stock, what was received,
//!   sold and otherwise moved (disposed of, counted, returned damaged), and the closing stock;
//! - [`recall`]: everyone who received a batch, and one message to each when it is recalled.
//!
//! Dates are Indian dates. A sale is dated by the day its order was confirmed (when the line took
//! its batches and the tax invoice was issued). Cancelled orders are left out altogether: their
//! units went back into their batches.

mod csv;
mod monthly_return;
pub mod recall;
mod sales_record;

use chrono::NaiveDate;
use serde::Serialize;

pub use csv::{monthly_return_csv, sales_record_csv};
pub use monthly_return::{Figure, MonthlyReturn, ReturnRow, monthly_return};
pub use sales_record::{SaleKind, SaleRow, SalesRecord, sales_record};

/// A quantity in the unit the law counts it in: kilograms or litres, to three places, from the
/// pack's unit and quantity per pack (`uqc`, `uqc_milli`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Measured {
    /// `kg` or `L`.
    pub unit: &'static str,
    /// `12.500`: three decimals, negative for a return.
    pub quantity: String,
}

/// Thousandths of a kilogram or litre in one pack, and the unit, when the pack is weighed or
/// measured (KGS, GMS, LTR, MLT, KLR); none for packs counted in pieces.
pub(crate) fn per_pack(uqc: &str, milli: Option<i64>) -> Option<(&'static str, i64)> {
    let milli = milli?;
    match uqc {
        "KGS" => Some(("kg", milli)),
        "GMS" => Some(("kg", milli / 1000)),
        "LTR" => Some(("L", milli)),
        "MLT" => Some(("L", milli / 1000)),
        "KLR" => Some(("L", milli * 1000)),
        "TON" | "MTS" => Some(("kg", milli * 1000)),
        _ => None,
    }
}

/// `units` packs measured, when the pack is.
pub(crate) fn measured(uqc: &str, milli: Option<i64>, units: i64) -> Option<Measured> {
    let (unit, each) = per_pack(uqc, milli)?;
    let total = each.checked_mul(units)?;
    let sign = if total < 0 { "-" } else { "" };
    let total = total.unsigned_abs();
    Some(Measured {
        unit,
        quantity: format!("{sign}{}.{:03}", total / 1000, total % 1000),
    })
}

/// One line of a postal address.
pub(crate) fn address_line(stored: &str) -> String {
    match serde_json::from_str::<crate::order::Address>(stored) {
        Ok(a) => {
            let mut parts = vec![a.line1];
            parts.extend(a.line2.filter(|l| !l.trim().is_empty()));
            parts.extend([a.city, a.district, a.state, a.pincode]);
            parts.join(", ")
        }
        Err(_) => stored.to_owned(),
    }
}

/// The product and its pack, as the registers name them.
pub(crate) fn item_name(product: &str, pack: Option<&str>) -> String {
    match pack {
        Some(pack) if !pack.trim().is_empty() => format!("{product} {pack}"),
        _ => product.to_owned(),
    }
}

/// The Indian day `at` (UTC) falls on.
pub(crate) fn day_of(at: chrono::NaiveDateTime) -> NaiveDate {
    crate::india_time::date_of(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_are_measured_in_kilograms_or_litres() {
        assert_eq!(measured("LTR", Some(500), 3).unwrap().quantity, "1.500");
        assert_eq!(measured("MLT", Some(250_000), 2).unwrap().quantity, "0.500");
        assert_eq!(
            measured("GMS", Some(100_000), -1).unwrap().quantity,
            "-0.100"
        );
        assert_eq!(measured("KGS", Some(25_000), 2).unwrap().unit, "kg");
        assert!(measured("NOS", Some(1000), 2).is_none());
    }
}
