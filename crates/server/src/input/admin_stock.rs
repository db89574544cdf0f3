//! The stock desk's input: a receipt from a supplier (the short form, or the invoice beside a
//! CSV sheet), a batch's new dates, its disposal, and the expiry list's window. Dates are read
//! as staff type them (`2026-12-31`, `31-12-2026`, `31/12/2026`); a line's field is named as
//! `lines[N].field`, N counting from 0 as the form's array does.

use batches::expiry::NewDates;
use batches::parse_date;
use batches::receive::{ReceiptLine, Supplier};
use catalog::desk::amounts::RupeesInput;
use catalog::desk::input::present;
use chrono::NaiveDate;
use db::VariantId;
use fields::{FieldErrors, FormErrors};
use serde::Deserialize;
use utoipa::ToSchema;

use super::admin_day::ListPage;
use super::{CheckBody, given};
use crate::error::ApiError;

/// One batch of one pack size on a receipt.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReceiptLineBody {
    /// The pack size (variant) received.
    pub variant_id: Option<i64>,
    /// The batch (lot) number on the label.
    pub number: Option<String>,
    /// The manufacture date.
    pub manufactured_on: Option<String>,
    /// The expiry date; for a seed lot, the date its test is valid until.
    pub expires_on: Option<String>,
    /// A seed lot's germination test date.
    pub tested_on: Option<String>,
    /// Units received: 1 to 100,000.
    pub quantity: Option<i32>,
    /// What one unit cost the shop, in rupees (`412.50` or `"₹412.50"`).
    pub unit_cost: Option<RupeesInput>,
}

/// A receipt: the supplier's invoice and its lines.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReceiptBody {
    pub supplier: Option<String>,
    /// The supplier's invoice number.
    pub supplier_invoice: Option<String>,
    /// The supplier's invoice date.
    pub invoice_date: Option<String>,
    pub note: Option<String>,
    /// 1 to 500 lines.
    #[serde(default, deserialize_with = "super::objects::many")]
    pub lines: Option<Vec<ReceiptLineBody>>,
}

/// A checked receipt.
#[derive(Debug)]
pub struct ReceiptInput {
    pub supplier: Supplier,
    pub lines: Vec<ReceiptLine>,
}

fn date(errors: &mut FormErrors, field: &str, raw: &Option<String>) -> Option<Option<NaiveDate>> {
    errors.optional(field, given(raw), parse_date)
}

fn supplier(
    errors: &mut FormErrors,
    name: &Option<String>,
    invoice: &Option<String>,
    invoice_date: &Option<String>,
    note: &Option<String>,
) -> Option<Supplier> {
    let name = present(errors, "supplier", given(name));
    let invoice = present(errors, "supplier_invoice", given(invoice));
    let invoice_date = errors.required("invoice_date", given(invoice_date), parse_date);
    Some(Supplier {
        name: name?.to_owned(),
        invoice: invoice?.to_owned(),
        invoice_date: invoice_date?,
        note: given(note).map(str::to_owned),
    })
}

impl CheckBody for ReceiptBody {
    type Checked = ReceiptInput;

    fn check(self) -> Result<ReceiptInput, FieldErrors> {
        let mut errors = FormErrors::default();
        let supplier = supplier(
            &mut errors,
            &self.supplier,
            &self.supplier_invoice,
            &self.invoice_date,
            &self.note,
        );
        let raw = present(&mut errors, "lines", self.lines);
        let mut lines = Vec::new();
        for (i, line) in raw.into_iter().flatten().enumerate() {
            let field = |name: &str| format!("lines[{i}].{name}");
            let variant_id = present(&mut errors, &field("variant_id"), line.variant_id);
            let number = present(&mut errors, &field("number"), given(&line.number));
            let manufactured_on = date(
                &mut errors,
                &field("manufactured_on"),
                &line.manufactured_on,
            );
            let expires_on = date(&mut errors, &field("expires_on"), &line.expires_on);
            let tested_on = date(&mut errors, &field("tested_on"), &line.tested_on);
            let quantity = present(&mut errors, &field("quantity"), line.quantity);
            let unit_cost = present(&mut errors, &field("unit_cost"), line.unit_cost)
                .and_then(|cost| errors.check(&field("unit_cost"), cost.parse()));
            let checked = (|| {
                Some(ReceiptLine {
                    variant_id: VariantId(variant_id?),
                    number: number?.to_owned(),
                    manufactured_on: manufactured_on?,
                    expires_on: expires_on?,
                    tested_on: tested_on?,
                    quantity: quantity?,
                    unit_cost: unit_cost?,
                })
            })();
            lines.extend(checked);
        }
        let checked = supplier.map(|supplier| ReceiptInput { supplier, lines });
        errors.finish(checked)
    }
}

/// The supplier's invoice a CSV sheet of receipt lines came with, and the sheet's file name.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReceiptSheetQuery {
    supplier: Option<String>,
    /// The supplier's invoice number.
    supplier_invoice: Option<String>,
    /// The supplier's invoice date.
    invoice_date: Option<String>,
    note: Option<String>,
    /// The sheet's file name (not kept; read by the upload).
    #[allow(dead_code)]
    filename: Option<String>,
}

impl ReceiptSheetQuery {
    pub fn parse(&self) -> Result<Supplier, ApiError> {
        let mut errors = FormErrors::default();
        let supplier = supplier(
            &mut errors,
            &self.supplier,
            &self.supplier_invoice,
            &self.invoice_date,
            &self.note,
        );
        errors.finish(supplier).map_err(ApiError::invalid)
    }
}

/// A batch's dates, all given again (an empty one is "none").
#[derive(Debug, Deserialize, ToSchema)]
pub struct BatchDatesBody {
    pub manufactured_on: Option<String>,
    /// The expiry date; for a seed lot, its new validity after a re-test.
    pub expires_on: Option<String>,
    /// A seed lot's (latest) test date.
    pub tested_on: Option<String>,
    /// Why: a re-test's report number, a corrected label.
    pub note: Option<String>,
}

impl CheckBody for BatchDatesBody {
    type Checked = NewDates;

    fn check(self) -> Result<NewDates, FieldErrors> {
        let mut errors = FormErrors::default();
        let manufactured_on = date(&mut errors, "manufactured_on", &self.manufactured_on);
        let expires_on = date(&mut errors, "expires_on", &self.expires_on);
        let tested_on = date(&mut errors, "tested_on", &self.tested_on);
        let checked = (|| {
            Some(NewDates {
                manufactured_on: manufactured_on?,
                expires_on: expires_on?,
                tested_on: tested_on?,
                note: given(&self.note).map(str::to_owned),
            })
        })();
        errors.finish(checked)
    }
}

/// How an expired batch was disposed of.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DisposalBody {
    /// Returned to the manufacturer, destroyed as the label says, with the witness or receipt.
    pub note: Option<String>,
}

impl CheckBody for DisposalBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        let mut errors = FormErrors::default();
        let note = present(&mut errors, "note", given(&self.note)).map(str::to_owned);
        errors.finish(note)
    }
}

/// The expiring list's window.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExpiringQuery {
    /// Days ahead, 1 to 365 (default: the shop's `EXPIRY_WINDOW_DAYS`, 60).
    days: Option<String>,
}

impl ExpiringQuery {
    pub fn parse(&self, default: u32) -> Result<u32, ApiError> {
        match given(&self.days) {
            None => Ok(default),
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|days| (1..=365).contains(days))
                .ok_or_else(|| ApiError::validation("days", "From 1 to 365 days.")),
        }
    }
}

/// A page of the receipts.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReceiptsQuery {
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

impl ReceiptsQuery {
    pub fn parse(&self) -> Result<ListPage, ApiError> {
        ListPage::parse(&self.page, &self.per_page)
    }
}
