//! Bulk edits by CSV: the whole catalogue's variants exported as a sheet, and a sheet imported
//! back, creating or updating variants by SKU (price, MRP, stock, weight, on sale). An import is
//! first previewed (every change and every bad row, by line number), then applied in one
//! transaction, all of it or nothing, and recorded once in the audit log with its file.

mod apply;
mod plan;
mod sheet;

pub use apply::{ImportApplied, apply_import};
pub use plan::{
    FieldChange, ImportPreview, PlannedRow, RowAction, RowProblem, StockChoice, StockChoices,
    StockDrift, preview_import,
};
pub use sheet::{COLUMNS, MAX_ROWS, Sheet, export_csv, read_sheet};
