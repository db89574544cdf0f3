//! The contact inbox for the back office: the messages the contact form kept, filtered by
//! whether staff have handled them, and marked handled (or not) with who did it and when. Each
//! mark is audited in its transaction.

use chrono::{NaiveDateTime, Utc};
use db::audit::{self, AuditEntry};
use db::schema::{contact_messages, users};
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::AccountError;

/// Which messages to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InboxFilter {
    /// Not handled yet (the default).
    #[default]
    Open,
    Handled,
    All,
}

impl InboxFilter {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "open" => Some(Self::Open),
            "handled" => Some(Self::Handled),
            "all" => Some(Self::All),
            _ => None,
        }
    }
}

/// A message from the contact form as the back office shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InboxMessage {
    pub id: i64,
    pub name: String,
    /// `null` when the sender gave only a phone number.
    #[schema(required = true)]
    pub email: Option<String>,
    /// `null` when the sender gave none.
    #[schema(required = true)]
    pub phone: Option<String>,
    #[schema(required = true)]
    pub subject: Option<String>,
    pub message: String,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
    /// When staff marked it handled; `null` while it waits.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub handled_at: Option<NaiveDateTime>,
    /// Who marked it handled (`null` while it waits, or when that account is gone).
    #[schema(required = true)]
    pub handled_by_name: Option<String>,
}

type Row = (
    i64,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    NaiveDateTime,
    Option<NaiveDateTime>,
    Option<String>,
);

fn message(
    (id, name, email, phone, subject, message, created_at, handled_at, by): Row,
) -> InboxMessage {
    InboxMessage {
        id,
        name,
        email,
        phone,
        subject,
        message,
        created_at,
        // A name is shown only for the current mark.
        handled_by_name: handled_at.and(by),
        handled_at,
    }
}

macro_rules! messages {
    () => {
        contact_messages::table
            .left_join(users::table.on(contact_messages::handled_by.eq(users::id.nullable())))
            .select((
                contact_messages::id,
                contact_messages::name,
                contact_messages::email,
                contact_messages::phone,
                contact_messages::subject,
                contact_messages::message,
                contact_messages::created_at,
                contact_messages::handled_at,
                users::name.nullable(),
            ))
            .into_boxed()
    };
}

macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let query = $query;
        match $filter {
            InboxFilter::Open => query.filter(contact_messages::handled_at.is_null()),
            InboxFilter::Handled => query.filter(contact_messages::handled_at.is_not_null()),
            InboxFilter::All => query,
        }
    }};
}

/// The messages `filter` picks, `limit` of them from `offset`, newest first; and how many there
/// are in all.
pub fn inbox_page(
    conn: &mut DbConnection,
    filter: InboxFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<InboxMessage>, i64), AccountError> {
    let total: i64 = filtered!(contact_messages::table.into_boxed(), filter)
        .count()
        .get_result(conn)?;
    let rows: Vec<Row> = filtered!(messages!(), filter)
        .order((
            contact_messages::created_at.desc(),
            contact_messages::id.desc(),
        ))
        .offset(offset)
        .limit(limit)
        .load(conn)?;
    Ok((rows.into_iter().map(message).collect(), total))
}

/// How many messages wait to be handled.
pub fn open_message_count(conn: &mut DbConnection) -> Result<i64, AccountError> {
    Ok(contact_messages::table
        .filter(contact_messages::handled_at.is_null())
        .count()
        .get_result(conn)?)
}

/// One message; [`AccountError::NotFound`] when there is none with this id.
pub fn find_message(conn: &mut DbConnection, id: i64) -> Result<InboxMessage, AccountError> {
    messages!()
        .filter(contact_messages::id.eq(id))
        .first::<Row>(conn)
        .optional()?
        .map(message)
        .ok_or(AccountError::NotFound)
}

fn mark(message: &InboxMessage) -> String {
    serde_json::json!({
        "handled": message.handled_at.is_some(),
        "from": message.email,
        "subject": message.subject,
    })
    .to_string()
}

/// Marks the message handled by `actor` now, or waiting again. Marking it as it already is
/// changes nothing and records nothing.
pub fn set_handled(
    conn: &mut DbConnection,
    actor: UserId,
    id: i64,
    handled: bool,
) -> Result<InboxMessage, AccountError> {
    write_transaction(conn, |conn| {
        let before = find_message(conn, id)?;
        if before.handled_at.is_some() == handled {
            return Ok(before);
        }
        let (at, by) = if handled {
            (Some(Utc::now().naive_utc()), Some(actor))
        } else {
            (None, None)
        };
        diesel::update(contact_messages::table.find(id))
            .set((
                contact_messages::handled_at.eq(at),
                contact_messages::handled_by.eq(by),
            ))
            .execute(conn)?;
        let after = find_message(conn, id)?;
        let (old, new) = (mark(&before), mark(&after));
        audit::record(
            conn,
            &AuditEntry {
                actor_id: Some(actor),
                action: if handled {
                    "contact_message.handled"
                } else {
                    "contact_message.reopened"
                },
                entity: "contact_message",
                entity_id: &id.to_string(),
                old_values: Some(&old),
                new_values: Some(&new),
            },
        )?;
        Ok(after)
    })
}
