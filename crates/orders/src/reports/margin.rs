//! The margin on a period's sales: the taxable value of the goods sold (before GST, without the
//! delivery charge) less what the units cost the shop, by product.
//!
//! A sale counts on the day its tax invoice (or bill of supply) was issued, with the cost of the
//! units its lines took from batches (each at its batch's cost when it was allotted). A
//! cancellation after the invoice takes the whole order back on the day of its credit note; a
//! return takes back what came back, on the day it came back, its units at the cost of the
//! batches they are counted against (`sold_batches`). Units with no cost (a product not kept by
//! batch, opening stock nobody costed) are counted apart: their sales are in the taxable value,
//! so the margin is overstated by their cost, and the report says how many there are.

use std::collections::{HashMap, HashSet};

use db::schema::{credit_notes, invoices, order_lines, order_returns};
use db::{DbConnection, OrderId, ProductId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use super::sales::top_categories;
use super::{ReportError, ReportRange};
use crate::india_time::day_start;
use crate::sold_batches;

/// Units sold, what they sold for and what they cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Margin {
    /// Units sold, less units taken back.
    pub units: i64,
    /// The goods' taxable value (before GST, no delivery charge), less what was taken back.
    pub taxable: Paise,
    /// What the units with a known cost cost.
    pub cost: Paise,
    /// `taxable` less `cost`.
    pub margin: Paise,
    /// Units sold (less taken back) whose cost is unknown.
    pub units_without_cost: i64,
}

impl Margin {
    fn add(
        &mut self,
        units: i64,
        taxable: i64,
        cost: i64,
        without: i64,
    ) -> Result<(), ReportError> {
        let add = |a: Paise, b: i64| {
            a.get()
                .checked_add(b)
                .map(Paise::new)
                .ok_or(ReportError::TooLarge)
        };
        self.units += units;
        self.units_without_cost += without;
        self.taxable = add(self.taxable, taxable)?;
        self.cost = add(self.cost, cost)?;
        self.margin = Paise::new(
            self.taxable
                .get()
                .checked_sub(self.cost.get())
                .ok_or(ReportError::TooLarge)?,
        );
        Ok(())
    }
}

/// One product's margin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductMargin {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    pub product: String,
    pub category: Option<String>,
    #[serde(flatten)]
    pub margin: Margin,
}

/// The margin on a range's sales.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct MarginReport {
    pub range: ReportRange,
    pub products: Vec<ProductMargin>,
    pub totals: Margin,
}

struct Line {
    product: ProductId,
    name: String,
    quantity: i64,
    taxable: i64,
}

fn lines_of(
    conn: &mut DbConnection,
    orders_of: &[OrderId],
) -> QueryResult<Vec<(i64, OrderId, Line)>> {
    let mut found = Vec::new();
    for chunk in orders_of.chunks(500) {
        let rows: Vec<(i64, OrderId, ProductId, String, i32, i64)> = order_lines::table
            .filter(order_lines::order_id.eq_any(chunk))
            .select((
                order_lines::id,
                order_lines::order_id,
                order_lines::product_id,
                order_lines::product_name,
                order_lines::quantity,
                order_lines::taxable_paise,
            ))
            .load(conn)?;
        found.extend(
            rows.into_iter()
                .map(|(id, order, product, name, quantity, taxable)| {
                    (
                        id,
                        order,
                        Line {
                            product,
                            name,
                            quantity: i64::from(quantity),
                            taxable,
                        },
                    )
                }),
        );
    }
    Ok(found)
}

/// The cost of a line's allotted units, and how many of its units have no cost.
fn line_cost(
    line: &Line,
    batches: Option<&sold_batches::LineBatches>,
) -> Result<(i64, i64), ReportError> {
    let mut cost = 0i64;
    let mut costed = 0i64;
    for allotment in batches.map(|b| b.allotments.as_slice()).unwrap_or_default() {
        if let Some(unit) = allotment.unit_cost {
            let units = i64::from(allotment.quantity);
            cost = unit
                .checked_mul(units)
                .and_then(|c| c.checked_add(cost))
                .ok_or(ReportError::TooLarge)?;
            costed += units;
        }
    }
    Ok((cost, (line.quantity - costed).max(0)))
}

/// The margin on the sales of `range`, by product, the largest first.
pub fn margin_report(
    conn: &mut DbConnection,
    range: ReportRange,
) -> Result<MarginReport, ReportError> {
    let start = day_start(range.from);
    let end = day_start(range.to.succ_opt().unwrap_or(range.to));
    // Orders whose first document was issued in the range: sold then.
    let mut sold: Vec<OrderId> = invoices::table
        .filter(invoices::issued_on.ge(range.from))
        .filter(invoices::issued_on.le(range.to))
        .select(invoices::order_id)
        .load(conn)?;
    sold.sort_unstable();
    sold.dedup();
    let earlier: HashSet<OrderId> = invoices::table
        .filter(invoices::order_id.eq_any(&sold))
        .filter(invoices::issued_on.lt(range.from))
        .select(invoices::order_id)
        .load::<OrderId>(conn)?
        .into_iter()
        .collect();
    sold.retain(|o| !earlier.contains(o));
    // Orders cancelled after their invoice, by their credit notes' day.
    let mut cancelled: Vec<OrderId> = credit_notes::table
        .inner_join(invoices::table)
        .filter(credit_notes::return_id.is_null())
        .filter(credit_notes::issued_on.ge(range.from))
        .filter(credit_notes::issued_on.le(range.to))
        .select(invoices::order_id)
        .load(conn)?;
    cancelled.sort_unstable();
    cancelled.dedup();
    // Returns in the range.
    let returns: HashSet<i64> = order_returns::table
        .filter(order_returns::created_at.ge(start))
        .filter(order_returns::created_at.lt(end))
        .select(order_returns::id)
        .load::<i64>(conn)?
        .into_iter()
        .collect();
    let returned_orders: Vec<OrderId> = order_returns::table
        .filter(order_returns::id.eq_any(returns.iter().copied().collect::<Vec<_>>()))
        .select(order_returns::order_id)
        .load(conn)?;

    let mut all: Vec<OrderId> = sold
        .iter()
        .chain(&cancelled)
        .chain(&returned_orders)
        .copied()
        .collect();
    all.sort_unstable();
    all.dedup();
    let lines = lines_of(conn, &all)?;
    let ids: Vec<i64> = lines.iter().map(|(id, ..)| *id).collect();
    let batches = sold_batches::of_lines(conn, &ids)?;
    let sold: HashSet<OrderId> = sold.into_iter().collect();
    let cancelled: HashSet<OrderId> = cancelled.into_iter().collect();

    let mut by_product: HashMap<ProductId, (String, Margin)> = HashMap::new();
    for (id, order, line) in &lines {
        let entry = by_product
            .entry(line.product)
            .or_insert_with(|| (line.name.clone(), Margin::default()));
        let line_batches = batches.get(id);
        let (cost, without) = line_cost(line, line_batches)?;
        if sold.contains(order) {
            entry.1.add(line.quantity, line.taxable, cost, without)?;
        }
        if cancelled.contains(order) {
            entry
                .1
                .add(-line.quantity, -line.taxable, -cost, -without)?;
        }
        let Some(line_batches) = line_batches else {
            continue;
        };
        for share in line_batches
            .returns
            .iter()
            .filter(|s| returns.contains(&s.return_id))
        {
            let units = i64::from(share.units);
            let unit_cost = share
                .allotment
                .and_then(|i| line_batches.allotments.get(i))
                .and_then(|a| a.unit_cost);
            let (cost, without) = match unit_cost {
                Some(unit) => (unit.checked_mul(units).ok_or(ReportError::TooLarge)?, 0),
                None => (0, units),
            };
            entry.1.add(-units, -share.taxable, -cost, -without)?;
        }
    }
    let products_of: Vec<ProductId> = by_product.keys().copied().collect();
    let filed = top_categories(conn, &products_of)?;
    let mut totals = Margin::default();
    let mut products = Vec::new();
    for (product_id, (product, margin)) in by_product {
        if margin == Margin::default() {
            continue;
        }
        totals.add(
            margin.units,
            margin.taxable.get(),
            margin.cost.get(),
            margin.units_without_cost,
        )?;
        products.push(ProductMargin {
            product_id,
            product,
            category: filed.get(&product_id).cloned(),
            margin,
        });
    }
    products.sort_by(|a, b| {
        b.margin
            .margin
            .cmp(&a.margin.margin)
            .then_with(|| a.product.cmp(&b.product))
    });
    Ok(MarginReport {
        range,
        products,
        totals,
    })
}
