//! A receipt: goods arriving from a supplier against their invoice, each line a batch of one
//! pack size with its dates, units and cost. A batch number seen before for the pack size adds
//! to that batch (its dates must agree); the receipt is all or nothing.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{batches, product_variants, products, stock_receipt_lines, stock_receipts};
use db::{BatchId, DbConnection, ReceiptId, UserId, VariantId, write_transaction};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use crate::settle::{hold_variant, settle};
use crate::{BatchError, Movement, Regulation};

/// The most lines one receipt (or one CSV) holds.
pub const LINES_MAX: usize = 500;
/// The most units of one batch one line receives.
pub const QUANTITY_MAX: i32 = 100_000;
/// The most one unit may cost: ₹10,00,000.
pub const UNIT_COST_MAX: Paise = Paise::new(100_000_000);

/// The supplier's invoice the goods came with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Supplier {
    pub name: String,
    pub invoice: String,
    pub invoice_date: NaiveDate,
    pub note: Option<String>,
}

/// One batch of one pack size on the receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiptLine {
    pub variant_id: VariantId,
    pub number: String,
    pub manufactured_on: Option<NaiveDate>,
    /// The expiry date, or a seed lot's validity.
    pub expires_on: Option<NaiveDate>,
    /// A seed lot's germination test date.
    pub tested_on: Option<NaiveDate>,
    pub quantity: i32,
    /// What one unit cost the shop.
    pub unit_cost: Paise,
}

/// A wrong value on one line: `line` counts from 1, `field` is the line's field name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LineProblem {
    pub line: usize,
    pub field: &'static str,
    pub message: String,
}

/// What a line will do, as a preview shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PlannedLine {
    pub line: usize,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    pub sku: String,
    /// The product and pack size, as staff know them.
    pub item: String,
    pub number: String,
    /// Whether the batch is new, or adds to one received before.
    pub new_batch: bool,
    pub quantity: i32,
    #[schema(value_type = Option<String>)]
    pub expires_on: Option<NaiveDate>,
}

/// A receipt as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Receipt {
    #[schema(value_type = i64)]
    pub id: ReceiptId,
    pub supplier: String,
    pub supplier_invoice: String,
    #[schema(value_type = String)]
    pub invoice_date: NaiveDate,
    pub lines: Vec<PlannedLine>,
    /// What the goods cost, in rupees.
    pub cost: Paise,
}

struct Item {
    sku: String,
    name: String,
    tracked: bool,
    regulation: Regulation,
}

fn item(conn: &mut DbConnection, variant: VariantId) -> QueryResult<Option<Item>> {
    let row: Option<(String, Option<String>, String, bool, String)> = product_variants::table
        .inner_join(products::table)
        .filter(product_variants::id.eq(variant))
        .select((
            products::name,
            product_variants::name,
            product_variants::sku,
            products::batch_tracked,
            products::regulated_as,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(product, pack, sku, tracked, regulated)| Item {
        sku,
        name: match pack {
            Some(pack) => format!("{product} {pack}"),
            None => product,
        },
        tracked,
        regulation: Regulation::parse(&regulated).unwrap_or(Regulation::None),
    }))
}

use crate::Dates;

fn dates_text(dates: Dates) -> String {
    let show = |d: Option<NaiveDate>| d.map_or_else(|| "none".to_owned(), |d| d.to_string());
    format!(
        "made {}, expiry {}, tested {}",
        show(dates.0),
        show(dates.1),
        show(dates.2)
    )
}

/// Checks the supplier's invoice and every line against the catalogue and the batches already
/// held, on `today`; returns what each line will do, or every problem found.
pub fn check(
    conn: &mut DbConnection,
    supplier: &Supplier,
    lines: &[ReceiptLine],
    today: NaiveDate,
) -> Result<Result<Vec<PlannedLine>, Vec<LineProblem>>, BatchError> {
    check_named(conn, supplier, lines, &counted(lines), today)
}

/// Lines named 1, 2, 3... as a form numbers them.
fn counted(lines: &[ReceiptLine]) -> Vec<usize> {
    (1..=lines.len()).collect()
}

/// [`check`], each line called by its name in `names` (a CSV sheet's line numbers) in its
/// problems and messages.
pub fn check_named(
    conn: &mut DbConnection,
    supplier: &Supplier,
    lines: &[ReceiptLine],
    names: &[usize],
    today: NaiveDate,
) -> Result<Result<Vec<PlannedLine>, Vec<LineProblem>>, BatchError> {
    let (planned, problems) = plan_named(conn, supplier, lines, names, today)?;
    Ok(if problems.is_empty() {
        Ok(planned)
    } else {
        Err(problems)
    })
}

/// What each line of a known pack size would do, and every problem found (a preview shows both).
pub fn plan_named(
    conn: &mut DbConnection,
    supplier: &Supplier,
    lines: &[ReceiptLine],
    names: &[usize],
    today: NaiveDate,
) -> Result<(Vec<PlannedLine>, Vec<LineProblem>), BatchError> {
    let mut problems = Vec::new();
    let mut header = |field: &'static str, message: String| {
        problems.push(LineProblem {
            line: 0,
            field,
            message,
        })
    };
    if supplier.name.trim().is_empty() || supplier.name.chars().count() > 120 {
        header(
            "supplier",
            "Give the supplier's name (at most 120 letters).".into(),
        );
    }
    if supplier.invoice.trim().is_empty() || supplier.invoice.chars().count() > 60 {
        header(
            "supplier_invoice",
            "Give the supplier's invoice number (at most 60 letters).".into(),
        );
    }
    if supplier.invoice_date > today {
        header(
            "invoice_date",
            "The supplier's invoice cannot be dated after today.".into(),
        );
    }
    if supplier
        .note
        .as_ref()
        .is_some_and(|n| n.chars().count() > 500)
    {
        header("note", "The note is at most 500 letters.".into());
    }
    if lines.is_empty() || lines.len() > LINES_MAX {
        header(
            "lines",
            format!("A receipt has from 1 to {LINES_MAX} lines."),
        );
    }
    let mut planned = Vec::with_capacity(lines.len());
    let mut seen: HashMap<(VariantId, String), (usize, Dates)> = HashMap::new();
    for (index, line) in lines.iter().enumerate() {
        let n = names.get(index).copied().unwrap_or(index + 1);
        let mut problem = |field: &'static str, message: String| {
            problems.push(LineProblem {
                line: n,
                field,
                message,
            })
        };
        let Some(item) = item(conn, line.variant_id)? else {
            problem("variant_id", "No pack size is known by this.".into());
            continue;
        };
        if !item.tracked {
            problem(
                "variant_id",
                format!(
                    "{} is not kept by batch: adjust its stock on the product instead.",
                    item.name
                ),
            );
        }
        let number = line.number.trim().to_uppercase();
        let fair_number = (1..=40).contains(&number.chars().count())
            && number
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-/._ ".contains(c));
        if !fair_number {
            problem(
                "number",
                "A batch number is 1 to 40 letters, digits, spaces or - / . _".into(),
            );
        }
        if !(1..=QUANTITY_MAX).contains(&line.quantity) {
            problem(
                "quantity",
                format!("Receive from 1 to {QUANTITY_MAX} units of a batch."),
            );
        }
        if line.unit_cost < Paise::ZERO || line.unit_cost > UNIT_COST_MAX {
            problem(
                "unit_cost",
                "A unit's cost is from ₹0 to ₹10,00,000.".into(),
            );
        }
        if line.manufactured_on.is_some_and(|made| made > today) {
            problem(
                "manufactured_on",
                "The manufacture date cannot be after today.".into(),
            );
        }
        match (line.manufactured_on, line.expires_on) {
            (Some(made), Some(expires)) if expires <= made => problem(
                "expires_on",
                "The expiry date must come after the manufacture date.".into(),
            ),
            _ => {}
        }
        match line.expires_on {
            None if item.regulation.expiry_required() => problem(
                "expires_on",
                if item.regulation.tested() {
                    "Give the seed lot's validity (the date its test is good until).".into()
                } else {
                    "Give the batch's expiry date.".into()
                },
            ),
            // Date-expired stock may not be sold (Insecticides Rules r. 10A): it is not received
            // into saleable stock either.
            Some(expires) if expires < today => problem(
                "expires_on",
                format!("This batch expired on {expires}: it cannot be received for sale."),
            ),
            _ => {}
        }
        if item.regulation.tested() {
            match (line.tested_on, line.expires_on) {
                (None, _) => problem("tested_on", "Give the seed lot's test date.".into()),
                (Some(tested), _) if tested > today => {
                    problem("tested_on", "The test date cannot be after today.".into())
                }
                (Some(tested), Some(valid)) if valid <= tested => problem(
                    "expires_on",
                    "The validity must end after the test date.".into(),
                ),
                _ => {}
            }
        } else if line.tested_on.is_some() {
            problem("tested_on", "Only seed lots carry a test date.".into());
        }
        let dates = (line.manufactured_on, line.expires_on, line.tested_on);
        match seen.get(&(line.variant_id, number.clone())) {
            Some((first, earlier)) if *earlier != dates => problem(
                "number",
                format!(
                    "Batch {number} is on line {first} with other dates ({}).",
                    dates_text(*earlier)
                ),
            ),
            _ => {
                seen.entry((line.variant_id, number.clone()))
                    .or_insert((n, dates));
            }
        }
        let held: Option<Dates> = batches::table
            .filter(batches::variant_id.eq(line.variant_id))
            .filter(batches::number.eq(&number))
            .select((
                batches::manufactured_on,
                batches::expires_on,
                batches::tested_on,
            ))
            .first(conn)
            .optional()?;
        if let Some(held) = held
            && held != dates
        {
            problem(
                "number",
                format!(
                    "Batch {number} of {} was received before with other dates ({}).",
                    item.name,
                    dates_text(held)
                ),
            );
        }
        planned.push(PlannedLine {
            line: n,
            variant_id: line.variant_id,
            sku: item.sku,
            item: item.name,
            number,
            new_batch: held.is_none(),
            quantity: line.quantity,
            expires_on: line.expires_on,
        });
    }
    let already: Option<i64> = stock_receipts::table
        .filter(stock_receipts::supplier.eq(supplier.name.trim()))
        .filter(stock_receipts::supplier_invoice.eq(supplier.invoice.trim()))
        .select(stock_receipts::id)
        .first(conn)
        .optional()?;
    if let Some(id) = already {
        problems.push(LineProblem {
            line: 0,
            field: "supplier_invoice",
            message: format!("This invoice of this supplier was received already (receipt {id})."),
        });
    }
    Ok((planned, problems))
}

/// Records the receipt: each line's batch created or added to, a `received` movement for
/// each, the saleable stock settled, all in one transaction. Problems refuse the whole receipt.
pub fn record(
    conn: &mut DbConnection,
    actor: impl Into<Option<UserId>>,
    supplier: &Supplier,
    lines: &[ReceiptLine],
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Result<Receipt, Vec<LineProblem>>, BatchError> {
    record_named(conn, actor, supplier, lines, &counted(lines), today, now)
}

/// [`record`], each line called by its name in `names` (see [`check_named`]).
pub fn record_named(
    conn: &mut DbConnection,
    actor: impl Into<Option<UserId>>,
    supplier: &Supplier,
    lines: &[ReceiptLine],
    names: &[usize],
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Result<Receipt, Vec<LineProblem>>, BatchError> {
    let actor: Option<UserId> = actor.into();
    write_transaction(conn, |conn| {
        let planned = match check_named(conn, supplier, lines, names, today)? {
            Ok(planned) => planned,
            Err(problems) => return Ok(Err(problems)),
        };
        let receipt_id: ReceiptId = diesel::insert_into(stock_receipts::table)
            .values((
                stock_receipts::supplier.eq(supplier.name.trim()),
                stock_receipts::supplier_invoice.eq(supplier.invoice.trim()),
                stock_receipts::invoice_date.eq(supplier.invoice_date),
                stock_receipts::note.eq(supplier.note.as_deref()),
                stock_receipts::actor_id.eq(actor),
                stock_receipts::created_at.eq(now),
            ))
            .returning(stock_receipts::id)
            .get_result(conn)?;
        let mut cost = Paise::ZERO;
        let mut order: Vec<usize> = (0..lines.len()).collect();
        // Pack sizes are held in id order, so two receipts never wait on each other in a circle.
        order.sort_by_key(|&i| lines[i].variant_id);
        for i in order {
            let (line, plan) = (&lines[i], &planned[i]);
            hold_variant(conn, line.variant_id)?;
            let batch = add_to_batch(conn, receipt_id, line, &plan.number, now)?;
            let (before, after) = settle(conn, line.variant_id, today, now)?;
            let note = format!(
                "{} invoice {}",
                supplier.name.trim(),
                supplier.invoice.trim()
            );
            Movement {
                variant: line.variant_id,
                batch: Some(batch),
                delta: after - before,
                batch_delta: Some(line.quantity),
                reason: "received",
                note: Some(&note),
                order: None,
                actor,
                at: now,
            }
            .record(conn)?;
            cost = cost
                .checked_add(
                    line.unit_cost
                        .checked_mul(line.quantity.unsigned_abs())
                        .ok_or_else(too_costly)?,
                )
                .ok_or_else(too_costly)?;
        }
        db::audit::record(
            conn,
            &db::audit::AuditEntry {
                actor_id: actor,
                action: "stock.receipt",
                entity: "stock_receipt",
                entity_id: &receipt_id.to_string(),
                old_values: None,
                new_values: Some(
                    &serde_json::json!({
                        "supplier": supplier.name.trim(),
                        "supplier_invoice": supplier.invoice.trim(),
                        "lines": planned.iter().map(|l| serde_json::json!({"sku": l.sku, "batch": l.number, "quantity": l.quantity})).collect::<Vec<_>>(),
                    })
                    .to_string(),
                ),
            },
        )?;
        Ok(Ok(Receipt {
            id: receipt_id,
            supplier: supplier.name.trim().to_owned(),
            supplier_invoice: supplier.invoice.trim().to_owned(),
            invoice_date: supplier.invoice_date,
            lines: planned,
            cost,
        }))
    })
}

fn too_costly() -> BatchError {
    BatchError::invalid(
        "unit_cost",
        "The receipt's cost is beyond what the shop can count.",
    )
}

/// Adds the line's units to its batch, created on first arrival; the batch's unit cost becomes
/// the average over what it holds and what arrives.
fn add_to_batch(
    conn: &mut DbConnection,
    receipt: ReceiptId,
    line: &ReceiptLine,
    number: &str,
    now: NaiveDateTime,
) -> Result<BatchId, BatchError> {
    let held: Option<(BatchId, i32, Option<i64>)> = batches::table
        .filter(batches::variant_id.eq(line.variant_id))
        .filter(batches::number.eq(number))
        .select((batches::id, batches::quantity, batches::cost_paise))
        .first(conn)
        .optional()?;
    let id = match held {
        Some((id, quantity, cost)) => {
            let average = match cost {
                Some(cost) if quantity > 0 => {
                    let total = i128::from(cost) * i128::from(quantity)
                        + i128::from(line.unit_cost.get()) * i128::from(line.quantity);
                    let units = i128::from(quantity) + i128::from(line.quantity);
                    i64::try_from((total + units / 2) / units).unwrap_or(i64::MAX)
                }
                _ => line.unit_cost.get(),
            };
            diesel::update(batches::table.find(id))
                .set((
                    batches::quantity.eq(batches::quantity + line.quantity),
                    batches::cost_paise.eq(average),
                    batches::updated_at.eq(now),
                ))
                .execute(conn)?;
            id
        }
        None => diesel::insert_into(batches::table)
            .values((
                batches::variant_id.eq(line.variant_id),
                batches::number.eq(number),
                batches::manufactured_on.eq(line.manufactured_on),
                batches::expires_on.eq(line.expires_on),
                batches::tested_on.eq(line.tested_on),
                batches::cost_paise.eq(line.unit_cost.get()),
                batches::quantity.eq(line.quantity),
                batches::receipt_id.eq(receipt),
                batches::created_at.eq(now),
                batches::updated_at.eq(now),
            ))
            .returning(batches::id)
            .get_result(conn)?,
    };
    diesel::insert_into(stock_receipt_lines::table)
        .values((
            stock_receipt_lines::receipt_id.eq(receipt),
            stock_receipt_lines::batch_id.eq(id),
            stock_receipt_lines::quantity.eq(line.quantity),
            stock_receipt_lines::cost_paise.eq(line.unit_cost.get()),
        ))
        .execute(conn)?;
    Ok(id)
}
