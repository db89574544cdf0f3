//! An order's lines take their units from batches when the order is confirmed (or shipped
//! straight from placed): first expiring, first out, never from an expired batch. A line may
//! span batches. Units coming back (a cancellation, a restocked return) go into the batch they
//! came from.

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{batches, order_line_batches, order_lines, products};
use db::{BatchId, DbConnection, OrderId, UserId, VariantId};
use diesel::prelude::*;

use crate::settle::{hold_variant, settle};
use crate::{BatchError, Movement, UNDATED_BATCH};

/// Who moved the order, and when.
#[derive(Debug, Clone, Copy)]
pub struct Moved {
    pub actor: Option<UserId>,
    pub today: NaiveDate,
    pub at: NaiveDateTime,
}

/// Gives each batch-tracked line of the order that has none yet its batches, first expiring
/// first. The order has already left the statuses that reserve stock. A line that unexpired
/// batches cannot fill refuses the whole move ([`BatchError::Shortage`]).
pub fn allot_order(
    conn: &mut DbConnection,
    order: OrderId,
    moved: Moved,
) -> Result<(), BatchError> {
    let mut lines: Vec<(i64, VariantId, i32, String, Option<String>)> = order_lines::table
        .inner_join(products::table.on(products::id.eq(order_lines::product_id)))
        .filter(order_lines::order_id.eq(order))
        .filter(products::batch_tracked.eq(true))
        .select((
            order_lines::id,
            order_lines::variant_id,
            order_lines::quantity,
            order_lines::product_name,
            order_lines::variant_name,
        ))
        .load(conn)?;
    // Pack sizes are held in id order, so two orders never wait on each other in a circle.
    lines.sort_by_key(|line| (line.1, line.0));
    for (line_id, variant, quantity, product, pack) in lines {
        let allotted: i64 = order_line_batches::table
            .filter(order_line_batches::order_line_id.eq(line_id))
            .count()
            .get_result(conn)?;
        if allotted > 0 {
            continue;
        }
        hold_variant(conn, variant)?;
        let saleable: Vec<(BatchId, i32, Option<i64>)> = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(batches::quantity.gt(0))
            .filter(
                batches::expires_on
                    .is_null()
                    .or(batches::expires_on.ge(moved.today)),
            )
            // Known expiries first, earliest first; undated opening stock last.
            .order((
                batches::expires_on.is_null(),
                batches::expires_on,
                batches::id,
            ))
            .select((batches::id, batches::quantity, batches::cost_paise))
            .load(conn)?;
        let available: i32 = saleable.iter().map(|b| b.1).sum();
        if available < quantity {
            return Err(BatchError::Shortage {
                item: match pack {
                    Some(pack) => format!("{product} {pack}"),
                    None => product,
                },
                wanted: quantity,
                available,
            });
        }
        let mut wanted = quantity;
        for (batch, units, cost) in saleable {
            if wanted == 0 {
                break;
            }
            let take = units.min(wanted);
            wanted -= take;
            diesel::update(batches::table.find(batch))
                .set((
                    batches::quantity.eq(batches::quantity - take),
                    batches::updated_at.eq(moved.at),
                ))
                .execute(conn)?;
            diesel::insert_into(order_line_batches::table)
                .values((
                    order_line_batches::order_line_id.eq(line_id),
                    order_line_batches::batch_id.eq(batch),
                    order_line_batches::quantity.eq(take),
                    order_line_batches::cost_paise.eq(cost),
                    order_line_batches::created_at.eq(moved.at),
                ))
                .execute(conn)?;
            Movement {
                variant,
                batch: Some(batch),
                delta: 0,
                batch_delta: Some(-take),
                reason: "allotted",
                note: None,
                order: Some(order),
                actor: moved.actor,
                at: moved.at,
            }
            .record(conn)?;
        }
        settle(conn, variant, moved.today, moved.at)?;
    }
    Ok(())
}

/// Whether every batch-tracked line of the order could take its units from unexpired batches on
/// `today` (read only: the move itself re-checks under the pack size's hold). A payment received
/// for an order whose batch expired meanwhile is recorded, and the order waits for a receipt.
pub fn can_fill(
    conn: &mut DbConnection,
    order: OrderId,
    today: NaiveDate,
) -> Result<bool, BatchError> {
    let lines: Vec<(i64, VariantId, i32)> = order_lines::table
        .inner_join(products::table.on(products::id.eq(order_lines::product_id)))
        .filter(order_lines::order_id.eq(order))
        .filter(products::batch_tracked.eq(true))
        .select((
            order_lines::id,
            order_lines::variant_id,
            order_lines::quantity,
        ))
        .load(conn)?;
    let mut wanted: std::collections::BTreeMap<VariantId, i64> = Default::default();
    for (line, variant, quantity) in lines {
        let allotted: i64 = order_line_batches::table
            .filter(order_line_batches::order_line_id.eq(line))
            .count()
            .get_result(conn)?;
        if allotted == 0 {
            *wanted.entry(variant).or_default() += i64::from(quantity);
        }
    }
    for (variant, units) in wanted {
        let good: Option<i64> = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(
                batches::expires_on
                    .is_null()
                    .or(batches::expires_on.ge(today)),
            )
            .select(diesel::dsl::sum(batches::quantity))
            .first(conn)?;
        if good.unwrap_or(0) < units {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Puts `quantity` units of an order line back on the shelf (`reason`: cancelled, returned):
/// into the batches the line took them from, the last taken first. A line whose order was still
/// reserving stock (`was_reserving`) took none: its units come back by the order's new status,
/// which no longer reserves them. The caller has moved the order out of the reserving statuses.
pub fn put_back(
    conn: &mut DbConnection,
    order: OrderId,
    line: i64,
    quantity: i32,
    reason: &str,
    was_reserving: bool,
    moved: Moved,
) -> Result<(), BatchError> {
    let variant: VariantId = order_lines::table
        .find(line)
        .select(order_lines::variant_id)
        .first(conn)?;
    hold_variant(conn, variant)?;
    let taken: Vec<(i64, BatchId, i32, i32)> = order_line_batches::table
        .filter(order_line_batches::order_line_id.eq(line))
        .order(order_line_batches::id.desc())
        .select((
            order_line_batches::id,
            order_line_batches::batch_id,
            order_line_batches::quantity,
            order_line_batches::returned,
        ))
        .load(conn)?;
    let mut left = quantity;
    let mut into: Vec<(BatchId, i32)> = Vec::new();
    for (allotment, batch, units, returned) in taken {
        let back = (units - returned).min(left);
        if back <= 0 {
            continue;
        }
        left -= back;
        diesel::update(order_line_batches::table.find(allotment))
            .set(order_line_batches::returned.eq(order_line_batches::returned + back))
            .execute(conn)?;
        into.push((batch, back));
    }
    if left > 0 && !was_reserving {
        // Sold before batches were kept: the units join the undated batch staff are asked to date.
        into.push((undated_batch(conn, variant, moved.at)?, left));
    }
    for (batch, back) in &into {
        diesel::update(batches::table.find(*batch))
            .set((
                batches::quantity.eq(batches::quantity + *back),
                batches::updated_at.eq(moved.at),
            ))
            .execute(conn)?;
    }
    let (before, after) = settle(conn, variant, moved.today, moved.at)?;
    let mut delta = after - before;
    if into.is_empty() {
        Movement {
            variant,
            batch: None,
            delta,
            batch_delta: None,
            reason,
            note: None,
            order: Some(order),
            actor: moved.actor,
            at: moved.at,
        }
        .record(conn)?;
    }
    for (batch, back) in into {
        // The saleable stock's change is told once, on the first batch named.
        let shown = std::mem::take(&mut delta);
        Movement {
            variant,
            batch: Some(batch),
            delta: shown,
            batch_delta: Some(back),
            reason,
            note: None,
            order: Some(order),
            actor: moved.actor,
            at: moved.at,
        }
        .record(conn)?;
    }
    Ok(())
}

/// The pack size's batch of unknown dates, made when first needed.
pub fn undated_batch(
    conn: &mut DbConnection,
    variant: VariantId,
    now: NaiveDateTime,
) -> QueryResult<BatchId> {
    let held: Option<BatchId> = batches::table
        .filter(batches::variant_id.eq(variant))
        .filter(batches::number.eq(UNDATED_BATCH))
        .select(batches::id)
        .first(conn)
        .optional()?;
    match held {
        Some(id) => Ok(id),
        None => diesel::insert_into(batches::table)
            .values((
                batches::variant_id.eq(variant),
                batches::number.eq(UNDATED_BATCH),
                batches::quantity.eq(0),
                batches::created_at.eq(now),
                batches::updated_at.eq(now),
            ))
            .returning(batches::id)
            .get_result(conn),
    }
}

/// The batches an order line's units came from, with what came back of each.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct LineBatch {
    pub number: String,
    #[schema(value_type = Option<String>, required = true)]
    pub manufactured_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>, required = true)]
    pub expires_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>, required = true)]
    pub tested_on: Option<NaiveDate>,
    pub quantity: i32,
    pub returned: i32,
}

/// Each of the lines' batches, by line id, in the order taken.
pub fn line_batches(conn: &mut DbConnection, lines: &[i64]) -> QueryResult<Vec<(i64, LineBatch)>> {
    let rows: Vec<(i64, String, crate::Dates, i32, i32)> = order_line_batches::table
        .inner_join(batches::table)
        .filter(order_line_batches::order_line_id.eq_any(lines))
        .order(order_line_batches::id)
        .select((
            order_line_batches::order_line_id,
            batches::number,
            (
                batches::manufactured_on,
                batches::expires_on,
                batches::tested_on,
            ),
            order_line_batches::quantity,
            order_line_batches::returned,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(line, number, (manufactured_on, expires_on, tested_on), quantity, returned)| {
                (
                    line,
                    LineBatch {
                        number,
                        manufactured_on,
                        expires_on,
                        tested_on,
                        quantity,
                        returned,
                    },
                )
            },
        )
        .collect())
}
