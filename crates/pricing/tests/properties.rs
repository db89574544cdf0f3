//! Properties of the pricing rules over generated carts and amounts.

use pricing::{
    GstRate, Paise, PlaceOfSupply, PricedLine, PricingError, cart_totals, discount_percent,
    format_inr, format_inr_short, line_amounts, split_gst,
};
use proptest::prelude::*;

/// The usual slabs and a few rarer ones; their reduced fractions bp / (10000 + bp) are
/// 0, 1/21, 3/28, 9/59, 7/32, 2/7, 3/103 and 1/401.
const SLABS: [u16; 8] = [0, 500, 1200, 1800, 2800, 4000, 300, 25];

fn rate() -> impl Strategy<Value = GstRate> {
    prop_oneof![prop::sample::select(SLABS.to_vec()), 0..=10_000_u16,]
        .prop_filter_map("rates are at most 10000 bp", |bp| GstRate::new(bp).ok())
}

fn line_with(price: impl Strategy<Value = i64>) -> impl Strategy<Value = PricedLine> {
    (price, rate(), prop_oneof![0..=999_u32, any::<u32>()]).prop_map(
        |(paise, gst_rate, quantity)| PricedLine {
            unit_price: Paise::new(paise),
            gst_rate,
            quantity,
        },
    )
}

/// Lines whose totals stay far from the limits of i64.
fn cart(price: impl Strategy<Value = i64>) -> impl Strategy<Value = Vec<PricedLine>> {
    prop::collection::vec(
        line_with(price).prop_map(|mut line| {
            line.quantity %= 100_000;
            line
        }),
        0..12,
    )
}

/// Round half away from zero of `numerator / denominator`, `denominator > 0`.
fn round_half_away(numerator: i128, denominator: i128) -> i128 {
    let (quotient, remainder) = (numerator / denominator, numerator % denominator);
    if 2 * remainder.abs() >= denominator {
        quotient + numerator.signum()
    } else {
        quotient
    }
}

/// The tax of a cart whose rates are all in `SLABS`, by a different route than the crate's:
/// every line's fraction brought to the common denominator of the slabs, in i128.
fn reference_tax(lines: &[PricedLine]) -> i128 {
    let common: i128 = 3 * 7 * 32 * 59 * 103 * 401;
    let numerator: i128 = lines
        .iter()
        .map(|line| {
            let bp = i128::from(line.gst_rate.basis_points());
            let amount = i128::from(line.unit_price.get()) * i128::from(line.quantity);
            // bp / (10000 + bp) = (bp × common / (10000 + bp)) / common, exactly for the slabs.
            let scaled = bp * common / (10_000 + bp);
            assert_eq!(scaled * (10_000 + bp), bp * common);
            amount * scaled
        })
        .sum();
    round_half_away(numerator, common)
}

/// Reads `₹1,23,456.78` or `-₹0.05` back into paise; `None` when it is not of that form.
fn parse_inr(text: &str) -> Option<i128> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let digits: String = rest.strip_prefix('₹')?.replace(',', "");
    let (rupees, paise) = digits.split_once('.').unwrap_or((&digits, "00"));
    if paise.len() != 2 {
        return None;
    }
    let value = rupees.parse::<i128>().ok()? * 100 + paise.parse::<i128>().ok()?;
    Some(if negative { -value } else { value })
}

proptest! {
    #[test]
    fn subtotal_plus_tax_is_total(lines in cart(-10_000_000_000_i64..1_000_000_000_000)) {
        let totals = cart_totals(&lines).unwrap();
        prop_assert_eq!(totals.subtotal.get() + totals.tax.get(), totals.total.get());
    }

    #[test]
    fn tax_is_between_zero_and_total(lines in cart(0..1_000_000_000_000_i64)) {
        let totals = cart_totals(&lines).unwrap();
        prop_assert!(Paise::ZERO <= totals.tax && totals.tax <= totals.total, "{:?}", totals);
        // bp / (10000 + bp) <= 1/2, so the tax is never more than half the total, rounded.
        prop_assert!(2 * totals.tax.get() <= totals.total.get() + 1, "{:?}", totals);
    }

    #[test]
    fn count_is_sum_of_quantities(lines in cart(0..1_000_000_i64)) {
        let expected: u64 = lines.iter().map(|line| u64::from(line.quantity)).sum();
        prop_assert_eq!(cart_totals(&lines).unwrap().count, expected);
    }

    #[test]
    fn totals_are_exact(lines in cart(-10_000_000_000_i64..1_000_000_000_000)) {
        let expected: i128 = lines
            .iter()
            .map(|line| i128::from(line.unit_price.get()) * i128::from(line.quantity))
            .sum();
        prop_assert_eq!(i128::from(cart_totals(&lines).unwrap().total.get()), expected);
    }

    #[test]
    fn tax_matches_common_denominator_reference(
        lines in prop::collection::vec(
            (
                -1_000_000_000_i64..10_000_000_000,
                prop::sample::select(SLABS.to_vec()),
                0..=999_u32,
            ),
            0..10,
        )
    ) {
        let lines: Vec<PricedLine> = lines
            .into_iter()
            .map(|(paise, bp, quantity)| PricedLine {
                unit_price: Paise::new(paise),
                gst_rate: GstRate::new(bp).unwrap(),
                quantity,
            })
            .collect();
        let tax = cart_totals(&lines).unwrap().tax.get();
        prop_assert_eq!(i128::from(tax), reference_tax(&lines));
    }

    #[test]
    fn negating_prices_negates_everything(
        bp in prop::sample::select(vec![500_u16, 1200, 1800, 2800]),
        lines in prop::collection::vec((-5_000_i64..5_000, 1..=999_u32), 1..4),
    ) {
        // One shared rate and small prices make exact half-paisa ties common (at 12 % and 28 %);
        // half away from zero is symmetric.
        let cart = |sign: i64| {
            let lines: Vec<PricedLine> = lines
                .iter()
                .map(|&(paise, quantity)| PricedLine {
                    unit_price: Paise::new(sign * paise),
                    gst_rate: GstRate::new(bp).unwrap(),
                    quantity,
                })
                .collect();
            cart_totals(&lines).unwrap()
        };
        let (a, b) = (cart(1), cart(-1));
        prop_assert_eq!(a.count, b.count);
        prop_assert_eq!(a.tax.get(), -b.tax.get());
        prop_assert_eq!(a.subtotal.get(), -b.subtotal.get());
        prop_assert_eq!(a.total.get(), -b.total.get());
    }

    #[test]
    fn tax_is_monotone_in_the_rate(
        paise in 0..1_000_000_000_000_i64,
        quantity in 0..=999_u32,
        a in 0..=10_000_u16,
        b in 0..=10_000_u16,
    ) {
        let (low, high) = (a.min(b), a.max(b));
        let tax = |bp| {
            line_amounts(&PricedLine {
                unit_price: Paise::new(paise),
                gst_rate: GstRate::new(bp).unwrap(),
                quantity,
            })
            .unwrap()
            .tax
        };
        prop_assert!(tax(low) <= tax(high));
    }

    #[test]
    fn one_line_cart_is_the_line(line in line_with(-1_000_000_000_000_i64..1_000_000_000_000)) {
        let totals = cart_totals(&[line]);
        let amounts = line_amounts(&line);
        match (totals, amounts) {
            (Ok(totals), Ok(amounts)) => {
                prop_assert_eq!(totals.subtotal, amounts.taxable);
                prop_assert_eq!(totals.tax, amounts.tax);
                prop_assert_eq!(totals.total, amounts.total);
                prop_assert_eq!(amounts.taxable.get() + amounts.tax.get(), amounts.total.get());
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (totals, amounts) => prop_assert!(false, "{:?} versus {:?}", totals, amounts),
        }
    }

    #[test]
    fn split_parts_add_up(tax in any::<i64>(), intra in any::<bool>()) {
        let place = if intra { PlaceOfSupply::IntraState } else { PlaceOfSupply::InterState };
        let split = split_gst(Paise::new(tax), place);
        let sum = i128::from(split.cgst.get())
            + i128::from(split.sgst.get())
            + i128::from(split.igst.get());
        prop_assert_eq!(sum, i128::from(tax));
        prop_assert!((i128::from(split.cgst.get()) - i128::from(split.sgst.get())).abs() <= 1);
        if intra {
            prop_assert_eq!(split.igst, Paise::ZERO);
        } else {
            prop_assert_eq!((split.cgst, split.sgst), (Paise::ZERO, Paise::ZERO));
        }
    }

    #[test]
    fn format_reads_back(paise in any::<i64>()) {
        prop_assert_eq!(parse_inr(&format_inr(Paise::new(paise))), Some(i128::from(paise)));
        let short = format_inr_short(Paise::new(paise));
        prop_assert_eq!(parse_inr(&short), Some(round_half_away(i128::from(paise), 100) * 100));
        prop_assert_ne!(short.as_str(), "-₹0");
    }

    #[test]
    fn discount_is_none_exactly_when_not_shown(
        mrp in prop::option::of(any::<i64>()),
        retail in any::<i64>(),
        same in any::<bool>(),
    ) {
        let retail = match (same, mrp) {
            (true, Some(mrp)) => mrp,
            _ => retail,
        };
        let hidden = match mrp {
            None => true,
            Some(mrp) => mrp <= 0 || mrp == retail,
        };
        let discount = discount_percent(mrp.map(Paise::new), Paise::new(retail));
        prop_assert_eq!(discount.is_none(), hidden);
        if let Some(discount) = discount {
            prop_assert_eq!(discount.scale(), 2);
        }
    }

    #[test]
    fn extreme_amounts_never_panic(
        lines in prop::collection::vec(line_with(any::<i64>()), 0..6)
    ) {
        let exact: i128 = lines
            .iter()
            .map(|line| i128::from(line.unit_price.get()) * i128::from(line.quantity))
            .sum();
        let line_overflows = lines.iter().any(|line| line.unit_price.checked_mul(line.quantity).is_none());
        match cart_totals(&lines) {
            Ok(totals) => {
                prop_assert!(!line_overflows);
                prop_assert_eq!(i128::from(totals.total.get()), exact);
                prop_assert_eq!(totals.subtotal.get() + totals.tax.get(), totals.total.get());
            }
            Err(error) => {
                prop_assert_eq!(error, PricingError::Overflow);
            }
        }
        if i64::try_from(exact).is_err() || line_overflows {
            prop_assert!(cart_totals(&lines).is_err());
        }
    }

    #[test]
    fn paise_json_round_trip(paise in -(1_i64 << 50)..(1_i64 << 50)) {
        let json = serde_json::to_string(&Paise::new(paise)).unwrap();
        prop_assert_eq!(serde_json::from_str::<Paise>(&json).unwrap(), Paise::new(paise));
    }
}
