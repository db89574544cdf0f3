//! Money and GST arithmetic for the shop (storefront spec section 9, DESIGN.md "Pricing rules").
//!
//! Amounts are whole paise ([`Paise`]), rates are whole basis points ([`GstRate`]). Prices are
//! tax-inclusive; [`cart_totals`] and [`line_amounts`] take the tax back out of them with a single
//! rounding, so that `subtotal + tax == total` always holds. The file `vectors.json` beside this
//! crate's `Cargo.toml` holds the cases that this crate and the frontend must both reproduce.
//!
//! ```
//! use pricing::{GstRate, Paise, PricedLine, cart_totals, format_inr};
//!
//! let line = PricedLine {
//!     unit_price: Paise::new(11800), // ₹118.00 including 18 % GST
//!     gst_rate: GstRate::new(1800)?,
//!     quantity: 2,
//! };
//! let totals = cart_totals(&[line])?;
//! assert_eq!(format_inr(totals.subtotal), "₹200.00");
//! assert_eq!(format_inr(totals.tax), "₹36.00");
//! assert_eq!(totals.total.to_string(), "₹236.00");
//! # Ok::<(), pricing::PricingError>(())
//! ```

mod amount_in_words;
mod cart;
mod delivery;
mod discount;
mod error;
mod exact;
mod format;
mod gst;
mod money;
mod price;
mod shipping;
mod supply;

pub use amount_in_words::amount_in_words;
pub use cart::{CartTotals, LineAmounts, PricedLine, cart_totals, line_amounts};
pub use delivery::{WeightBand, WeightRate, WeightStep};
pub use discount::discount_percent;
pub use error::PricingError;
pub use format::{format_inr, format_inr_short};
pub use gst::{GstRate, GstSplit, PlaceOfSupply, TaxedAmount, split_gst, tax_in};
pub use money::{Paise, parse_rupees};
pub use price::{Price, PriceError};
pub use shipping::{ShippingShare, apportion_shipping};
pub use supply::{PackUnit, SupplyError, SupplyKind, Uqc, milli_text};
