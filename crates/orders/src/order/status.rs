//! The states an order keeps as words (see [`super::stored`] for how they are stored and read).

use serde::{Deserialize, Serialize};

use crate::words::{Word, stored_as_text};

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    utoipa::ToSchema,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    Placed,
    AwaitingPayment,
    Confirmed,
    Shipped,
    Delivered,
    Cancelled,
}

impl Word for OrderStatus {
    const WHAT: &'static str = "order status";
    const ALL: &'static [Self] = &[
        Self::Placed,
        Self::AwaitingPayment,
        Self::Confirmed,
        Self::Shipped,
        Self::Delivered,
        Self::Cancelled,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Self::Placed => "placed",
            Self::AwaitingPayment => "awaiting_payment",
            Self::Confirmed => "confirmed",
            Self::Shipped => "shipped",
            Self::Delivered => "delivered",
            Self::Cancelled => "cancelled",
        }
    }
}

/// Whether the shop holds the order's money: `unpaid`, `paid` (a transfer received, cash
/// collected) or `refunded` (a cancelled paid order, paid back).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    utoipa::ToSchema,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
#[serde(rename_all = "snake_case")]
pub enum PaymentState {
    Unpaid,
    Paid,
    Refunded,
}

impl Word for PaymentState {
    const WHAT: &'static str = "payment state";
    const ALL: &'static [Self] = &[Self::Unpaid, Self::Paid, Self::Refunded];

    fn as_str(self) -> &'static str {
        match self {
            Self::Unpaid => "unpaid",
            Self::Paid => "paid",
            Self::Refunded => "refunded",
        }
    }
}

/// How the shopper pays: cash on delivery, or a bank transfer (UPI) before the order moves.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cod,
    BankTransfer,
}

impl Word for PaymentMethod {
    const WHAT: &'static str = "payment method";
    const ALL: &'static [Self] = &[Self::Cod, Self::BankTransfer];

    fn as_str(self) -> &'static str {
        match self {
            Self::Cod => "cod",
            Self::BankTransfer => "bank_transfer",
        }
    }
}

stored_as_text!(OrderStatus, PaymentState, PaymentMethod);

impl PaymentMethod {
    /// The shopper's (or the desk's) choice, with the sentence to read when it is none.
    pub fn parse(raw: &str) -> Result<Self, String> {
        Self::from_word(raw).ok_or_else(|| "Choose cash on delivery or bank transfer.".into())
    }
}
