//! The people desk: every customer (accounts and guests, see [`directory`]), their pages, staff's
//! note on each, and their rights under India's Digital Personal Data Protection Act 2023
//! (access and erasure, [`rights`]). Every read of a person's data and every write is in the
//! audit log, written in the same transaction.

mod directory;
pub mod rights;

use chrono::{NaiveDateTime, Utc};
use db::audit::{self, AuditEntry};
use db::schema::customer_notes;
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

pub use directory::{Person, PersonKind};

use crate::AccountError;
use crate::customers::CustomerSearch;
use directory::{Directory, OrderFacts, account_note_key, guest_note_key};

/// Whom a desk action is about: an account by its id, or a guest by their key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerRef {
    Account(UserId),
    Guest(String),
}

impl CustomerRef {
    /// The audit log's entity and id for this person: never a phone or an e-mail address.
    fn audit_target(&self) -> (&'static str, String) {
        match self {
            Self::Account(id) => ("user", id.to_string()),
            Self::Guest(key) => ("guest", key.clone()),
        }
    }
}

/// One of a person's orders, as their page lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderBrief {
    pub number: String,
    /// `placed`, `awaiting_payment`, `confirmed`, `shipped`, `delivered` or `cancelled`.
    pub status: String,
    /// In rupees.
    #[schema(value_type = f64)]
    pub total: Paise,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
}

impl From<&OrderFacts> for OrderBrief {
    fn from(order: &OrderFacts) -> Self {
        Self {
            number: order.number.clone(),
            status: order.status.clone(),
            total: Paise::new(order.total_paise),
            placed_at: order.created_at,
        }
    }
}

/// A person and their orders, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PersonPage {
    pub person: Person,
    pub orders: Vec<OrderBrief>,
}

/// Staff's note on a customer: up to 2,000 characters, line breaks allowed. Built with
/// [`CustomerNote::parse`]; a blank note removes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerNote(String);

impl CustomerNote {
    pub const MAX_CHARS: usize = 2000;

    /// A note as typed, trimmed: `None` for a blank one (the note is removed).
    pub fn parse(raw: &str) -> Result<Option<Self>, String> {
        let raw = raw.trim();
        if raw.chars().count() > Self::MAX_CHARS {
            return Err(format!(
                "The note may be at most {} characters.",
                Self::MAX_CHARS
            ));
        }
        if raw
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
        {
            return Err("The note may not contain control characters.".into());
        }
        Ok((!raw.is_empty()).then(|| Self(raw.replace("\r\n", "\n"))))
    }
}

fn record(
    conn: &mut DbConnection,
    actor: Option<UserId>,
    action: &str,
    target: &CustomerRef,
    old: Option<serde_json::Value>,
    new: Option<serde_json::Value>,
) -> QueryResult<()> {
    let (entity, entity_id) = target.audit_target();
    let old = old.map(|value| value.to_string());
    let new = new.map(|value| value.to_string());
    audit::record(
        conn,
        &AuditEntry {
            actor_id: actor,
            action,
            entity,
            entity_id: &entity_id,
            old_values: old.as_deref(),
            new_values: new.as_deref(),
        },
    )
}

/// The customers and guests `search` finds, `limit` from `offset`, the latest buyer first, and
/// how many there are in all. Who looked, for what, and whom the page showed is audited.
pub fn customer_page(
    conn: &mut DbConnection,
    actor: UserId,
    search: &CustomerSearch,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Person>, i64), AccountError> {
    let (people, total) = directory::page(conn, search.text(), search.digits(), offset, limit)?;
    let shown: Vec<String> = people
        .iter()
        .map(|person| match (&person.id, &person.guest_key) {
            (Some(id), _) => id.to_string(),
            (None, key) => format!("guest:{}", key.as_deref().unwrap_or_default()),
        })
        .collect();
    let read = serde_json::json!({ "search": search.typed(), "offset": offset, "shown": shown });
    let read = read.to_string();
    audit::record(
        conn,
        &AuditEntry {
            actor_id: Some(actor),
            action: "customer.search",
            entity: "customers",
            entity_id: "search",
            old_values: None,
            new_values: Some(&read),
        },
    )?;
    Ok((people, total))
}

/// The person `target` names with all their orders (oldest first); NotFound for no such person
/// (or one erased).
fn find(
    conn: &mut DbConnection,
    target: &CustomerRef,
) -> Result<(Person, Vec<OrderFacts>), AccountError> {
    let directory = Directory::load(conn)?;
    match target {
        CustomerRef::Account(id) => directory.account(*id),
        CustomerRef::Guest(key) => directory.guest(key),
    }
    .ok_or(AccountError::NotFound)
}

/// A person's page for staff: who they are, their note, and their orders newest first
/// (an account's include the guest orders placed with its verified number or e-mail). Audited
/// as `customer.view`.
pub fn open_person(
    conn: &mut DbConnection,
    actor: UserId,
    target: &CustomerRef,
) -> Result<PersonPage, AccountError> {
    let page = person_page(conn, target)?;
    record(conn, Some(actor), "customer.view", target, None, None)?;
    Ok(page)
}

/// The same page unaudited, for a caller that has audited the read itself
/// (`customers::open_customer`, which also says which part of an account's page was read).
pub fn person_page(
    conn: &mut DbConnection,
    target: &CustomerRef,
) -> Result<PersonPage, AccountError> {
    let (person, orders) = find(conn, target)?;
    Ok(PersonPage {
        person,
        orders: orders.iter().rev().map(OrderBrief::from).collect(),
    })
}

/// Sets (or, with `None`, removes) staff's note on a customer; audited as `customer.note` with
/// the note before and after. Answers the person as they now are.
pub fn set_note(
    conn: &mut DbConnection,
    actor: UserId,
    target: &CustomerRef,
    note: Option<&CustomerNote>,
) -> Result<Person, AccountError> {
    write_transaction(conn, |conn| {
        let (mut person, _) = find(conn, target)?;
        let key = person.note_key();
        let before = person.note.clone();
        let after = note.map(|note| note.0.clone());
        if before == after {
            return Ok(person);
        }
        // A guest's note may sit under the key of another of their orders (see `directory`):
        // the one note is kept under the guest's own key from now on.
        let keys = note_keys(target, &key, conn)?;
        diesel::delete(customer_notes::table.filter(customer_notes::customer_key.eq_any(&keys)))
            .execute(conn)?;
        if let Some(body) = &after {
            diesel::insert_into(customer_notes::table)
                .values((
                    customer_notes::customer_key.eq(&key),
                    customer_notes::body.eq(body),
                    customer_notes::updated_by.eq(Some(actor)),
                    customer_notes::updated_at.eq(Utc::now().naive_utc()),
                ))
                .execute(conn)?;
        }
        record(
            conn,
            Some(actor),
            "customer.note",
            target,
            Some(serde_json::json!({ "name": person.name, "note": before })),
            Some(serde_json::json!({ "name": person.name, "note": after })),
        )?;
        person.note = after;
        Ok(person)
    })
}

/// Every note key that may hold this person's note.
fn note_keys(
    target: &CustomerRef,
    own: &str,
    conn: &mut DbConnection,
) -> Result<Vec<String>, AccountError> {
    let mut keys = vec![own.to_owned()];
    if let CustomerRef::Account(id) = target {
        keys.push(account_note_key(*id));
    }
    let (_, orders) = find(conn, target)?;
    if matches!(target, CustomerRef::Guest(_)) {
        keys.extend(
            orders
                .iter()
                .map(|order| guest_note_key(&directory::order_key(&order.uuid))),
        );
    }
    Ok(keys)
}

/// The ids of a person's orders.
pub(crate) fn order_ids(orders: &[OrderFacts]) -> Vec<i64> {
    orders.iter().map(|order| order.id).collect()
}
