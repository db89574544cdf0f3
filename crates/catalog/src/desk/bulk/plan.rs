//! What an import would do: each row compared with the variant of its SKU (or the product it
//! would be added to), giving every change field by field and every row that cannot be applied.

use std::collections::{HashMap, HashSet};

use db::schema::{product_variants, products};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use pricing::{Paise, Price};
use serde::Serialize;

use super::sheet::{Sheet, SheetProblem, SheetRow, rupees};
use crate::desk::{DeskError, check_price};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RowAction {
    /// A new variant of an existing product.
    Create,
    Update,
}

/// One field's value before and after, as the sheet writes it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FieldChange {
    pub field: &'static str,
    #[schema(required = true)]
    pub before: Option<String>,
    pub after: String,
}

/// A row that changes something.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlannedRow {
    pub line: u64,
    pub sku: String,
    pub action: RowAction,
    pub product_name: String,
    pub changes: Vec<FieldChange>,
}

/// A row that cannot be applied, and why.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RowProblem {
    pub line: u64,
    #[schema(required = true)]
    pub sku: Option<String>,
    pub message: String,
}

/// What applying the sheet would do. It applies only when `problems` is empty.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    /// Data rows read (blank lines aside).
    pub rows: usize,
    pub changes: Vec<PlannedRow>,
    /// Rows whose values are already the catalogue's.
    pub unchanged: usize,
    pub problems: Vec<RowProblem>,
}

/// A variant as the import compares it.
#[derive(Debug, Clone, Queryable)]
pub(super) struct Current {
    pub id: VariantId,
    pub product_id: ProductId,
    pub sku: String,
    pub mrp: Option<i64>,
    pub price: i64,
    pub stock: i32,
    pub weight_grams: i32,
    pub is_active: bool,
    pub named: bool,
}

/// The planned rows with what `apply` needs: the variant updated, or the product added to.
#[derive(Debug)]
pub(super) enum Step {
    Update {
        current: Current,
        row: SheetRow,
    },
    Create {
        product_id: ProductId,
        row: SheetRow,
    },
}

pub(super) struct Plan {
    pub preview: ImportPreview,
    pub steps: Vec<Step>,
}

/// What importing the read `sheet` would do, compared with the catalogue as it is now.
pub fn preview_import(conn: &mut DbConnection, sheet: &Sheet) -> Result<ImportPreview, DeskError> {
    Ok(plan(conn, sheet)?.preview)
}

pub(super) fn plan(conn: &mut DbConnection, sheet: &Sheet) -> Result<Plan, DeskError> {
    let (rows, sheet_problems) = (sheet.rows.clone(), sheet.problems.clone());
    let variants: HashMap<String, Current> = product_variants::table
        .select((
            product_variants::id,
            product_variants::product_id,
            product_variants::sku,
            product_variants::mrp_paise,
            product_variants::price_paise,
            product_variants::stock,
            product_variants::weight_grams,
            product_variants::is_active,
            product_variants::name.is_not_null(),
        ))
        .load::<Current>(conn)?
        .into_iter()
        .map(|v| (v.sku.clone(), v))
        .collect();
    let product_rows: Vec<(ProductId, String, String)> = products::table
        .select((products::id, products::slug, products::name))
        .load(conn)?;
    let names: HashMap<ProductId, &str> = product_rows
        .iter()
        .map(|(id, _, name)| (*id, name.as_str()))
        .collect();
    let by_slug: HashMap<&str, ProductId> = product_rows
        .iter()
        .map(|(id, slug, _)| (slug.as_str(), *id))
        .collect();

    // Whether each product's variants are named, to keep them all named once there are several.
    let mut variants_of: HashMap<ProductId, Vec<bool>> = HashMap::new();
    for variant in variants.values() {
        variants_of
            .entry(variant.product_id)
            .or_default()
            .push(variant.named);
    }
    let mut new_names: HashMap<ProductId, Vec<bool>> = HashMap::new();
    let mut problems: Vec<RowProblem> = sheet_problems.into_iter().map(problem).collect();
    let mut seen = HashSet::new();
    let mut changes = Vec::new();
    let mut steps = Vec::new();
    let mut unchanged = 0;
    let total = rows.len() + problems.len();
    for row in rows {
        let refuse = |message: String| RowProblem {
            line: row.line,
            sku: Some(row.sku.clone()),
            message,
        };
        if !seen.insert(row.sku.clone()) {
            problems.push(refuse(format!(
                "SKU {} is on an earlier line too; each SKU once.",
                row.sku
            )));
            continue;
        }
        match variants.get(&row.sku) {
            Some(current) => match update(current, &row) {
                Err(message) => problems.push(refuse(message)),
                Ok(fields) if fields.is_empty() => unchanged += 1,
                Ok(fields) => {
                    changes.push(PlannedRow {
                        line: row.line,
                        sku: row.sku.clone(),
                        action: RowAction::Update,
                        product_name: names
                            .get(&current.product_id)
                            .copied()
                            .unwrap_or_default()
                            .to_owned(),
                        changes: fields,
                    });
                    steps.push(Step::Update {
                        current: current.clone(),
                        row,
                    });
                }
            },
            None => {
                let product = row
                    .product_slug
                    .as_deref()
                    .and_then(|slug| by_slug.get(slug).copied());
                let naming = product.map(|id| naming(&variants_of, id, &row, &new_names));
                match (product, naming.unwrap_or(Ok(())).and_then(|()| create(&row))) {
                    (None, _) => problems.push(refuse(match &row.product_slug {
                        Some(slug) => format!(
                            "No product has the address {slug}; a new product is made in the back office first."
                        ),
                        None => format!(
                            "No variant has the SKU {}; to add one, give its product_slug.",
                            row.sku
                        ),
                    })),
                    (Some(_), Err(message)) => problems.push(refuse(message)),
                    (Some(product_id), Ok(fields)) => {
                        new_names.entry(product_id).or_default().push(row.variant_name.is_some());
                        changes.push(PlannedRow {
                            line: row.line,
                            sku: row.sku.clone(),
                            action: RowAction::Create,
                            product_name: names
                                .get(&product_id)
                                .copied()
                                .unwrap_or_default()
                                .to_owned(),
                            changes: fields,
                        });
                        steps.push(Step::Create { product_id, row });
                    }
                }
            }
        }
    }
    problems.sort_by_key(|p| p.line);
    Ok(Plan {
        preview: ImportPreview {
            rows: total,
            changes,
            unchanged,
            problems,
        },
        steps,
    })
}

fn problem(p: SheetProblem) -> RowProblem {
    RowProblem {
        line: p.line,
        sku: p.sku,
        message: p.message,
    }
}

/// The fields the row changes on this variant, or why it may not.
fn update(current: &Current, row: &SheetRow) -> Result<Vec<FieldChange>, String> {
    let mrp = row.mrp.map(Price::get).or(current.mrp);
    let price = row.price.map_or(current.price, Price::get);
    // The variant's current price and MRP were checked when they were set; one set before
    // prices had a bound is refused here rather than carried into the sheet's change.
    let checked = |paise| Price::new(Paise::new(paise)).map_err(|e| e.to_string());
    let mrp_checked = mrp.map(checked).transpose()?;
    check_price(mrp_checked, checked(price)?).map_err(|m| {
        format!(
            "{m} (price {}, MRP {})",
            rupees(price),
            mrp.map(rupees).unwrap_or_default()
        )
    })?;
    let mut fields = Vec::new();
    let mut change = |field, before: Option<String>, after: Option<String>| {
        if let Some(after) = after
            && before.as_ref() != Some(&after)
        {
            fields.push(FieldChange {
                field,
                before,
                after,
            });
        }
    };
    change(
        "price",
        Some(rupees(current.price)),
        row.price.map(|p| rupees(p.get())),
    );
    change(
        "mrp",
        current.mrp.map(rupees),
        row.mrp.map(|p| rupees(p.get())),
    );
    change(
        "stock",
        Some(current.stock.to_string()),
        row.stock.map(|s| s.to_string()),
    );
    change(
        "weight_grams",
        Some(current.weight_grams.to_string()),
        row.weight_grams.map(|w| w.to_string()),
    );
    change(
        "active",
        Some(current.is_active.to_string()),
        row.active.map(|a| a.to_string()),
    );
    Ok(fields)
}

/// A new variant joins variants that all have names, and has one itself (see `check_naming`).
fn naming(
    existing: &HashMap<ProductId, Vec<bool>>,
    product_id: ProductId,
    row: &SheetRow,
    added: &HashMap<ProductId, Vec<bool>>,
) -> Result<(), String> {
    let mut named = existing
        .get(&product_id)
        .into_iter()
        .flatten()
        .chain(added.get(&product_id).into_iter().flatten());
    match named.next() {
        None => Ok(()),
        Some(_) if row.variant_name.is_none() => {
            Err("A new variant of a product sold in several needs its variant_name.".into())
        }
        Some(first) => {
            if *first && named.all(|n| *n) {
                Ok(())
            } else {
                Err(
                    "The product's existing variant has no name: name it in the back office first."
                        .into(),
                )
            }
        }
    }
}

/// The fields of a new variant, or what it lacks.
fn create(row: &SheetRow) -> Result<Vec<FieldChange>, String> {
    let price = row
        .price
        .ok_or("A new variant needs its price.".to_owned())?;
    let weight = row
        .weight_grams
        .ok_or("A new variant needs its weight_grams (for shipping).".to_owned())?;
    check_price(row.mrp, price)?;
    let mut fields = vec![FieldChange {
        field: "price",
        before: None,
        after: rupees(price.get()),
    }];
    if let Some(mrp) = row.mrp {
        fields.push(FieldChange {
            field: "mrp",
            before: None,
            after: rupees(mrp.get()),
        });
    }
    if let Some(name) = &row.variant_name {
        fields.push(FieldChange {
            field: "variant_name",
            before: None,
            after: name.clone(),
        });
    }
    fields.push(FieldChange {
        field: "stock",
        before: None,
        after: row.stock.unwrap_or(0).to_string(),
    });
    fields.push(FieldChange {
        field: "weight_grams",
        before: None,
        after: weight.to_string(),
    });
    fields.push(FieldChange {
        field: "active",
        before: None,
        after: row.active.unwrap_or(true).to_string(),
    });
    Ok(fields)
}
