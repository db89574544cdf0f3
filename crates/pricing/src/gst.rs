//! GST rates and the CGST + SGST versus IGST split of a tax amount.

use std::fmt;

use rust_decimal::Decimal;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::PricingError;
use crate::exact::round_sum_half_away;
use crate::money::Paise;

/// Basis points in 100 %.
const FULL: u16 = 10_000;

/// A GST rate in whole basis points (1800 is 18 %), from 0 to 10000.
///
/// In JSON it is the rate as a fraction (`0.18`), as the frontend uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GstRate(u16);

impl GstRate {
    /// The rate of `basis_points` hundredths of a percent; fails above 10000 (100 %).
    pub fn new(basis_points: u16) -> Result<GstRate, PricingError> {
        if basis_points > FULL {
            return Err(PricingError::InvalidRate(i64::from(basis_points)));
        }
        Ok(GstRate(basis_points))
    }

    /// The rate in basis points (1800 for 18 %).
    pub const fn basis_points(self) -> u16 {
        self.0
    }

    /// The rate as an exact fraction, without trailing zeros (1800 gives `0.18`).
    pub fn as_fraction(self) -> Decimal {
        Decimal::new(i64::from(self.0), 4).normalize()
    }
}

/// A rate as the database keeps it: basis points in an `INTEGER` column. Anything outside 0 to
/// 10000 is an error, never a rate of 0 %.
impl TryFrom<i32> for GstRate {
    type Error = PricingError;

    fn try_from(basis_points: i32) -> Result<GstRate, PricingError> {
        u16::try_from(basis_points)
            .map_err(|_| PricingError::InvalidRate(i64::from(basis_points)))
            .and_then(GstRate::new)
    }
}

/// The rate in basis points as the database keeps it.
impl From<GstRate> for i32 {
    fn from(rate: GstRate) -> i32 {
        i32::from(rate.0)
    }
}

impl fmt::Display for GstRate {
    /// The rate as a percentage: `18%`, `0.25%`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", Decimal::new(i64::from(self.0), 2).normalize())
    }
}

impl Serialize for GstRate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(self.0) / f64::from(FULL))
    }
}

impl<'de> Deserialize<'de> for GstRate {
    /// A JSON number from 0 to 1 that is a whole number of basis points.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_f64(FractionVisitor)
    }
}

struct FractionVisitor;

impl Visitor<'_> for FractionVisitor {
    type Value = GstRate;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a GST rate as a fraction from 0 to 1 in whole basis points, such as 0.18")
    }

    fn visit_u64<E: de::Error>(self, fraction: u64) -> Result<GstRate, E> {
        match fraction {
            0 => Ok(GstRate(0)),
            1 => Ok(GstRate(FULL)),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(fraction), &self)),
        }
    }

    fn visit_i64<E: de::Error>(self, fraction: i64) -> Result<GstRate, E> {
        match u64::try_from(fraction) {
            Ok(fraction) => self.visit_u64(fraction),
            Err(_) => Err(E::invalid_value(de::Unexpected::Signed(fraction), &self)),
        }
    }

    fn visit_f64<E: de::Error>(self, fraction: f64) -> Result<GstRate, E> {
        let basis_points = fraction * f64::from(FULL);
        let whole = basis_points.round();
        if !(0.0..=f64::from(FULL)).contains(&whole) || (basis_points - whole).abs() > 1e-6 {
            return Err(E::invalid_value(de::Unexpected::Float(fraction), &self));
        }
        // Integral and within 0..=10000, so the conversion is exact.
        Ok(GstRate(whole as u16))
    }
}

/// Where a supply is taxed, which decides how GST is split: `intra_state` (CGST and SGST) or
/// `inter_state` (IGST).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlaceOfSupply {
    /// Delivery within the shop's own state: CGST + SGST.
    IntraState,
    /// Delivery to another state: IGST.
    InterState,
}

impl PlaceOfSupply {
    /// [`PlaceOfSupply::IntraState`] when the two state names are equal ignoring surrounding
    /// whitespace and case, else [`PlaceOfSupply::InterState`].
    pub fn between(home_state: &str, destination_state: &str) -> PlaceOfSupply {
        let fold = |s: &str| {
            s.trim()
                .chars()
                .flat_map(char::to_lowercase)
                .collect::<Vec<_>>()
        };
        if fold(home_state) == fold(destination_state) {
            PlaceOfSupply::IntraState
        } else {
            PlaceOfSupply::InterState
        }
    }
}

/// A tax amount split into its GST components; the parts always add up to the tax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GstSplit {
    /// Central GST (intra-state only).
    pub cgst: Paise,
    /// State GST (intra-state only).
    pub sgst: Paise,
    /// Integrated GST (inter-state only).
    pub igst: Paise,
}

/// Splits `tax` by place of supply. Intra-state: SGST is half the tax truncated toward zero and
/// CGST the rest (so CGST takes an odd paisa); inter-state: all of it is IGST.
pub fn split_gst(tax: Paise, place: PlaceOfSupply) -> GstSplit {
    match place {
        PlaceOfSupply::IntraState => {
            let sgst = tax.get() / 2;
            // `tax - tax / 2` cannot overflow, even for i64::MIN.
            let cgst = tax.get() - sgst;
            GstSplit {
                cgst: Paise::new(cgst),
                sgst: Paise::new(sgst),
                igst: Paise::ZERO,
            }
        }
        PlaceOfSupply::InterState => GstSplit {
            cgst: Paise::ZERO,
            sgst: Paise::ZERO,
            igst: tax,
        },
    }
}

/// A tax-inclusive amount taken apart for a tax document. `taxable + cgst + sgst + igst ==
/// gross` always.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct TaxedAmount {
    pub taxable: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
}

impl TaxedAmount {
    pub fn tax(self) -> Paise {
        Paise::new(self.cgst.get() + self.sgst.get() + self.igst.get())
    }

    pub fn gross(self) -> Paise {
        Paise::new(self.taxable.get() + self.tax().get())
    }

    /// `self - earlier`, part by part (what a later share adds to an earlier one).
    pub fn minus(self, earlier: TaxedAmount) -> TaxedAmount {
        self.each(earlier, |a, b| a - b)
    }

    /// `self + other`, part by part.
    pub fn plus(self, other: TaxedAmount) -> TaxedAmount {
        self.each(other, |a, b| a + b)
    }

    fn each(self, other: TaxedAmount, op: impl Fn(i64, i64) -> i64) -> TaxedAmount {
        let part = |a: Paise, b: Paise| Paise::new(op(a.get(), b.get()));
        TaxedAmount {
            taxable: part(self.taxable, other.taxable),
            cgst: part(self.cgst, other.cgst),
            sgst: part(self.sgst, other.sgst),
            igst: part(self.igst, other.igst),
        }
    }
}

/// The GST in `gross` (a tax-inclusive amount) at `rate`, by place of supply, as a tax document
/// shows it (issue 31, "the papers"):
/// - inter-state: IGST = `gross × r / (1 + r)`, rounded half away from zero to the paisa;
/// - intra-state: CGST and SGST are each levied at half the rate (CGST Act s. 9, SGST Acts), so
///   each is `gross × (r/2) / (1 + r)`, rounded the same way, and they are always equal;
/// - the taxable value is what is left (`gross − tax`), so it absorbs the odd paisa and the line
///   still adds up to the price paid.
///
/// Fails only when the amounts leave `i64` paise.
pub fn tax_in(
    gross: Paise,
    rate: GstRate,
    place: PlaceOfSupply,
) -> Result<TaxedAmount, PricingError> {
    let bp = i128::from(rate.basis_points());
    let numerator = i128::from(gross.get())
        .checked_mul(bp)
        .ok_or(PricingError::Overflow)?;
    let to_paise = |v: i128| {
        i64::try_from(v)
            .map(Paise::new)
            .map_err(|_| PricingError::Overflow)
    };
    let denominator = 10_000 + u32::from(rate.basis_points());
    let (cgst, sgst, igst) = match place {
        PlaceOfSupply::InterState => {
            let igst =
                round_sum_half_away(&[(numerator, denominator)]).ok_or(PricingError::Overflow)?;
            (0, 0, igst)
        }
        PlaceOfSupply::IntraState => {
            let half = round_sum_half_away(&[(numerator, denominator * 2)])
                .ok_or(PricingError::Overflow)?;
            (half, half, 0)
        }
    };
    let taxable = i128::from(gross.get()) - cgst - sgst - igst;
    Ok(TaxedAmount {
        taxable: to_paise(taxable)?,
        cgst: to_paise(cgst)?,
        sgst: to_paise(sgst)?,
        igst: to_paise(igst)?,
    })
}

/// In JSON, the rate as a fraction (`0.18` for 18%).
impl utoipa::PartialSchema for GstRate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .minimum(Some(0))
            .maximum(Some(1))
            .description(Some("The GST rate as a fraction: 0.18 is 18%."))
            .examples([serde_json::json!(0.18)])
            .into()
    }
}

impl utoipa::ToSchema for GstRate {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_bounds_and_views() {
        assert_eq!(GstRate::new(10_001), Err(PricingError::InvalidRate(10_001)));
        let rate = GstRate::new(1800).unwrap();
        assert_eq!(rate.basis_points(), 1800);
        assert_eq!(rate.as_fraction().to_string(), "0.18");
        assert_eq!(GstRate::new(0).unwrap().as_fraction().to_string(), "0");
        assert_eq!(
            GstRate::new(25).unwrap().as_fraction().to_string(),
            "0.0025"
        );
        assert_eq!(GstRate::new(10_000).unwrap().as_fraction().to_string(), "1");
        assert_eq!(rate.to_string(), "18%");
        assert_eq!(GstRate::new(25).unwrap().to_string(), "0.25%");
    }

    #[test]
    fn stored_rates_out_of_range_are_errors_not_zero() {
        assert_eq!(GstRate::try_from(1800), Ok(GstRate::new(1800).unwrap()));
        assert_eq!(i32::from(GstRate::try_from(1800).unwrap()), 1800);
        assert_eq!(GstRate::try_from(0), Ok(GstRate::new(0).unwrap()));
        assert_eq!(GstRate::try_from(-1), Err(PricingError::InvalidRate(-1)));
        assert_eq!(
            GstRate::try_from(70_000),
            Err(PricingError::InvalidRate(70_000))
        );
        assert_eq!(
            GstRate::try_from(10_001),
            Err(PricingError::InvalidRate(10_001))
        );
    }

    #[test]
    fn rate_serde() {
        let json = |bp: u16| serde_json::to_string(&GstRate::new(bp).unwrap()).unwrap();
        assert_eq!(json(1800), "0.18");
        assert_eq!(json(500), "0.05");
        assert_eq!(json(2800), "0.28");
        assert_eq!(json(0), "0.0");
        let parse = |s: &str| serde_json::from_str::<GstRate>(s).map(GstRate::basis_points);
        assert_eq!(parse("0.18").unwrap(), 1800);
        assert_eq!(parse("0.28").unwrap(), 2800);
        assert_eq!(parse("0.0025").unwrap(), 25);
        assert_eq!(parse("0").unwrap(), 0);
        assert_eq!(parse("1").unwrap(), 10_000);
        assert_eq!(parse("1.0").unwrap(), 10_000);
        assert!(parse("0.00001").is_err());
        assert!(parse("1.0001").is_err());
        assert!(parse("-0.18").is_err());
        assert!(parse("2").is_err());
        assert!(parse("18").is_err());
        for bp in 0..=10_000 {
            let rate = GstRate::new(bp).unwrap();
            let back: GstRate =
                serde_json::from_str(&serde_json::to_string(&rate).unwrap()).unwrap();
            assert_eq!(back, rate);
        }
    }

    #[test]
    fn place_of_supply() {
        assert_eq!(
            PlaceOfSupply::between(" Maharashtra ", "maharashtra"),
            PlaceOfSupply::IntraState
        );
        assert_eq!(
            PlaceOfSupply::between("Gujarat", "Maharashtra"),
            PlaceOfSupply::InterState
        );
        assert_eq!(
            serde_json::to_string(&PlaceOfSupply::IntraState).unwrap(),
            "\"intra_state\""
        );
    }

    #[test]
    fn central_and_state_tax_are_equal_and_the_taxable_value_takes_the_odd_paisa() {
        let rate = GstRate::new(1800).unwrap();
        // ₹1,180.00 at 18 %: 90.00 + 90.00 on 1,000.00.
        let even = tax_in(Paise::new(118_000), rate, PlaceOfSupply::IntraState).unwrap();
        assert_eq!(
            (even.taxable.get(), even.cgst.get(), even.sgst.get()),
            (100_000, 9_000, 9_000)
        );
        // ₹11.90 at 18 %: the tax is 181.53… paise; each half 90.76… → 91, taxable 1190 − 182.
        let odd = tax_in(Paise::new(1_190), rate, PlaceOfSupply::IntraState).unwrap();
        assert_eq!(
            (
                odd.taxable.get(),
                odd.cgst.get(),
                odd.sgst.get(),
                odd.igst.get()
            ),
            (1_008, 91, 91, 0)
        );
        // Inter-state it is one rounding: 181.53… → 182 of IGST.
        let igst = tax_in(Paise::new(1_190), rate, PlaceOfSupply::InterState).unwrap();
        assert_eq!((igst.taxable.get(), igst.igst.get()), (1_008, 182));
        // ₹1.05 at 5 %: 5 paise of tax, 2.5 each half, rounded away from zero: 3 + 3.
        let five = tax_in(
            Paise::new(105),
            GstRate::new(500).unwrap(),
            PlaceOfSupply::IntraState,
        )
        .unwrap();
        assert_eq!((five.taxable.get(), five.cgst.get()), (99, 3));
        assert_eq!(five.gross(), Paise::new(105));
        let nil = tax_in(
            Paise::new(5_000),
            GstRate::new(0).unwrap(),
            PlaceOfSupply::IntraState,
        )
        .unwrap();
        assert_eq!((nil.taxable.get(), nil.tax().get()), (5_000, 0));
    }

    #[test]
    fn split() {
        let s = split_gst(Paise::new(1801), PlaceOfSupply::IntraState);
        assert_eq!((s.cgst.get(), s.sgst.get(), s.igst.get()), (901, 900, 0));
        let s = split_gst(Paise::new(-1801), PlaceOfSupply::IntraState);
        assert_eq!((s.cgst.get(), s.sgst.get(), s.igst.get()), (-901, -900, 0));
        let s = split_gst(Paise::new(i64::MIN), PlaceOfSupply::IntraState);
        assert_eq!(s.cgst.get() + s.sgst.get(), i64::MIN);
        let s = split_gst(Paise::new(1801), PlaceOfSupply::InterState);
        assert_eq!((s.cgst.get(), s.sgst.get(), s.igst.get()), (0, 0, 1801));
        assert_eq!(
            serde_json::to_string(&split_gst(Paise::new(1801), PlaceOfSupply::IntraState)).unwrap(),
            r#"{"cgst":9.01,"sgst":9.0,"igst":0.0}"#
        );
    }
}
