//! The mail outbox: mail is enqueued in the same transaction as the action that causes it, and
//! a worker claims due mail for a short lease, sends it and marks it sent, or schedules a retry.
//! A lease rather than a lock, so that any number of processes can run workers safely.
//! What a mail says and how it looks is written elsewhere (the `mail` crate and the domains);
//! this module only keeps the queue.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::DbConnection;
use crate::schema::mail_outbox;

/// A message to send: plain text and HTML bodies of the same content.
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = mail_outbox)]
pub struct NewMail {
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_outbox)]
pub struct QueuedMail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub attempts: i32,
}

/// How long a claim keeps other workers off a message.
const LEASE: Duration = Duration::minutes(5);

pub fn enqueue(conn: &mut DbConnection, mail: &NewMail) -> QueryResult<()> {
    diesel::insert_into(mail_outbox::table)
        .values(mail)
        .execute(conn)?;
    Ok(())
}

/// Claims up to `limit` messages that are due and not claimed by another worker.
pub fn claim_due(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<QueuedMail>> {
    crate::write_transaction(conn, |conn| claim_due_now(conn, limit))
}

fn claim_due_now(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<QueuedMail>> {
    let now = Utc::now().naive_utc();
    let candidates: Vec<QueuedMail> = mail_outbox::table
        .filter(mail_outbox::sent_at.is_null())
        .filter(mail_outbox::next_attempt_at.le(now))
        .filter(
            mail_outbox::claimed_until
                .is_null()
                .or(mail_outbox::claimed_until.lt(now)),
        )
        .order(mail_outbox::id)
        .limit(limit)
        .select(QueuedMail::as_select())
        .load(conn)?;
    let mut claimed = Vec::with_capacity(candidates.len());
    for mail in candidates {
        // Only one worker's conditional update succeeds for each message.
        let won = diesel::update(
            mail_outbox::table
                .find(mail.id)
                .filter(mail_outbox::sent_at.is_null())
                .filter(
                    mail_outbox::claimed_until
                        .is_null()
                        .or(mail_outbox::claimed_until.lt(now)),
                ),
        )
        .set(mail_outbox::claimed_until.eq(now + LEASE))
        .execute(conn)?;
        if won == 1 {
            claimed.push(mail);
        }
    }
    Ok(claimed)
}

pub fn mark_sent(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    crate::write_transaction(conn, |conn| mark_sent_now(conn, id))
}

fn mark_sent_now(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    diesel::update(mail_outbox::table.find(id))
        .set((
            mail_outbox::sent_at.eq(Utc::now().naive_utc()),
            mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a failed attempt and when to try again: 30 s, 1 min, 2 min ... at most an hour.
pub fn mark_failed(conn: &mut DbConnection, mail: &QueuedMail, error: &str) -> QueryResult<()> {
    let attempts = mail.attempts + 1;
    let delay = Duration::seconds((30_i64 << attempts.clamp(0, 7)).min(3600));
    diesel::update(mail_outbox::table.find(mail.id))
        .set((
            mail_outbox::attempts.eq(attempts),
            mail_outbox::next_attempt_at.eq(Utc::now().naive_utc() + delay),
            mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
            mail_outbox::last_error.eq(error.chars().take(1000).collect::<String>()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Messages not yet sent.
pub fn pending_count(conn: &mut DbConnection) -> QueryResult<i64> {
    mail_outbox::table
        .filter(mail_outbox::sent_at.is_null())
        .count()
        .get_result(conn)
}
