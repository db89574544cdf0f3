//! The delivery charge as part of the supply. GST treats freight billed with goods as part of
//! their value (a composite supply), so the charge is not a tax-free extra: it is apportioned
//! over the order's lines in proportion to their value (GST included) and each share carries the
//! GST of its line's rate, taken out of it as prices are (the charge, like every price here,
//! includes its tax).
//!
//! Shares are whole paise that add up to the charge exactly: each line first gets the whole
//! paise of its exact share, and the paise left over go one each to the lines with the largest
//! remainders (the earlier line on a tie): the largest-remainder method.

use crate::cart::LineAmounts;
use crate::error::PricingError;
use crate::exact::round_sum_half_away;
use crate::gst::GstRate;
use crate::money::Paise;

/// One line's part of the delivery charge. `taxable + tax == gross`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippingShare {
    /// The line's part of the charge, GST included.
    pub gross: Paise,
    /// That part without GST.
    pub taxable: Paise,
    /// The GST in it, at the line's rate.
    pub tax: Paise,
}

/// `fee` spread over lines of these values (GST included) and rates, one share per line. With
/// nothing to spread it over (no lines, or lines worth nothing) the answer is empty.
pub fn apportion_shipping(
    fee: Paise,
    lines: &[(LineAmounts, GstRate)],
) -> Result<Vec<ShippingShare>, PricingError> {
    let fee_paise = i128::from(fee.get());
    let value: i128 = lines.iter().map(|(a, _)| i128::from(a.total.get())).sum();
    if lines.is_empty() || value <= 0 || fee_paise < 0 {
        return Ok(Vec::new());
    }
    let mut gross: Vec<i128> = Vec::with_capacity(lines.len());
    let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(lines.len());
    for (index, (amounts, _)) in lines.iter().enumerate() {
        let exact = fee_paise
            .checked_mul(i128::from(amounts.total.get()))
            .ok_or(PricingError::Overflow)?;
        gross.push(exact / value);
        remainders.push((exact % value, index));
    }
    let left = fee_paise - gross.iter().sum::<i128>();
    // Largest remainder first; on a tie the earlier line.
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, index) in remainders
        .into_iter()
        .take(usize::try_from(left).unwrap_or(0))
    {
        gross[index] += 1;
    }
    lines
        .iter()
        .zip(gross)
        .map(|((_, rate), gross)| {
            let bp = u32::from(rate.basis_points());
            let numerator = gross
                .checked_mul(i128::from(bp))
                .ok_or(PricingError::Overflow)?;
            let tax =
                round_sum_half_away(&[(numerator, 10_000 + bp)]).ok_or(PricingError::Overflow)?;
            let to_paise = |v: i128| {
                i64::try_from(v)
                    .map(Paise::new)
                    .map_err(|_| PricingError::Overflow)
            };
            Ok(ShippingShare {
                gross: to_paise(gross)?,
                taxable: to_paise(gross - tax)?,
                tax: to_paise(tax)?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(total: i64, bp: u16) -> (LineAmounts, GstRate) {
        (
            LineAmounts {
                taxable: Paise::new(0),
                tax: Paise::new(0),
                total: Paise::new(total),
            },
            GstRate::new(bp).unwrap(),
        )
    }

    #[test]
    fn shares_follow_value_and_add_up_to_the_fee() {
        // ₹80 over lines of ₹300 (18 %) and ₹100 (5 %): ₹60 and ₹20.
        let shares =
            apportion_shipping(Paise::new(8000), &[line(30000, 1800), line(10000, 500)]).unwrap();
        assert_eq!(
            shares,
            [
                // 6000 × 18/118 = 915.25… → 915
                ShippingShare {
                    gross: Paise::new(6000),
                    taxable: Paise::new(5085),
                    tax: Paise::new(915),
                },
                // 2000 × 5/105 = 95.238… → 95
                ShippingShare {
                    gross: Paise::new(2000),
                    taxable: Paise::new(1905),
                    tax: Paise::new(95),
                },
            ]
        );
    }

    #[test]
    fn the_web_apps_checkout_summary_agrees() {
        // The same case as frontend/src/features/checkout/order-preview.test.ts.
        let shares =
            apportion_shipping(Paise::new(9900), &[line(118_000, 1800), line(10_521, 500)])
                .unwrap();
        let figures: Vec<(i64, i64)> = shares
            .iter()
            .map(|s| (s.gross.get(), s.tax.get()))
            .collect();
        assert_eq!(figures, [(9090, 1387), (810, 39)]);
    }

    #[test]
    fn leftover_paise_go_to_the_largest_remainders_then_the_earlier_line() {
        // 100 paise over three equal lines: 33.33… each; the one paisa left goes to the first.
        let shares =
            apportion_shipping(Paise::new(100), &[line(500, 0), line(500, 0), line(500, 0)])
                .unwrap();
        let gross: Vec<i64> = shares.iter().map(|s| s.gross.get()).collect();
        assert_eq!(gross, [34, 33, 33]);
        // 1000 over 1, 2 and 4 parts: 142.857…, 285.714…, 571.428…: remainders .857, .714, .428.
        let shares = apportion_shipping(
            Paise::new(1000),
            &[line(100, 0), line(200, 0), line(400, 0)],
        )
        .unwrap();
        let gross: Vec<i64> = shares.iter().map(|s| s.gross.get()).collect();
        assert_eq!(gross, [143, 286, 571]);
    }

    #[test]
    fn a_zero_rated_line_carries_no_tax_on_its_share() {
        let shares =
            apportion_shipping(Paise::new(5000), &[line(20000, 0), line(20000, 4000)]).unwrap();
        assert_eq!(shares[0].tax, Paise::new(0));
        assert_eq!(shares[0].taxable, Paise::new(2500));
        // 2500 × 40/140 = 714.28… → 714
        assert_eq!(shares[1].tax, Paise::new(714));
    }

    proptest::proptest! {
        #[test]
        fn shares_always_add_up(
            fee in 0i64..10_000_000,
            lines in proptest::collection::vec((1i64..100_000_000, proptest::sample::select(vec![0u16, 500, 1800, 4000])), 1..12),
        ) {
            let lines: Vec<_> = lines.into_iter().map(|(total, bp)| line(total, bp)).collect();
            let shares = apportion_shipping(Paise::new(fee), &lines).unwrap();
            proptest::prop_assert_eq!(shares.iter().map(|s| s.gross.get()).sum::<i64>(), fee);
            for share in shares {
                proptest::prop_assert_eq!(share.taxable.get() + share.tax.get(), share.gross.get());
                proptest::prop_assert!(share.tax.get() >= 0 && share.taxable.get() >= 0);
            }
        }
    }

    #[test]
    fn free_delivery_and_empty_orders_give_nothing_to_spread() {
        let shares = apportion_shipping(Paise::new(0), &[line(100, 1800)]).unwrap();
        assert_eq!(shares[0].gross, Paise::new(0));
        assert!(apportion_shipping(Paise::new(100), &[]).unwrap().is_empty());
    }
}
