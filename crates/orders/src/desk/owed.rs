//! What the shop owes back on an order: read by its page and checked by a refund.

use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::Paise;

use super::DeskError;
use crate::order::{OrderStatus, PaymentState};

/// What the shop still owes back on a paid order: all that was paid when it was cancelled, else
/// the value of what came back (returns), at most what was paid, less what was refunded already.
pub(crate) fn refund_owed(
    status: OrderStatus,
    payment_state: PaymentState,
    paid: Paise,
    refunded: Paise,
    returned: Paise,
) -> Paise {
    if payment_state != PaymentState::Paid {
        return Paise::ZERO;
    }
    let due = if status == OrderStatus::Cancelled {
        paid
    } else {
        returned.min(paid)
    };
    Paise::new((due.get() - refunded.get()).max(0))
}

/// The value of everything that came back of the order.
pub(crate) fn returned_value(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> Result<Paise, DeskError> {
    let values: Vec<(i64, i64)> = db::schema::order_return_lines::table
        .inner_join(db::schema::order_returns::table)
        .filter(db::schema::order_returns::order_id.eq(order_id))
        .select((
            db::schema::order_return_lines::total_paise,
            db::schema::order_return_lines::shipping_paise,
        ))
        .load(conn)?;
    Paise::checked_sum(
        values
            .into_iter()
            .flat_map(|(goods, delivery)| [Paise::new(goods), Paise::new(delivery)]),
    )
    .ok_or(DeskError::InvalidData(
        "returns past the range of money".into(),
    ))
}
