//! [`Paise`], the one money type: a whole number of paise (1 rupee = 100 paise).

use std::fmt;

use rust_decimal::Decimal;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::PricingError;

/// An amount of money in whole paise. May be negative (refunds, differences).
///
/// In JSON it is a number of rupees (`1234.5` for 1,23,450 paise), which is what the frontend
/// shows and sends. `Display` prints the full rupee form, e.g. `₹1,23,456.78` (see `format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Paise(i64);

impl Paise {
    /// Zero paise.
    pub const ZERO: Paise = Paise(0);

    /// The amount of `paise` paise.
    pub const fn new(paise: i64) -> Self {
        Paise(paise)
    }

    /// The number of paise.
    pub const fn get(self) -> i64 {
        self.0
    }

    /// The amount in rupees, exactly, with scale 2 (`12345` paise is `123.45`).
    pub fn to_rupees(self) -> Decimal {
        Decimal::new(self.0, 2)
    }

    /// The amount `rupees` in paise. Fails when `rupees` is not a whole number of paise
    /// (`1.005`; trailing zeros such as `1.500` are fine) or does not fit in `i64` paise.
    pub fn from_rupees(rupees: Decimal) -> Result<Paise, PricingError> {
        let paise = rupees
            .checked_mul(Decimal::ONE_HUNDRED)
            .ok_or(PricingError::Overflow)?;
        if !paise.fract().is_zero() {
            return Err(PricingError::InvalidAmount(format!(
                "{rupees} rupees is not a whole number of paise"
            )));
        }
        i64::try_from(paise)
            .map(Paise)
            .map_err(|_| PricingError::Overflow)
    }

    /// `self + other`, or `None` on overflow.
    pub const fn checked_add(self, other: Paise) -> Option<Paise> {
        match self.0.checked_add(other.0) {
            Some(sum) => Some(Paise(sum)),
            None => None,
        }
    }

    /// `self - other`, or `None` on overflow.
    pub const fn checked_sub(self, other: Paise) -> Option<Paise> {
        match self.0.checked_sub(other.0) {
            Some(difference) => Some(Paise(difference)),
            None => None,
        }
    }

    /// `self * quantity`, or `None` on overflow.
    pub const fn checked_mul(self, quantity: u32) -> Option<Paise> {
        match self.0.checked_mul(quantity as i64) {
            Some(product) => Some(Paise(product)),
            None => None,
        }
    }

    /// The sum of `amounts`, or `None` on overflow. (There is deliberately no `Sum` impl,
    /// which could only panic or wrap.)
    pub fn checked_sum<I: IntoIterator<Item = Paise>>(amounts: I) -> Option<Paise> {
        amounts
            .into_iter()
            .try_fold(Paise::ZERO, |sum, amount| sum.checked_add(amount))
    }
}

impl Serialize for Paise {
    /// A JSON number of rupees. Reads back exactly for amounts below 2^50 paise (over ₹11 lakh
    /// crore); beyond that `f64` cannot be trusted to the paisa.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0 as f64 / 100.0)
    }
}

impl<'de> Deserialize<'de> for Paise {
    /// A JSON number of rupees that is a whole number of paise, allowing for binary floating
    /// point noise (`0.1 + 0.2` is 30 paise; `0.005` is refused).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_f64(RupeesVisitor)
    }
}

/// The two ends of the `i64` range, as `f64` (-2^63 and 2^63).
const I64_MIN_F64: f64 = -9_223_372_036_854_775_808.0;
const I64_END_F64: f64 = 9_223_372_036_854_775_808.0;

struct RupeesVisitor;

impl Visitor<'_> for RupeesVisitor {
    type Value = Paise;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number of rupees with at most 2 decimals")
    }

    fn visit_i64<E: de::Error>(self, rupees: i64) -> Result<Paise, E> {
        rupees
            .checked_mul(100)
            .map(Paise)
            .ok_or_else(|| E::custom(PricingError::Overflow))
    }

    fn visit_u64<E: de::Error>(self, rupees: u64) -> Result<Paise, E> {
        i64::try_from(rupees)
            .map_err(|_| E::custom(PricingError::Overflow))
            .and_then(|rupees| self.visit_i64(rupees))
    }

    fn visit_f64<E: de::Error>(self, rupees: f64) -> Result<Paise, E> {
        if !rupees.is_finite() {
            return Err(E::custom(PricingError::InvalidAmount(format!(
                "{rupees} is not a number of rupees"
            ))));
        }
        let paise = rupees * 100.0;
        let whole = paise.round();
        // 1e-6 paisa absorbs the noise of small amounts; above about ₹1 crore the noise of the
        // f64 itself is larger, so allow a few units in the last place there.
        let tolerance = 1e-6_f64.max(4.0 * f64::EPSILON * paise.abs());
        if (paise - whole).abs() > tolerance {
            return Err(E::custom(PricingError::InvalidAmount(format!(
                "{rupees} rupees is not a whole number of paise"
            ))));
        }
        if !(I64_MIN_F64..I64_END_F64).contains(&whole) {
            return Err(E::custom(PricingError::Overflow));
        }
        // In range and integral, so the conversion is exact.
        Ok(Paise(whole as i64))
    }
}

/// In JSON, rupees as a number with at most two decimals (`1234.5` is ₹1,234.50).
impl utoipa::PartialSchema for Paise {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .description(Some("Rupees, to the paisa (two decimals at most)."))
            .examples([serde_json::json!(1234.5)])
            .into()
    }
}

impl utoipa::ToSchema for Paise {}

/// Rupees to the paisa as written: `2800`, `2800.00`, `₹2,800`, `Rs. 1,250.50`, `10,00,000`.
pub fn parse_rupees(raw: &str) -> Result<Paise, String> {
    let refused = || "Enter rupees to the paisa, such as 2800 or ₹2,800.50.".to_owned();
    let trimmed = raw.trim();
    let without_sign = trimmed
        .strip_prefix('₹')
        .or_else(|| trimmed.strip_prefix("Rs."))
        .or_else(|| trimmed.strip_prefix("Rs"))
        .or_else(|| trimmed.strip_prefix("INR"))
        .unwrap_or(trimmed)
        .trim_start();
    let digits: String = without_sign.chars().filter(|c| *c != ',').collect();
    if digits.is_empty()
        || !digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        || digits.starts_with('.')
    {
        return Err(refused());
    }
    let amount: Decimal = digits.parse().map_err(|_| refused())?;
    Paise::from_rupees(amount).map_err(|_| refused())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn rupee_conversions() {
        assert_eq!(Paise::new(12345).to_rupees().to_string(), "123.45");
        assert_eq!(Paise::new(-5).to_rupees().to_string(), "-0.05");
        let rupees = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(Paise::from_rupees(rupees("123.45")), Ok(Paise::new(12345)));
        assert_eq!(Paise::from_rupees(rupees("1.500")), Ok(Paise::new(150)));
        assert_eq!(Paise::from_rupees(rupees("-7")), Ok(Paise::new(-700)));
        assert!(matches!(
            Paise::from_rupees(rupees("1.005")),
            Err(PricingError::InvalidAmount(_))
        ));
        assert_eq!(
            Paise::from_rupees(rupees("92233720368547758.08")),
            Err(PricingError::Overflow)
        );
        assert_eq!(
            Paise::from_rupees(rupees("92233720368547758.07")),
            Ok(Paise::new(i64::MAX))
        );
    }

    #[test]
    fn checked_arithmetic() {
        let max = Paise::new(i64::MAX);
        assert_eq!(
            Paise::new(2).checked_add(Paise::new(3)),
            Some(Paise::new(5))
        );
        assert_eq!(max.checked_add(Paise::new(1)), None);
        assert_eq!(Paise::new(i64::MIN).checked_sub(Paise::new(1)), None);
        assert_eq!(Paise::new(250).checked_mul(4), Some(Paise::new(1000)));
        assert_eq!(max.checked_mul(2), None);
        assert_eq!(
            Paise::new(-3).checked_mul(u32::MAX),
            Some(Paise::new(-3 * 4_294_967_295))
        );
        assert_eq!(
            Paise::checked_sum([Paise::new(1), Paise::new(2)]),
            Some(Paise::new(3))
        );
        assert_eq!(Paise::checked_sum([]), Some(Paise::ZERO));
        assert_eq!(
            Paise::checked_sum([max, Paise::new(1), Paise::new(-1)]),
            None
        );
    }

    #[test]
    fn serializes_as_rupees() {
        let json = |p: i64| serde_json::to_string(&Paise::new(p)).unwrap();
        assert_eq!(json(123450), "1234.5");
        assert_eq!(json(1), "0.01");
        assert_eq!(json(-12345), "-123.45");
        assert_eq!(json(0), "0.0");
        assert_eq!(json(100), "1.0");
    }

    #[test]
    fn deserializes_from_rupees() {
        let parse = |s: &str| serde_json::from_str::<Paise>(s);
        assert_eq!(parse("1234.5").unwrap(), Paise::new(123450));
        assert_eq!(parse("0.01").unwrap(), Paise::new(1));
        assert_eq!(parse("-123.45").unwrap(), Paise::new(-12345));
        assert_eq!(parse("7").unwrap(), Paise::new(700));
        assert_eq!(parse("-7").unwrap(), Paise::new(-700));
        assert_eq!(parse("0.30000000000000004").unwrap(), Paise::new(30));
        assert_eq!(parse("1.1499999999").unwrap(), Paise::new(115));
        assert_eq!(
            parse("123456789012.34").unwrap(),
            Paise::new(12345678901234)
        );
        assert!(parse("0.005").is_err());
        assert!(parse("1.23456").is_err());
        assert!(parse("1e300").is_err());
        assert!(parse("18446744073709551615").is_err());
        assert!(parse("\"12\"").is_err());
        assert!(parse("null").is_err());
    }

    #[test]
    fn serde_round_trip_below_2_pow_50() {
        for p in [
            0,
            1,
            -1,
            99,
            101,
            123456789,
            -987654321,
            (1 << 50) - 1,
            -(1 << 50) + 1,
        ] {
            let json = serde_json::to_string(&Paise::new(p)).unwrap();
            assert_eq!(
                serde_json::from_str::<Paise>(&json).unwrap(),
                Paise::new(p),
                "{json}"
            );
        }
    }
}
