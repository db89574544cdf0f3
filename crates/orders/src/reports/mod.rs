//! The owner's reports: sales by day, week or month, by product and by category, the
//! best-sellers, the orders waiting in each state, the stock's value at cost and the margin on
//! a period's sales.
//!
//! Sales are counted as the GST return counts them, so the two always agree: by the date of
//! each tax invoice (the Indian day it was issued), less the credit notes by their own date
//! (CGST Act §34: a credit note reduces the tax of the period in which it is issued), each line
//! with its share of the delivery charge. The amounts are read by the GST register's own code
//! ([`crate::gst::register`]): before GST is the taxable value, after GST adds the CGST, SGST
//! and IGST.

mod csv;
mod margin;
mod sales;
mod stock_value;
mod waiting;

pub use csv::{categories_csv, margin_csv, products_csv, sales_csv, stock_value_csv, waiting_csv};
pub use margin::{Margin, MarginReport, ProductMargin, margin_report};
pub use sales::{
    CategoryRow, CategorySales, Grain, ProductRow, ProductSales, ReportError, ReportRange,
    SalesReport, SalesRow, SalesTotals, category_sales, product_sales, sales_report,
};
pub use stock_value::{CategoryValue, ProductValue, StockValue, Valued, stock_value};
pub use waiting::{WaitingReport, WaitingRow, WaitingState, waiting_orders};
