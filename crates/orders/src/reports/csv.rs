//! Each report as a CSV file for a spreadsheet: amounts in rupees as plain numbers, written like
//! the GST return's files (every cell through `escape_cell`).

use super::{CategorySales, ProductSales, SalesReport, SalesTotals, WaitingReport, WaitingState};
use crate::gst::gstr1::{csv_text, rupees};

const SALES: [&str; 6] = [
    "Invoices",
    "Credit notes",
    "Units",
    "Sales before GST (INR)",
    "GST (INR)",
    "Sales after GST (INR)",
];

fn sales_cells(sales: &SalesTotals) -> Vec<String> {
    vec![
        sales.invoices.to_string(),
        sales.credit_notes.to_string(),
        sales.units.to_string(),
        rupees(sales.before_gst),
        rupees(sales.gst),
        rupees(sales.after_gst),
    ]
}

fn with_sales(first: &[&'static str]) -> Vec<&'static str> {
    first.iter().copied().chain(SALES).collect()
}

/// One row a day, week or month, then the total.
pub fn sales_csv(report: &SalesReport) -> String {
    let mut rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![row.first_day.to_string(), row.last_day.to_string()];
            cells.extend(sales_cells(&row.sales));
            cells
        })
        .collect();
    let mut total = vec!["Total".to_owned(), String::new()];
    total.extend(sales_cells(&report.totals));
    rows.push(total);
    csv_text(&with_sales(&["From", "To"]), rows)
}

pub fn products_csv(report: &ProductSales) -> String {
    let rows = report
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![row.product_id.0.to_string(), row.product_name.clone()];
            cells.extend(sales_cells(&row.sales));
            cells
        })
        .collect();
    csv_text(&with_sales(&["Product id", "Product"]), rows)
}

pub fn categories_csv(report: &CategorySales) -> String {
    let rows = report
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![row.category.clone().unwrap_or_default()];
            cells.extend(sales_cells(&row.sales));
            cells
        })
        .collect();
    csv_text(&with_sales(&["Category"]), rows)
}

pub fn waiting_csv(report: &WaitingReport) -> String {
    let word = |state: WaitingState| match state {
        WaitingState::ToConfirm => "to confirm",
        WaitingState::AwaitingPayment => "awaiting payment",
        WaitingState::ToPack => "to pack",
        WaitingState::ToShip => "to ship",
        WaitingState::InTransit => "in transit",
    };
    let rows = report
        .rows
        .iter()
        .map(|row| {
            vec![
                word(row.state).to_owned(),
                row.orders.to_string(),
                rupees(row.value),
            ]
        })
        .collect();
    csv_text(&["Waiting", "Orders", "Value (INR)"], rows)
}

/// The stock's value by product, expired batches apart, then the total.
pub fn stock_value_csv(report: &super::StockValue) -> String {
    let cells = |stock: &super::Valued| {
        vec![
            stock.units.to_string(),
            rupees(stock.value),
            stock.expired_units.to_string(),
            rupees(stock.expired_value),
            stock.units_without_cost.to_string(),
        ]
    };
    let mut rows: Vec<Vec<String>> = report
        .products
        .iter()
        .map(|row| {
            let mut line = vec![
                row.product_id.0.to_string(),
                row.product.clone(),
                row.category.clone().unwrap_or_default(),
                if row.batch_tracked { "yes" } else { "no" }.to_owned(),
            ];
            line.extend(cells(&row.stock));
            line
        })
        .collect();
    let mut total = vec![
        "Total".to_owned(),
        String::new(),
        String::new(),
        String::new(),
    ];
    total.extend(cells(&report.totals));
    rows.push(total);
    csv_text(
        &[
            "Product id",
            "Product",
            "Category",
            "Kept by batch",
            "Units",
            "Value at cost (INR)",
            "Expired units",
            "Expired value at cost (INR)",
            "Units without cost",
        ],
        rows,
    )
}

/// The margin by product, then the total.
pub fn margin_csv(report: &super::MarginReport) -> String {
    let cells = |m: &super::Margin| {
        vec![
            m.units.to_string(),
            rupees(m.taxable),
            rupees(m.cost),
            rupees(m.margin),
            m.units_without_cost.to_string(),
        ]
    };
    let mut rows: Vec<Vec<String>> = report
        .products
        .iter()
        .map(|row| {
            let mut line = vec![
                row.product_id.0.to_string(),
                row.product.clone(),
                row.category.clone().unwrap_or_default(),
            ];
            line.extend(cells(&row.margin));
            line
        })
        .collect();
    let mut total = vec!["Total".to_owned(), String::new(), String::new()];
    total.extend(cells(&report.totals));
    rows.push(total);
    csv_text(
        &[
            "Product id",
            "Product",
            "Category",
            "Units",
            "Sales before GST (INR)",
            "Cost (INR)",
            "Margin (INR)",
            "Units without cost",
        ],
        rows,
    )
}
