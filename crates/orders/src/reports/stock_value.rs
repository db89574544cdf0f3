//! What the stock on the shelf cost: each batch's units at the batch's unit cost, by product and
//! by top-level category. Batches past their expiry date (an Indian date) are counted apart:
//! they wait to be disposed of and will not sell. A batch without a cost (the opening stock
//! before batches were kept) and a product whose stock is not kept by batch have no cost: their
//! units are counted as such, never valued at zero unnoticed.

use std::collections::HashMap;

use chrono::NaiveDate;
use db::schema::{batches, product_variants, products};
use db::{DbConnection, ProductId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use super::ReportError;
use super::sales::top_categories;

/// Units and what they cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Valued {
    /// Units not past their expiry.
    pub units: i64,
    /// What those of them with a known cost cost.
    pub value: Paise,
    /// Units past their expiry (segregated, to be disposed of).
    pub expired_units: i64,
    pub expired_value: Paise,
    /// Units (expired or not) whose cost nobody recorded.
    pub units_without_cost: i64,
}

impl Valued {
    fn add(&mut self, other: &Valued) -> Result<(), ReportError> {
        self.units += other.units;
        self.expired_units += other.expired_units;
        self.units_without_cost += other.units_without_cost;
        self.value = self
            .value
            .checked_add(other.value)
            .ok_or(ReportError::TooLarge)?;
        self.expired_value = self
            .expired_value
            .checked_add(other.expired_value)
            .ok_or(ReportError::TooLarge)?;
        Ok(())
    }
}

/// One product's stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductValue {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    pub product: String,
    pub category: Option<String>,
    /// False: its stock is one number per pack size, with no batches and no cost.
    pub batch_tracked: bool,
    #[serde(flatten)]
    pub stock: Valued,
}

/// One top-level category's stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CategoryValue {
    pub category: Option<String>,
    #[serde(flatten)]
    pub stock: Valued,
}

/// The stock's value on a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StockValue {
    /// The Indian day whose expiry dates decide what is expired.
    #[schema(value_type = String)]
    pub as_of: NaiveDate,
    pub products: Vec<ProductValue>,
    pub categories: Vec<CategoryValue>,
    pub totals: Valued,
}

/// The value of the stock now, judging expiry by `today`.
pub fn stock_value(conn: &mut DbConnection, today: NaiveDate) -> Result<StockValue, ReportError> {
    let held: Vec<(ProductId, i32, Option<i64>, Option<NaiveDate>)> = batches::table
        .inner_join(product_variants::table.inner_join(products::table))
        .filter(products::batch_tracked.eq(true))
        .filter(batches::quantity.gt(0))
        .select((
            products::id,
            batches::quantity,
            batches::cost_paise,
            batches::expires_on,
        ))
        .load(conn)?;
    let mut by_product: HashMap<ProductId, Valued> = HashMap::new();
    for (product, quantity, cost, expires_on) in held {
        let sum = by_product.entry(product).or_default();
        let units = i64::from(quantity);
        let expired = expires_on.is_some_and(|day| day < today);
        let value = match cost {
            Some(cost) => Paise::new(cost.checked_mul(units).ok_or(ReportError::TooLarge)?),
            None => {
                sum.units_without_cost += units;
                Paise::ZERO
            }
        };
        let (counted, valued) = if expired {
            (&mut sum.expired_units, &mut sum.expired_value)
        } else {
            (&mut sum.units, &mut sum.value)
        };
        *counted += units;
        *valued = valued.checked_add(value).ok_or(ReportError::TooLarge)?;
    }
    // Products kept as one number: their units, no cost.
    let untracked: Vec<(ProductId, i32)> = product_variants::table
        .inner_join(products::table)
        .filter(products::batch_tracked.eq(false))
        .filter(product_variants::stock.gt(0))
        .select((products::id, product_variants::stock))
        .load(conn)?;
    for (product, stock) in untracked {
        let sum = by_product.entry(product).or_default();
        sum.units += i64::from(stock);
        sum.units_without_cost += i64::from(stock);
    }
    let ids: Vec<ProductId> = by_product.keys().copied().collect();
    let filed = top_categories(conn, &ids)?;
    let mut names: HashMap<ProductId, (String, bool)> = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(ProductId, String, bool)> = products::table
            .filter(products::id.eq_any(chunk))
            .select((products::id, products::name, products::batch_tracked))
            .load(conn)?;
        names.extend(
            rows.into_iter()
                .map(|(id, name, tracked)| (id, (name, tracked))),
        );
    }
    let mut totals = Valued::default();
    let mut categories: HashMap<Option<String>, Valued> = HashMap::new();
    let mut rows = Vec::with_capacity(by_product.len());
    for (product_id, stock) in by_product {
        let (product, batch_tracked) = names.remove(&product_id).unwrap_or_default();
        let category = filed.get(&product_id).cloned();
        totals.add(&stock)?;
        categories
            .entry(category.clone())
            .or_default()
            .add(&stock)?;
        rows.push(ProductValue {
            product_id,
            product,
            category,
            batch_tracked,
            stock,
        });
    }
    rows.sort_by(|a, b| {
        (b.stock.value.get() + b.stock.expired_value.get())
            .cmp(&(a.stock.value.get() + a.stock.expired_value.get()))
            .then_with(|| a.product.cmp(&b.product))
    });
    let mut categories: Vec<CategoryValue> = categories
        .into_iter()
        .map(|(category, stock)| CategoryValue { category, stock })
        .collect();
    categories.sort_by(|a, b| {
        (b.stock.value.get() + b.stock.expired_value.get())
            .cmp(&(a.stock.value.get() + a.stock.expired_value.get()))
            .then_with(|| a.category.cmp(&b.category))
    });
    Ok(StockValue {
        as_of: today,
        products: rows,
        categories,
        totals,
    })
}
