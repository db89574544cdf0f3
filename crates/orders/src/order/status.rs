use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    Placed,
    AwaitingPayment,
    Confirmed,
    Shipped,
    Delivered,
    Cancelled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 6] = [
        Self::Placed,
        Self::AwaitingPayment,
        Self::Confirmed,
        Self::Shipped,
        Self::Delivered,
        Self::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Placed => "placed",
            Self::AwaitingPayment => "awaiting_payment",
            Self::Confirmed => "confirmed",
            Self::Shipped => "shipped",
            Self::Delivered => "delivered",
            Self::Cancelled => "cancelled",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// Whether the shop holds the order's money: `unpaid`, `paid` (a transfer received, cash
/// collected) or `refunded` (a cancelled paid order, paid back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentState {
    Unpaid,
    Paid,
    Refunded,
}

impl PaymentState {
    pub const ALL: [PaymentState; 3] = [Self::Unpaid, Self::Paid, Self::Refunded];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unpaid => "unpaid",
            Self::Paid => "paid",
            Self::Refunded => "refunded",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// How the shopper pays: cash on delivery, or a bank transfer (UPI) before the order moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cod,
    BankTransfer,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cod => "cod",
            Self::BankTransfer => "bank_transfer",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "cod" => Ok(Self::Cod),
            "bank_transfer" => Ok(Self::BankTransfer),
            _ => Err("Choose cash on delivery or bank transfer.".into()),
        }
    }
}
