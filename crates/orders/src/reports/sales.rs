//! Sales by period, product and category, from the GST register's documents and lines.

use std::collections::HashMap;

use chrono::{Datelike, Days, Months, NaiveDate};
use db::schema::{categories, order_lines, product_categories};
use db::{DbConnection, OrderId, ProductId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use crate::gst::gstr1::TaxedLine;
use crate::gst::register::{RegisterError, register_between};

/// The longest range a report covers: two years of days.
pub const MAX_DAYS: u64 = 731;

/// How many products the best-sellers name.
pub const BEST_SELLERS: usize = 5;

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    /// The range's amounts cannot be added up in `i64` paise.
    #[error("This period's amounts are too large to add up.")]
    TooLarge,
    #[error(transparent)]
    Register(#[from] RegisterError),
}

/// The days a report covers, Indian days, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReportRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl ReportRange {
    /// From `from` to `to`: in order, from 2017 (when GST began) to 2100, at most two years.
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self, String> {
        if !(2017..=2100).contains(&from.year()) || !(2017..=2100).contains(&to.year()) {
            return Err("Give days from 2017 (when GST began) to 2100.".into());
        }
        if to < from {
            return Err("The end may not be before the start.".into());
        }
        if (to - from).num_days() >= MAX_DAYS as i64 {
            return Err("A report covers at most two years.".into());
        }
        Ok(Self { from, to })
    }

    /// The Indian month `now` falls in.
    pub fn this_month(now: chrono::DateTime<chrono::Utc>) -> Self {
        Self::month_of(crate::india_time::date_of(now.naive_utc()))
    }

    /// The month holding `day`.
    pub fn month_of(day: NaiveDate) -> Self {
        let from = day.with_day(1).unwrap_or(day);
        let to = from
            .checked_add_months(Months::new(1))
            .and_then(|next| next.pred_opt())
            .unwrap_or(day);
        Self { from, to }
    }
}

/// How a sales report groups its days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Grain {
    Day,
    /// Weeks from Monday.
    Week,
    Month,
}

impl Grain {
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw.trim() {
            "day" => Ok(Self::Day),
            "week" => Ok(Self::Week),
            "month" => Ok(Self::Month),
            _ => Err("Group by day, week or month.".into()),
        }
    }

    /// The first day of the group `day` falls in.
    fn start(self, day: NaiveDate) -> NaiveDate {
        match self {
            Self::Day => day,
            Self::Week => day - Days::new(u64::from(day.weekday().num_days_from_monday())),
            Self::Month => day.with_day(1).unwrap_or(day),
        }
    }

    fn next(self, start: NaiveDate) -> Option<NaiveDate> {
        match self {
            Self::Day => start.succ_opt(),
            Self::Week => start.checked_add_days(Days::new(7)),
            Self::Month => start.checked_add_months(Months::new(1)),
        }
    }
}

/// Net sales: invoices less credit notes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SalesTotals {
    /// Tax invoices issued.
    pub invoices: i64,
    /// Credit notes issued (each taking back a whole invoice).
    pub credit_notes: i64,
    /// Units sold, less units credited.
    pub units: i64,
    /// The taxable value (delivery shares included): the GST return's taxable value.
    pub before_gst: Paise,
    /// CGST, SGST and IGST together.
    pub gst: Paise,
    /// What buyers pay: `before_gst` plus `gst`.
    pub after_gst: Paise,
}

impl SalesTotals {
    fn add_line(&mut self, line: &TaxedLine, sign: i64) -> Result<(), ReportError> {
        let signed = |amount: Paise| Paise::new(sign * amount.get());
        let tax =
            Paise::checked_sum([line.cgst, line.sgst, line.igst]).ok_or(ReportError::TooLarge)?;
        let add = |sum: Paise, amount: Paise| {
            sum.checked_add(signed(amount)).ok_or(ReportError::TooLarge)
        };
        self.before_gst = add(self.before_gst, line.taxable)?;
        self.gst = add(self.gst, tax)?;
        self.after_gst = add(
            self.after_gst,
            line.taxable.checked_add(tax).ok_or(ReportError::TooLarge)?,
        )?;
        self.units += sign * i64::from(line.quantity);
        Ok(())
    }

    fn add_document(&mut self, sign: i64) {
        if sign > 0 {
            self.invoices += 1;
        } else {
            self.credit_notes += 1;
        }
    }
}

/// One day, week or month of a sales report (its days clipped to the report's range).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SalesRow {
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    #[serde(flatten)]
    pub sales: SalesTotals,
}

/// Sales over a range, grouped by day, week or month; every group is listed, empty ones too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SalesReport {
    pub range: ReportRange,
    pub grain: Grain,
    pub totals: SalesTotals,
    pub rows: Vec<SalesRow>,
}

/// A document of the range (`sign` 1 for an invoice or bill of supply, -1 for a credit note)
/// with its lines, and each line's product.
struct Counted {
    date: NaiveDate,
    sign: i64,
    lines: Vec<(TaxedLine, ProductId, String)>,
}

/// The range's documents as the GST register reads them, so a month's report equals its return.
fn documents(conn: &mut DbConnection, range: ReportRange) -> Result<Vec<Counted>, ReportError> {
    let register = register_between(conn, range.from, range.to)?;
    let mut order_ids: Vec<OrderId> = register
        .invoices
        .iter()
        .map(|i| i.facts.order_id)
        .chain(register.credit_notes.iter().map(|n| n.invoice.order_id))
        .collect();
    order_ids.sort_unstable();
    order_ids.dedup();
    let mut products: HashMap<(OrderId, i32), (ProductId, String)> = HashMap::new();
    for chunk in order_ids.chunks(500) {
        let rows: Vec<(OrderId, i32, ProductId, String)> = order_lines::table
            .filter(order_lines::order_id.eq_any(chunk))
            .select((
                order_lines::order_id,
                order_lines::position,
                order_lines::product_id,
                order_lines::product_name,
            ))
            .load(conn)?;
        for (order, position, product, name) in rows {
            products.insert((order, position), (product, name));
        }
    }
    let with_products = |order: OrderId, lines: &[TaxedLine]| {
        lines
            .iter()
            .filter_map(|line| {
                let (product, name) = products.get(&(order, line.position))?.clone();
                Some((line.clone(), product, name))
            })
            .collect()
    };
    let invoices = register.invoices.iter().map(|invoice| Counted {
        date: invoice.facts.date,
        sign: 1,
        lines: with_products(invoice.facts.order_id, &invoice.lines),
    });
    let notes = register.credit_notes.iter().map(|note| Counted {
        date: note.date,
        sign: -1,
        lines: with_products(note.invoice.order_id, &note.lines),
    });
    Ok(invoices.chain(notes).collect())
}

/// Sales from `range.from` to `range.to` by `grain`.
pub fn sales_report(
    conn: &mut DbConnection,
    range: ReportRange,
    grain: Grain,
) -> Result<SalesReport, ReportError> {
    let mut rows = Vec::new();
    let mut start = grain.start(range.from);
    while start <= range.to {
        let next = grain.next(start).ok_or(ReportError::TooLarge)?;
        rows.push(SalesRow {
            first_day: start.max(range.from),
            last_day: next.pred_opt().unwrap_or(next).min(range.to),
            sales: SalesTotals::default(),
        });
        start = next;
    }
    let mut totals = SalesTotals::default();
    for document in documents(conn, range)? {
        let sign = document.sign;
        let row = rows
            .iter_mut()
            .find(|row| (row.first_day..=row.last_day).contains(&document.date));
        let Some(row) = row else { continue };
        row.sales.add_document(sign);
        totals.add_document(sign);
        for (line, _, _) in &document.lines {
            row.sales.add_line(line, sign)?;
            totals.add_line(line, sign)?;
        }
    }
    Ok(SalesReport {
        range,
        grain,
        totals,
        rows,
    })
}

/// A product's net sales over the range (named as its latest order line names it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductRow {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    pub product_name: String,
    #[serde(flatten)]
    pub sales: SalesTotals,
}

/// Sales by product, the best-selling first (by sales after GST), and the best-sellers by units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductSales {
    pub range: ReportRange,
    pub totals: SalesTotals,
    pub rows: Vec<ProductRow>,
    /// The five products that sold the most units.
    pub best_sellers: Vec<ProductRow>,
}

/// Each product's share of the range's sales.
pub fn product_sales(
    conn: &mut DbConnection,
    range: ReportRange,
) -> Result<ProductSales, ReportError> {
    let mut by_product: HashMap<ProductId, ProductRow> = HashMap::new();
    let mut totals = SalesTotals::default();
    for document in documents(conn, range)? {
        let sign = document.sign;
        totals.add_document(sign);
        for (line, product, name) in &document.lines {
            totals.add_line(line, sign)?;
            let row = by_product.entry(*product).or_insert_with(|| ProductRow {
                product_id: *product,
                product_name: name.clone(),
                sales: SalesTotals::default(),
            });
            row.sales.add_line(line, sign)?;
        }
    }
    let mut rows: Vec<ProductRow> = by_product.into_values().collect();
    rows.sort_by(|a, b| {
        b.sales
            .after_gst
            .cmp(&a.sales.after_gst)
            .then_with(|| a.product_name.cmp(&b.product_name))
    });
    let mut best_sellers: Vec<ProductRow> = rows
        .iter()
        .filter(|row| row.sales.units > 0)
        .cloned()
        .collect();
    best_sellers.sort_by(|a, b| {
        b.sales
            .units
            .cmp(&a.sales.units)
            .then_with(|| b.sales.after_gst.cmp(&a.sales.after_gst))
    });
    best_sellers.truncate(BEST_SELLERS);
    Ok(ProductSales {
        range,
        totals,
        rows,
        best_sellers,
    })
}

/// A top-level category's net sales; `category` is `null` for products in none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CategoryRow {
    #[schema(required = true)]
    pub category: Option<String>,
    #[serde(flatten)]
    pub sales: SalesTotals,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CategorySales {
    pub range: ReportRange,
    pub totals: SalesTotals,
    pub rows: Vec<CategoryRow>,
}

/// Each product's top-level category, by the category it was first filed under (orders do not
/// keep their products' categories, so this is the catalogue's filing as it stands today).
pub(crate) fn top_categories(
    conn: &mut DbConnection,
    products: &[ProductId],
) -> QueryResult<HashMap<ProductId, String>> {
    let parents: HashMap<i64, (Option<i64>, String)> = categories::table
        .select((categories::id, categories::parent_id, categories::name))
        .load::<(i64, Option<i64>, String)>(conn)?
        .into_iter()
        .map(|(id, parent, name)| (id, (parent, name)))
        .collect();
    let top = |id: i64| {
        let (parent, name) = parents.get(&id)?;
        match parent.and_then(|parent| parents.get(&parent)) {
            Some((_, parent_name)) => Some(parent_name.clone()),
            None => Some(name.clone()),
        }
    };
    let mut filed: HashMap<ProductId, String> = HashMap::new();
    for chunk in products.chunks(500) {
        let links: Vec<(ProductId, i64)> = product_categories::table
            .filter(product_categories::product_id.eq_any(chunk))
            .order((
                product_categories::product_id,
                product_categories::category_id,
            ))
            .select((
                product_categories::product_id,
                product_categories::category_id,
            ))
            .load(conn)?;
        for (product, category) in links {
            if let (false, Some(name)) = (filed.contains_key(&product), top(category)) {
                filed.insert(product, name);
            }
        }
    }
    Ok(filed)
}

/// The range's sales by top-level category, the largest first; every unit in exactly one.
pub fn category_sales(
    conn: &mut DbConnection,
    range: ReportRange,
) -> Result<CategorySales, ReportError> {
    let products = product_sales(conn, range)?;
    let ids: Vec<ProductId> = products.rows.iter().map(|row| row.product_id).collect();
    let filed = top_categories(conn, &ids)?;
    let mut by_category: HashMap<Option<String>, SalesTotals> = HashMap::new();
    for row in &products.rows {
        let sum = by_category
            .entry(filed.get(&row.product_id).cloned())
            .or_default();
        let add = |a: Paise, b: Paise| a.checked_add(b).ok_or(ReportError::TooLarge);
        sum.units += row.sales.units;
        sum.before_gst = add(sum.before_gst, row.sales.before_gst)?;
        sum.gst = add(sum.gst, row.sales.gst)?;
        sum.after_gst = add(sum.after_gst, row.sales.after_gst)?;
    }
    let mut rows: Vec<CategoryRow> = by_category
        .into_iter()
        .map(|(category, sales)| CategoryRow { category, sales })
        .collect();
    rows.sort_by(|a, b| {
        b.sales
            .after_gst
            .cmp(&a.sales.after_gst)
            .then_with(|| a.category.cmp(&b.category))
    });
    Ok(CategorySales {
        range,
        totals: products.totals,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn weeks_begin_on_monday_and_months_on_the_first() {
        // 27 November 2026 is a Friday.
        assert_eq!(Grain::Week.start(day(2026, 11, 27)), day(2026, 11, 23));
        assert_eq!(Grain::Week.start(day(2026, 11, 23)), day(2026, 11, 23));
        assert_eq!(Grain::Month.start(day(2026, 11, 27)), day(2026, 11, 1));
        assert_eq!(
            ReportRange::month_of(day(2028, 2, 10)),
            ReportRange {
                from: day(2028, 2, 1),
                to: day(2028, 2, 29)
            }
        );
    }

    #[test]
    fn a_range_is_in_order_and_at_most_two_years() {
        assert!(ReportRange::new(day(2026, 11, 2), day(2026, 11, 1)).is_err());
        assert!(ReportRange::new(day(2016, 12, 1), day(2017, 1, 1)).is_err());
        assert!(ReportRange::new(day(2025, 1, 1), day(2026, 12, 31)).is_ok());
        assert!(ReportRange::new(day(2025, 1, 1), day(2027, 1, 2)).is_err());
    }
}
