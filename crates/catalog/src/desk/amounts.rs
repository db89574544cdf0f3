//! Money and weights as people write them (`₹2,800`, `2800.00`, `25.2 kg`, `500 g`). The product
//! form, the JSON API and the CSV sheet all read them here, so each rule is written once.

use pricing::{PackUnit, Paise, Price, SupplyError, Uqc};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::WEIGHT_GRAMS_MAX;

/// An amount of rupees as it arrives: a JSON number (`2800.5`) or text as a person types it
/// (`"₹2,800"`, `"2800.00"`, `"Rs. 1,250.50"`).
#[derive(Debug, Clone, PartialEq, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum RupeesInput {
    #[schema(value_type = f64)]
    Number(Paise),
    Text(String),
}

impl RupeesInput {
    /// The amount, or the message shown under the field.
    pub fn parse(&self) -> Result<Paise, String> {
        match self {
            Self::Number(paise) => Ok(*paise),
            Self::Text(text) => parse_rupees(text),
        }
    }
}

pub use pricing::parse_rupees;

/// How much of its unit a pack holds, as it arrives: a JSON number (`0.5`) or text (`"0.5"`).
#[derive(Debug, Clone, PartialEq, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum QuantityInput {
    Number(f64),
    Text(String),
}

impl QuantityInput {
    /// The quantity as written (a number in its shortest form: `0.5`, `50`).
    pub fn text(&self) -> String {
        match self {
            Self::Number(number) => number.to_string(),
            Self::Text(text) => text.trim().to_owned(),
        }
    }
}

/// Which field a pack unit's problem belongs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitField {
    Uqc,
    Quantity,
}

impl UnitField {
    pub const fn name(self) -> &'static str {
        match self {
            Self::Uqc => "uqc",
            Self::Quantity => "uqc_quantity",
        }
    }
}

/// A pack's unit as staff give it: the code defaults to `NOS` and the quantity to 1 (none for
/// `NA`, a service, which refuses one). Blank is absent.
pub fn parse_pack_unit(
    uqc: Option<&str>,
    quantity: Option<&str>,
) -> Result<PackUnit, (UnitField, String)> {
    fn blank_is_none(raw: Option<&str>) -> Option<&str> {
        raw.map(str::trim).filter(|raw| !raw.is_empty())
    }
    let code = blank_is_none(uqc).unwrap_or("NOS");
    let quantity = match blank_is_none(quantity) {
        None if Uqc::parse(code) != Ok(Uqc::NA) => Some("1"),
        given => given,
    };
    PackUnit::parse(code, quantity).map_err(|error| {
        let field = match error {
            SupplyError::UnknownUqc => UnitField::Uqc,
            _ => UnitField::Quantity,
        };
        (field, error.to_string())
    })
}

/// A selling price or an MRP: more than ₹0 (a price of nothing gives the goods away) and
/// within [`Price`]'s bound.
pub fn parse_price(raw: &RupeesInput) -> Result<Price, String> {
    let paise = raw.parse()?;
    if paise.get() <= 0 {
        return Err("The amount must be more than ₹0.".into());
    }
    Price::new(paise).map_err(|error| error.to_string())
}

/// A unit's shipping weight in grams, as written with its unit: `25.2 kg`, `500 g`, `0.5kg`,
/// `1,000 g`. A bare number is refused (is `25` grams or kilograms?), except `0`: a service
/// weighs nothing and pays no delivery.
pub fn parse_weight(raw: &str) -> Result<i32, String> {
    let refused = || "Give the weight with its unit, such as 25.2 kg or 500 g.".to_owned();
    let text = raw.trim().to_lowercase().replace(',', "");
    let (number, grams_per_unit) = if let Some(n) = text.strip_suffix("kg") {
        (n, Decimal::from(1000))
    } else if let Some(n) = text.strip_suffix("g") {
        (n, Decimal::ONE)
    } else if text == "0" {
        ("0", Decimal::ONE)
    } else {
        return Err(refused());
    };
    let number = number.trim();
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(refused());
    }
    let amount: Decimal = number.parse().map_err(|_| refused())?;
    let grams = amount * grams_per_unit;
    if grams.fract() != Decimal::ZERO {
        return Err("Give the weight to the gram (25.2 kg is 25200 g).".into());
    }
    weight_grams(
        i32::try_from(grams.mantissa() / 10_i128.pow(grams.scale())).map_err(|_| too_heavy())?,
    )
}

fn too_heavy() -> String {
    format!(
        "At most {} (one tonne) a unit.",
        show_weight(WEIGHT_GRAMS_MAX)
    )
}

/// A weight already in grams (the API's `weight_grams`): 0 (a service) up to one tonne.
pub fn weight_grams(grams: i32) -> Result<i32, String> {
    if grams < 0 {
        Err("A weight may not be less than 0.".into())
    } else if grams > WEIGHT_GRAMS_MAX {
        Err(too_heavy())
    } else {
        Ok(grams)
    }
}

/// A weight as the sheet and the desk show it: `25.2 kg` from 1 kg up, `500 g` below.
pub fn show_weight(grams: i32) -> String {
    if grams >= 1000 {
        let kg = Decimal::new(i64::from(grams), 3).normalize();
        format!("{kg} kg")
    } else {
        format!("{grams} g")
    }
}

/// A warning (not a refusal) for a weight that looks typed in the wrong unit: under 100 g for
/// a pack whose name or declared quantity says kilograms ("Neem Cake 25 kg" weighing 25 g).
pub fn weight_warning(pack_names: &[Option<&str>], grams: i32) -> Option<String> {
    let says_kg = pack_names
        .iter()
        .flatten()
        .any(|name| names_kilograms(name));
    (says_kg && (1..100).contains(&grams)).then(|| {
        format!(
            "{} looks light for a pack sold by the kilogram: was {grams} meant as {grams} kg?",
            show_weight(grams)
        )
    })
}

/// Whether a pack name gives a quantity in kilograms: a number followed by `kg`.
fn names_kilograms(name: &str) -> bool {
    let lower = name.to_lowercase();
    lower.match_indices("kg").any(|(at, _)| {
        let before = lower[..at].trim_end();
        let after = lower[at + 2..].chars().next();
        before.ends_with(|c: char| c.is_ascii_digit()) && !after.is_some_and(char::is_alphabetic)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_are_read_as_people_write_them() {
        let paise = |raw| parse_rupees(raw).map(Paise::get);
        assert_eq!(paise("₹2,800"), Ok(280_000));
        assert_eq!(paise("2800.00"), Ok(280_000));
        assert_eq!(paise("Rs. 1,250.50"), Ok(125_050));
        assert_eq!(paise("10,00,000"), Ok(100_000_000));
        assert!(paise("12.345").is_err(), "to the paisa");
        assert!(paise("-5").is_err());
        assert!(paise("abc").is_err());
        assert!(paise("").is_err());
        assert!(paise(".5").is_err());
    }

    #[test]
    fn a_price_is_more_than_nothing_and_within_the_bound() {
        let price = |raw: &str| parse_price(&RupeesInput::Text(raw.into())).map(Price::get);
        assert_eq!(price("₹480"), Ok(48_000));
        assert!(price("0").is_err());
        assert!(price("10,00,000.01").is_err());
        assert_eq!(
            parse_price(&RupeesInput::Number(Paise::new(52_000))).map(Price::get),
            Ok(52_000)
        );
    }

    #[test]
    fn pack_units_default_to_one_number() {
        let unit = |uqc, quantity| parse_pack_unit(uqc, quantity).map(|u| (u.uqc.code(), u.milli));
        assert_eq!(unit(None, None), Ok(("NOS", Some(1000))));
        assert_eq!(unit(Some("ltr"), Some("0.5")), Ok(("LTR", Some(500))));
        assert_eq!(unit(Some("KGS"), Some(" ")), Ok(("KGS", Some(1000))));
        assert_eq!(unit(Some("NA"), None), Ok(("NA", None)));
        assert_eq!(unit(Some("NA"), Some("")), Ok(("NA", None)));
        assert_eq!(
            unit(Some("NA"), Some("1")).map_err(|e| e.0),
            Err(UnitField::Quantity)
        );
        assert_eq!(
            unit(Some("KILO"), Some("1")).map_err(|e| e.0),
            Err(UnitField::Uqc)
        );
        assert_eq!(
            unit(Some("KGS"), Some("0.0005")).map_err(|e| e.0),
            Err(UnitField::Quantity)
        );
        assert_eq!(QuantityInput::Number(0.025).text(), "0.025");
        assert_eq!(QuantityInput::Number(50.0).text(), "50");
    }

    #[test]
    fn weights_need_their_unit() {
        assert_eq!(parse_weight("25.2 kg"), Ok(25_200));
        assert_eq!(parse_weight("500 g"), Ok(500));
        assert_eq!(parse_weight("0.5KG"), Ok(500));
        assert_eq!(parse_weight("1,000 g"), Ok(1000));
        assert_eq!(parse_weight("0"), Ok(0), "a service weighs nothing");
        assert_eq!(parse_weight("0 g"), Ok(0));
        assert!(
            parse_weight("25").is_err(),
            "a bare number is not read as grams"
        );
        assert!(parse_weight("2.5 g").is_err(), "to the gram");
        assert!(parse_weight("1001 kg").is_err(), "over a tonne");
        assert!(parse_weight("-1 kg").is_err());
        assert!(parse_weight("kg").is_err());
    }

    #[test]
    fn weights_are_shown_in_the_unit_people_use() {
        assert_eq!(show_weight(25_200), "25.2 kg");
        assert_eq!(show_weight(1000), "1 kg");
        assert_eq!(show_weight(500), "500 g");
        assert_eq!(show_weight(0), "0 g");
        for grams in [0, 1, 999, 1000, 1250, 25_200, WEIGHT_GRAMS_MAX] {
            assert_eq!(parse_weight(&show_weight(grams)), Ok(grams), "{grams}");
        }
    }

    #[test]
    fn a_kilogram_pack_weighing_grams_is_flagged() {
        assert!(weight_warning(&[Some("25 kg")], 25).is_some());
        assert!(weight_warning(&[None, Some("5kg bag")], 5).is_some());
        assert!(weight_warning(&[Some("25 kg")], 25_000).is_none());
        assert!(weight_warning(&[Some("500 g")], 50).is_none());
        assert!(
            weight_warning(&[Some("Soil test")], 0).is_none(),
            "a service"
        );
        assert!(weight_warning(&[Some("kgs of advice")], 10).is_none());
    }
}
