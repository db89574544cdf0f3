//! The zones as the shop profile writes them (`delivery_zones`), read into checked [`Zones`]
//! (which deserialize through here):
//!
//! ```json
//! [
//!   { "name": "Idukki district", "areas": [{ "state": "Kerala", "district": "Idukki" }],
//!     "days": { "min": 1, "max": 2 },
//!     "rate": { "bands": [{ "up_to_grams": 5000, "fee_paise": 4000 }],
//!               "further": { "grams": 50000, "fee_paise": 10000 },
//!               "free_above_paise": 200000 } },
//!   { "name": "Rest of India", "areas": [{}], "days": { "min": 5, "max": 8 }, "rate": { ... } },
//!   { "name": "Islands", "areas": [{ "state": "Lakshadweep" }], "served": false }
//! ]
//! ```
//!
//! An area is a district (with its state), a state, or `{}` for the rest of India.

use fields::IndianState;
use pricing::{Paise, WeightBand, WeightRate, WeightStep};
use serde::Deserialize;

use crate::zones::{Area, Days, Service, Zone, Zones, ZonesError};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawZone {
    name: String,
    areas: Vec<RawArea>,
    #[serde(default = "served")]
    served: bool,
    days: Option<RawDays>,
    rate: Option<RawRate>,
}

fn served() -> bool {
    true
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArea {
    state: Option<String>,
    district: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDays {
    min: u8,
    max: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRate {
    bands: Vec<RawBand>,
    further: RawStep,
    free_above_paise: Option<i64>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBand {
    up_to_grams: u64,
    fee_paise: i64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    grams: u64,
    fee_paise: i64,
}

impl TryFrom<Vec<RawZone>> for Zones {
    type Error = ZonesError;

    fn try_from(raw: Vec<RawZone>) -> Result<Self, ZonesError> {
        let zones = raw.into_iter().map(zone).collect::<Result<_, _>>()?;
        Zones::new(zones)
    }
}

fn zone(raw: RawZone) -> Result<Zone, ZonesError> {
    let problem = |problem: String| ZonesError {
        zone: raw.name.clone(),
        problem,
    };
    let areas = raw
        .areas
        .iter()
        .map(|a| area(a).map_err(problem))
        .collect::<Result<Vec<_>, _>>()?;
    let service = match (raw.served, raw.days, &raw.rate) {
        (true, Some(days), Some(rate)) => Service::Delivers {
            days: Days {
                min: days.min,
                max: days.max,
            },
            rate: weight_rate(rate).map_err(|e| problem(e.to_string()))?,
        },
        (true, _, _) => return Err(problem("a served zone needs its days and rate".into())),
        (false, None, None) => Service::NotServed,
        (false, _, _) => {
            return Err(problem(
                "a zone that is not served has no days or rate".into(),
            ));
        }
    };
    Ok(Zone {
        name: raw.name,
        areas,
        service,
    })
}

fn area(raw: &RawArea) -> Result<Area, String> {
    let state = |name: &str| {
        IndianState::parse(name).map_err(|_| format!("{name:?} is not a state of India"))
    };
    match (raw.state.as_deref(), raw.district.as_deref()) {
        (None, None) => Ok(Area::India),
        (Some(name), None) => state(name).map(Area::State),
        (Some(_), Some(district)) if district.trim().is_empty() => {
            Err("a district's name cannot be empty".into())
        }
        (Some(name), Some(district)) => Ok(Area::District {
            state: state(name)?,
            district: district.trim().to_owned(),
        }),
        (None, Some(district)) => Err(format!("district {district:?} needs its state")),
    }
}

fn weight_rate(raw: &RawRate) -> Result<WeightRate, pricing::PricingError> {
    WeightRate::new(
        raw.bands
            .iter()
            .map(|b| WeightBand {
                up_to_grams: b.up_to_grams,
                fee: Paise::new(b.fee_paise),
            })
            .collect(),
        WeightStep {
            grams: raw.further.grams,
            fee: Paise::new(raw.further.fee_paise),
        },
        raw.free_above_paise.map(Paise::new),
    )
}
