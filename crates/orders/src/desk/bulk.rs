//! Many orders moved at once from the list (a morning's parcels shipped with one carrier): each
//! goes through [`super::move_order`], the very move of a single order (its status rules, the
//! buyer's messages, the audit row), in a transaction of its own, so one refused order stops none
//! of the others and the answer says what became of each.

use db::{DbConnection, UserId};
use serde::Serialize;

use super::{DeskError, move_order};
use crate::order::{MoveContext, OrderMove, OrderStatus};

/// The most orders one bulk move takes: a page of the list.
pub const BULK_MAX: usize = 48;

/// What became of one order of a bulk move.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BulkOutcome {
    /// The order number, as asked.
    pub number: String,
    /// Whether this order moved.
    pub moved: bool,
    /// Its status now (when it could be read).
    #[schema(value_type = Option<OrderStatus>)]
    pub status: Option<OrderStatus>,
    /// Why it did not move.
    pub message: Option<String>,
    /// The field the refusal is about (`tracking_number`, `eway_bill_number`), if one.
    pub field: Option<String>,
}

/// Moves each order by its own move, in its own transaction, in the order given.
pub fn move_orders(
    conn: &mut DbConnection,
    moves: &[(String, OrderMove)],
    actor: UserId,
    note: Option<&str>,
    shop: &MoveContext,
) -> Vec<BulkOutcome> {
    moves
        .iter()
        .map(
            |(number, order_move)| match move_order(conn, number, order_move, actor, note, shop) {
                Ok(order) => BulkOutcome {
                    number: number.clone(),
                    moved: true,
                    status: Some(order.order.status),
                    message: None,
                    field: None,
                },
                Err(error) => refused(number, error),
            },
        )
        .collect()
}

fn refused(number: &str, error: DeskError) -> BulkOutcome {
    let (message, field) = match error {
        DeskError::NotFound => (format!("Order {number} was not found."), None),
        DeskError::Invalid { field, message } => (message, Some(field)),
        DeskError::Conflict(message) => (message, None),
        // Nothing of this order was saved; the others stand.
        DeskError::Database(_) | DeskError::InvalidData(_) | DeskError::Unreadable(_) => {
            tracing::warn!(number, %error, "a bulk move could not save an order");
            (
                "This order could not be saved; try it again.".to_owned(),
                None,
            )
        }
    };
    BulkOutcome {
        number: number.to_owned(),
        moved: false,
        status: None,
        message: Some(message),
        field,
    }
}
