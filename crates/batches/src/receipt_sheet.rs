//! A receipt imported from a CSV sheet (a supplier's delivery typed into a spreadsheet): each
//! row a batch of one pack size named by its SKU. As with the catalogue's bulk editor, the sheet
//! is first previewed (what each row will do, and every bad cell by its line and column), then
//! applied all or nothing. The rules are the receipt's own ([`crate::receive`]); this module only
//! reads the cells and names each problem by the cell it came from.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::product_variants;
use db::{DbConnection, UserId, VariantId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use crate::receive::{self, LineProblem, PlannedLine, Receipt, ReceiptLine, Supplier};
use crate::{BatchError, parse_date};

/// The sheet's columns. `sku`, `batch`, `quantity` and `unit_cost` are needed; the dates may
/// be left out where the product has none (a chemical fertiliser's expiry, a pesticide's test).
pub const COLUMNS: [&str; 7] = [
    "sku",
    "batch",
    "manufactured_on",
    "expires_on",
    "tested_on",
    "quantity",
    "unit_cost",
];

const REQUIRED: [&str; 4] = ["sku", "batch", "quantity", "unit_cost"];

/// A bad cell: its line in the file (the header is line 1; 0 is the supplier's invoice, given
/// beside the sheet) and its column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CellProblem {
    pub line: usize,
    pub column: String,
    pub message: String,
}

#[derive(Debug, Clone)]
struct Row {
    line: usize,
    sku: String,
    line_of_receipt: PartialLine,
}

#[derive(Debug, Clone)]
struct PartialLine {
    number: String,
    manufactured_on: Option<NaiveDate>,
    expires_on: Option<NaiveDate>,
    tested_on: Option<NaiveDate>,
    quantity: i32,
    unit_cost: Paise,
}

/// A sheet read, before any database is asked: the rows whose cells all read, and each bad cell.
#[derive(Debug, Clone, Default)]
pub struct ReceiptSheet {
    rows: Vec<Row>,
    problems: Vec<CellProblem>,
}

/// What applying the sheet would receive. It applies only when `problems` is empty.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SheetPreview {
    /// Each row as a receipt line, `line` being its line in the file.
    pub lines: Vec<PlannedLine>,
    /// Every bad cell, by line and column.
    pub problems: Vec<CellProblem>,
    /// Units the rows receive in all.
    pub units: i64,
    /// What they cost, in rupees.
    pub cost: Paise,
}

/// Reads the sheet in `content`, or says why it cannot be read as a whole (not CSV, a column
/// missing or unknown, too many rows).
pub fn read_sheet(content: &str) -> Result<ReceiptSheet, BatchError> {
    let whole = |message: String| BatchError::invalid("file", message);
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(content.as_bytes());
    let header = reader
        .headers()
        .map_err(|_| whole("The file is not a CSV sheet (save it as CSV, UTF-8).".into()))?
        .clone();
    let columns: HashMap<String, usize> = header
        .iter()
        .enumerate()
        .map(|(i, name)| (name.trim().to_ascii_lowercase(), i))
        .collect();
    let unknown: Vec<&str> = header
        .iter()
        .filter(|name| !COLUMNS.contains(&name.trim().to_ascii_lowercase().as_str()))
        .collect();
    if !unknown.is_empty() {
        return Err(whole(format!(
            "Unknown columns: {}. The columns are: {}.",
            unknown.join(", "),
            COLUMNS.join(", ")
        )));
    }
    let missing: Vec<&str> = REQUIRED
        .into_iter()
        .filter(|name| !columns.contains_key(*name))
        .collect();
    if !missing.is_empty() {
        return Err(whole(format!(
            "The first line must name the columns; missing: {}. The columns are: {}.",
            missing.join(", "),
            COLUMNS.join(", ")
        )));
    }
    let mut sheet = ReceiptSheet::default();
    let mut record = csv::StringRecord::new();
    let mut lines = Lines::new(content);
    loop {
        let line = lines.of(reader.position().byte());
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(_) => {
                sheet.problems.push(CellProblem {
                    line,
                    column: "file".into(),
                    message: "This line could not be read as CSV (a stray quote?).".into(),
                });
                continue;
            }
        }
        if record.iter().all(str::is_empty) {
            continue;
        }
        if sheet.rows.len() + sheet.problems.len() >= receive::LINES_MAX {
            return Err(whole(format!(
                "A receipt has at most {} lines; split the sheet.",
                receive::LINES_MAX
            )));
        }
        let line = record.position().map_or(line, |p| lines.of(p.byte()));
        let cell = |name: &str| {
            columns
                .get(name)
                .and_then(|i| record.get(*i))
                .filter(|value| !value.is_empty())
        };
        match read_row(line, &cell) {
            Ok(row) => sheet.rows.push(row),
            Err(problems) => sheet.problems.extend(problems),
        }
    }
    if sheet.rows.is_empty() && sheet.problems.is_empty() {
        return Err(whole("The sheet has no rows under its header.".into()));
    }
    Ok(sheet)
}

/// The line (from 1) a record starting at a byte is on, as an editor numbers it, counted once
/// from the previous record on. The reader may give a record's start before the blank lines it
/// skipped, so those are stepped over first.
struct Lines<'a> {
    bytes: &'a [u8],
    counted_to: usize,
    newlines: usize,
}

impl<'a> Lines<'a> {
    fn new(content: &'a str) -> Self {
        Self {
            bytes: content.as_bytes(),
            counted_to: 0,
            newlines: 0,
        }
    }

    fn of(&mut self, byte: u64) -> usize {
        let start = usize::try_from(byte)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        let skipped = self.bytes[start..]
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        let end = start + skipped;
        if end < self.counted_to {
            self.counted_to = 0;
            self.newlines = 0;
        }
        self.newlines += self.bytes[self.counted_to..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        self.counted_to = end;
        self.newlines + 1
    }
}

/// One row's cells, each read alone so that every bad one is named.
fn read_row<'a>(
    line: usize,
    cell: &dyn Fn(&str) -> Option<&'a str>,
) -> Result<Row, Vec<CellProblem>> {
    let mut problems = Vec::new();
    let mut bad = |column: &str, message: String| {
        problems.push(CellProblem {
            line,
            column: column.to_owned(),
            message,
        });
    };
    let sku = cell("sku").map(str::to_owned);
    if sku.is_none() {
        bad("sku", "Give the pack size's SKU.".into());
    }
    let number = cell("batch").map(str::to_owned);
    if number.is_none() {
        bad("batch", "Give the batch (lot) number.".into());
    }
    let mut date = |column: &str| match cell(column).map(parse_date) {
        None => None,
        Some(Ok(date)) => Some(date),
        Some(Err(message)) => {
            bad(column, message);
            None
        }
    };
    let manufactured_on = date("manufactured_on");
    let expires_on = date("expires_on");
    let tested_on = date("tested_on");
    let quantity = match cell("quantity").map(|raw| raw.replace(',', "").parse::<i32>()) {
        Some(Ok(quantity)) => Some(quantity),
        Some(Err(_)) => {
            bad("quantity", "A whole number of units.".into());
            None
        }
        None => {
            bad("quantity", "Give the units received.".into());
            None
        }
    };
    let unit_cost = match cell("unit_cost").map(pricing::parse_rupees) {
        Some(Ok(cost)) => Some(cost),
        Some(Err(message)) => {
            bad("unit_cost", message);
            None
        }
        None => {
            bad("unit_cost", "Give what one unit cost, in rupees.".into());
            None
        }
    };
    // A date that did not read is not "no date": the row waits for the cell to be put right.
    let dates_read = ["manufactured_on", "expires_on", "tested_on"]
        .iter()
        .all(|c| !problems.iter().any(|p| p.column == *c));
    match (sku, number, quantity, unit_cost) {
        (Some(sku), Some(number), Some(quantity), Some(unit_cost)) if dates_read => Ok(Row {
            line,
            sku,
            line_of_receipt: PartialLine {
                number,
                manufactured_on,
                expires_on,
                tested_on,
                quantity,
                unit_cost,
            },
        }),
        _ => Err(problems),
    }
}

/// The receipt's fields as the sheet's columns name them.
fn column_of(field: &str) -> &str {
    match field {
        "variant_id" => "sku",
        "number" => "batch",
        other => other,
    }
}

fn cell_problems(problems: Vec<LineProblem>) -> Vec<CellProblem> {
    problems
        .into_iter()
        .map(|p| CellProblem {
            line: p.line,
            column: column_of(p.field).to_owned(),
            message: p.message,
        })
        .collect()
}

/// The rows as receipt lines, with their line numbers; rows whose SKU is unknown are problems.
fn lines(
    conn: &mut DbConnection,
    sheet: &ReceiptSheet,
) -> QueryResult<(Vec<ReceiptLine>, Vec<usize>, Vec<CellProblem>)> {
    let skus: Vec<&str> = sheet.rows.iter().map(|row| row.sku.as_str()).collect();
    let mut known: HashMap<String, VariantId> = HashMap::new();
    for chunk in skus.chunks(200) {
        let found: Vec<(String, VariantId)> = product_variants::table
            .filter(product_variants::sku.eq_any(chunk))
            .select((product_variants::sku, product_variants::id))
            .load(conn)?;
        known.extend(found);
    }
    let (mut receipt, mut names, mut problems) = (Vec::new(), Vec::new(), Vec::new());
    for row in &sheet.rows {
        let Some(variant_id) = known.get(&row.sku) else {
            problems.push(CellProblem {
                line: row.line,
                column: "sku".into(),
                message: format!("No pack size has the SKU {}.", row.sku),
            });
            continue;
        };
        let cells = &row.line_of_receipt;
        receipt.push(ReceiptLine {
            variant_id: *variant_id,
            number: cells.number.clone(),
            manufactured_on: cells.manufactured_on,
            expires_on: cells.expires_on,
            tested_on: cells.tested_on,
            quantity: cells.quantity,
            unit_cost: cells.unit_cost,
        });
        names.push(row.line);
    }
    Ok((receipt, names, problems))
}

/// What applying the sheet against `supplier`'s invoice would do on `today`. Changes nothing.
pub fn preview(
    conn: &mut DbConnection,
    supplier: &Supplier,
    sheet: &ReceiptSheet,
    today: NaiveDate,
) -> Result<SheetPreview, BatchError> {
    let (receipt, names, mut problems) = lines(conn, sheet)?;
    problems.extend(sheet.problems.iter().cloned());
    let (planned, found) = receive::plan_named(conn, supplier, &receipt, &names, today)?;
    problems.extend(cell_problems(found));
    problems.sort_by(|a, b| (a.line, &a.column).cmp(&(b.line, &b.column)));
    let units = receipt.iter().map(|l| i64::from(l.quantity)).sum();
    let cost = Paise::checked_sum(
        receipt
            .iter()
            .filter_map(|l| l.unit_cost.checked_mul(l.quantity.unsigned_abs())),
    )
    .unwrap_or(receive::UNIT_COST_MAX);
    Ok(SheetPreview {
        lines: planned,
        problems,
        units,
        cost,
    })
}

/// Receives the sheet against `supplier`'s invoice in one transaction: every row, or none when
/// any cell is bad (each named).
pub fn apply(
    conn: &mut DbConnection,
    actor: UserId,
    supplier: &Supplier,
    sheet: &ReceiptSheet,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Result<Receipt, Vec<CellProblem>>, BatchError> {
    let (receipt, names, problems) = lines(conn, sheet)?;
    if !problems.is_empty() || !sheet.problems.is_empty() {
        // Refused whole: every bad cell is named, as the preview names them.
        return Ok(Err(preview(conn, supplier, sheet, today)?.problems));
    }
    Ok(
        receive::record_named(conn, actor, supplier, &receipt, &names, today, now)?
            .map_err(cell_problems),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_cell_is_named_by_its_line_and_column() {
        let sheet = read_sheet(
            "SKU,Batch,manufactured_on,expires_on,quantity,unit_cost\n\
             A-1,b1,01/02/2026,31-01-2028,\"1,200\",412.50\n\
             \n\
             A-2,,2026-13-01,2028-01-01,ten,₹10\n\
             ,,,,,\n\
             A-3,b3,,,5,\n",
        )
        .unwrap();
        assert_eq!(sheet.rows.len(), 1);
        let row = &sheet.rows[0];
        assert_eq!((row.line, row.sku.as_str()), (2, "A-1"));
        assert_eq!(row.line_of_receipt.quantity, 1200);
        assert_eq!(row.line_of_receipt.unit_cost, Paise::new(41_250));
        assert_eq!(
            row.line_of_receipt.manufactured_on,
            NaiveDate::from_ymd_opt(2026, 2, 1),
            "day first"
        );
        let cells: Vec<(usize, &str)> = sheet
            .problems
            .iter()
            .map(|p| (p.line, p.column.as_str()))
            .collect();
        assert_eq!(
            cells,
            [
                (4, "batch"),
                (4, "manufactured_on"),
                (4, "quantity"),
                (6, "unit_cost")
            ]
        );
    }

    #[test]
    fn a_sheet_without_its_columns_is_refused_whole() {
        assert!(read_sheet("sku,lot,quantity,unit_cost\nA,1,1,1\n").is_err());
        assert!(read_sheet("sku,quantity,unit_cost\nA,1,1\n").is_err());
        assert!(read_sheet("sku,batch,quantity,unit_cost\n").is_err());
    }
}
