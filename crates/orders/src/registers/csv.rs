//! The registers as CSV files, every cell through the GST files' `escape_cell`.

use super::monthly_return::Figure;
use super::{MonthlyReturn, SaleKind, SalesRecord};
use crate::gst::gstr1::csv_text;

fn day(date: Option<chrono::NaiveDate>) -> String {
    date.map(|d| d.format("%d-%m-%Y").to_string())
        .unwrap_or_default()
}

/// The insecticide sales record: one row per sale of a batch, returns negative.
pub fn sales_record_csv(record: &SalesRecord) -> String {
    let rows = record
        .rows
        .iter()
        .map(|row| {
            vec![
                day(Some(row.date)),
                match row.kind {
                    SaleKind::Sale => "Sale",
                    SaleKind::Return => "Return",
                }
                .to_owned(),
                row.buyer.clone(),
                row.buyer_address.clone(),
                row.product.clone(),
                row.registration_number.clone().unwrap_or_default(),
                row.batch.clone(),
                day(row.manufactured_on),
                day(row.expires_on),
                row.units.to_string(),
                row.measured
                    .as_ref()
                    .map(|m| m.quantity.clone())
                    .unwrap_or_default(),
                row.measured
                    .as_ref()
                    .map(|m| m.unit.to_owned())
                    .unwrap_or_default(),
                row.document.clone().unwrap_or_default(),
                row.order_number.clone(),
            ]
        })
        .collect();
    csv_text(
        &[
            "Date",
            "Entry",
            "Buyer",
            "Buyer's address",
            "Insecticide",
            "Registration number (CIB&RC)",
            "Batch",
            "Manufactured",
            "Expires",
            "Packs",
            "Quantity",
            "Unit",
            "Invoice or credit note",
            "Order",
        ],
        rows,
    )
}

fn figure(figure: &Figure) -> [String; 2] {
    [
        figure.units.to_string(),
        figure
            .measured
            .as_ref()
            .map(|m| m.quantity.clone())
            .unwrap_or_default(),
    ]
}

/// The monthly return: one row per pack size of each insecticide.
pub fn monthly_return_csv(report: &MonthlyReturn) -> String {
    let rows = report
        .rows
        .iter()
        .map(|row| {
            let unit = [
                &row.opening,
                &row.received,
                &row.sold,
                &row.other,
                &row.closing,
            ]
            .iter()
            .find_map(|f| f.measured.as_ref().map(|m| m.unit))
            .unwrap_or("packs");
            let mut cells = vec![
                row.product.clone(),
                row.registration_number.clone().unwrap_or_default(),
                row.pack.clone().unwrap_or_default(),
                row.sku.clone(),
                unit.to_owned(),
            ];
            for f in [
                &row.opening,
                &row.received,
                &row.sold,
                &row.other,
                &row.closing,
            ] {
                cells.extend(figure(f));
            }
            cells
        })
        .collect();
    csv_text(
        &[
            "Insecticide",
            "Registration number (CIB&RC)",
            "Pack",
            "SKU",
            "Unit",
            "Opening (packs)",
            "Opening (unit)",
            "Received (packs)",
            "Received (unit)",
            "Sold (packs)",
            "Sold (unit)",
            "Other (packs)",
            "Other (unit)",
            "Closing (packs)",
            "Closing (unit)",
        ],
        rows,
    )
}
