//! The buyer as a placed order keeps them: the contact and the addresses, stored on the order and
//! shown by its pages. Checkout turns its checked input (`fields`) into these; being the order's
//! own types, a change to the input types never changes how an order already placed reads.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Contact {
    pub name: String,
    /// None when the shopper left it out (phone first): nothing is mailed to them then.
    pub email: Option<String>,
    pub phone: String,
}

/// A postal address in India, as it was when the order was placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Address {
    pub name: String,
    pub phone: String,
    pub line1: String,
    #[schema(required = true)]
    pub line2: Option<String>,
    pub city: String,
    pub district: String,
    pub state: String,
    pub pincode: String,
}
