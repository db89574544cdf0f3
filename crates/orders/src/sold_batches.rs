//! Which batch each unit an order line sold came from, and which batch each unit that came back
//! belonged to: what the insecticide registers, the recall list and the margin read.
//!
//! A line takes its units from batches when its order is confirmed (`order_line_batches`, first
//! expiring first). Units a return puts back on the shelf go into the batches they came from,
//! the last taken first (`batches::allot::put_back`), so a restocked return is read the same way
//! here. A return not put back on the shelf (damaged, leaking) moves no batch: its units are
//! counted against what is left of the line's batches, again the last taken first.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::schema::{batches, order_line_batches, order_return_lines, order_returns};
use diesel::prelude::*;

/// Units of one batch an order line took.
#[derive(Debug, Clone)]
pub(crate) struct Allotment {
    pub number: String,
    pub manufactured_on: Option<NaiveDate>,
    pub expires_on: Option<NaiveDate>,
    pub quantity: i32,
    /// What one unit cost the shop, when the batch's cost is known.
    pub unit_cost: Option<i64>,
    pub at: NaiveDateTime,
}

/// Units of one return of a line, as they are counted against one of its batches (`allotment`
/// indexes the line's allotments; none for units the line sold before batches were kept).
#[derive(Debug, Clone)]
pub(crate) struct ReturnShare {
    pub return_id: i64,
    pub at: NaiveDateTime,
    pub restocked: bool,
    pub allotment: Option<usize>,
    pub units: i32,
    /// The return line's taxable value (goods only), on the share that comes first.
    pub taxable: i64,
}

/// An order line's batches and what came back of them.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineBatches {
    pub allotments: Vec<Allotment>,
    pub returns: Vec<ReturnShare>,
}

type AllotmentRow = (
    i64,
    String,
    (Option<NaiveDate>, Option<NaiveDate>),
    i32,
    Option<i64>,
    NaiveDateTime,
);

/// The batches and returns of each of `lines`, by line id.
pub(crate) fn of_lines(
    conn: &mut DbConnection,
    lines: &[i64],
) -> QueryResult<HashMap<i64, LineBatches>> {
    let mut found: HashMap<i64, LineBatches> = HashMap::new();
    for chunk in lines.chunks(500) {
        let allotments: Vec<AllotmentRow> = order_line_batches::table
            .inner_join(batches::table)
            .filter(order_line_batches::order_line_id.eq_any(chunk))
            .order(order_line_batches::id)
            .select((
                order_line_batches::order_line_id,
                batches::number,
                (batches::manufactured_on, batches::expires_on),
                order_line_batches::quantity,
                order_line_batches::cost_paise,
                order_line_batches::created_at,
            ))
            .load(conn)?;
        for (line, number, (manufactured_on, expires_on), quantity, unit_cost, at) in allotments {
            found.entry(line).or_default().allotments.push(Allotment {
                number,
                manufactured_on,
                expires_on,
                quantity,
                unit_cost,
                at,
            });
        }
        let returned: Vec<(i64, i64, NaiveDateTime, i32, bool, i64)> = order_return_lines::table
            .inner_join(order_returns::table)
            .filter(order_return_lines::order_line_id.eq_any(chunk))
            .order((order_returns::id, order_return_lines::id))
            .select((
                order_return_lines::order_line_id,
                order_returns::id,
                order_returns::created_at,
                order_return_lines::quantity,
                order_return_lines::restocked,
                order_return_lines::taxable_paise,
            ))
            .load(conn)?;
        for (line, return_id, at, quantity, restocked, taxable) in returned {
            let entry = found.entry(line).or_default();
            let shares = share_out(entry, quantity, restocked);
            let mut taxable = Some(taxable);
            for (allotment, units) in shares {
                entry.returns.push(ReturnShare {
                    return_id,
                    at,
                    restocked,
                    allotment,
                    units,
                    taxable: taxable.take().unwrap_or(0),
                });
            }
        }
    }
    Ok(found)
}

/// Which of the line's batches `quantity` returned units count against, given the returns
/// before them: restocked units as `put_back` put them (the last batch taken first, up to what
/// earlier restocked returns left of it); the others against what no return has taken yet.
fn share_out(line: &LineBatches, quantity: i32, restocked: bool) -> Vec<(Option<usize>, i32)> {
    let mut back = vec![0; line.allotments.len()];
    let mut restocked_back = vec![0; line.allotments.len()];
    for share in &line.returns {
        if let Some(i) = share.allotment {
            back[i] += share.units;
            if share.restocked {
                restocked_back[i] += share.units;
            }
        }
    }
    let mut left = quantity;
    let mut shares = Vec::new();
    for (i, allotment) in line.allotments.iter().enumerate().rev() {
        if left == 0 {
            break;
        }
        let taken = if restocked {
            restocked_back[i]
        } else {
            back[i]
        };
        let units = (allotment.quantity - taken).min(left);
        if units > 0 {
            shares.push((Some(i), units));
            left -= units;
        }
    }
    if left > 0 {
        shares.push((None, left));
    }
    shares
}
