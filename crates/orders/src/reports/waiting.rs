//! Orders waiting for the shop, by the step they wait for, with their value.

use db::DbConnection;
use db::schema::{order_packing, orders};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use super::ReportError;
use crate::order::OrderStatus;
use crate::stored_as_text::Word;

/// The step an order waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WaitingState {
    /// `placed`: to be confirmed.
    ToConfirm,
    /// `awaiting_payment`: the shopper's transfer.
    AwaitingPayment,
    /// `confirmed`, not packed yet.
    ToPack,
    /// `confirmed` and packed: for the carrier.
    ToShip,
    /// `shipped`: with the carrier, not delivered yet.
    InTransit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct WaitingRow {
    pub state: WaitingState,
    pub orders: i64,
    /// Their totals, GST and delivery included.
    pub value: Paise,
}

/// Every waiting state, in the order an order passes them, empty ones too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct WaitingReport {
    pub rows: Vec<WaitingRow>,
    pub orders: i64,
    pub value: Paise,
}

/// The orders waiting now, by state.
pub fn waiting_orders(conn: &mut DbConnection) -> Result<WaitingReport, ReportError> {
    use OrderStatus::*;
    let statuses = [Placed, AwaitingPayment, Confirmed, Shipped].map(OrderStatus::as_str);
    let rows: Vec<(String, i64, Option<i64>)> = orders::table
        .left_join(order_packing::table)
        .filter(orders::status.eq_any(statuses))
        .select((
            orders::status,
            orders::total_paise,
            order_packing::order_id.nullable(),
        ))
        .load(conn)?;
    let states = [
        WaitingState::ToConfirm,
        WaitingState::AwaitingPayment,
        WaitingState::ToPack,
        WaitingState::ToShip,
        WaitingState::InTransit,
    ];
    let mut report = WaitingReport {
        rows: states
            .into_iter()
            .map(|state| WaitingRow {
                state,
                orders: 0,
                value: Paise::ZERO,
            })
            .collect(),
        orders: 0,
        value: Paise::ZERO,
    };
    for (status, total, packed) in rows {
        let state = match (OrderStatus::from_word(&status), packed) {
            (Some(Placed), _) => WaitingState::ToConfirm,
            (Some(AwaitingPayment), _) => WaitingState::AwaitingPayment,
            (Some(Confirmed), None) => WaitingState::ToPack,
            (Some(Confirmed), Some(_)) => WaitingState::ToShip,
            _ => WaitingState::InTransit,
        };
        let total = Paise::new(total);
        if let Some(row) = report.rows.iter_mut().find(|row| row.state == state) {
            row.orders += 1;
            row.value = row.value.checked_add(total).ok_or(ReportError::TooLarge)?;
        }
        report.orders += 1;
        report.value = report
            .value
            .checked_add(total)
            .ok_or(ReportError::TooLarge)?;
    }
    Ok(report)
}
