//! Rupee amounts as text, the same as the browser's
//! `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })`.

use std::fmt;

use crate::money::Paise;

/// The full rupee form, as [`format_inr`] writes it. It lives here rather than beside [`Paise`]
/// so that money does not depend on its formatting.
impl fmt::Display for Paise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_inr(*self))
    }
}

/// The full form: `₹1,23,456.78`, `-₹1,23,456.78`, `₹0.00`. Indian grouping (the last three
/// digits, then groups of two, so one crore is `₹1,00,00,000.00`), always two decimals.
pub fn format_inr(amount: Paise) -> String {
    let paise = amount.get().unsigned_abs();
    let sign = if amount.get() < 0 { "-" } else { "" };
    format!("{sign}₹{}.{:02}", group_indian(paise / 100), paise % 100)
}

/// The short form without decimals: `₹1,23,457`. Rounded half away from zero; an amount that
/// rounds to zero is `₹0`, never `-₹0` (Intl with `maximumFractionDigits: 0` and
/// `signDisplay: 'negative'`).
pub fn format_inr_short(amount: Paise) -> String {
    let paise = amount.get().unsigned_abs();
    let rupees = paise / 100 + u64::from(paise % 100 >= 50);
    let sign = if amount.get() < 0 && rupees > 0 {
        "-"
    } else {
        ""
    };
    format!("{sign}₹{}", group_indian(rupees))
}

/// `n` with commas in the Indian style: `12,34,56,789`.
fn group_indian(n: u64) -> String {
    let digits = n.to_string();
    let Some(head_len) = digits.len().checked_sub(3).filter(|&len| len > 0) else {
        return digits;
    };
    let (head, tail) = digits.split_at(head_len);
    let mut out = String::with_capacity(digits.len() + digits.len() / 2);
    for (i, digit) in head.chars().enumerate() {
        if i > 0 && (head_len - i) % 2 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out.push(',');
    out.push_str(tail);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouping() {
        let cases = [
            (0, "0"),
            (7, "7"),
            (999, "999"),
            (1000, "1,000"),
            (99_999, "99,999"),
            (100_000, "1,00,000"),
            (1_234_567, "12,34,567"),
            (10_000_000, "1,00,00,000"),
            (u64::MAX, "1,84,46,74,40,73,70,95,51,615"),
        ];
        for (n, text) in cases {
            assert_eq!(group_indian(n), text);
        }
    }

    #[test]
    fn display_is_full_rupee_form() {
        assert_eq!(Paise::new(12345678).to_string(), "₹1,23,456.78");
    }

    #[test]
    fn full_and_short() {
        assert_eq!(format_inr(Paise::new(12345678)), "₹1,23,456.78");
        assert_eq!(format_inr(Paise::new(-12345678)), "-₹1,23,456.78");
        assert_eq!(format_inr(Paise::ZERO), "₹0.00");
        assert_eq!(format_inr(Paise::new(-1)), "-₹0.01");
        assert_eq!(
            format_inr(Paise::new(i64::MIN)),
            "-₹92,23,37,20,36,85,47,758.08"
        );
        assert_eq!(format_inr_short(Paise::new(12345678)), "₹1,23,457");
        assert_eq!(format_inr_short(Paise::new(-49)), "₹0");
        assert_eq!(format_inr_short(Paise::new(-50)), "-₹1");
        assert_eq!(format_inr_short(Paise::new(250)), "₹3");
        assert_eq!(
            format_inr_short(Paise::new(i64::MIN)),
            "-₹92,23,37,20,36,85,47,758"
        );
    }
}
