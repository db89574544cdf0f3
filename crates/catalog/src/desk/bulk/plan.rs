//! What an import would do: each row compared with the variant of its SKU (or the product it
//! would be added to), giving every change field by field and every row that cannot be applied.

use std::collections::{HashMap, HashSet};

use db::schema::{product_variants, products};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use pricing::{GstRate, PackUnit, Paise, Price, SupplyKind, Uqc};
use serde::Serialize;

use super::sheet::{Sheet, SheetProblem, SheetRow, rupees};
use crate::desk::amounts::{parse_pack_unit, show_weight, weight_warning};
use crate::desk::rate_list::rate_warning;
use crate::desk::{DeskError, STOCK_MAX, StockReason, check_price};

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
    /// Sales (or other changes) moved the stock since the sheet was exported, and the row
    /// changes it too: the owner chooses what the sheet's count means.
    #[schema(required = true)]
    pub stock_drift: Option<StockDrift>,
    /// Things that look wrong but may be meant, such as a 25 kg pack weighing 25 g.
    pub warnings: Vec<String>,
}

/// How the owner reads a sheet's stock when the shelf moved since the export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockChoice {
    /// Apply the sheet's change to today's stock (the default: no sale is undone).
    Difference,
    /// The sheet's stock is a count of the shelf: set it.
    Count,
}

/// A row whose stock moved since the export, with what each choice would leave.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StockDrift {
    /// The stock when the sheet was exported.
    pub exported: i32,
    /// The stock now.
    pub now: i32,
    /// The stock the sheet gives.
    pub sheet: i32,
    /// What applying the difference would leave (`now + sheet - exported`).
    pub with_difference: i32,
    /// What setting the count would leave (`sheet`).
    pub with_count: i32,
    /// The choice this preview or import follows.
    pub chosen: StockChoice,
}

/// The owner's choices for rows whose stock moved since the export: the SKUs whose sheet
/// stock is a count to set; every other such row applies its difference.
#[derive(Debug, Clone, Default)]
pub struct StockChoices {
    pub set_count: HashSet<String>,
}

impl StockChoices {
    fn of(&self, sku: &str) -> StockChoice {
        if self.set_count.contains(sku) {
            StockChoice::Count
        } else {
            StockChoice::Difference
        }
    }
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
    pub name: Option<String>,
    pub net_quantity: Option<String>,
    pub uqc: String,
    pub uqc_milli: Option<i64>,
}

impl Current {
    fn unit(&self) -> Option<PackUnit> {
        PackUnit::from_stored(&self.uqc, self.uqc_milli).ok()
    }
}

/// A product as the import reads it: what a row's `supply_kind` is checked against.
#[derive(Debug, Clone, Queryable)]
struct ProductNow {
    id: ProductId,
    slug: String,
    name: String,
    hsn_code: String,
    gst_rate_bp: i32,
    supply_kind: String,
    batch_tracked: bool,
    regulated_as: String,
    registration_number: Option<String>,
}

/// A product's batch-keeping and regulation as a sheet sets them (every field final).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RegulationChange {
    pub batch_tracked: bool,
    pub regulated_as: ::batches::Regulation,
    pub registration_number: Option<String>,
}

/// The stock a row sets, and why it moves.
#[derive(Debug, Clone, Copy)]
pub(super) struct StockChange {
    pub to: i32,
    pub reason: StockReason,
    pub choice: Option<StockChoice>,
}

/// The planned rows with what `apply` needs: the variant updated, or the product added to.
#[derive(Debug)]
pub(super) enum Step {
    Update {
        current: Current,
        row: SheetRow,
        stock: Option<StockChange>,
        unit: Option<PackUnit>,
        supply_kind: Option<SupplyKind>,
        regulation: Option<RegulationChange>,
    },
    Create {
        product_id: ProductId,
        row: SheetRow,
        unit: PackUnit,
        supply_kind: Option<SupplyKind>,
        regulation: Option<RegulationChange>,
    },
}

pub(super) struct Plan {
    pub preview: ImportPreview,
    pub steps: Vec<Step>,
}

/// What importing the read `sheet` would do, compared with the catalogue as it is now.
pub fn preview_import(
    conn: &mut DbConnection,
    sheet: &Sheet,
    choices: &StockChoices,
) -> Result<ImportPreview, DeskError> {
    Ok(plan(conn, sheet, choices)?.preview)
}

pub(super) fn plan(
    conn: &mut DbConnection,
    sheet: &Sheet,
    choices: &StockChoices,
) -> Result<Plan, DeskError> {
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
            product_variants::name,
            product_variants::net_quantity,
            product_variants::uqc,
            product_variants::uqc_milli,
        ))
        .load::<Current>(conn)?
        .into_iter()
        .map(|v| (v.sku.clone(), v))
        .collect();
    let product_rows: Vec<ProductNow> = products::table
        .select((
            products::id,
            products::slug,
            products::name,
            products::hsn_code,
            products::gst_rate_bp,
            products::supply_kind,
            products::batch_tracked,
            products::regulated_as,
            products::registration_number,
        ))
        .load(conn)?;
    let product_of: HashMap<ProductId, &ProductNow> =
        product_rows.iter().map(|p| (p.id, p)).collect();
    let names: HashMap<ProductId, &str> = product_rows
        .iter()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    let by_slug: HashMap<&str, ProductId> = product_rows
        .iter()
        .map(|p| (p.slug.as_str(), p.id))
        .collect();
    // The kind each product's earlier rows gave, so that its rows agree.
    let mut kinds_given: HashMap<ProductId, SupplyKind> = HashMap::new();
    let mut regulations_given: HashMap<ProductId, RegulationChange> = HashMap::new();

    // Whether each product's variants are named, to keep them all named once there are several.
    let mut variants_of: HashMap<ProductId, Vec<bool>> = HashMap::new();
    for variant in variants.values() {
        variants_of
            .entry(variant.product_id)
            .or_default()
            .push(variant.name.is_some());
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
        let product_id = variants.get(&row.sku).map(|v| v.product_id).or_else(|| {
            row.product_slug
                .as_deref()
                .and_then(|slug| by_slug.get(slug).copied())
        });
        let kind = match product_id.and_then(|id| product_of.get(&id)) {
            Some(product) => match kind_change(product, &row, &mut kinds_given) {
                Ok(kind) => kind,
                Err(message) => {
                    problems.push(refuse(message));
                    continue;
                }
            },
            None => None,
        };
        let regulation = match product_id.and_then(|id| product_of.get(&id)) {
            Some(product) => match regulation_change(product, &row, &mut regulations_given) {
                Ok(change) => change,
                Err(message) => {
                    problems.push(refuse(message));
                    continue;
                }
            },
            None => None,
        };
        let regulation_fields = regulation_fields(
            product_id.and_then(|id| product_of.get(&id).copied()),
            regulation.as_ref(),
        );
        let kind_warning = kind.and_then(|kind| {
            let product = product_id.and_then(|id| product_of.get(&id))?;
            let rate = GstRate::try_from(product.gst_rate_bp).ok()?;
            rate_warning(&product.hsn_code, kind, rate, &product.name)
        });
        match variants.get(&row.sku) {
            Some(current) => match update(
                current,
                &row,
                choices.of(&row.sku),
                kind,
                product_of.get(&current.product_id).copied(),
            )
            .map(|mut updated| {
                updated.fields.extend(regulation_fields.clone());
                updated
            }) {
                Err(message) => problems.push(refuse(message)),
                Ok(updated) if updated.fields.is_empty() => unchanged += 1,
                Ok(updated) => {
                    changes.push(PlannedRow {
                        line: row.line,
                        sku: row.sku.clone(),
                        action: RowAction::Update,
                        product_name: names
                            .get(&current.product_id)
                            .copied()
                            .unwrap_or_default()
                            .to_owned(),
                        changes: updated.fields,
                        stock_drift: updated.drift,
                        warnings: weight_warning(
                            &[
                                row.variant_name.as_deref().or(current.name.as_deref()),
                                current.net_quantity.as_deref(),
                            ],
                            row.weight_grams.unwrap_or(current.weight_grams),
                        )
                        .into_iter()
                        .chain(kind_warning)
                        .collect(),
                    });
                    steps.push(Step::Update {
                        current: current.clone(),
                        row,
                        stock: updated.stock,
                        unit: updated.unit,
                        supply_kind: kind,
                        regulation,
                    });
                }
            },
            None => {
                let product = row
                    .product_slug
                    .as_deref()
                    .and_then(|slug| by_slug.get(slug).copied());
                let naming = product.map(|id| naming(&variants_of, id, &row, &new_names));
                match (product, naming.unwrap_or(Ok(())).and_then(|()| create(&row, kind))) {
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
                    (Some(product_id), Ok((mut fields, unit))) => {
                        fields.extend(regulation_fields);
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
                            stock_drift: None,
                            warnings: weight_warning(
                                &[row.variant_name.as_deref()],
                                row.weight_grams.unwrap_or_default(),
                            )
                            .into_iter()
                            .chain(kind_warning)
                            .collect(),
                        });
                        steps.push(Step::Create {
                            product_id,
                            row,
                            unit,
                            supply_kind: kind,
                            regulation,
                        });
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

/// The product's batch-keeping and regulation after the row (`None`: no change), checked as the
/// product form checks them (an insecticide needs its registration number) and against what its
/// earlier rows gave.
fn regulation_change(
    product: &ProductNow,
    row: &SheetRow,
    given: &mut HashMap<ProductId, RegulationChange>,
) -> Result<Option<RegulationChange>, String> {
    use ::batches::Regulation;
    if row.batch_tracked.is_none()
        && row.regulated_as.is_none()
        && row.registration_number.is_none()
    {
        return Ok(None);
    }
    let now_regulation = Regulation::parse(&product.regulated_as).unwrap_or(Regulation::None);
    let regulated_as = row.regulated_as.unwrap_or(now_regulation);
    let change = RegulationChange {
        batch_tracked: row.batch_tracked.unwrap_or(product.batch_tracked),
        regulated_as,
        registration_number: row
            .registration_number
            .clone()
            .unwrap_or_else(|| product.registration_number.clone())
            .filter(|_| regulated_as == Regulation::Insecticide),
    };
    if change.regulated_as == Regulation::Insecticide && change.registration_number.is_none() {
        return Err(format!(
            "registration_number: {} ({})",
            crate::desk::REGISTRATION_REQUIRED,
            product.name
        ));
    }
    if let Some(earlier) = given.get(&product.id)
        && *earlier != change
    {
        return Err(format!(
            "batch_tracked, regulated_as, registration_number: an earlier row of {} gives others; a product has one of each.",
            product.name
        ));
    }
    given.insert(product.id, change.clone());
    let unchanged = change.batch_tracked == product.batch_tracked
        && change.regulated_as == now_regulation
        && change.registration_number == product.registration_number;
    Ok((!unchanged).then_some(change))
}

/// The preview's lines for a product's change of batch-keeping or regulation.
fn regulation_fields(
    product: Option<&ProductNow>,
    change: Option<&RegulationChange>,
) -> Vec<FieldChange> {
    let (Some(product), Some(change)) = (product, change) else {
        return Vec::new();
    };
    let mut fields = Vec::new();
    let pairs = [
        (
            "batch_tracked",
            product.batch_tracked.to_string(),
            change.batch_tracked.to_string(),
        ),
        (
            "regulated_as",
            product.regulated_as.clone(),
            change.regulated_as.as_str().to_owned(),
        ),
        (
            "registration_number",
            product.registration_number.clone().unwrap_or_default(),
            change.registration_number.clone().unwrap_or_default(),
        ),
    ];
    for (field, before, after) in pairs {
        if before != after {
            fields.push(FieldChange {
                field,
                before: Some(before),
                after,
            });
        }
    }
    fields
}

/// The product's new kind of supply from the row (`None`: no change), checked against its rate
/// and against the kind its earlier rows gave.
fn kind_change(
    product: &ProductNow,
    row: &SheetRow,
    given: &mut HashMap<ProductId, SupplyKind>,
) -> Result<Option<SupplyKind>, String> {
    let Some(kind) = row.supply_kind else {
        return Ok(None);
    };
    if let Some(earlier) = given
        .insert(product.id, kind)
        .filter(|earlier| *earlier != kind)
    {
        given.insert(product.id, earlier);
        return Err(format!(
            "supply_kind: an earlier row of {} gives {earlier}; a product has one kind.",
            product.name
        ));
    }
    let rate = GstRate::try_from(product.gst_rate_bp).map_err(|e| e.to_string())?;
    kind.check_rate(rate)
        .map_err(|e| format!("supply_kind: {e} ({} is at {rate})", product.name))?;
    Ok((kind.as_str() != product.supply_kind).then_some(kind))
}

/// The pack unit the row gives (`None`: no change), with the variant's current code when the
/// row gives only a quantity.
fn row_unit(row: &SheetRow, current: Option<PackUnit>) -> Result<Option<PackUnit>, String> {
    if row.uqc.is_none() && row.uqc_quantity.is_none() {
        return Ok(None);
    }
    let code = row.uqc.or(current.map(|u| u.uqc)).unwrap_or(Uqc::NOS);
    parse_pack_unit(Some(code.code()), row.uqc_quantity.as_deref())
        .map(Some)
        .map_err(|(field, message)| format!("{}: {message}", field.name()))
}

/// What a row does to its variant.
struct Updated {
    fields: Vec<FieldChange>,
    stock: Option<StockChange>,
    drift: Option<StockDrift>,
    unit: Option<PackUnit>,
}

/// The stock a row sets. With `stock_when_exported`, the owner's change is the sheet's stock
/// against that: a row left as exported changes nothing (sales since stand), and when sales
/// moved the stock since, `choice` says whether the change or the count applies. Without it,
/// the sheet's stock is a count.
fn stock_change(
    current: &Current,
    row: &SheetRow,
    choice: StockChoice,
) -> Result<(Option<StockChange>, Option<StockDrift>), String> {
    let Some(sheet) = row.stock else {
        return Ok((None, None));
    };
    let counted = |to| StockChange {
        to,
        reason: StockReason::Stocktake,
        choice: None,
    };
    let Some(exported) = row.stock_when_exported else {
        return Ok((Some(counted(sheet)), None));
    };
    if sheet == exported {
        return Ok((None, None));
    }
    if current.stock == exported {
        return Ok((
            Some(StockChange {
                to: sheet,
                reason: StockReason::Correction,
                choice: None,
            }),
            None,
        ));
    }
    let with_difference = i64::from(current.stock) + i64::from(sheet) - i64::from(exported);
    let drift = StockDrift {
        exported,
        now: current.stock,
        sheet,
        with_difference: i32::try_from(with_difference).unwrap_or(i32::MIN),
        with_count: sheet,
        chosen: choice,
    };
    let to = match choice {
        StockChoice::Count => sheet,
        StockChoice::Difference => {
            if !(0..=i64::from(STOCK_MAX)).contains(&with_difference) {
                return Err(format!(
                    "The stock moved from {exported} to {} since the export; applying the sheet's change ({:+}) would leave {with_difference}. Choose to set the count instead.",
                    current.stock,
                    sheet - exported
                ));
            }
            drift.with_difference
        }
    };
    Ok((
        Some(StockChange {
            to,
            reason: if choice == StockChoice::Count {
                StockReason::Stocktake
            } else {
                StockReason::Correction
            },
            choice: Some(choice),
        }),
        Some(drift),
    ))
}

/// The fields the row changes on this variant, or why it may not.
fn update(
    current: &Current,
    row: &SheetRow,
    choice: StockChoice,
    kind: Option<SupplyKind>,
    product: Option<&ProductNow>,
) -> Result<Updated, String> {
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
    let (stock, drift) = stock_change(current, row, choice)?;
    let unit = row_unit(row, current.unit())?;
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
        stock.map(|s| s.to.to_string()),
    );
    change(
        "weight",
        Some(show_weight(current.weight_grams)),
        row.weight_grams.map(show_weight),
    );
    change(
        "active",
        Some(current.is_active.to_string()),
        row.active.map(|a| a.to_string()),
    );
    change(
        "supply_kind",
        product.map(|p| p.supply_kind.clone()),
        kind.map(|k| k.as_str().to_owned()),
    );
    let before = current.unit();
    change(
        "uqc",
        Some(current.uqc.clone()),
        unit.map(|u| u.uqc.code().to_owned()),
    );
    change(
        "uqc_quantity",
        before.map(PackUnit::quantity_text),
        unit.map(PackUnit::quantity_text),
    );
    Ok(Updated {
        fields,
        stock: stock.filter(|s| s.to != current.stock),
        drift,
        unit: unit.filter(|u| Some(*u) != before),
    })
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

/// The fields of a new variant and its unit, or what it lacks.
fn create(
    row: &SheetRow,
    kind: Option<SupplyKind>,
) -> Result<(Vec<FieldChange>, PackUnit), String> {
    let unit = row_unit(row, None)?.unwrap_or(PackUnit::one());
    let price = row
        .price
        .ok_or("A new variant needs its price.".to_owned())?;
    let weight = row.weight_grams.ok_or(
        "A new variant needs its weight (for shipping), such as 25 kg or 500 g; 0 for a service."
            .to_owned(),
    )?;
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
        field: "weight",
        before: None,
        after: show_weight(weight),
    });
    fields.push(FieldChange {
        field: "active",
        before: None,
        after: row.active.unwrap_or(true).to_string(),
    });
    fields.push(FieldChange {
        field: "uqc",
        before: None,
        after: unit.uqc.code().to_owned(),
    });
    fields.push(FieldChange {
        field: "uqc_quantity",
        before: None,
        after: unit.quantity_text(),
    });
    if let Some(kind) = kind {
        fields.push(FieldChange {
            field: "supply_kind",
            before: None,
            after: kind.as_str().to_owned(),
        });
    }
    Ok((fields, unit))
}
