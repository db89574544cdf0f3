//! Cart changes: which line, and how many.

use db::{ProductId, VariantId};
use fields::{FieldErrors, FormErrors};
use orders::cart::{LineTarget, Quantity};
use serde::Deserialize;
use utoipa::ToSchema;

use super::CheckBody;

/// A product, and its variant when it has several.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LineBody {
    #[schema(example = 12)]
    #[schema(required = true, value_type = i64, minimum = 1)]
    pub product_id: Option<i64>,
    /// Required when the product has several pack sizes.
    #[schema(minimum = 1)]
    pub variant_id: Option<i64>,
}

/// A line and its new (or added) quantity.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LineChangeBody {
    #[schema(example = 12)]
    #[schema(required = true, value_type = i64, minimum = 1)]
    pub product_id: Option<i64>,
    /// Required when the product has several pack sizes.
    #[schema(minimum = 1)]
    pub variant_id: Option<i64>,
    /// 1 to 9,999 (and no more than is in stock).
    #[schema(example = 2)]
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 9999)]
    pub quantity: Option<i64>,
}

fn target(
    product_id: Option<i64>,
    variant_id: Option<i64>,
    errors: &mut FormErrors,
) -> Option<LineTarget> {
    let product_id = match product_id {
        Some(id) => errors.check("product_id", positive_id("product id", id).map(ProductId)),
        None => errors.required("product_id", None, |_| Ok(ProductId(0))),
    };
    let variant_id = match variant_id {
        Some(id) => errors
            .check("variant_id", positive_id("variant id", id).map(VariantId))
            .map(Some),
        None => Some(None),
    };
    Some(LineTarget {
        product_id: product_id?,
        variant_id: variant_id?,
    })
}

fn positive_id(what: &str, id: i64) -> Result<i64, String> {
    if id > 0 {
        Ok(id)
    } else {
        Err(format!("The {what} must be a positive whole number."))
    }
}

impl CheckBody for LineBody {
    type Checked = LineTarget;

    fn check(self) -> Result<LineTarget, FieldErrors> {
        let mut errors = FormErrors::default();
        let target = target(self.product_id, self.variant_id, &mut errors);
        errors.finish(target)
    }
}

impl CheckBody for LineChangeBody {
    type Checked = (LineTarget, Quantity);

    fn check(self) -> Result<(LineTarget, Quantity), FieldErrors> {
        let mut errors = FormErrors::default();
        let target = target(self.product_id, self.variant_id, &mut errors);
        let quantity = match self.quantity {
            Some(quantity) => errors.check(
                "quantity",
                Quantity::new(quantity).map_err(|error| error.to_string()),
            ),
            None => errors.required("quantity", None, |_| Err(String::new())),
        };
        let change = target.zip(quantity);
        errors.finish(change)
    }
}
