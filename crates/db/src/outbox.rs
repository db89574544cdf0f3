//! The outbox of every message the shop sends, mail and phone messages (WhatsApp or SMS): a
//! message is enqueued in the same transaction as the action that causes it, and a worker per
//! channel claims due messages for a lease, sends each and marks it sent, schedules a retry, or
//! gives up on a refusal that retrying cannot mend. A lease rather than a lock, so that any
//! number of processes can run workers safely; a worker renews its claim on each message right
//! before sending it ([`still_ours`]) and sends only while the claim is its own, so a slow batch
//! that outlasts the lease never lets a second worker send a message again.
//! What a message says is written elsewhere (the `mail` crate and the domains); this module only
//! keeps the queue.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::schema::outbox;
use crate::{DbConnection, OrderId};

/// A message to send: plain text and HTML bodies of the same content.
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = outbox)]
pub struct NewMail {
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

/// A message to a phone: its template's key in `template`, the whole text as the customer reads
/// it, and (as JSON) what the provider needs: template, language, variables, link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPhoneMessage {
    /// E.164, `+919847012345`.
    pub to: String,
    pub template: String,
    pub text: String,
    pub payload: String,
    /// The order the message is about, shown on its timeline.
    pub order_id: Option<OrderId>,
}

/// Who a message goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Mail,
    /// WhatsApp or SMS, whichever the shop has configured when it is sent.
    Phone,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Mail => "mail",
            Channel::Phone => "phone",
        }
    }
}

/// A claimed message, and the token that says the claim is this worker's.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = outbox)]
pub struct Queued {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub attempts: i32,
    pub payload: Option<String>,
    pub order_id: Option<OrderId>,
    #[diesel(select_expression = outbox::claim_token.assume_not_null())]
    pub claim_token: String,
}

/// How long a claim keeps other workers off a message. Each send renews it first, so it need
/// only outlast one send (an SMTP or provider call times out well within it).
const LEASE: Duration = Duration::minutes(5);

pub fn enqueue(conn: &mut DbConnection, mail: &NewMail) -> QueryResult<()> {
    diesel::insert_into(outbox::table)
        .values((mail, outbox::channel.eq(Channel::Mail.as_str())))
        .execute(conn)?;
    Ok(())
}

pub fn enqueue_phone(conn: &mut DbConnection, message: &NewPhoneMessage) -> QueryResult<()> {
    diesel::insert_into(outbox::table)
        .values((
            outbox::channel.eq(Channel::Phone.as_str()),
            outbox::to_address.eq(&message.to),
            outbox::subject.eq(&message.template),
            outbox::text_body.eq(&message.text),
            outbox::html_body.eq(""),
            outbox::payload.eq(&message.payload),
            outbox::order_id.eq(message.order_id),
        ))
        .execute(conn)?;
    Ok(())
}

/// Claims up to `limit` messages of `channel` that are due and not claimed by another worker.
pub fn claim_due(
    conn: &mut DbConnection,
    channel: Channel,
    limit: i64,
) -> QueryResult<Vec<Queued>> {
    crate::write_transaction(conn, |conn| claim_due_now(conn, channel, limit))
}

/// Unsent, not given up, and not held by a live claim.
#[diesel::dsl::auto_type]
fn claimable(now: NaiveDateTime) -> _ {
    outbox::sent_at
        .is_null()
        .and(outbox::gave_up_at.is_null())
        .and(
            outbox::claimed_until
                .is_null()
                .or(outbox::claimed_until.lt(now)),
        )
}

fn claim_due_now(
    conn: &mut DbConnection,
    channel: Channel,
    limit: i64,
) -> QueryResult<Vec<Queued>> {
    let now = Utc::now().naive_utc();
    let candidates: Vec<i64> = outbox::table
        .filter(outbox::channel.eq(channel.as_str()))
        .filter(outbox::next_attempt_at.le(now))
        .filter(claimable(now))
        .order(outbox::id)
        .limit(limit)
        .select(outbox::id)
        .load(conn)?;
    let mut claimed = Vec::with_capacity(candidates.len());
    for id in candidates {
        let token = uuid::Uuid::new_v4().to_string();
        // Only one worker's conditional update succeeds for each message.
        let won = diesel::update(outbox::table.find(id).filter(claimable(now)))
            .set((
                outbox::claimed_until.eq(now + LEASE),
                outbox::claim_token.eq(&token),
            ))
            .execute(conn)?;
        if won == 1 {
            claimed.push(
                outbox::table
                    .find(id)
                    .select(Queued::as_select())
                    .first(conn)?,
            );
        }
    }
    Ok(claimed)
}

/// Renews the claim on `message` right before it is sent; false when the claim lapsed and another
/// worker took the message (or it was sent meanwhile): then it must not be sent.
pub fn still_ours(conn: &mut DbConnection, message: &Queued) -> QueryResult<bool> {
    let now = Utc::now().naive_utc();
    let renewed = diesel::update(
        outbox::table
            .find(message.id)
            .filter(outbox::claim_token.eq(&message.claim_token))
            .filter(outbox::sent_at.is_null())
            .filter(outbox::gave_up_at.is_null()),
    )
    .set(outbox::claimed_until.eq(now + LEASE))
    .execute(conn)?;
    Ok(renewed == 1)
}

/// Records that `message` went out, through `via` (`smtp`, `files`, `whatsapp`, `msg91`...) with the
/// provider's id for it, when it gave one.
pub fn mark_sent(
    conn: &mut DbConnection,
    message: &Queued,
    via: &str,
    provider_id: Option<&str>,
) -> QueryResult<()> {
    let now = Utc::now().naive_utc();
    diesel::update(outbox::table.find(message.id))
        .set((
            outbox::sent_at.eq(now),
            outbox::claimed_until.eq(None::<NaiveDateTime>),
            outbox::claim_token.eq(None::<String>),
            outbox::sent_via.eq(via),
            outbox::provider_id.eq(provider_id),
            outbox::provider_status.eq("sent"),
            outbox::provider_status_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a failed attempt and when to try again: 30 s, 1 min, 2 min ... at most an hour.
pub fn mark_failed(conn: &mut DbConnection, message: &Queued, error: &str) -> QueryResult<()> {
    let attempts = message.attempts + 1;
    let delay = Duration::seconds((30_i64 << attempts.clamp(0, 7)).min(3600));
    diesel::update(outbox::table.find(message.id))
        .set((
            outbox::attempts.eq(attempts),
            outbox::next_attempt_at.eq(Utc::now().naive_utc() + delay),
            outbox::claimed_until.eq(None::<NaiveDateTime>),
            outbox::claim_token.eq(None::<String>),
            outbox::last_error.eq(error.chars().take(1000).collect::<String>()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a refusal that retrying cannot mend (a number that is not on WhatsApp, a template the
/// provider has not approved): the message is not tried again, and staff see why.
pub fn give_up(
    conn: &mut DbConnection,
    message: &Queued,
    via: &str,
    error: &str,
) -> QueryResult<()> {
    let now = Utc::now().naive_utc();
    diesel::update(outbox::table.find(message.id))
        .set((
            outbox::attempts.eq(message.attempts + 1),
            outbox::gave_up_at.eq(now),
            outbox::claimed_until.eq(None::<NaiveDateTime>),
            outbox::claim_token.eq(None::<String>),
            outbox::sent_via.eq(via),
            outbox::provider_status.eq("refused"),
            outbox::provider_status_at.eq(now),
            outbox::last_error.eq(error.chars().take(1000).collect::<String>()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Messages not yet sent.
pub fn pending_count(conn: &mut DbConnection) -> QueryResult<i64> {
    outbox::table
        .filter(outbox::sent_at.is_null())
        .filter(outbox::gave_up_at.is_null())
        .count()
        .get_result(conn)
}
