//! Reading the audit log for the back office: newest first, filtered, with each actor's name.

use chrono::NaiveDateTime;
use db::schema::{audit_log, users};
use db::{DbConnection, UserId};
use diesel::prelude::*;
use serde::Serialize;

use crate::AccountError;

/// Which changes to show; every part is optional. `from` and `to` bound `created_at` (both
/// inclusive).
#[derive(Debug, Default, Clone)]
pub struct AuditFilter {
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    pub actor_id: Option<UserId>,
    pub from: Option<NaiveDateTime>,
    pub to: Option<NaiveDateTime>,
}

/// One change as the back office shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditLine {
    pub id: i64,
    /// `null` for the system or a command-line tool.
    #[schema(required = true, value_type = Option<i64>)]
    pub actor_id: Option<UserId>,
    /// The actor's name, `null` when there is none.
    #[schema(required = true)]
    pub actor_name: Option<String>,
    /// What was done, e.g. `staff.invite`, `product.update`.
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    /// The values before (`null` for a creation).
    #[schema(required = true, value_type = Option<Object>)]
    pub old_values: Option<serde_json::Value>,
    /// The values after (`null` for a removal).
    #[schema(required = true, value_type = Option<Object>)]
    pub new_values: Option<serde_json::Value>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
}

macro_rules! filtered {
    ($filter:expr) => {{
        let filter: &AuditFilter = $filter;
        let mut query = audit_log::table.left_join(users::table).into_boxed();
        if let Some(entity) = &filter.entity {
            query = query.filter(audit_log::entity.eq(entity.clone()));
        }
        if let Some(entity_id) = &filter.entity_id {
            query = query.filter(audit_log::entity_id.eq(entity_id.clone()));
        }
        if let Some(actor) = filter.actor_id {
            query = query.filter(audit_log::actor_id.eq(actor));
        }
        if let Some(from) = filter.from {
            query = query.filter(audit_log::created_at.ge(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(audit_log::created_at.le(to));
        }
        query
    }};
}

type Row = (
    i64,
    Option<UserId>,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    NaiveDateTime,
);

fn json(raw: Option<String>) -> Option<serde_json::Value> {
    raw.map(|raw| serde_json::from_str(&raw).unwrap_or(serde_json::Value::String(raw)))
}

/// The changes `filter` picks, `limit` of them from `offset`, newest first; and how many
/// there are in all.
pub fn audit_page(
    conn: &mut DbConnection,
    filter: &AuditFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<AuditLine>, i64), AccountError> {
    let total: i64 = filtered!(filter).count().get_result(conn)?;
    let rows: Vec<Row> = filtered!(filter)
        .order((audit_log::created_at.desc(), audit_log::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((
            audit_log::id,
            audit_log::actor_id,
            users::name.nullable(),
            audit_log::action,
            audit_log::entity,
            audit_log::entity_id,
            audit_log::old_values,
            audit_log::new_values,
            audit_log::created_at,
        ))
        .load(conn)?;
    let lines = rows
        .into_iter()
        .map(
            |(id, actor_id, actor_name, action, entity, entity_id, old, new, created_at)| {
                AuditLine {
                    id,
                    actor_id,
                    actor_name,
                    action,
                    entity,
                    entity_id,
                    old_values: json(old),
                    new_values: json(new),
                    created_at,
                }
            },
        )
        .collect();
    Ok((lines, total))
}
