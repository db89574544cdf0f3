//! The discount shown against the MRP.

use rust_decimal::Decimal;

use crate::money::Paise;

/// The discount of `retail_price` against `mrp` in percent, `(MRP - retail) / MRP × 100`,
/// rounded half away from zero to exactly 2 decimals (`12.50`). Negative when the retail price
/// is above the MRP.
///
/// `None` (no discount to show) when there is no MRP, the MRP is not positive, or it equals the
/// retail price. Computed in exact integer arithmetic.
pub fn discount_percent(mrp: Option<Paise>, retail_price: Paise) -> Option<Decimal> {
    let mrp = mrp?.get();
    if mrp <= 0 || mrp == retail_price.get() {
        return None;
    }
    let mrp = i128::from(mrp);
    // In hundredths of a percent; at most 2^64 × 10^4 in size, so no overflow.
    let numerator = (mrp - i128::from(retail_price.get())) * 10_000;
    let mut hundredths = numerator / mrp;
    let remainder = numerator % mrp;
    if 2 * remainder.abs() >= mrp {
        hundredths += numerator.signum();
    }
    // |hundredths| < 2^78 fits Decimal's 96-bit mantissa, so this never fails.
    Decimal::try_from_i128_with_scale(hundredths, 2).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn percent(mrp: Option<i64>, retail: i64) -> Option<String> {
        discount_percent(mrp.map(Paise::new), Paise::new(retail)).map(|d| d.to_string())
    }

    #[test]
    fn cases() {
        assert_eq!(percent(Some(50000), 42500).as_deref(), Some("15.00"));
        assert_eq!(percent(Some(800), 700).as_deref(), Some("12.50"));
        assert_eq!(percent(Some(300), 200).as_deref(), Some("33.33"));
        assert_eq!(percent(Some(300), 100).as_deref(), Some("66.67"));
        assert_eq!(percent(Some(100), 120).as_deref(), Some("-20.00"));
        assert_eq!(percent(Some(100), 0).as_deref(), Some("100.00"));
        assert_eq!(percent(Some(1_000_000), 999_999).as_deref(), Some("0.00"));
        assert_eq!(percent(Some(i64::MAX), i64::MIN).as_deref(), Some("200.00"));
        assert_eq!(
            percent(Some(1), i64::MIN).as_deref(),
            Some("922337203685477580900.00")
        );
        assert_eq!(percent(None, 100), None);
        assert_eq!(percent(Some(0), 100), None);
        assert_eq!(percent(Some(-5), 100), None);
        assert_eq!(percent(Some(100), 100), None);
    }
}
