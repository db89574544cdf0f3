//! The CSV sheet: its columns, writing the catalogue out, and reading an uploaded sheet into
//! checked rows (each with its line number, or the problem with it).

use std::collections::HashMap;

use db::DbConnection;
use db::schema::{brands, product_variants, products};
use diesel::prelude::*;
use fields::spreadsheet::{escape_cell, unescape_cell};
use pricing::{Paise, Price, SupplyKind, Uqc, milli_text};

use super::super::amounts::{
    RupeesInput, parse_pack_unit, parse_price, parse_weight, show_weight, weight_grams,
};
use super::super::input::within_stock;
use super::super::{DeskError, parse_registration_number, parse_regulation, parse_sku, parse_text};

/// The sheet's columns, in the order an export writes them. An import needs `sku`; the other
/// columns it reads are optional (a missing column or an empty cell leaves the value as it is).
/// `product_name` and `brand` are there for people reading the sheet; an import ignores them.
/// `stock_when_exported` is the stock when the sheet was written: an import compares the
/// `stock` cell with it to tell what the owner changed from what sales moved since.
/// `supply_kind` is the product's (every row of a product gives the same); `uqc` and
/// `uqc_quantity` the pack's unit (a `uqc` without a quantity is 1 of it, none for `NA`).
/// `batch_tracked`, `regulated_as` and `registration_number` are the product's too (an
/// insecticide needs its registration number; an empty `registration_number` cell with
/// `regulated_as` given removes it).
pub const COLUMNS: [&str; 17] = [
    "sku",
    "product_slug",
    "product_name",
    "brand",
    "variant_name",
    "mrp",
    "price",
    "stock",
    "stock_when_exported",
    "weight",
    "active",
    "supply_kind",
    "uqc",
    "uqc_quantity",
    "batch_tracked",
    "regulated_as",
    "registration_number",
];

/// Columns an import also reads, from sheets written before the weight had its unit.
const OLD_COLUMNS: [&str; 1] = ["weight_grams"];

/// More rows than this is not a supplier's price list; it is refused whole.
pub const MAX_ROWS: usize = 20_000;

/// Every variant, inactive ones too, one row each, by product name then position.
pub fn export_csv(conn: &mut DbConnection) -> Result<String, DeskError> {
    type Row = (
        String,
        String,
        String,
        String,
        Option<String>,
        Option<i64>,
        i64,
        i32,
        i32,
        bool,
        String,
        String,
        Option<i64>,
        bool,
        String,
        Option<String>,
    );
    let rows: Vec<Row> = product_variants::table
        .inner_join(products::table.inner_join(brands::table))
        .order((
            products::name,
            product_variants::position,
            product_variants::id,
        ))
        .select((
            product_variants::sku,
            products::slug,
            products::name,
            brands::name,
            product_variants::name,
            product_variants::mrp_paise,
            product_variants::price_paise,
            product_variants::stock,
            product_variants::weight_grams,
            product_variants::is_active,
            products::supply_kind,
            product_variants::uqc,
            product_variants::uqc_milli,
            products::batch_tracked,
            products::regulated_as,
            products::registration_number,
        ))
        .load(conn)?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let sheet_error = |e: csv::Error| DeskError::InvalidData(e.to_string());
    out.write_record(COLUMNS).map_err(sheet_error)?;
    for (
        sku,
        slug,
        product,
        brand,
        variant,
        mrp,
        price,
        stock,
        weight,
        active,
        kind,
        uqc,
        milli,
        tracked,
        regulated,
        registration,
    ) in rows
    {
        let quantity = milli.filter(|_| uqc != Uqc::NA.code()).map(milli_text);
        let cells = [
            sku,
            slug,
            product,
            brand,
            variant.unwrap_or_default(),
            mrp.map(rupees).unwrap_or_default(),
            rupees(price),
            stock.to_string(),
            stock.to_string(),
            show_weight(weight),
            active.to_string(),
            kind,
            uqc,
            quantity.unwrap_or_default(),
            tracked.to_string(),
            regulated,
            registration.unwrap_or_default(),
        ];
        // Names are staff's text: none may reach a spreadsheet as a formula.
        out.write_record(cells.iter().map(|cell| escape_cell(cell).into_owned()))
            .map_err(sheet_error)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| DeskError::InvalidData(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| DeskError::InvalidData(e.to_string()))
}

/// Paise as rupees with two decimals (`39900` is `399.00`), as a spreadsheet shows money.
pub(super) fn rupees(paise: i64) -> String {
    Paise::new(paise).to_rupees().to_string()
}

/// One data row as read: each present cell checked; `None` is "leave as it is".
#[derive(Debug, Clone, Default)]
pub(super) struct SheetRow {
    pub line: u64,
    pub sku: String,
    pub product_slug: Option<String>,
    pub variant_name: Option<String>,
    pub mrp: Option<Price>,
    pub price: Option<Price>,
    pub stock: Option<i32>,
    /// The stock when the sheet was exported, when the sheet says.
    pub stock_when_exported: Option<i32>,
    pub weight_grams: Option<i32>,
    pub active: Option<bool>,
    /// The product's kind of supply.
    pub supply_kind: Option<SupplyKind>,
    /// Whether the product is kept by batch.
    pub batch_tracked: Option<bool>,
    /// The licence the product's sale needs.
    pub regulated_as: Option<::batches::Regulation>,
    /// The product's registration number: `Some(None)` when the cell is empty and
    /// `regulated_as` is given (it is then removed).
    pub registration_number: Option<Option<String>>,
    /// The pack's unit code and quantity, each checked alone; they are read together (with the
    /// variant's current code when only the quantity is given) when the row is planned.
    pub uqc: Option<Uqc>,
    pub uqc_quantity: Option<String>,
}

/// A row that could not be read, by its line in the file (the header is line 1).
#[derive(Debug, Clone)]
pub(super) struct SheetProblem {
    pub line: u64,
    pub sku: Option<String>,
    pub message: String,
}

/// A sheet read and its rows checked, before any database is asked: reading a large sheet takes
/// time, and no pooled connection should wait on it.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    pub(super) rows: Vec<SheetRow>,
    pub(super) problems: Vec<SheetProblem>,
}

/// The sheet in `content`, or why it cannot be read as a whole (see [`read`]).
pub fn read_sheet(content: &str) -> Result<Sheet, DeskError> {
    read(content).map(|(rows, problems)| Sheet { rows, problems })
}

/// The sheet's rows, or why the sheet as a whole cannot be read (no `sku` column, too many rows).
pub(super) fn read(content: &str) -> Result<(Vec<SheetRow>, Vec<SheetProblem>), DeskError> {
    let whole = |message: &str| DeskError::invalid("file", message);
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    let compacted = Compacted::of(content);
    let content = compacted.text.as_str();
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(content.as_bytes());
    let header = reader
        .headers()
        .map_err(|_| whole("The file is not a CSV sheet (save it as CSV, UTF-8)."))?
        .clone();
    let columns: HashMap<String, usize> = header
        .iter()
        .enumerate()
        .map(|(i, name)| (name.trim().to_ascii_lowercase(), i))
        .collect();
    if !columns.contains_key("sku") {
        return Err(whole(
            "The first line must name the columns, with at least `sku` (as an export writes them).",
        ));
    }
    let unknown: Vec<&str> = header
        .iter()
        .filter(|name| {
            let name = name.trim().to_ascii_lowercase();
            !COLUMNS.contains(&name.as_str()) && !OLD_COLUMNS.contains(&name.as_str())
        })
        .collect();
    if !unknown.is_empty() {
        return Err(whole(&format!(
            "Unknown columns: {}. The columns are: {}.",
            unknown.join(", "),
            COLUMNS.join(", ")
        )));
    }
    if columns.contains_key("weight") && columns.contains_key("weight_grams") {
        return Err(whole(
            "Give the weight in one column: `weight` with its unit (25.2 kg, 500 g).",
        ));
    }
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut lines = LineCounter::new(content);
    // One record of bytes, reused: a sheet of millions of blank lines costs no allocation
    // (nor UTF-8 check) per line; only rows with something in them become text.
    let mut bytes = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut bytes) {
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => {
                let line = error
                    .position()
                    .map_or(0, |p| compacted.sheet_line(lines.line_of(p.byte())));
                problems.push(SheetProblem {
                    line,
                    sku: None,
                    message: "This line could not be read as CSV (a stray quote?).".into(),
                });
                continue;
            }
        }
        if rows.len() + problems.len() >= MAX_ROWS {
            return Err(whole(&format!(
                "The sheet has more than {MAX_ROWS} rows; split it into smaller files."
            )));
        }
        if bytes.iter().all(<[u8]>::is_empty) {
            continue;
        }
        let record = match csv::StringRecord::from_byte_record(bytes.clone()) {
            Ok(record) => record,
            // The content is a `str`, so every field is UTF-8; this is not expected.
            Err(_) => continue,
        };
        let line = record
            .position()
            .map_or(0, |p| compacted.sheet_line(lines.line_of(p.byte())));
        let cell = |name: &str| {
            columns
                .get(name)
                .and_then(|i| record.get(*i))
                .map(unescape_cell)
                .filter(|value| !value.is_empty())
        };
        match row(line, &cell) {
            Ok(row) => rows.push(row),
            Err(message) => problems.push(SheetProblem {
                line,
                sku: cell("sku").map(str::to_owned),
                message,
            }),
        }
    }
    Ok((rows, problems))
}

/// A sheet without its blank lines (nothing but spaces, tabs and commas, outside a quoted
/// cell), which the reader would skip anyway: one plain pass over the bytes, where the CSV
/// reader spends about a microsecond on each line (a sheet of 5 MB of `,` lines took seconds).
struct Compacted {
    text: String,
    /// For each run of removed lines: from this line of `text` on, so many lines were removed
    /// before it in all.
    removed: Vec<(u64, u64)>,
}

impl Compacted {
    fn of(content: &str) -> Self {
        let mut text = String::with_capacity(content.len());
        let mut removed: Vec<(u64, u64)> = Vec::new();
        let (mut kept, mut removed_in_all, mut in_quotes) = (0_u64, 0_u64, false);
        for (i, line) in content.split_inclusive('\n').enumerate() {
            let blank = i > 0
                && !in_quotes
                && line
                    .bytes()
                    .all(|b| matches!(b, b' ' | b'\t' | b',' | b'\r' | b'\n'));
            if blank {
                removed_in_all += 1;
                match removed.last_mut() {
                    Some((from, count)) if *from == kept + 1 => *count = removed_in_all,
                    _ => removed.push((kept + 1, removed_in_all)),
                }
                continue;
            }
            // A quote inside a quoted cell is doubled, so an odd count opens or closes one.
            if line.bytes().filter(|b| *b == b'"').count() % 2 == 1 {
                in_quotes = !in_quotes;
            }
            text.push_str(line);
            kept += 1;
        }
        Self { text, removed }
    }

    /// The sheet's line number of line `line` of the compacted text.
    fn sheet_line(&self, line: u64) -> u64 {
        let runs = self.removed.partition_point(|(from, _)| *from <= line);
        let before = runs
            .checked_sub(1)
            .and_then(|run| self.removed.get(run))
            .map_or(0, |(_, count)| *count);
        line.saturating_add(before)
    }
}

/// Line numbers (from 1) of the records of a text, asked in the order the reader meets them:
/// the newlines are counted once, from the last record on, so numbering a sheet is linear in
/// its size (counting from the start for each record made a 5 MB sheet take over a minute).
struct LineCounter<'a> {
    bytes: &'a [u8],
    /// Bytes before this one are counted...
    counted_to: usize,
    /// ...and hold this many newlines.
    newlines: u64,
}

impl<'a> LineCounter<'a> {
    fn new(content: &'a str) -> Self {
        Self {
            bytes: content.as_bytes(),
            counted_to: 0,
            newlines: 0,
        }
    }

    /// The line a record starting at `byte` is on. The reader may report a record's start
    /// before the blank lines it skipped, so those are stepped over first.
    fn line_of(&mut self, byte: u64) -> u64 {
        let start = usize::try_from(byte)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        let skipped = self.bytes[start..]
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        let end = start + skipped;
        if end < self.counted_to {
            // Asked out of order (not expected from the reader): count again from the start.
            self.counted_to = 0;
            self.newlines = 0;
        }
        let more = self.bytes[self.counted_to..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        self.newlines += u64::try_from(more).unwrap_or(u64::MAX);
        self.counted_to = end;
        self.newlines.saturating_add(1)
    }
}

/// One row checked by the same field rules as the product form and the JSON API
/// ([`crate::desk::input`], [`crate::desk::amounts`]), each message led by its column.
fn row<'a>(line: u64, cell: &dyn Fn(&str) -> Option<&'a str>) -> Result<SheetRow, String> {
    let sku = parse_sku(cell("sku").ok_or("The SKU is missing.")?)?;
    let money = |name: &str| {
        cell(name)
            .map(|raw| parse_price(&RupeesInput::Text(raw.to_owned())))
            .transpose()
            .map_err(|m| format!("{name}: {m}"))
    };
    let stock = |name: &str| {
        cell(name)
            .map(|raw| {
                raw.replace(',', "")
                    .parse::<i32>()
                    .map_err(|_| "a whole number.".to_owned())
                    .and_then(within_stock)
            })
            .transpose()
            .map_err(|m| format!("{name}: {m}"))
    };
    let weight = match (cell("weight"), cell("weight_grams")) {
        (Some(raw), _) => Some(parse_weight(raw).map_err(|m| format!("weight: {m}"))?),
        (None, Some(raw)) => Some(
            raw.replace(',', "")
                .parse::<i32>()
                .map_err(|_| "weight_grams: a whole number of grams.".to_owned())
                .and_then(|g| weight_grams(g).map_err(|m| format!("weight_grams: {m}")))?,
        ),
        (None, None) => None,
    };
    let yes_no = |name: &str| {
        cell(name)
            .map(|raw| match raw.to_ascii_lowercase().as_str() {
                "true" | "yes" | "y" | "1" => Ok(true),
                "false" | "no" | "n" | "0" => Ok(false),
                _ => Err(format!("{name}: true or false.")),
            })
            .transpose()
    };
    let active = yes_no("active")?;
    let batch_tracked = yes_no("batch_tracked")?;
    let regulated_as = cell("regulated_as")
        .map(parse_regulation)
        .transpose()
        .map_err(|m| format!("regulated_as: {m}"))?;
    let registration_number = match (cell("registration_number"), regulated_as) {
        (Some(raw), _) => {
            Some(parse_registration_number(raw).map_err(|m| format!("registration_number: {m}"))?)
        }
        (None, Some(_)) => Some(None),
        (None, None) => None,
    };
    let supply_kind = cell("supply_kind")
        .map(SupplyKind::parse)
        .transpose()
        .map_err(|e| format!("supply_kind: {e}"))?;
    let uqc = cell("uqc")
        .map(Uqc::parse)
        .transpose()
        .map_err(|e| format!("uqc: {e}"))?;
    let uqc_quantity = cell("uqc_quantity").map(str::to_owned);
    if let Some(quantity) = &uqc_quantity {
        // Its form alone; whether the code takes a quantity is seen when the row is planned.
        parse_pack_unit(Some("KGS"), Some(quantity))
            .map_err(|(field, message)| format!("{}: {message}", field.name()))?;
    }
    let variant_name = cell("variant_name")
        .map(|raw| parse_text(raw, 100))
        .transpose()
        .map_err(|m| format!("variant_name: {m}"))?;
    Ok(SheetRow {
        line,
        sku,
        product_slug: cell("product_slug").map(str::to_owned),
        variant_name,
        mrp: money("mrp")?,
        price: money("price")?,
        stock: stock("stock")?,
        stock_when_exported: stock("stock_when_exported")?,
        weight_grams: weight,
        active,
        supply_kind,
        batch_tracked,
        regulated_as,
        registration_number,
        uqc,
        uqc_quantity,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_read_by_the_forms_rules() {
        let (rows, problems) = read(
            "sku,price,weight,stock,stock_when_exported\nS-1,\"₹2,800\",0,,\nS-2,2800.00,25.2 kg,40,42\nS-3,1,25,,\n",
        )
        .unwrap_or_default();
        assert_eq!(rows.len(), 2, "{problems:?}");
        assert_eq!(rows[0].price.map(Price::get), Some(280_000));
        assert_eq!(rows[0].weight_grams, Some(0), "a service weighs nothing");
        assert_eq!(rows[1].weight_grams, Some(25_200));
        assert_eq!(
            (rows[1].stock, rows[1].stock_when_exported),
            (Some(40), Some(42))
        );
        assert_eq!(problems[0].line, 4);
        assert!(
            problems[0]
                .message
                .starts_with("weight: Give the weight with its unit")
        );
    }

    #[test]
    fn bad_rows_are_named_by_their_line_and_the_rest_read() {
        let (rows, problems) = read(
            "sku,price,stock,active\nA-1,399,10,yes\nA-2,free,1,true\n\nA-3,10,-4,no\nA-4,,,maybe\n",
        )
        .unwrap_or_default();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].price.map(Price::get), Some(39_900));
        let named: Vec<(u64, &str)> = problems
            .iter()
            .map(|p| (p.line, p.message.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                (
                    3,
                    "price: Enter rupees to the paisa, such as 2800 or ₹2,800.50."
                ),
                (5, "stock: From 0 to 10000000."),
                (6, "active: true or false."),
            ]
        );
    }

    #[test]
    fn lines_are_numbered_as_an_editor_shows_them() {
        let sheet = "sku,price\r\n\r\nA-1,free\n\n\n\"A-2\",\"1\n2\"\nA-3,x\n,,\nA-4,y\n\"A-5,1\n";
        let (rows, problems) = read(sheet).unwrap_or_default();
        assert!(rows.is_empty());
        let lines: Vec<u64> = problems.iter().map(|p| p.line).collect();
        // A-2's price runs over two lines; `,,` on line 9 is blank; A-5's quote never closes.
        assert_eq!(lines, [3, 6, 8, 10, 11], "{problems:?}");

        let compacted = Compacted::of("h\n\n,\na\n\"x\n,\ny\"\n \nb\n");
        assert_eq!(
            compacted.text, "h\na\n\"x\n,\ny\"\nb\n",
            "a `,` line in quotes is kept"
        );
        let lines: Vec<u64> = (1..=6).map(|l| compacted.sheet_line(l)).collect();
        assert_eq!(lines, [1, 4, 5, 6, 7, 9]);

        let mut counter = LineCounter::new("a\nb\n\n\nc\n");
        assert_eq!(counter.line_of(0), 1);
        assert_eq!(counter.line_of(2), 2);
        assert_eq!(
            counter.line_of(4),
            5,
            "blank lines before a record are stepped over"
        );
        assert_eq!(counter.line_of(2), 2, "asked out of order, counted again");
    }

    #[test]
    fn kinds_and_units_are_read_by_the_forms_rules() {
        let (rows, problems) = read(
            "sku,supply_kind,uqc,uqc_quantity\nA-1,Exempt,kgs,0.01\nA-2,,NA,\nA-3,zero,,\nA-4,,LITRE,\nA-5,,,0.0001\n",
        )
        .unwrap_or_default();
        assert_eq!(rows.len(), 2, "{problems:?}");
        assert_eq!(rows[0].supply_kind, Some(SupplyKind::Exempt));
        assert_eq!(rows[0].uqc, Some(Uqc::parse("KGS").unwrap()));
        assert_eq!(rows[0].uqc_quantity.as_deref(), Some("0.01"));
        assert_eq!(
            (rows[1].uqc, rows[1].uqc_quantity.as_deref()),
            (Some(Uqc::NA), None)
        );
        let lines: Vec<(u64, &str)> = problems
            .iter()
            .map(|p| (p.line, p.message.split(':').next().unwrap_or_default()))
            .collect();
        assert_eq!(lines, [(4, "supply_kind"), (5, "uqc"), (6, "uqc_quantity")]);
    }

    #[test]
    fn a_sheet_without_skus_or_with_unknown_columns_is_refused_whole() {
        assert!(read("name,price\nX,1\n").is_err());
        assert!(read("sku,prize\nX,1\n").is_err());
    }
}
