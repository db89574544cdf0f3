//! GSTR-1, the monthly (or quarterly) return of outward supplies, as the CSV files the GST
//! offline tool imports: one per section of its Excel template, with the template's headers.
//!
//! The input is the [`Register`] of a period: the invoices issued in it and the credit notes
//! issued in it (each credit note carrying the facts of the invoice it corrects, which may be
//! older). Which section an invoice belongs to follows the GST rules:
//! - `b2b`: the buyer gave a GSTIN;
//! - `b2cl`: no GSTIN, inter-state, invoice value over ₹1,00,000;
//! - `b2cs`: every other sale to a consumer, summed by place of supply and rate.
//!
//! Credit notes go to `cdnr` (registered buyers) or `cdnur` (B2CL invoices); those on B2CS
//! invoices reduce the `b2cs` sums of the period in which they are issued, as the rules ask.
//!
//! Only taxable lines are in those sections. Nil-rated, exempt and non-GST lines (on bills of
//! supply and invoices-cum-bill) are reported in `exemp` (table 8), their credit notes taken off
//! it; every line is in the HSN summary, in the unit its pack is counted in.

mod files;

use chrono::NaiveDate;
use pricing::{GstRate, Paise, SupplyKind, Uqc};

use super::documents::DocumentKind;

pub use files::{Gstr1File, gstr1_files};
pub(crate) use files::{csv_text, date, place, rupees};

/// Above this value (₹1,00,000, since 1 August 2024) an inter-state sale to a consumer is
/// reported invoice by invoice (`b2cl`).
pub const B2CL_ABOVE: Paise = Paise::new(10_000_000);

/// Who bought: a GSTIN when the buyer is registered, and the name on the invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    pub gstin: Option<String>,
    pub name: String,
}

/// What identifies an invoice and decides its section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceFacts {
    pub kind: DocumentKind,
    pub number: String,
    pub date: NaiveDate,
    /// The order it was issued for, and its number (`ORD-2026-000123`).
    pub order_id: db::OrderId,
    pub order: String,
    pub buyer: Buyer,
    /// The state the goods were delivered to, by its listed name (`Tamil Nadu`).
    pub place_of_supply: String,
    pub inter_state: bool,
    /// Everything the document bills: its lines' taxable values, taxes and delivery shares.
    pub value: Paise,
}

/// One line of an invoice or credit note: its goods' HSN, quantity, kind and rate, the unit one
/// pack is counted in, and its taxable value and taxes (the line's share of the delivery charge
/// included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxedLine {
    /// The order line's position on its order.
    pub position: i32,
    pub hsn: String,
    pub quantity: u32,
    pub kind: SupplyKind,
    /// The pack's unit and how much of it one pack holds, in thousandths (none for `NA`).
    pub uqc: Uqc,
    pub uqc_milli: Option<i64>,
    pub rate: GstRate,
    pub taxable: Paise,
    pub igst: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub facts: InvoiceFacts,
    pub lines: Vec<TaxedLine>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditNote {
    pub number: String,
    pub date: NaiveDate,
    /// The invoice it corrects.
    pub invoice: InvoiceFacts,
    pub value: Paise,
    pub lines: Vec<TaxedLine>,
}

/// A period's invoices and credit notes, each list in the order of its series.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Register {
    pub invoices: Vec<Invoice>,
    pub credit_notes: Vec<CreditNote>,
}

/// A period's figures at a glance, credit notes taken off: what the accountant checks before
/// filing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Gstr1Totals {
    pub invoices: usize,
    pub credit_notes: usize,
    /// Everything invoiced less everything credited, GST included.
    pub value: Paise,
    pub taxable: Paise,
    pub igst: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
}

impl Register {
    /// Whether every sum the return makes fits in `i64` paise. Each figure of the return (the
    /// totals, a rate's or an HSN's or a state's sum, credit notes taken off) adds some of the
    /// register's amounts, each at most once, with a sign; so when the sum of all their
    /// magnitudes fits, every such figure does, and the plain additions that make the figures
    /// can neither overflow nor wrap. That sum is the one checked here.
    pub fn sums_fit(&self) -> bool {
        let line_amounts = |lines: &[TaxedLine]| {
            lines
                .iter()
                .flat_map(|l| [l.taxable, l.igst, l.cgst, l.sgst])
                .collect::<Vec<_>>()
        };
        let amounts = self
            .invoices
            .iter()
            .flat_map(|i| {
                let mut all = line_amounts(&i.lines);
                all.push(i.facts.value);
                all
            })
            .chain(self.credit_notes.iter().flat_map(|n| {
                let mut all = line_amounts(&n.lines);
                all.extend([n.value, n.invoice.value]);
                all
            }));
        amounts
            .map(|amount| amount.get().checked_abs().map(Paise::new))
            .try_fold(Paise::ZERO, |sum, amount| sum.checked_add(amount?))
            .is_some()
    }

    pub fn totals(&self) -> Gstr1Totals {
        let mut totals = Gstr1Totals {
            invoices: self.invoices.len(),
            credit_notes: self.credit_notes.len(),
            value: Paise::ZERO,
            taxable: Paise::ZERO,
            igst: Paise::ZERO,
            cgst: Paise::ZERO,
            sgst: Paise::ZERO,
        };
        let mut add = |value: Paise, lines: &[TaxedLine], sign: i64| {
            let plus =
                |sum: &mut Paise, amount: Paise| *sum = Paise::new(sum.get() + sign * amount.get());
            plus(&mut totals.value, value);
            for line in lines {
                plus(&mut totals.taxable, line.taxable);
                plus(&mut totals.igst, line.igst);
                plus(&mut totals.cgst, line.cgst);
                plus(&mut totals.sgst, line.sgst);
            }
        };
        for invoice in &self.invoices {
            add(invoice.facts.value, &invoice.lines, 1);
        }
        for note in &self.credit_notes {
            add(note.value, &note.lines, -1);
        }
        totals
    }
}

/// The section an invoice (and so its credit notes) is reported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    B2b,
    B2cl,
    B2cs,
}

impl InvoiceFacts {
    pub fn section(&self) -> Section {
        if self.buyer.gstin.is_some() {
            Section::B2b
        } else if self.inter_state && self.value > B2CL_ABOVE {
            Section::B2cl
        } else {
            Section::B2cs
        }
    }
}

#[cfg(test)]
mod tests;
