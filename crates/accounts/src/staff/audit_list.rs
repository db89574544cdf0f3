//! Reading the audit log for the back office: newest first, filtered (by the staff member's name,
//! by the area of the shop that changed, by dates), with each actor's name and the human name of
//! what changed (a product and its pack size, an order's number, a person's name), so that every
//! line reads as a sentence without a numeric id.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use db::schema::{
    audit_log, awards, brands, categories, contact_messages, orders, product_variants, products,
    users,
};
use db::{DbConnection, UserId};
use diesel::prelude::*;
use serde::Serialize;

use crate::AccountError;

diesel::define_sql_function! {
    /// SQL `lower`: both backends have it; SQLite folds ASCII letters only.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// The part of the shop a change touched, as the audit log's filter offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditArea {
    /// Products, their variants (price, pack sizes), brands, categories and awards.
    Products,
    /// Stock adjustments.
    Stock,
    /// Order moves and staff notes on orders.
    Orders,
    /// Payments and refunds recorded on orders.
    Payments,
    /// Staff accounts: invitations, roles, sign-ins, two-step sign-in.
    Staff,
    /// Customers: their notes, reset mails, exports, erasures, and staff reading their data.
    Customers,
    /// The contact inbox.
    Messages,
    /// The shop's own profile and settings.
    Shop,
}

impl AuditArea {
    pub fn parse(raw: &str) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(raw.to_owned())).ok()
    }

    /// The actions (`prefix.`) and entities that belong to the area.
    fn matches(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Self::Products => (
                &[
                    "product.",
                    "variant.",
                    "brand.",
                    "category.",
                    "award.",
                    "catalog.",
                ],
                &[],
            ),
            Self::Stock => (&["stock."], &[]),
            Self::Orders => (&["order.status", "order.note", "news."], &[]),
            Self::Payments => (&["order.payment", "order.refund", "payment."], &[]),
            Self::Staff => (&["staff.", "user."], &[]),
            Self::Customers => (&["customer."], &[]),
            Self::Messages => (&["contact_message.", "message."], &["contact_message"]),
            Self::Shop => (&["shop."], &[]),
        }
    }
}

/// Which changes to show; every part is optional. `from` and `to` bound `created_at` (both
/// inclusive).
#[derive(Debug, Default, Clone)]
pub struct AuditFilter {
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    pub actor_id: Option<UserId>,
    /// Part of the staff member's name, any case.
    pub actor_name: Option<String>,
    pub area: Option<AuditArea>,
    pub from: Option<NaiveDateTime>,
    pub to: Option<NaiveDateTime>,
}

/// `\`, `%` and `_` taken literally in a LIKE pattern with `ESCAPE '\'`.
fn escape_like(raw: &str) -> String {
    let mut escaped = String::with_capacity(raw.len());
    for c in raw.chars() {
        if matches!(c, '\\' | '%' | '_') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
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
    /// What changed, by its human name: `Neem Cake 5 kg`, `ORD-2026-000123`, `Anitha Joseph`;
    /// `null` when it has none (a search of the customers) or is gone without a trace.
    #[schema(required = true)]
    pub subject: Option<String>,
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
        if let Some(name) = &filter.actor_name {
            let pattern = format!("%{}%", escape_like(&name.to_lowercase()));
            query = query.filter(
                lower(users::name.nullable().assume_not_null())
                    .like(pattern)
                    .escape('\\'),
            );
        }
        if let Some(area) = filter.area {
            let (prefixes, entities) = area.matches();
            let mut any: Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> =
                Box::new(audit_log::entity.eq_any(entities.iter().copied()));
            for prefix in prefixes {
                let pattern = format!("{}%", escape_like(prefix));
                any = Box::new(any.or(audit_log::action.like(pattern).escape('\\')));
            }
            query = query.filter(any);
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
    let mut lines: Vec<AuditLine> = rows
        .into_iter()
        .map(
            |(id, actor_id, actor_name, action, entity, entity_id, old, new, created_at)| {
                AuditLine {
                    id,
                    actor_id,
                    actor_name,
                    subject: None,
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
    name_subjects(conn, &mut lines)?;
    Ok((lines, total))
}

/// The ids of `entity` among `lines`.
fn ids_of(lines: &[AuditLine], entity: &str) -> Vec<i64> {
    let mut ids: Vec<i64> = lines
        .iter()
        .filter(|line| line.entity == entity)
        .filter_map(|line| line.entity_id.parse().ok())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// A name kept in the record itself (`name`, `title`, `number`), for what is gone since.
fn recorded_name(line: &AuditLine) -> Option<String> {
    [&line.new_values, &line.old_values]
        .into_iter()
        .flatten()
        .find_map(|values| {
            ["name", "title", "number"]
                .iter()
                .find_map(|key| values.get(key)?.as_str().map(str::to_owned))
        })
}

/// Fills each line's `subject` with the human name of what it touched, read now (a product
/// renamed since shows its name of today), else as the record itself kept it.
fn name_subjects(conn: &mut DbConnection, lines: &mut [AuditLine]) -> QueryResult<()> {
    let mut names: HashMap<(&'static str, i64), String> = HashMap::new();
    let mut keep = |entity: &'static str, found: Vec<(i64, String)>| {
        for (id, name) in found {
            names.insert((entity, id), name);
        }
    };
    keep(
        "product",
        products::table
            .filter(products::id.eq_any(ids_of(lines, "product")))
            .select((products::id, products::name))
            .load(conn)?,
    );
    let variants: Vec<(i64, String, Option<String>, Option<String>)> = product_variants::table
        .inner_join(products::table)
        .filter(product_variants::id.eq_any(ids_of(lines, "variant")))
        .select((
            product_variants::id,
            products::name,
            product_variants::name,
            product_variants::net_quantity,
        ))
        .load(conn)?;
    keep(
        "variant",
        variants
            .into_iter()
            .map(|(id, product, variant, quantity)| {
                let pack = variant.or(quantity).filter(|pack| !pack.trim().is_empty());
                (
                    id,
                    match pack {
                        Some(pack) => format!("{product} {pack}"),
                        None => product,
                    },
                )
            })
            .collect(),
    );
    keep(
        "order",
        orders::table
            .filter(orders::id.eq_any(ids_of(lines, "order")))
            .select((orders::id, orders::number))
            .load(conn)?,
    );
    keep(
        "user",
        users::table
            .filter(users::id.eq_any(ids_of(lines, "user")))
            .select((users::id, users::name))
            .load(conn)?,
    );
    keep(
        "brand",
        brands::table
            .filter(brands::id.eq_any(ids_of(lines, "brand")))
            .select((brands::id, brands::name))
            .load(conn)?,
    );
    keep(
        "category",
        categories::table
            .filter(categories::id.eq_any(ids_of(lines, "category")))
            .select((categories::id, categories::name))
            .load(conn)?,
    );
    keep(
        "award",
        awards::table
            .filter(awards::id.eq_any(ids_of(lines, "award")))
            .select((awards::id, awards::title))
            .load(conn)?,
    );
    keep(
        "contact_message",
        contact_messages::table
            .filter(contact_messages::id.eq_any(ids_of(lines, "contact_message")))
            .select((contact_messages::id, contact_messages::name))
            .load(conn)?,
    );
    for line in lines.iter_mut() {
        let known = ENTITIES
            .iter()
            .find(|entity| **entity == line.entity)
            .zip(line.entity_id.parse::<i64>().ok())
            .and_then(|(entity, id)| names.get(&(*entity, id)).cloned());
        line.subject = known.or_else(|| recorded_name(line));
    }
    Ok(())
}

const ENTITIES: [&str; 8] = [
    "product",
    "variant",
    "order",
    "user",
    "brand",
    "category",
    "award",
    "contact_message",
];
