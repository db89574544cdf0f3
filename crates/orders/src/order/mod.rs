//! Placed orders: what they show, who may open them, their status history.
//!
//! Access: an order placed while signed in belongs to that account and opens only for it. A
//! guest order opens with its UUID alone: 122 random bits that only the buyer receives (the
//! confirmation page and e-mail), so the buyer can open it from any device; a buyer without the
//! link finds it again with its number and their mobile number (`lookup`). A message's link
//! opens any order, for 30 days, by the key it carries (`links`).

mod buyer;
pub mod carriers;
pub mod consent;
mod expiry;
mod links;
mod lookup;
pub(crate) mod mail_texts;
pub mod owner_alerts;
pub mod phone_news;
mod records;
mod status;
mod stored;
mod transition;
mod view;

pub use buyer::{Address, Contact};
pub use carriers::Carrier;
pub use expiry::cancel_unpaid_transfers;
pub use links::{invoice_link, order_by_link, order_key, order_link};
pub use lookup::{OrderNumber, guest_order};
pub use records::MovedBy;
pub(crate) use records::{OrderLineRecord, OrderRecord, record_status};
pub use status::{OrderStatus, PaymentMethod, PaymentState};
pub(crate) use stored::ReadOrder;
pub use transition::{
    EWAY_BILL_ABOVE, MoveContext, OrderMove, Shipment, TransitionError, allowed, move_order,
    next_statuses,
};
pub(crate) use transition::{consignment_value, locate, move_within, put_back};
pub use view::{
    LineShipping, LineView, OrderSummary, OrderView, StatusChange, Totals, name_lines_in,
    order_by_id, order_for_viewer, orders_for_user,
};

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("Order not found.")]
    NotFound,
    /// A sum of orders' amounts left `i64` paise (orders are bounded at checkout, so only
    /// orders placed before that bound can do this): refused, never wrapped.
    #[error("These amounts are too large to add up.")]
    TooLarge,
    /// A word stored on the order names no value of its type: never read as a default.
    #[error(transparent)]
    Unreadable(#[from] crate::stored_as_text::UnreadableOrder),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}
