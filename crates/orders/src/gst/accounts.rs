//! What the accountant checks besides GSTR-1, from the same [`Register`]:
//! - the GSTR-3B figures the portal fills in from GSTR-1 (table 3.1 outward supplies by kind,
//!   3.2 inter-state supplies to unregistered persons by place of supply), to compare before
//!   filing; since 2025 the portal locks them, and a difference is corrected in GSTR-1A (the same
//!   month, before 3B is filed) or by amending GSTR-1 in a later month;
//! - the invoice register: every document of the period with its figures.

use std::collections::BTreeMap;

use pricing::{Paise, SupplyKind};
use serde::Serialize;

use super::documents::DocumentKind;
use super::gstr1::{InvoiceFacts, Register, TaxedLine, csv_text, date, place, rupees};

/// One row of GSTR-3B's tables 3.1 and 3.2.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Gstr3bRow {
    /// `3.1(a)`, `3.1(c)`, `3.1(e)` or `3.2`.
    pub section: String,
    pub description: String,
    /// For 3.2: the place of supply, `33-Tamil Nadu`.
    #[schema(required = true)]
    pub place_of_supply: Option<String>,
    pub taxable: Paise,
    /// None where the table has no such tax.
    #[schema(required = true)]
    pub igst: Option<Paise>,
    #[schema(required = true)]
    pub cgst: Option<Paise>,
    #[schema(required = true)]
    pub sgst: Option<Paise>,
}

#[derive(Default, Clone, Copy)]
struct Sum {
    taxable: i64,
    igst: i64,
    cgst: i64,
    sgst: i64,
}

impl Sum {
    fn add(&mut self, line: &TaxedLine, sign: i64) {
        self.taxable += sign * line.taxable.get();
        self.igst += sign * line.igst.get();
        self.cgst += sign * line.cgst.get();
        self.sgst += sign * line.sgst.get();
    }
}

/// The period's GSTR-3B tables 3.1 (a), (c), (e) and 3.2, credit notes taken off.
pub fn gstr3b(register: &Register) -> Vec<Gstr3bRow> {
    let mut taxable = Sum::default();
    let mut exempt = Sum::default();
    let mut non_gst = Sum::default();
    let mut unregistered: BTreeMap<String, Sum> = BTreeMap::new();
    let mut add = |facts: &InvoiceFacts, lines: &[TaxedLine], sign: i64| {
        for line in lines {
            match line.kind {
                SupplyKind::Taxable => {
                    taxable.add(line, sign);
                    if facts.inter_state && facts.buyer.gstin.is_none() {
                        unregistered
                            .entry(place(&facts.place_of_supply))
                            .or_default()
                            .add(line, sign);
                    }
                }
                SupplyKind::NilRated | SupplyKind::Exempt => exempt.add(line, sign),
                SupplyKind::NonGst => non_gst.add(line, sign),
            }
        }
    };
    for invoice in &register.invoices {
        add(&invoice.facts, &invoice.lines, 1);
    }
    for note in &register.credit_notes {
        add(&note.invoice, &note.lines, -1);
    }
    let paise = |amount: i64| Some(Paise::new(amount));
    let mut rows = vec![
        Gstr3bRow {
            section: "3.1(a)".into(),
            description: "Outward taxable supplies (other than zero rated, nil rated and exempted)"
                .into(),
            place_of_supply: None,
            taxable: Paise::new(taxable.taxable),
            igst: paise(taxable.igst),
            cgst: paise(taxable.cgst),
            sgst: paise(taxable.sgst),
        },
        Gstr3bRow {
            section: "3.1(c)".into(),
            description: "Other outward supplies (nil rated, exempted)".into(),
            place_of_supply: None,
            taxable: Paise::new(exempt.taxable),
            igst: None,
            cgst: None,
            sgst: None,
        },
        Gstr3bRow {
            section: "3.1(e)".into(),
            description: "Non-GST outward supplies".into(),
            place_of_supply: None,
            taxable: Paise::new(non_gst.taxable),
            igst: None,
            cgst: None,
            sgst: None,
        },
    ];
    rows.extend(
        unregistered
            .into_iter()
            // A place whose sales all came back in the period leaves nothing to report.
            .filter(|(_, sum)| sum.taxable != 0 || sum.igst != 0)
            .map(|(place, sum)| Gstr3bRow {
                section: "3.2".into(),
                description: "Supplies made to unregistered persons".into(),
                place_of_supply: Some(place),
                taxable: Paise::new(sum.taxable),
                igst: paise(sum.igst),
                cgst: None,
                sgst: None,
            }),
    );
    rows
}

const GSTR3B: [&str; 7] = [
    "Section",
    "Description",
    "Place Of Supply",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
];

/// [`gstr3b`]'s rows as CSV.
pub fn gstr3b_csv(rows: &[Gstr3bRow]) -> String {
    let amount = |a: Option<Paise>| a.map(rupees).unwrap_or_default();
    csv_text(
        &GSTR3B,
        rows.iter()
            .map(|row| {
                vec![
                    row.section.clone(),
                    row.description.clone(),
                    row.place_of_supply.clone().unwrap_or_default(),
                    rupees(row.taxable),
                    amount(row.igst),
                    amount(row.cgst),
                    amount(row.sgst),
                ]
            })
            .collect(),
    )
}

const REGISTER: [&str; 15] = [
    "Document Type",
    "Number",
    "Date",
    "Order",
    "Against",
    "Buyer",
    "GSTIN",
    "Place Of Supply",
    "Supply Type",
    "Taxable Value",
    "Exempt Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Document Value",
];

fn document_type(kind: DocumentKind) -> &'static str {
    match kind {
        DocumentKind::TaxInvoice => "Tax invoice",
        DocumentKind::InvoiceCumBill => "Invoice-cum-bill of supply",
        DocumentKind::BillOfSupply => "Bill of supply",
    }
}

/// Every document of the period: invoices and bills of supply in the order issued, then credit
/// notes in the order issued, a credit note's figures negative.
pub fn invoice_register_csv(register: &Register) -> String {
    let row = |kind: &str,
               number: &str,
               day,
               against: &str,
               facts: &InvoiceFacts,
               lines: &[TaxedLine],
               sign: i64| {
        let mut taxable = Sum::default();
        let mut exempt = 0_i64;
        for line in lines {
            if line.kind.is_taxable() {
                taxable.add(line, sign);
            } else {
                exempt += sign * line.taxable.get();
            }
        }
        let value = taxable.taxable + taxable.igst + taxable.cgst + taxable.sgst + exempt;
        let r = |paise: i64| rupees(Paise::new(paise));
        vec![
            kind.to_owned(),
            number.to_owned(),
            date(day),
            facts.order.clone(),
            against.to_owned(),
            facts.buyer.name.clone(),
            facts.buyer.gstin.clone().unwrap_or_default(),
            place(&facts.place_of_supply),
            if facts.inter_state {
                "Inter-State"
            } else {
                "Intra-State"
            }
            .to_owned(),
            r(taxable.taxable),
            r(exempt),
            r(taxable.igst),
            r(taxable.cgst),
            r(taxable.sgst),
            r(value),
        ]
    };
    let documents = register.invoices.iter().map(|invoice| {
        let facts = &invoice.facts;
        row(
            document_type(facts.kind),
            &facts.number,
            facts.date,
            "",
            facts,
            &invoice.lines,
            1,
        )
    });
    let notes = register.credit_notes.iter().map(|note| {
        row(
            "Credit note",
            &note.number,
            note.date,
            &note.invoice.number,
            &note.invoice,
            &note.lines,
            -1,
        )
    });
    csv_text(&REGISTER, documents.chain(notes).collect())
}
