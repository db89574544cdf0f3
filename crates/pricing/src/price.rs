//! [`Price`]: what the shop may ask for one unit, bounded once, here.
//!
//! Every price and MRP staff give (the desk's forms and the bulk sheet) is parsed into a
//! [`Price`], so no later sum can leave `i64` paise: the dearest line of a cart is
//! ₹10,00,000 × 9,999 units, about 10^12 paise, seven orders of magnitude below `i64::MAX`.

use std::fmt;

use crate::money::Paise;

/// A unit price (or MRP), GST included: from ₹0 to [`Price::MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Price(Paise);

/// Why an amount is not a [`Price`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    #[error("A price may not be negative.")]
    Negative,
    #[error("A price may be at most {max}.", max = Price::MAX_TEXT)]
    TooHigh,
}

impl Price {
    /// ₹10,00,000 (ten lakh rupees): well above anything an agri-inputs shop sells by the unit.
    pub const MAX: Paise = Paise::new(100_000_000); // ₹10,00,000 in paise
    /// [`Price::MAX`] as messages write it.
    pub const MAX_TEXT: &str = "₹10,00,000";

    /// `amount` as a price, when it is from ₹0 to [`Price::MAX`].
    pub fn new(amount: Paise) -> Result<Price, PriceError> {
        if amount < Paise::ZERO {
            Err(PriceError::Negative)
        } else if amount > Self::MAX {
            Err(PriceError::TooHigh)
        } else {
            Ok(Price(amount))
        }
    }

    /// The price in paise.
    pub const fn paise(self) -> Paise {
        self.0
    }

    /// The number of paise, as the database stores it.
    pub const fn get(self) -> i64 {
        self.0.get()
    }
}

impl fmt::Display for Price {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_is_from_zero_to_ten_lakh_rupees() {
        assert_eq!(Price::new(Paise::ZERO).map(Price::paise), Ok(Paise::ZERO));
        assert_eq!(Price::new(Price::MAX).map(Price::paise), Ok(Price::MAX));
        assert_eq!(
            Price::new(Paise::new(100_000_001)),
            Err(PriceError::TooHigh)
        );
        assert_eq!(Price::new(Paise::new(-1)), Err(PriceError::Negative));
        // The price: ₹2.5 × 10^16.
        assert_eq!(
            Price::new(Paise::new(2_500_000_000_000_000_000)),
            Err(PriceError::TooHigh)
        );
        assert_eq!(
            PriceError::TooHigh.to_string(),
            "A price may be at most ₹10,00,000."
        );
        assert_eq!(
            crate::format_inr_short(Price::MAX),
            Price::MAX_TEXT,
            "the written maximum is the maximum"
        );
    }

    #[test]
    fn the_dearest_cart_line_cannot_overflow() {
        assert!(Price::MAX.checked_mul(u32::from(u16::MAX)).is_some());
    }
}
