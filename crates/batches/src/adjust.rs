//! A correction of a batch-tracked pack size's stock (damaged, lost, found, counted): it moves
//! one batch (the one named, else the first to expire when taking, the newest when adding) and
//! the saleable stock with it.

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{batches, product_variants};
use db::{BatchId, DbConnection, UserId, VariantId};
use diesel::prelude::*;

use crate::allot::undated_batch;
use crate::settle::{hold_variant, settle};
use crate::{BatchError, Movement};

#[derive(Debug, Clone)]
pub struct Correction<'a> {
    pub variant: VariantId,
    pub delta: i32,
    pub batch: Option<BatchId>,
    pub reason: &'a str,
    pub note: Option<&'a str>,
    pub actor: UserId,
}

/// Makes the correction inside the caller's transaction; returns the saleable stock before and
/// after. Taking more than is free to sell (units reserved by orders are not) is refused.
pub fn correct_within(
    conn: &mut DbConnection,
    correction: &Correction<'_>,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<(i32, i32), BatchError> {
    let variant = correction.variant;
    hold_variant(conn, variant)?;
    crate::expiry::withdraw_expired_within(conn, Some(&[variant]), today, now)?;
    let free: i32 = product_variants::table
        .find(variant)
        .select(product_variants::stock)
        .first(conn)?;
    let good = batches::expires_on
        .is_null()
        .or(batches::expires_on.ge(today));
    let mut moves: Vec<(BatchId, i32)> = Vec::new();
    // Units of an expired batch are not for sale: taking them leaves the saleable stock alone.
    let mut takes_from_sale = true;
    if let Some(batch) = correction.batch {
        let (owner, units, expires): (VariantId, i32, Option<NaiveDate>) = batches::table
            .find(batch)
            .select((batches::variant_id, batches::quantity, batches::expires_on))
            .first(conn)
            .optional()?
            .ok_or(BatchError::UnknownBatch(batch))?;
        if owner != variant {
            return Err(BatchError::invalid(
                "batch_id",
                "This batch is of another pack size.",
            ));
        }
        if expires.is_some_and(|e| e < today) && correction.delta > 0 {
            return Err(BatchError::invalid(
                "batch_id",
                "This batch has expired: nothing may be added to it.",
            ));
        }
        takes_from_sale = expires.is_none_or(|e| e >= today);
        if units + correction.delta < 0 {
            return Err(BatchError::invalid(
                "delta",
                format!("This batch holds {units}: that many at most can be taken from it."),
            ));
        }
        moves.push((batch, correction.delta));
    } else if correction.delta > 0 {
        let newest: Option<BatchId> = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(good)
            .order((
                batches::expires_on.is_null(),
                batches::expires_on.desc(),
                batches::id.desc(),
            ))
            .select(batches::id)
            .first(conn)
            .optional()?;
        let batch = match newest {
            Some(batch) => batch,
            None => undated_batch(conn, variant, now)?,
        };
        moves.push((batch, correction.delta));
    } else {
        let mut wanted = -correction.delta;
        let saleable: Vec<(BatchId, i32)> = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(batches::quantity.gt(0))
            .filter(good)
            .order((
                batches::expires_on.is_null(),
                batches::expires_on,
                batches::id,
            ))
            .select((batches::id, batches::quantity))
            .load(conn)?;
        for (batch, units) in saleable {
            if wanted == 0 {
                break;
            }
            let take = units.min(wanted);
            wanted -= take;
            moves.push((batch, -take));
        }
    }
    if correction.delta < 0 && takes_from_sale && -correction.delta > free {
        return Err(BatchError::invalid(
            "delta",
            format!("Stock may not go below 0: there are {free} free to sell."),
        ));
    }
    for (batch, delta) in &moves {
        diesel::update(batches::table.find(*batch))
            .set((
                batches::quantity.eq(batches::quantity + *delta),
                batches::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    let (before, after) = settle(conn, variant, today, now)?;
    let mut shown = after - before;
    for (batch, delta) in moves {
        Movement {
            variant,
            batch: Some(batch),
            delta: std::mem::take(&mut shown),
            batch_delta: Some(delta),
            reason: correction.reason,
            note: correction.note,
            order: None,
            actor: Some(correction.actor),
            at: now,
        }
        .record(conn)?;
    }
    Ok((before, after))
}
