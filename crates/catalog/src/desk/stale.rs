//! Refusing a save from a stale form: two staff members who open the same product and save
//! one after the other would otherwise have the second silently undo the first's edit. Each
//! product and variant carries a `version`, bumped by each save; a save names the version its
//! form was loaded at, and a save from an older one is refused with the fields that changed
//! since (read from the audit log, whose snapshots carry the version they were saved at).

use db::DbConnection;
use db::schema::audit_log;
use diesel::prelude::*;
use serde::Serialize;
use serde_json::Value;

use super::DeskError;

/// Fields that change without being an edit of the form (or that are the version itself).
const NOT_EDITS: [&str; 6] = [
    "version",
    "updated_at",
    "variants",
    "stock",
    "old_slugs",
    "warnings",
];

/// `Ok` when `loaded` is absent or is `current`'s version; else [`DeskError::Stale`].
pub(super) fn refuse_stale<T: Serialize>(
    conn: &mut DbConnection,
    (what, entity, id): (&'static str, &str, impl std::fmt::Display),
    current: &T,
    current_version: i32,
    loaded: Option<i32>,
) -> Result<(), DeskError> {
    let Some(loaded) = loaded.filter(|loaded| *loaded != current_version) else {
        return Ok(());
    };
    let snapshots: Vec<Option<String>> = audit_log::table
        .filter(audit_log::entity.eq(entity))
        .filter(audit_log::entity_id.eq(id.to_string()))
        .order(audit_log::id)
        .select(audit_log::new_values)
        .load(conn)?;
    let loaded_state = snapshots
        .iter()
        .flatten()
        .filter_map(|json| serde_json::from_str::<Value>(json).ok())
        .find(|state| state["version"] == loaded);
    let current =
        serde_json::to_value(current).map_err(|e| DeskError::InvalidData(e.to_string()))?;
    let changed = match (loaded_state, current) {
        (Some(Value::Object(before)), Value::Object(now)) => now
            .iter()
            .filter(|(field, value)| {
                !NOT_EDITS.contains(&field.as_str()) && before.get(field.as_str()) != Some(value)
            })
            .map(|(field, _)| field.clone())
            .collect(),
        // Saved before versions were kept: what changed is not known.
        _ => Vec::new(),
    };
    Err(DeskError::Stale {
        what,
        changed,
        version: current_version,
    })
}
