//! The packing desk's one form: a shipment.

use fields::{FieldErrors, FormErrors};
use orders::order::{OrderMove, Shipment};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::CheckBody;
use super::admin_orders::OrderMoveBody;

/// A parcel handed to its carrier.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ShipBody {
    /// Who carries the parcel, one of the shop profile's `carriers` or any other name.
    #[schema(required = true, value_type = String)]
    pub carrier: Option<String>,
    /// The carrier's tracking number; spaces are dropped.
    #[schema(required = true, value_type = String)]
    pub tracking_number: Option<String>,
    /// The e-way bill's 12 digits; required when the goods are worth over ₹50,000.
    pub eway_bill_number: Option<String>,
}

impl CheckBody for ShipBody {
    type Checked = Shipment;

    /// Checked as the orders desk checks a move to `shipped`, so both desks take the same
    /// carriers, tracking numbers and e-way bills. (Through JSON, so that a field the desk's
    /// form gains later needs no change here.)
    fn check(self) -> Result<Shipment, FieldErrors> {
        let mut as_move = serde_json::to_value(&self).unwrap_or_default();
        as_move["status"] = "shipped".into();
        let unreadable = || {
            let mut errors = FormErrors::default();
            errors.add("carrier", "The shipment could not be read.".into());
            errors.into_errors()
        };
        let body: OrderMoveBody = serde_json::from_value(as_move).map_err(|_| unreadable())?;
        match body.check()?.order_move {
            OrderMove::Ship(shipment) => Ok(shipment),
            _ => Err(unreadable()),
        }
    }
}
