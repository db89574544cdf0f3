//! The zones, checked, and the match of a destination to its zone.

use fields::IndianState;
use pricing::{Paise, PricingError, WeightRate};

use crate::destination::Destination;

/// What a zone covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Area {
    /// One district of a state (district names compared ignoring case and spacing).
    District {
        state: IndianState,
        district: String,
    },
    State(IndianState),
    /// Everywhere in India not covered more specifically.
    India,
}

impl Area {
    /// How specific the area is: a district before a state before the whole country.
    fn rank(&self) -> u8 {
        match self {
            Self::District { .. } => 2,
            Self::State(_) => 1,
            Self::India => 0,
        }
    }

    fn covers(&self, destination: &Destination) -> bool {
        match self {
            Self::District { state, district } => {
                *state == destination.state
                    && destination
                        .district
                        .as_deref()
                        .is_some_and(|d| same_name(d, district))
            }
            Self::State(state) => *state == destination.state,
            Self::India => true,
        }
    }
}

fn same_name(a: &str, b: &str) -> bool {
    let fold = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    fold(a) == fold(b)
}

/// How long a parcel takes, in days (`min` to `max`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Days {
    pub min: u8,
    pub max: u8,
}

/// What the shop offers in a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Service {
    Delivers { days: Days, rate: WeightRate },
    NotServed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    /// The shop's own name for it ("Rest of Kerala"), for staff and the profile's reader.
    pub name: String,
    pub areas: Vec<Area>,
    pub service: Service,
}

/// The answer for a destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quote<'a> {
    Delivers {
        zone: &'a Zone,
        days: Days,
        rate: &'a WeightRate,
    },
    /// In a zone the shop does not serve, or in none at all.
    NotServed,
}

impl Quote<'_> {
    /// The fee for goods of `weight_grams` worth `value` (GST included); `None` where the shop
    /// does not deliver.
    pub fn fee(&self, weight_grams: u64, value: Paise) -> Result<Option<Paise>, PricingError> {
        match self {
            Self::Delivers { rate, .. } => rate.fee(weight_grams, value).map(Some),
            Self::NotServed => Ok(None),
        }
    }
}

/// A zone list that cannot work, named for whoever edits the shop profile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("delivery zone {zone:?}: {problem}")]
pub struct ZonesError {
    pub zone: String,
    pub problem: String,
}

/// The shop's zones, checked: no area in two zones (so the match is never a toss-up), every
/// state a real one, every served zone with its days and rate.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "Vec<crate::config::RawZone>")]
pub struct Zones(Vec<Zone>);

impl Zones {
    pub fn new(zones: Vec<Zone>) -> Result<Self, ZonesError> {
        let mut seen: Vec<(&Area, &str)> = Vec::new();
        for zone in &zones {
            let problem = |problem: String| ZonesError {
                zone: zone.name.clone(),
                problem,
            };
            if zone.areas.is_empty() {
                return Err(problem("it covers no area".into()));
            }
            if let Service::Delivers { days, .. } = zone.service
                && days.min > days.max
            {
                return Err(problem(format!(
                    "it delivers in {} to {} days: the first must not be more than the second",
                    days.min, days.max
                )));
            }
            for area in &zone.areas {
                if let Some((_, other)) = seen.iter().find(|(a, _)| same_area(a, area)) {
                    return Err(problem(format!("{area:?} is also in zone {other:?}")));
                }
                seen.push((area, &zone.name));
            }
        }
        Ok(Self(zones))
    }

    pub fn zones(&self) -> &[Zone] {
        &self.0
    }

    /// The most specific zone covering `destination`, and what it offers.
    pub fn quote(&self, destination: &Destination) -> Quote<'_> {
        let best = self
            .0
            .iter()
            .flat_map(|zone| zone.areas.iter().map(move |area| (zone, area)))
            .filter(|(_, area)| area.covers(destination))
            .max_by_key(|(_, area)| area.rank());
        match best {
            Some((
                zone @ Zone {
                    service: Service::Delivers { days, rate },
                    ..
                },
                _,
            )) => Quote::Delivers {
                zone,
                days: *days,
                rate,
            },
            _ => Quote::NotServed,
        }
    }
}

fn same_area(a: &Area, b: &Area) -> bool {
    match (a, b) {
        (
            Area::District { state, district },
            Area::District {
                state: other_state,
                district: other,
            },
        ) => state == other_state && same_name(district, other),
        _ => a == b,
    }
}
