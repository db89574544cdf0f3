//! Expiry: a batch past its expiry date is withdrawn from sale at the Indian midnight (a job
//! runs the sweep; checkout runs it for the pack sizes it sells, so no sale slips in before the
//! job), kept segregated, and disposed of with a disposal movement (Insecticides Rules 1971
//! r. 10A). A seed lot re-tested gets a new validity and may be sold again (Seeds Rules r. 13(3)).

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::batches;
use db::{BatchId, DbConnection, UserId, VariantId, write_transaction};
use diesel::prelude::*;

use crate::settle::{hold_variant, is_tracked, settle};
use crate::{BatchError, Movement, Regulation, UNDATED_BATCH};

/// A batch the sweep withdrew from sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawn {
    pub batch: BatchId,
    pub variant: VariantId,
    pub units: i32,
}

/// Withdraws from sale every batch that expired before `today` and is not yet withdrawn (of
/// `only` these pack sizes, when given), settling each pack size's stock with an `expired`
/// movement. Runs inside the caller's transaction.
pub fn withdraw_expired_within(
    conn: &mut DbConnection,
    only: Option<&[VariantId]>,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Vec<Withdrawn>, BatchError> {
    let mut query = batches::table
        .filter(batches::expires_on.lt(today))
        .filter(batches::withdrawn_at.is_null())
        .select((batches::id, batches::variant_id, batches::quantity))
        .order((batches::variant_id, batches::id))
        .into_boxed();
    if let Some(variants) = only {
        query = query.filter(batches::variant_id.eq_any(variants.to_vec()));
    }
    let due: Vec<(BatchId, VariantId, i32)> = query.load(conn)?;
    let mut withdrawn = Vec::with_capacity(due.len());
    let mut index = 0;
    while index < due.len() {
        let variant = due[index].1;
        let group: Vec<_> = due[index..]
            .iter()
            .take_while(|(_, v, _)| *v == variant)
            .copied()
            .collect();
        index += group.len();
        hold_variant(conn, variant)?;
        // Re-read under the hold: another process's sweep may have withdrawn them meanwhile.
        let mut mine = Vec::with_capacity(group.len());
        for (batch, _, units) in group {
            let marked = diesel::update(
                batches::table
                    .find(batch)
                    .filter(batches::withdrawn_at.is_null()),
            )
            .set((batches::withdrawn_at.eq(now), batches::updated_at.eq(now)))
            .execute(conn)?;
            if marked == 1 {
                mine.push((batch, units));
            }
        }
        let (before, after) = settle(conn, variant, today, now)?;
        let mut delta = after - before;
        for (batch, units) in mine {
            let shown = std::mem::take(&mut delta);
            Movement {
                variant,
                batch: Some(batch),
                delta: shown,
                batch_delta: Some(0),
                reason: "expired",
                note: Some("Expired: withdrawn from sale, to be disposed of"),
                order: None,
                actor: None,
                at: now,
            }
            .record(conn)?;
            withdrawn.push(Withdrawn {
                batch,
                variant,
                units,
            });
        }
    }
    Ok(withdrawn)
}

/// The midnight sweep over every pack size, in its own transaction.
pub fn withdraw_expired(
    conn: &mut DbConnection,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Vec<Withdrawn>, BatchError> {
    write_transaction(conn, |conn| withdraw_expired_within(conn, None, today, now))
}

/// Disposes of what is left of an expired batch: its units leave the shop with a `disposed`
/// movement and `note` (how: returned to the manufacturer, destroyed as the label says).
pub fn dispose(
    conn: &mut DbConnection,
    actor: UserId,
    batch: BatchId,
    note: &str,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, BatchError> {
    let note = note.trim();
    if note.is_empty() || note.chars().count() > 500 {
        return Err(BatchError::invalid(
            "note",
            "Say how the batch was disposed of (at most 500 letters).",
        ));
    }
    write_transaction(conn, |conn| {
        let (variant, expires_on, units): (VariantId, Option<NaiveDate>, i32) = batches::table
            .find(batch)
            .select((batches::variant_id, batches::expires_on, batches::quantity))
            .first(conn)
            .optional()?
            .ok_or(BatchError::UnknownBatch(batch))?;
        if expires_on.is_none_or(|expires| expires >= today) {
            return Err(BatchError::Conflict(
                "Only an expired batch is disposed of here; adjust the stock of a batch that is still good."
                    .into(),
            ));
        }
        if units == 0 {
            return Err(BatchError::Conflict(
                "Nothing of this batch is left to dispose of.".into(),
            ));
        }
        hold_variant(conn, variant)?;
        withdraw_expired_within(conn, Some(&[variant]), today, now)?;
        diesel::update(batches::table.find(batch))
            .set((batches::quantity.eq(0), batches::updated_at.eq(now)))
            .execute(conn)?;
        Movement {
            variant,
            batch: Some(batch),
            delta: 0,
            batch_delta: Some(-units),
            reason: "disposed",
            note: Some(note),
            order: None,
            actor: Some(actor),
            at: now,
        }
        .record(conn)?;
        audit(
            conn,
            actor,
            "batch.dispose",
            batch,
            serde_json::json!({"units": units, "note": note}),
        )?;
        Ok(units)
    })
}

/// New dates for a batch: the undated opening batch dated at last, a seed lot re-tested (its
/// validity extended), or a typing mistake put right. A batch that becomes good again returns
/// to sale; one that is now past its date leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDates {
    pub manufactured_on: Option<NaiveDate>,
    pub expires_on: Option<NaiveDate>,
    pub tested_on: Option<NaiveDate>,
    /// Why (a re-test's report number, a corrected label).
    pub note: Option<String>,
}

pub fn redate(
    conn: &mut DbConnection,
    actor: UserId,
    batch: BatchId,
    dates: &NewDates,
    regulation: Regulation,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<(), BatchError> {
    if let (Some(made), Some(expires)) = (dates.manufactured_on, dates.expires_on)
        && expires <= made
    {
        return Err(BatchError::invalid(
            "expires_on",
            "The expiry date must come after the manufacture date.",
        ));
    }
    if dates.manufactured_on.is_some_and(|made| made > today) {
        return Err(BatchError::invalid(
            "manufactured_on",
            "The manufacture date cannot be after today.",
        ));
    }
    if dates.expires_on.is_none() && regulation.expiry_required() {
        return Err(BatchError::invalid("expires_on", "Give the expiry date."));
    }
    if regulation.tested() {
        match (dates.tested_on, dates.expires_on) {
            (None, _) => return Err(BatchError::invalid("tested_on", "Give the test date.")),
            (Some(tested), _) if tested > today => {
                return Err(BatchError::invalid(
                    "tested_on",
                    "The test date cannot be after today.",
                ));
            }
            (Some(tested), Some(valid)) if valid <= tested => {
                return Err(BatchError::invalid(
                    "expires_on",
                    "The validity must end after the test date.",
                ));
            }
            _ => {}
        }
    } else if dates.tested_on.is_some() {
        return Err(BatchError::invalid(
            "tested_on",
            "Only seed lots carry a test date.",
        ));
    }
    if dates.note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(BatchError::invalid(
            "note",
            "The note is at most 500 letters.",
        ));
    }
    write_transaction(conn, |conn| {
        let (variant, old): (VariantId, crate::Dates) = batches::table
            .find(batch)
            .select((
                batches::variant_id,
                (
                    batches::manufactured_on,
                    batches::expires_on,
                    batches::tested_on,
                ),
            ))
            .first(conn)
            .optional()?
            .ok_or(BatchError::UnknownBatch(batch))?;
        if !is_tracked(conn, variant)? {
            return Err(BatchError::Conflict(
                "This product is not kept by batch.".into(),
            ));
        }
        hold_variant(conn, variant)?;
        let good_again = dates.expires_on.is_none_or(|expires| expires >= today);
        diesel::update(batches::table.find(batch))
            .set((
                batches::manufactured_on.eq(dates.manufactured_on),
                batches::expires_on.eq(dates.expires_on),
                batches::tested_on.eq(dates.tested_on),
                batches::updated_at.eq(now),
            ))
            .execute(conn)?;
        if good_again {
            diesel::update(batches::table.find(batch))
                .set(batches::withdrawn_at.eq(None::<NaiveDateTime>))
                .execute(conn)?;
        }
        let (before, after) = settle(conn, variant, today, now)?;
        if !good_again {
            withdraw_expired_within(conn, Some(&[variant]), today, now)?;
        } else if after != before {
            Movement {
                variant,
                batch: Some(batch),
                delta: after - before,
                batch_delta: Some(0),
                reason: "redated",
                note: dates.note.as_deref(),
                order: None,
                actor: Some(actor),
                at: now,
            }
            .record(conn)?;
        }
        let show = |d: crate::Dates| serde_json::json!({"manufactured_on": d.0, "expires_on": d.1, "tested_on": d.2});
        db::audit::record(
            conn,
            &db::audit::AuditEntry {
                actor_id: Some(actor),
                action: "batch.redate",
                entity: "batch",
                entity_id: &batch.to_string(),
                old_values: Some(&show(old).to_string()),
                new_values: Some(
                    &serde_json::json!({"dates": show((dates.manufactured_on, dates.expires_on, dates.tested_on)), "note": dates.note})
                        .to_string(),
                ),
            },
        )?;
        Ok(())
    })
}

/// Whether a batch's number is the undated opening batch's.
pub fn is_undated(number: &str) -> bool {
    number == UNDATED_BATCH
}

fn audit(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    batch: BatchId,
    new: serde_json::Value,
) -> QueryResult<()> {
    db::audit::record(
        conn,
        &db::audit::AuditEntry {
            actor_id: Some(actor),
            action,
            entity: "batch",
            entity_id: &batch.to_string(),
            old_values: None,
            new_values: Some(&new.to_string()),
        },
    )
}
