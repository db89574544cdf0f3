//! Bank transfers that never come: an order placed for payment by bank transfer holds its units
//! while it waits, so one left unpaid for the shop's number of days is cancelled (its units go
//! back on the shelf) and the customer is told. The sweep runs hourly in the server and on demand
//! (`storefront cancel-unpaid`).

use chrono::{Duration, NaiveDateTime};
use db::schema::orders;
use db::{DbConnection, OrderId, write_transaction};
use diesel::prelude::*;

use super::transition::move_within;
use super::{
    MoveContext, MovedBy, OrderMove, OrderStatus, PaymentMethod, PaymentState, TransitionError,
};

/// Cancels every bank-transfer order still awaiting its payment that was placed more than
/// `days` before `as_of`; answers their numbers, oldest first. Each is cancelled in its own
/// transaction that re-reads its status, so an order paid (and so confirmed) meanwhile is left
/// alone, and one order's failure does not undo the others.
pub fn cancel_unpaid_transfers(
    conn: &mut DbConnection,
    as_of: NaiveDateTime,
    days: u32,
    shop: &MoveContext,
) -> Result<Vec<String>, TransitionError> {
    let cutoff = as_of - Duration::days(i64::from(days));
    let due: Vec<(OrderId, String)> = orders::table
        .filter(orders::status.eq(OrderStatus::AwaitingPayment))
        .filter(orders::payment_method.eq(PaymentMethod::BankTransfer))
        .filter(orders::payment_state.eq(PaymentState::Unpaid))
        .filter(orders::created_at.lt(cutoff))
        .order(orders::id)
        .select((orders::id, orders::number))
        .load(conn)?;
    let mut cancelled = Vec::with_capacity(due.len());
    for (id, number) in due {
        let expired = write_transaction(conn, |conn| {
            move_within(
                conn,
                id,
                &OrderMove::Expire { days },
                MovedBy::default(),
                shop,
            )
        });
        match expired {
            Ok(()) => cancelled.push(number),
            // Paid, confirmed or cancelled since it was read: nothing to do.
            Err(TransitionError::NotAllowed { .. }) => {}
            Err(error) => return Err(error),
        }
    }
    Ok(cancelled)
}
