//! The delivery fee by weight: a sack of 50 kg costs more to carry than a 1 kg pack, so a zone's
//! fee grows with the parcel's weight in bands ("up to 5 kg ₹60, up to 25 kg ₹150, up to 50 kg
//! ₹250"), and past the last band by a fee for each further step begun ("₹200 for each further
//! 50 kg or part of it"). An order whose goods reach the zone's free-delivery amount (GST
//! included) travels free, and so does one with nothing to carry (services such as a soil test
//! or an advisory visit weigh 0 g). The web app's checkout summary computes the same
//! (`frontend/src/lib/delivery-fee.ts`); `vectors.json` holds the cases both must reproduce.

use crate::error::PricingError;
use crate::money::Paise;

/// The fee for parcels up to `up_to_grams`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightBand {
    pub up_to_grams: u64,
    pub fee: Paise,
}

/// Past the last band: `fee` for each further `grams`, or part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightStep {
    pub grams: u64,
    pub fee: Paise,
}

/// A zone's fee by weight, checked: at least one band, bands heavier one after the other, no
/// negative fee, a step of at least one gram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightRate {
    bands: Vec<WeightBand>,
    further: WeightStep,
    free_above: Option<Paise>,
}

impl WeightRate {
    pub fn new(
        bands: Vec<WeightBand>,
        further: WeightStep,
        free_above: Option<Paise>,
    ) -> Result<Self, PricingError> {
        let invalid = |why: &str| Err(PricingError::InvalidDeliveryRate(why.to_owned()));
        if bands.is_empty() {
            return invalid("at least one weight band is needed");
        }
        if bands
            .windows(2)
            .any(|w| w[1].up_to_grams <= w[0].up_to_grams)
        {
            return invalid("each weight band must be heavier than the one before");
        }
        if bands.iter().any(|b| b.fee.get() < 0) || further.fee.get() < 0 {
            return invalid("a fee cannot be negative");
        }
        if further.grams == 0 {
            return invalid("the step past the last band must be at least 1 gram");
        }
        if free_above.is_some_and(|t| t.get() < 0) {
            return invalid("the free-delivery amount cannot be negative");
        }
        Ok(Self {
            bands,
            further,
            free_above,
        })
    }

    pub fn bands(&self) -> &[WeightBand] {
        &self.bands
    }

    pub fn further(&self) -> WeightStep {
        self.further
    }

    pub fn free_above(&self) -> Option<Paise> {
        self.free_above
    }

    /// The fee for a parcel of `weight_grams` holding goods worth `items_total` (GST included).
    pub fn fee(&self, weight_grams: u64, items_total: Paise) -> Result<Paise, PricingError> {
        if weight_grams == 0 || self.free_above.is_some_and(|t| items_total >= t) {
            return Ok(Paise::ZERO);
        }
        if let Some(band) = self.bands.iter().find(|b| weight_grams <= b.up_to_grams) {
            return Ok(band.fee);
        }
        // The loop above found no band, so the last one exists and is lighter than the parcel.
        let last = self.bands[self.bands.len() - 1];
        let steps = (weight_grams - last.up_to_grams).div_ceil(self.further.grams);
        let steps = i64::try_from(steps).map_err(|_| PricingError::Overflow)?;
        self.further
            .fee
            .get()
            .checked_mul(steps)
            .and_then(|extra| extra.checked_add(last.fee.get()))
            .map(Paise::new)
            .ok_or(PricingError::Overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(kg: u64, rupees: i64) -> WeightBand {
        WeightBand {
            up_to_grams: kg * 1000,
            fee: Paise::new(rupees * 100),
        }
    }

    fn rest_of_kerala(free_above: Option<i64>) -> WeightRate {
        WeightRate::new(
            vec![band(5, 60), band(25, 150), band(50, 250)],
            WeightStep {
                grams: 50_000,
                fee: Paise::new(20_000),
            },
            free_above.map(Paise::new),
        )
        .unwrap()
    }

    #[test]
    fn each_band_covers_up_to_its_weight() {
        let rate = rest_of_kerala(None);
        let fee = |grams| rate.fee(grams, Paise::new(100_000)).unwrap().get();
        assert_eq!(fee(1), 6_000);
        assert_eq!(fee(5_000), 6_000);
        assert_eq!(fee(5_001), 15_000);
        assert_eq!(fee(25_000), 15_000);
        assert_eq!(fee(25_001), 25_000);
        assert_eq!(fee(50_000), 25_000);
    }

    #[test]
    fn past_the_last_band_each_further_step_begun_costs_its_fee() {
        let rate = rest_of_kerala(None);
        let fee = |grams| rate.fee(grams, Paise::new(100_000)).unwrap().get();
        // One 50 kg sack weighs 54.02 kg with its bag: ₹250 + one step begun.
        assert_eq!(fee(54_020), 45_000);
        assert_eq!(fee(100_000), 45_000);
        assert_eq!(fee(100_001), 65_000);
        // Three sacks: 162.06 kg is 112.06 kg past 50 kg, three steps begun.
        assert_eq!(fee(162_060), 85_000);
    }

    #[test]
    fn nothing_to_carry_pays_nothing() {
        assert_eq!(
            rest_of_kerala(None).fee(0, Paise::new(150_000)),
            Ok(Paise::ZERO)
        );
    }

    #[test]
    fn goods_worth_the_free_amount_travel_free_whatever_they_weigh() {
        let rate = rest_of_kerala(Some(500_000));
        assert_eq!(rate.fee(162_060, Paise::new(500_000)), Ok(Paise::ZERO));
        assert_eq!(
            rate.fee(162_060, Paise::new(499_999)),
            Ok(Paise::new(85_000))
        );
    }

    #[test]
    fn a_rate_that_cannot_work_is_refused() {
        let step = WeightStep {
            grams: 1000,
            fee: Paise::new(100),
        };
        for (bands, step) in [
            (vec![], step),
            (vec![band(5, 60), band(5, 80)], step),
            (vec![band(25, 150), band(5, 60)], step),
            (vec![band(5, -1)], step),
            (vec![band(5, 60)], WeightStep { grams: 0, ..step }),
        ] {
            assert!(
                matches!(
                    WeightRate::new(bands.clone(), step, None),
                    Err(PricingError::InvalidDeliveryRate(_))
                ),
                "{bands:?} {step:?}"
            );
        }
    }

    #[test]
    fn a_huge_parcel_overflows_instead_of_wrapping() {
        let rate = WeightRate::new(
            vec![band(5, 60)],
            WeightStep {
                grams: 1,
                fee: Paise::new(1_000_000),
            },
            None,
        )
        .unwrap();
        assert_eq!(rate.fee(u64::MAX, Paise::ZERO), Err(PricingError::Overflow));
        assert_eq!(rate.fee(1 << 44, Paise::ZERO), Err(PricingError::Overflow));
    }
}
