//! Staff notes on an order: kept with their author and time, never shown to the customer.

use chrono::Utc;
use db::audit::{self, AuditEntry};
use db::schema::order_notes;
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;

use super::detail::staff_order_by_id;
use super::{DeskError, StaffOrder};
use crate::order::MoveContext;
use crate::order::locate;

/// Adds `body` (already checked: one to 2,000 characters) to the order's notes.
pub fn add_note(
    conn: &mut DbConnection,
    number: &str,
    author: UserId,
    body: &str,
    shop: &MoveContext,
) -> Result<StaffOrder, DeskError> {
    write_transaction(conn, |conn| {
        let (id, number) = locate(conn, number)?;
        diesel::insert_into(order_notes::table)
            .values((
                order_notes::order_id.eq(id),
                order_notes::author_id.eq(author),
                order_notes::body.eq(body),
                order_notes::created_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        audit::record(
            conn,
            &AuditEntry {
                actor_id: Some(author),
                action: "order.note",
                entity: "order",
                entity_id: &number,
                old_values: None,
                new_values: Some(&serde_json::json!({ "note": body }).to_string()),
            },
        )?;
        staff_order_by_id(conn, id, shop)
    })
}
