//! The orders desk: staff find orders, read one with everything that happened to it, move it
//! along, keep notes on it and record its payments and refunds. Every write runs in one
//! transaction with its audit row (and the customer's e-mail, where there is one).

mod bulk;
mod callers;
mod detail;
mod list;
mod messages;
mod notes;
mod owed;
mod payments;
mod reach;

use db::{DbConnection, UserId, write_transaction};

pub use crate::order::phone_news::PhoneChannel;
pub use bulk::{BULK_MAX, BulkOutcome, move_orders};
pub use callers::{Caller, CallerAccount, EarlierOrder, find_caller};
pub use detail::{
    PaymentKind, PaymentRecord, PhoneOrderTaker, StaffNote, StaffOrder, TimelineEntry,
    TimelineKind, staff_order,
};
pub use list::{OrderFilter, OrderList, OrderListItem, StatusCounts, list_orders};
pub use messages::{MessageState, OrderMessage};
pub use notes::add_note;
pub use payments::{
    PaymentReceived, ReceivedVia, Refund, RefundMethod, record_payment, record_refund,
};
pub use reach::CustomerReach;

use crate::gst::documents::DocumentError;
use crate::order::{
    MoveContext, MovedBy, OrderError, OrderMove, OrderStatus, PaymentState, ReadOrder,
    TransitionError, locate, move_within,
};
use crate::stored_as_text::UnreadableOrder;
use diesel::prelude::*;

/// What can go wrong at the desk.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("Order not found.")]
    NotFound,
    /// A value the order refuses (an amount that is not its total, a date before it): 422.
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The order's state refuses it (already paid, a move it cannot make): 409.
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error("an order holds an invalid value: {0}")]
    InvalidData(String),
    /// A word stored on the order names no value of its type: never read as a default.
    #[error(transparent)]
    Unreadable(#[from] UnreadableOrder),
}

impl DeskError {
    fn invalid(field: &str, message: impl Into<String>) -> Self {
        Self::Invalid {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

impl From<OrderError> for DeskError {
    fn from(error: OrderError) -> Self {
        match error {
            OrderError::NotFound => Self::NotFound,
            OrderError::TooLarge => Self::invalid("orders", error.to_string()),
            OrderError::Database(e) => Self::Database(e),
            OrderError::Unreadable(e) => Self::Unreadable(e),
        }
    }
}

impl From<batches::BatchError> for DeskError {
    fn from(error: batches::BatchError) -> Self {
        TransitionError::Batch(error).into()
    }
}

impl From<TransitionError> for DeskError {
    fn from(error: TransitionError) -> Self {
        match error {
            TransitionError::UnknownOrder(_) => Self::NotFound,
            TransitionError::NotAllowed { .. } | TransitionError::HasReturns => {
                Self::Conflict(error.to_string())
            }
            TransitionError::EwayBillNeeded { .. } => {
                Self::invalid("eway_bill_number", error.to_string())
            }
            TransitionError::Order(e) => e.into(),
            TransitionError::Batch(batches::BatchError::Database(e)) => Self::Database(e),
            TransitionError::Batch(batches::BatchError::Invalid { field, message }) => {
                Self::Invalid { field, message }
            }
            TransitionError::Batch(e) => Self::Conflict(e.to_string()),
            TransitionError::Document(DocumentError::Series(e)) => Self::Conflict(e.to_string()),
            TransitionError::Document(DocumentError::Database(e))
            | TransitionError::Database(e) => Self::Database(e),
        }
    }
}

/// Moves the order with this number, by `actor` with their optional note; answers the desk's
/// view of it.
pub fn move_order(
    conn: &mut DbConnection,
    number: &str,
    order_move: &OrderMove,
    actor: UserId,
    note: Option<&str>,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    write_transaction(conn, |conn| {
        let (id, _) = locate(conn, number)?;
        let (from, payment): (OrderStatus, PaymentState) = db::schema::orders::table
            .find(id)
            .select((
                db::schema::orders::status,
                db::schema::orders::payment_state,
            ))
            .first(conn)
            .of_order(id)?;
        if detail::confirms_unpaid(from, order_move.status(), payment) {
            return Err(DeskError::Conflict(
                "This order awaits its payment: record the payment, and the order is confirmed with it.".into(),
            ));
        }
        move_within(
            conn,
            id,
            order_move,
            MovedBy {
                actor: Some(actor),
                note,
                at: None,
            },
            shop,
        )?;
        detail::staff_order_by_id(conn, id, shop)
    })
}
