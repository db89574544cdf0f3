//! What the GST law classifies about a product beyond its rate: the kind of supply it is, and the
//! unit its quantity is reported in (the HSN summary of GSTR-1).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::gst::GstRate;

/// The kind of supply a product is (CGST Act s. 2(47) and s. 2(78); GSTR-1 table 8).
///
/// - `taxable`: taxed at its rate (above 0 %); a tax invoice (s. 31(1)).
/// - `nil_rated`: taxable at 0 % by a rate entry.
/// - `exempt`: wholly exempt by notification (10/2025-CT(R) for goods: seeds for sowing, live
///   plants, agricultural hand tools, loose manure).
/// - `non_gst`: outside GST (alcohol for drink, petrol).
///
/// The last three are "exempt supplies" under s. 2(47): they are billed on a bill of supply
/// (s. 31(3)(c), CGST Rules r. 49), never on a tax invoice, and carry no tax.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SupplyKind {
    Taxable,
    NilRated,
    Exempt,
    NonGst,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SupplyError {
    #[error("The supply kind is taxable, nil_rated, exempt or non_gst.")]
    UnknownKind,
    #[error("A taxable product has a GST rate above 0 %; choose nil-rated or exempt for 0 %.")]
    TaxableAtZero,
    #[error("A {kind} product carries no GST: its rate is 0 %.")]
    TaxedButNotTaxable { kind: &'static str },
    #[error(
        "The unit quantity code is one of GSTN's list, such as KGS, LTR, NOS or NA for a service."
    )]
    UnknownUqc,
    #[error(
        "How much of the unit one pack holds is a number above 0 with at most 3 decimals (0.5 for 500 ml in LTR)."
    )]
    BadQuantity,
    #[error("A unit quantity code of NA (a service) has no quantity.")]
    QuantityWithNa,
}

impl SupplyKind {
    pub const ALL: [SupplyKind; 4] = [
        SupplyKind::Taxable,
        SupplyKind::NilRated,
        SupplyKind::Exempt,
        SupplyKind::NonGst,
    ];

    /// The word the database and the API keep.
    pub const fn as_str(self) -> &'static str {
        match self {
            SupplyKind::Taxable => "taxable",
            SupplyKind::NilRated => "nil_rated",
            SupplyKind::Exempt => "exempt",
            SupplyKind::NonGst => "non_gst",
        }
    }

    pub fn parse(word: &str) -> Result<SupplyKind, SupplyError> {
        let word = word.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        SupplyKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == word)
            .ok_or(SupplyError::UnknownKind)
    }

    /// Whether tax is charged on it (a tax invoice line), rather than billed on a bill of supply.
    pub const fn is_taxable(self) -> bool {
        matches!(self, SupplyKind::Taxable)
    }

    /// A kind and a rate that agree: taxable above 0 %, every other kind at 0 %.
    pub fn check_rate(self, rate: GstRate) -> Result<(), SupplyError> {
        match (self, rate.basis_points()) {
            (SupplyKind::Taxable, 0) => Err(SupplyError::TaxableAtZero),
            (SupplyKind::Taxable, _) | (_, 0) => Ok(()),
            (kind, _) => Err(SupplyError::TaxedButNotTaxable {
                kind: kind.as_str(),
            }),
        }
    }
}

impl fmt::Display for SupplyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// GSTN's unit quantity codes, with the names the GSTR-1 offline tool writes beside them, and
/// `NA` for services.
const UQC: [(&str, &str); 46] = [
    ("BAG", "BAGS"),
    ("BAL", "BALE"),
    ("BDL", "BUNDLES"),
    ("BKL", "BUCKLES"),
    ("BOU", "BILLION OF UNITS"),
    ("BOX", "BOX"),
    ("BTL", "BOTTLES"),
    ("BUN", "BUNCHES"),
    ("CAN", "CANS"),
    ("CBM", "CUBIC METERS"),
    ("CCM", "CUBIC CENTIMETERS"),
    ("CMS", "CENTIMETERS"),
    ("CTN", "CARTONS"),
    ("DOZ", "DOZENS"),
    ("DRM", "DRUMS"),
    ("GGK", "GREAT GROSS"),
    ("GMS", "GRAMMES"),
    ("GRS", "GROSS"),
    ("GYD", "GROSS YARDS"),
    ("KGS", "KILOGRAMS"),
    ("KLR", "KILOLITRE"),
    ("KME", "KILOMETRE"),
    ("LTR", "LITRES"),
    ("MLT", "MILILITRE"),
    ("MTR", "METERS"),
    ("MTS", "METRIC TON"),
    ("NOS", "NUMBERS"),
    ("OTH", "OTHERS"),
    ("PAC", "PACKS"),
    ("PCS", "PIECES"),
    ("PRS", "PAIRS"),
    ("QTL", "QUINTAL"),
    ("ROL", "ROLLS"),
    ("SET", "SETS"),
    ("SQF", "SQUARE FEET"),
    ("SQM", "SQUARE METERS"),
    ("SQY", "SQUARE YARDS"),
    ("TBS", "TABLETS"),
    ("TGM", "TEN GROSS"),
    ("THD", "THOUSANDS"),
    ("TON", "TONNES"),
    ("TUB", "TUBES"),
    ("UGS", "US GALLONS"),
    ("UNT", "UNITS"),
    ("YDS", "YARDS"),
    ("NA", "NA"),
];

/// A unit quantity code from GSTN's list (`KGS`, `LTR`, `NOS`…), or `NA` for a service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Uqc(&'static str);

impl Uqc {
    pub const NOS: Uqc = Uqc("NOS");
    pub const NA: Uqc = Uqc("NA");

    /// `kgs`, `KGS` or `KGS-KILOGRAMS`.
    pub fn parse(raw: &str) -> Result<Uqc, SupplyError> {
        let upper = raw.trim().to_ascii_uppercase();
        let code = upper.split('-').next().unwrap_or("").trim();
        UQC.iter()
            .find(|(known, _)| *known == code)
            .map(|(known, _)| Uqc(known))
            .ok_or(SupplyError::UnknownUqc)
    }

    pub const fn code(self) -> &'static str {
        self.0
    }

    /// As the GSTR-1 offline tool's HSN sheet writes it: `KGS-KILOGRAMS`, `NA`.
    pub fn return_label(self) -> String {
        match UQC.iter().find(|(code, _)| *code == self.0) {
            Some((code, name)) if *code != "NA" => format!("{code}-{name}"),
            _ => self.0.to_owned(),
        }
    }

    /// Every code with its name, for the desk's list.
    pub fn all() -> impl Iterator<Item = (&'static str, &'static str)> {
        UQC.iter().copied()
    }
}

impl fmt::Display for Uqc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// How much of its unit one pack holds, in thousandths (a 50 kg bag in KGS is 50000, 10 g of seed
/// in KGS is 10); none for a service (`NA`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackUnit {
    pub uqc: Uqc,
    pub milli: Option<i64>,
}

/// The most one pack may hold: a million of its unit.
const MAX_MILLI: i64 = 1_000_000_000;

impl PackUnit {
    /// A code and a quantity as typed (`0.5`, `50`, `1,000`); the quantity is required unless
    /// the code is `NA`, and refused with it.
    pub fn parse(uqc: &str, quantity: Option<&str>) -> Result<PackUnit, SupplyError> {
        let uqc = Uqc::parse(uqc)?;
        let quantity = quantity.map(str::trim).filter(|q| !q.is_empty());
        match (uqc == Uqc::NA, quantity) {
            (true, None) => Ok(PackUnit { uqc, milli: None }),
            (true, Some(_)) => Err(SupplyError::QuantityWithNa),
            (false, None) => Err(SupplyError::BadQuantity),
            (false, Some(text)) => Ok(PackUnit {
                uqc,
                milli: Some(parse_milli(text)?),
            }),
        }
    }

    /// A pack unit as the database keeps it.
    pub fn from_stored(uqc: &str, milli: Option<i64>) -> Result<PackUnit, SupplyError> {
        let uqc = Uqc::parse(uqc)?;
        match (uqc == Uqc::NA, milli) {
            (true, _) => Ok(PackUnit { uqc, milli: None }),
            (false, Some(m)) if (1..=MAX_MILLI).contains(&m) => Ok(PackUnit {
                uqc,
                milli: Some(m),
            }),
            (false, _) => Err(SupplyError::BadQuantity),
        }
    }

    /// One of something: `NOS 1`.
    pub const fn one() -> PackUnit {
        PackUnit {
            uqc: Uqc::NOS,
            milli: Some(1000),
        }
    }

    /// The quantity as people write it: `0.5`, `50`, `0.025`; empty for `NA`.
    pub fn quantity_text(self) -> String {
        self.milli.map(milli_text).unwrap_or_default()
    }
}

/// Thousandths written as a decimal without trailing zeros: 500 is `0.5`, 50000 is `50`.
pub fn milli_text(milli: i64) -> String {
    let sign = if milli < 0 { "-" } else { "" };
    let m = milli.unsigned_abs();
    let (whole, part) = (m / 1000, m % 1000);
    if part == 0 {
        format!("{sign}{whole}")
    } else {
        let digits = format!("{part:03}");
        format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

fn parse_milli(text: &str) -> Result<i64, SupplyError> {
    let text = text.replace(',', "");
    let (whole, part) = text.split_once('.').unwrap_or((&text, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(part.is_empty() || digits(part)) || part.len() > 3 || whole.len() > 7 {
        return Err(SupplyError::BadQuantity);
    }
    let whole: i64 = whole.parse().map_err(|_| SupplyError::BadQuantity)?;
    let part: i64 = format!("{part:0<3}")
        .parse()
        .map_err(|_| SupplyError::BadQuantity)?;
    let milli = whole * 1000 + part;
    if (1..=MAX_MILLI).contains(&milli) {
        Ok(milli)
    } else {
        Err(SupplyError::BadQuantity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_rates_agree() {
        let rate = |bp| GstRate::new(bp).unwrap();
        assert_eq!(SupplyKind::parse("Nil-rated"), Ok(SupplyKind::NilRated));
        assert_eq!(SupplyKind::parse(" exempt "), Ok(SupplyKind::Exempt));
        assert_eq!(SupplyKind::parse("non gst"), Ok(SupplyKind::NonGst));
        assert_eq!(SupplyKind::parse("zero"), Err(SupplyError::UnknownKind));
        assert!(SupplyKind::Taxable.check_rate(rate(500)).is_ok());
        assert_eq!(
            SupplyKind::Taxable.check_rate(rate(0)),
            Err(SupplyError::TaxableAtZero)
        );
        assert!(SupplyKind::Exempt.check_rate(rate(0)).is_ok());
        assert_eq!(
            SupplyKind::Exempt.check_rate(rate(500)),
            Err(SupplyError::TaxedButNotTaxable { kind: "exempt" })
        );
        assert_eq!(
            serde_json::to_string(&SupplyKind::NilRated).unwrap(),
            "\"nil_rated\""
        );
    }

    #[test]
    fn pack_units_read_as_the_desk_types_them() {
        let bag = PackUnit::parse("kgs", Some("50")).unwrap();
        assert_eq!((bag.uqc.code(), bag.milli), ("KGS", Some(50_000)));
        assert_eq!(bag.uqc.return_label(), "KGS-KILOGRAMS");
        let half = PackUnit::parse("LTR-LITRES", Some("0.5")).unwrap();
        assert_eq!(half.milli, Some(500));
        assert_eq!(half.quantity_text(), "0.5");
        assert_eq!(
            PackUnit::parse("KGS", Some("0.025")).unwrap().milli,
            Some(25)
        );
        assert_eq!(
            PackUnit::parse("NA", None).unwrap(),
            PackUnit {
                uqc: Uqc::NA,
                milli: None
            }
        );
        assert_eq!(Uqc::NA.return_label(), "NA");
        assert_eq!(
            PackUnit::parse("NA", Some("1")),
            Err(SupplyError::QuantityWithNa)
        );
        for bad in ["0", "-1", "0.0001", "abc", "1.2.3", ""] {
            assert!(PackUnit::parse("KGS", Some(bad)).is_err(), "{bad:?}");
        }
        assert_eq!(
            PackUnit::parse("KILO", Some("1")),
            Err(SupplyError::UnknownUqc)
        );
        assert_eq!(milli_text(150_000), "150");
        assert_eq!(milli_text(-2_500), "-2.5");
        assert_eq!(milli_text(75), "0.075");
    }
}
