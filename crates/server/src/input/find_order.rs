//! The "Find my order" form: an order number and the mobile number it was placed with.

use fields::{FieldErrors, FormErrors, PhoneNumber};
use orders::order::OrderNumber;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

#[derive(Debug, Deserialize, ToSchema)]
pub struct FindOrderBody {
    /// As the confirmation shows it; case and spaces do not matter.
    #[schema(required = true, value_type = String, example = "ORD-2026-000123")]
    pub order_number: Option<String>,
    /// The mobile number given at checkout, in any usual writing (`98470 12345`, `+91 98470 12345`).
    #[schema(required = true, value_type = String, example = "+91 98470 12345")]
    pub phone: Option<String>,
}

/// A checked look-up.
#[derive(Debug)]
pub struct FindOrder {
    pub order_number: OrderNumber,
    pub phone: PhoneNumber,
}

impl CheckBody for FindOrderBody {
    type Checked = FindOrder;

    fn check(self) -> Result<FindOrder, FieldErrors> {
        let mut errors = FormErrors::default();
        let number = errors.required(
            "order_number",
            given(&self.order_number),
            OrderNumber::parse,
        );
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        let form = (|| {
            Some(FindOrder {
                order_number: number?,
                phone: phone?,
            })
        })();
        errors.finish(form)
    }
}
