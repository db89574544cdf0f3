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

use crate::schema::{early_receipts, outbox};
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

/// A mail to an order's customer: the order's timeline on the desk shows it.
pub fn enqueue_about(
    conn: &mut DbConnection,
    mail: &NewMail,
    order_id: OrderId,
) -> QueryResult<()> {
    diesel::insert_into(outbox::table)
        .values((
            mail,
            outbox::channel.eq(Channel::Mail.as_str()),
            outbox::order_id.eq(order_id),
        ))
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
            outbox::provider_status.eq(ProviderStatus::Sent.as_str()),
            outbox::provider_status_at.eq(now),
        ))
        .execute(conn)?;
    if let Some(provider_id) = provider_id {
        apply_early_receipt(conn, message.id, via, provider_id)?;
    }
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

/// How far a sent message got, as its provider reports it, in the order it gets there: a report
/// never moves a message back (a late "delivered" after "read" changes nothing; a message that
/// was delivered did not fail).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProviderStatus {
    Sent,
    Failed,
    Delivered,
    Read,
}

impl ProviderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sent => "sent",
            Self::Failed => "failed",
            Self::Delivered => "delivered",
            Self::Read => "read",
        }
    }

    pub fn parse(word: &str) -> Option<Self> {
        [Self::Sent, Self::Failed, Self::Delivered, Self::Read]
            .into_iter()
            .find(|status| status.as_str() == word)
    }

    /// Whether a message at `current` (as stored) moves on to `self`. A message the worker gave
    /// up on (`refused`) or one with a word this does not know stays as it is.
    fn moves_on_from(self, current: Option<&str>) -> bool {
        match current {
            None => true,
            Some(current) => ProviderStatus::parse(current).is_some_and(|current| self > current),
        }
    }
}

/// A provider's report about one message it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt<'a> {
    /// The channel that sent it (`whatsapp`, `sms`): provider ids are unique per channel.
    pub via: &'a str,
    pub provider_id: &'a str,
    pub status: ProviderStatus,
    pub at: NaiveDateTime,
    /// Why a failed message failed, in the provider's words.
    pub reason: Option<&'a str>,
}

/// What became of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptOutcome {
    /// The message moved on to the reported status.
    Applied,
    /// The message is already as far or further (an out-of-order or repeated report).
    Stale,
    /// No message has this id yet: the report waits for the worker to record the send (or is
    /// forgotten after a day, for an id that is not the shop's).
    Early,
}

/// Applies a provider's report to the message it names, in one transaction.
pub fn record_receipt(conn: &mut DbConnection, receipt: &Receipt) -> QueryResult<ReceiptOutcome> {
    crate::write_transaction(conn, |conn| {
        let found: Option<(i64, Option<String>)> = outbox::table
            .filter(outbox::sent_via.eq(receipt.via))
            .filter(outbox::provider_id.eq(receipt.provider_id))
            .select((outbox::id, outbox::provider_status))
            .first(conn)
            .optional()?;
        match found {
            Some((id, current)) => set_status(conn, id, current.as_deref(), receipt),
            None => keep_early(conn, receipt).map(|()| ReceiptOutcome::Early),
        }
    })
}

fn set_status(
    conn: &mut DbConnection,
    id: i64,
    current: Option<&str>,
    receipt: &Receipt,
) -> QueryResult<ReceiptOutcome> {
    if !receipt.status.moves_on_from(current) {
        return Ok(ReceiptOutcome::Stale);
    }
    let reason = receipt
        .reason
        .map(|reason| reason.chars().take(1000).collect::<String>());
    // Compare and set: a report applied meanwhile by another request wins if it got further.
    macro_rules! set_on {
        ($row:expr) => {
            match &reason {
                Some(reason) => diesel::update($row)
                    .set((
                        outbox::provider_status.eq(receipt.status.as_str()),
                        outbox::provider_status_at.eq(receipt.at),
                        outbox::last_error.eq(reason),
                    ))
                    .execute(conn)?,
                None => diesel::update($row)
                    .set((
                        outbox::provider_status.eq(receipt.status.as_str()),
                        outbox::provider_status_at.eq(receipt.at),
                    ))
                    .execute(conn)?,
            }
        };
    }
    let changed = match current {
        Some(current) => {
            set_on!(
                outbox::table
                    .find(id)
                    .filter(outbox::provider_status.eq(current))
            )
        }
        None => set_on!(
            outbox::table
                .find(id)
                .filter(outbox::provider_status.is_null())
        ),
    };
    Ok(if changed == 1 {
        ReceiptOutcome::Applied
    } else {
        ReceiptOutcome::Stale
    })
}

fn keep_early(conn: &mut DbConnection, receipt: &Receipt) -> QueryResult<()> {
    let key = || early_receipts::table.find((receipt.via, receipt.provider_id));
    let waiting: Option<String> = key()
        .select(early_receipts::status)
        .first(conn)
        .optional()?;
    let values = (
        early_receipts::status.eq(receipt.status.as_str()),
        early_receipts::status_at.eq(receipt.at),
        early_receipts::reason.eq(receipt.reason),
        early_receipts::received_at.eq(Utc::now().naive_utc()),
    );
    match waiting {
        Some(waiting) if receipt.status.moves_on_from(Some(&waiting)) => {
            diesel::update(key()).set(values).execute(conn)?;
        }
        Some(_) => {}
        None => {
            // A savepoint: on PostgreSQL a failed insert would end the whole transaction. Two
            // reports racing for one unknown id keep the first.
            let inserted = conn.transaction(|conn| {
                diesel::insert_into(early_receipts::table)
                    .values((
                        early_receipts::sent_via.eq(receipt.via),
                        early_receipts::provider_id.eq(receipt.provider_id),
                        values,
                    ))
                    .execute(conn)
            });
            match inserted {
                Err(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                )) => {}
                other => {
                    other?;
                }
            }
        }
    }
    Ok(())
}

/// A report that came before the send was recorded, applied now that it is.
fn apply_early_receipt(
    conn: &mut DbConnection,
    id: i64,
    via: &str,
    provider_id: &str,
) -> QueryResult<()> {
    let key = || early_receipts::table.find((via, provider_id));
    let waiting: Option<(String, NaiveDateTime, Option<String>)> = key()
        .select((
            early_receipts::status,
            early_receipts::status_at,
            early_receipts::reason,
        ))
        .first(conn)
        .optional()?;
    let Some((status, at, reason)) = waiting else {
        return Ok(());
    };
    if let Some(status) = ProviderStatus::parse(&status) {
        let receipt = Receipt {
            via,
            provider_id,
            status,
            at,
            reason: reason.as_deref(),
        };
        set_status(conn, id, Some(ProviderStatus::Sent.as_str()), &receipt)?;
    }
    diesel::delete(key()).execute(conn)?;
    Ok(())
}

/// Forgets reports for ids no message took within a day (housekeeping).
pub fn forget_early_receipts(conn: &mut DbConnection) -> QueryResult<usize> {
    let day_ago = Utc::now().naive_utc() - Duration::days(1);
    diesel::delete(early_receipts::table.filter(early_receipts::received_at.lt(day_ago)))
        .execute(conn)
}

/// A message about an order, as the desk's timeline shows it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = outbox)]
pub struct OrderMessageRow {
    pub id: i64,
    /// `mail` or `phone`.
    pub channel: String,
    pub to_address: String,
    /// A mail's subject; a phone message's template.
    pub subject: String,
    pub created_at: NaiveDateTime,
    pub attempts: i32,
    pub sent_at: Option<NaiveDateTime>,
    pub sent_via: Option<String>,
    pub provider_status: Option<String>,
    pub provider_status_at: Option<NaiveDateTime>,
    pub gave_up_at: Option<NaiveDateTime>,
    pub last_error: Option<String>,
}

/// The messages queued about `order_id`, oldest first.
pub fn about_order(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> QueryResult<Vec<OrderMessageRow>> {
    outbox::table
        .filter(outbox::order_id.eq(order_id))
        .order(outbox::id)
        .select(OrderMessageRow::as_select())
        .load(conn)
}
