//! The states an order keeps as words (see [`crate::words`] for how they are stored and read).

use crate::stored_as_text::{Word, word_enum};

word_enum! {
    pub enum OrderStatus("order status") {
        Placed = "placed",
        AwaitingPayment = "awaiting_payment",
        Confirmed = "confirmed",
        Shipped = "shipped",
        Delivered = "delivered",
        Cancelled = "cancelled",
    }
}

word_enum! {
    /// Whether the shop holds the order's money: `unpaid`, `paid` (a transfer received, cash
    /// collected) or `refunded` (a cancelled paid order, paid back).
    pub enum PaymentState("payment state") {
        Unpaid = "unpaid",
        Paid = "paid",
        Refunded = "refunded",
    }
}

word_enum! {
    /// How the shopper pays: cash on delivery, or a bank transfer (UPI) before the order moves.
    pub enum PaymentMethod("payment method") {
        Cod = "cod",
        BankTransfer = "bank_transfer",
    }
}

impl PaymentMethod {
    /// The shopper's (or the desk's) choice, with the sentence to read when it is none.
    pub fn parse(raw: &str) -> Result<Self, String> {
        Self::from_word(raw).ok_or_else(|| "Choose cash on delivery or bank transfer.".into())
    }
}
