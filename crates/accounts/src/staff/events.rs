//! What happens to a staff account that the audit log keeps besides staff's changes: sign-ins,
//! wrong passwords and codes, the member's own e-mail and password changes. Shoppers' own
//! sign-ins and edits are not the back office's business and are not recorded.

use db::audit::{self, AuditEntry};
use db::schema::users;
use db::{DbConnection, UserId};
use diesel::prelude::*;

use super::Role;

/// Records `action` about account `user_id`, done by the account itself, when it is staff.
pub(crate) fn record_for_staff(
    conn: &mut DbConnection,
    user_id: UserId,
    action: &str,
    values: Option<serde_json::Value>,
) -> QueryResult<()> {
    record(conn, user_id, Some(user_id), action, values)
}

/// As [`record_for_staff`], with no actor: a wrong password or code was given for the account.
pub(crate) fn record_attempt_on_staff(
    conn: &mut DbConnection,
    user_id: UserId,
    action: &str,
    values: Option<serde_json::Value>,
) -> QueryResult<()> {
    record(conn, user_id, None, action, values)
}

fn record(
    conn: &mut DbConnection,
    user_id: UserId,
    actor: Option<UserId>,
    action: &str,
    values: Option<serde_json::Value>,
) -> QueryResult<()> {
    let role: Option<String> = users::table
        .find(user_id)
        .select(users::role)
        .first(conn)
        .optional()?;
    if role.as_deref().and_then(Role::from_column).is_none() {
        return Ok(());
    }
    let values = values.map(|values| values.to_string());
    audit::record(
        conn,
        &AuditEntry {
            actor_id: actor,
            action,
            entity: "user",
            entity_id: &user_id.to_string(),
            old_values: None,
            new_values: values.as_deref(),
        },
    )
}
