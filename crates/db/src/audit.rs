//! The audit log: one row per change staff make, written by the domain that makes the change in
//! the same transaction, so a change and its record stand or fall together.

use crate::UserId;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::DbConnection;
use crate::schema::audit_log;

/// One change: who made it (`None` for the system or a command-line tool), what it was
/// (`product.update`), what it touched (`product`, `42`) and its values before and after, as
/// JSON text (`old_values` is `None` for a creation, `new_values` for a removal).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry<'a> {
    pub actor_id: Option<UserId>,
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: &'a str,
    pub old_values: Option<&'a str>,
    pub new_values: Option<&'a str>,
}

/// A stored change, newest first when listed.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditRecord {
    pub id: i64,
    pub actor_id: Option<UserId>,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub old_values: Option<String>,
    pub new_values: Option<String>,
    pub created_at: NaiveDateTime,
}

/// Writes `entry`; call it inside the transaction of the change it records.
pub fn record(conn: &mut DbConnection, entry: &AuditEntry<'_>) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values(entry)
        .execute(conn)?;
    Ok(())
}
