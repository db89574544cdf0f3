//! What the shop owes back on an order: read by its page and checked by a refund.

use pricing::Paise;

use super::DeskError;
use crate::order::{OrderStatus, PaymentState};
use crate::returned::ReturnView;

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

/// The value of everything that came back of the order: its returns' values, as its page shows
/// them.
pub(crate) fn returned_value(returns: &[ReturnView]) -> Result<Paise, DeskError> {
    Paise::checked_sum(returns.iter().map(|back| back.value)).ok_or(DeskError::InvalidData(
        "returns past the range of money".into(),
    ))
}
