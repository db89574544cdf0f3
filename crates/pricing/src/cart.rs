//! Cart and line totals: taking GST back out of tax-inclusive prices.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::PricingError;
use crate::exact::round_sum_half_away;
use crate::gst::GstRate;
use crate::money::Paise;

/// One cart or order line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PricedLine {
    /// Price of one unit, GST included.
    pub unit_price: Paise,
    /// The GST rate included in `unit_price`.
    pub gst_rate: GstRate,
    /// Number of units.
    pub quantity: u32,
}

/// The totals of a cart. `subtotal + tax == total` always.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CartTotals {
    /// Number of units: the sum of the quantities.
    pub count: u64,
    /// The total without GST.
    pub subtotal: Paise,
    /// The GST included in the total.
    pub tax: Paise,
    /// What the customer pays: the sum of unit price × quantity.
    pub total: Paise,
}

/// The amounts of a single line, by the same rule as [`cart_totals`].
/// `taxable + tax == total` always.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LineAmounts {
    /// The line's value without GST.
    pub taxable: Paise,
    /// The GST included in the line.
    pub tax: Paise,
    /// Unit price × quantity.
    pub total: Paise,
}

/// The totals of `lines` (spec section 9).
///
/// - `total` is `Σ unit_price × quantity`, exact;
/// - `tax` is the exact rational `Σ unit_price × quantity × bp / (10000 + bp)`, rounded once, to
///   whole paise, half away from zero (so line taxes are never rounded separately);
/// - `subtotal` is `total - tax`;
/// - `count` is `Σ quantity`.
///
/// Fails with [`PricingError::Overflow`] when a line total, the total or the tax does not fit
/// in `i64` paise; it never panics or wraps.
pub fn cart_totals(lines: &[PricedLine]) -> Result<CartTotals, PricingError> {
    let mut count: u64 = 0;
    // Sums are kept in i128 so that only the final values must fit in i64, whatever the order.
    let mut total: i128 = 0;
    // Line totals per GST rate, so each rate contributes one fraction.
    let mut per_rate: BTreeMap<u16, i128> = BTreeMap::new();
    for line in lines {
        count = count
            .checked_add(u64::from(line.quantity))
            .ok_or(PricingError::Overflow)?;
        let amount = line
            .unit_price
            .checked_mul(line.quantity)
            .ok_or(PricingError::Overflow)?;
        let amount = i128::from(amount.get());
        total = total.checked_add(amount).ok_or(PricingError::Overflow)?;
        let sum = per_rate.entry(line.gst_rate.basis_points()).or_default();
        *sum = sum.checked_add(amount).ok_or(PricingError::Overflow)?;
    }

    let fractions = per_rate
        .into_iter()
        .map(|(bp, amount)| {
            let numerator = amount
                .checked_mul(i128::from(bp))
                .ok_or(PricingError::Overflow)?;
            Ok((numerator, 10_000 + u32::from(bp)))
        })
        .collect::<Result<Vec<_>, PricingError>>()?;
    let tax = round_sum_half_away(&fractions).ok_or(PricingError::Overflow)?;
    let to_paise = |value: i128| {
        i64::try_from(value)
            .map(Paise::new)
            .map_err(|_| PricingError::Overflow)
    };
    let total = to_paise(total)?;
    let tax = to_paise(tax)?;
    let subtotal = total.checked_sub(tax).ok_or(PricingError::Overflow)?;

    Ok(CartTotals {
        count,
        subtotal,
        tax,
        total,
    })
}

/// The amounts of one line, for invoices: [`cart_totals`] of that line alone.
pub fn line_amounts(line: &PricedLine) -> Result<LineAmounts, PricingError> {
    let totals = cart_totals(std::slice::from_ref(line))?;
    Ok(LineAmounts {
        taxable: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(paise: i64, bp: u16, quantity: u32) -> PricedLine {
        PricedLine {
            unit_price: Paise::new(paise),
            gst_rate: GstRate::new(bp).unwrap(),
            quantity,
        }
    }

    #[test]
    fn one_line_at_18_percent() {
        let totals = cart_totals(&[line(11800, 1800, 1)]).unwrap();
        assert_eq!(
            totals,
            CartTotals {
                count: 1,
                subtotal: Paise::new(10000),
                tax: Paise::new(1800),
                total: Paise::new(11800),
            }
        );
    }

    #[test]
    fn empty_cart() {
        let totals = cart_totals(&[]).unwrap();
        assert_eq!(
            (totals.count, totals.total, totals.tax),
            (0, Paise::ZERO, Paise::ZERO)
        );
    }

    #[test]
    fn rounds_once_per_cart() {
        // 16 paise at 28 % carry exactly 3.5 paise: alone it rounds to 4, but two such lines
        // carry exactly 7, not 8.
        assert_eq!(line_amounts(&line(16, 2800, 1)).unwrap().tax, Paise::new(4));
        assert_eq!(
            cart_totals(&[line(16, 2800, 1), line(16, 2800, 1)])
                .unwrap()
                .tax,
            Paise::new(7)
        );
        // Ties made of different rates: 1/7 + 33/14 = 2.5 paise.
        assert_eq!(
            cart_totals(&[line(3, 500, 1), line(22, 1200, 1)])
                .unwrap()
                .tax,
            Paise::new(3)
        );
        assert_eq!(
            cart_totals(&[line(-3, 500, 1), line(-22, 1200, 1)])
                .unwrap()
                .tax,
            Paise::new(-3)
        );
    }

    #[test]
    fn overflow_is_an_error() {
        assert_eq!(
            cart_totals(&[line(i64::MAX, 1800, 2)]),
            Err(PricingError::Overflow)
        );
        assert_eq!(
            cart_totals(&[line(i64::MAX, 1800, 1), line(1, 0, 1)]),
            Err(PricingError::Overflow)
        );
        // The total fits although the per-rate sums go past i64 on the way.
        let totals = cart_totals(&[
            line(i64::MAX, 1800, 1),
            line(i64::MAX, 1800, 1),
            line(i64::MIN, 1800, 1),
        ])
        .unwrap();
        assert_eq!(totals.total.get(), i64::MAX - 1);
        assert_eq!(totals.subtotal.get() + totals.tax.get(), i64::MAX - 1);
        let max = cart_totals(&[line(i64::MAX, 10_000, 1)]).unwrap();
        assert_eq!(max.tax.get(), i64::MAX / 2 + 1);
        assert_eq!(max.subtotal.get() + max.tax.get(), i64::MAX);
    }
}
