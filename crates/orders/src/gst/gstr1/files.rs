//! The CSV files themselves. Amounts are rupees with two decimals (no grouping), dates
//! `05-Nov-2026`, places of supply `33-Tamil Nadu`, rates in percent (`18`, `2.5`), as the
//! offline tool's templates have them. Cess is not charged on anything the shop sells, so its
//! column is left empty.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use fields::spreadsheet::escape_cell;
use pricing::{Paise, SupplyKind, Uqc, milli_text};

use super::{CreditNote, Invoice, InvoiceFacts, Register, Section, TaxedLine};
use crate::gst::documents::DocumentKind;

/// One file of the return: its name and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gstr1File {
    pub name: &'static str,
    pub csv: String,
}

const B2B: [&str; 13] = [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
];
const B2CL: [&str; 9] = [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
];
const B2CS: [&str; 7] = [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
];
const CDNR: [&str; 13] = [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
];
const CDNUR: [&str; 10] = [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
];
const HSN: [&str; 11] = [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
];
const EXEMP: [&str; 4] = [
    "Description",
    "Nil Rated Supplies",
    "Exempted(other than nil rated/non GST supply)",
    "Non-GST Supplies",
];
const DOCS: [&str; 5] = [
    "Nature of Document",
    "Sr. No. From",
    "Sr. No. To",
    "Total Number",
    "Cancelled",
];

/// Every file of the return for `register`, in the template's order: `b2b`, `b2cl`, `b2cs`,
/// `cdnr`, `cdnur`, `exemp`, `hsn(b2b)`, `hsn(b2c)`, `docs`. A section with nothing to report is
/// a file with its header alone.
pub fn gstr1_files(register: &Register) -> Vec<Gstr1File> {
    vec![
        file("b2b", &B2B, b2b_rows(register)),
        file("b2cl", &B2CL, b2cl_rows(register)),
        file("b2cs", &B2CS, b2cs_rows(register)),
        file("cdnr", &CDNR, cdnr_rows(register)),
        file("cdnur", &CDNUR, cdnur_rows(register)),
        file("exemp", &EXEMP, exemp_rows(register)),
        file("hsn_b2b", &HSN, hsn_rows(register, true)),
        file("hsn_b2c", &HSN, hsn_rows(register, false)),
        file("docs", &DOCS, docs_rows(register)),
    ]
}

fn file(name: &'static str, header: &[&str], rows: Vec<Vec<String>>) -> Gstr1File {
    Gstr1File {
        name,
        csv: csv_text(header, rows),
    }
}

/// A CSV file's text: the header, then each row with every cell through `escape_cell` (the
/// reports' files are written the same way).
pub(crate) fn csv_text(header: &[&str], rows: Vec<Vec<String>>) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = writer.write_record(header);
    for row in rows {
        // Buyers' names are the shopper's text; amounts stay numbers (see `escape_cell`).
        let _ = writer.write_record(row.iter().map(|cell| escape_cell(cell).into_owned()));
    }
    writer
        .into_inner()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

/// Rupees with two decimals: `1190.00`, `-2.05`.
pub(crate) fn rupees(amount: Paise) -> String {
    let paise = amount.get();
    let sign = if paise < 0 { "-" } else { "" };
    let paise = paise.unsigned_abs();
    format!("{sign}{}.{:02}", paise / 100, paise % 100)
}

/// A rate in basis points as the templates write percent: `18`, `2.5`, `0.25`.
fn percent(bp: u16) -> String {
    let whole = bp / 100;
    match bp % 100 {
        0 => whole.to_string(),
        part if part % 10 == 0 => format!("{whole}.{}", part / 10),
        part => format!("{whole}.{part:02}"),
    }
}

pub(crate) fn date(day: NaiveDate) -> String {
    day.format("%d-%b-%Y").to_string()
}

/// A place of supply as the templates write it: `33-Tamil Nadu`.
pub(crate) fn place(state: &str) -> String {
    match fields::states::state_code(state) {
        Some(code) => format!("{code}-{state}"),
        None => state.to_owned(),
    }
}

/// Taxable values of the taxable `lines` summed per rate, lowest rate first (exempt lines are
/// reported in `exemp` alone).
fn taxable_by_rate(lines: &[TaxedLine]) -> BTreeMap<u16, Paise> {
    let mut sums = BTreeMap::new();
    for line in lines.iter().filter(|line| line.kind.is_taxable()) {
        let sum: &mut Paise = sums.entry(line.rate.basis_points()).or_default();
        *sum = Paise::new(sum.get() + line.taxable.get());
    }
    sums
}

fn invoices_in(register: &Register, section: Section) -> impl Iterator<Item = &Invoice> {
    register
        .invoices
        .iter()
        .filter(move |invoice| invoice.facts.section() == section)
}

fn notes_in(register: &Register, section: Section) -> impl Iterator<Item = &CreditNote> {
    register
        .credit_notes
        .iter()
        .filter(move |note| note.invoice.section() == section)
}

fn b2b_rows(register: &Register) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for invoice in invoices_in(register, Section::B2b) {
        let facts = &invoice.facts;
        for (bp, taxable) in taxable_by_rate(&invoice.lines) {
            rows.push(vec![
                facts.buyer.gstin.clone().unwrap_or_default(),
                facts.buyer.name.clone(),
                facts.number.clone(),
                date(facts.date),
                rupees(facts.value),
                place(&facts.place_of_supply),
                "N".into(),
                String::new(),
                "Regular B2B".into(),
                String::new(),
                percent(bp),
                rupees(taxable),
                String::new(),
            ]);
        }
    }
    rows
}

fn b2cl_rows(register: &Register) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for invoice in invoices_in(register, Section::B2cl) {
        let facts = &invoice.facts;
        for (bp, taxable) in taxable_by_rate(&invoice.lines) {
            rows.push(vec![
                facts.number.clone(),
                date(facts.date),
                rupees(facts.value),
                place(&facts.place_of_supply),
                String::new(),
                percent(bp),
                rupees(taxable),
                String::new(),
                String::new(),
            ]);
        }
    }
    rows
}

/// Sums per place of supply and rate: the period's B2CS invoices less its credit notes on B2CS
/// invoices.
fn b2cs_rows(register: &Register) -> Vec<Vec<String>> {
    let mut sums: BTreeMap<(String, u16), i64> = BTreeMap::new();
    let mut add = |facts: &InvoiceFacts, lines: &[TaxedLine], sign: i64| {
        for (bp, taxable) in taxable_by_rate(lines) {
            *sums.entry((place(&facts.place_of_supply), bp)).or_default() += sign * taxable.get();
        }
    };
    for invoice in invoices_in(register, Section::B2cs) {
        add(&invoice.facts, &invoice.lines, 1);
    }
    for note in notes_in(register, Section::B2cs) {
        add(&note.invoice, &note.lines, -1);
    }
    sums.into_iter()
        // A place and rate whose sales all came back in the period leave nothing to report.
        .filter(|(_, taxable)| *taxable != 0)
        .map(|((place, bp), taxable)| {
            vec![
                "OE".into(),
                place,
                String::new(),
                percent(bp),
                rupees(Paise::new(taxable)),
                String::new(),
                String::new(),
            ]
        })
        .collect()
}

fn cdnr_rows(register: &Register) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for note in notes_in(register, Section::B2b) {
        for (bp, taxable) in taxable_by_rate(&note.lines) {
            rows.push(vec![
                note.invoice.buyer.gstin.clone().unwrap_or_default(),
                note.invoice.buyer.name.clone(),
                note.number.clone(),
                date(note.date),
                "C".into(),
                place(&note.invoice.place_of_supply),
                "N".into(),
                "Regular B2B".into(),
                rupees(note.value),
                String::new(),
                percent(bp),
                rupees(taxable),
                String::new(),
            ]);
        }
    }
    rows
}

fn cdnur_rows(register: &Register) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for note in notes_in(register, Section::B2cl) {
        for (bp, taxable) in taxable_by_rate(&note.lines) {
            rows.push(vec![
                "B2CL".into(),
                note.number.clone(),
                date(note.date),
                "C".into(),
                place(&note.invoice.place_of_supply),
                rupees(note.value),
                String::new(),
                percent(bp),
                rupees(taxable),
                String::new(),
            ]);
        }
    }
    rows
}

/// Table 8: the taxable value of nil-rated, exempt and non-GST lines by inter- or intra-state and
/// registered or not, less the period's credit notes on them. Every row is present, unless there
/// is nothing at all to report.
fn exemp_rows(register: &Register) -> Vec<Vec<String>> {
    // [inter registered, intra registered, inter unregistered, intra unregistered] × [nil, exempt, non-GST]
    let mut sums = [[0_i64; 3]; 4];
    let mut add = |facts: &InvoiceFacts, lines: &[TaxedLine], sign: i64| {
        let row = match (facts.buyer.gstin.is_some(), facts.inter_state) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        for line in lines {
            let column = match line.kind {
                SupplyKind::NilRated => 0,
                SupplyKind::Exempt => 1,
                SupplyKind::NonGst => 2,
                SupplyKind::Taxable => continue,
            };
            sums[row][column] += sign * line.taxable.get();
        }
    };
    for invoice in &register.invoices {
        add(&invoice.facts, &invoice.lines, 1);
    }
    for note in &register.credit_notes {
        add(&note.invoice, &note.lines, -1);
    }
    if sums.iter().flatten().all(|sum| *sum == 0) {
        return Vec::new();
    }
    [
        "Inter-State supplies to registered persons",
        "Intra-State supplies to registered persons",
        "Inter-State supplies to unregistered persons",
        "Intra-State supplies to unregistered persons",
    ]
    .into_iter()
    .zip(sums)
    .map(|(description, row)| {
        let mut cells = vec![description.to_owned()];
        cells.extend(row.map(|paise| rupees(Paise::new(paise))));
        cells
    })
    .collect()
}

#[derive(Default)]
struct HsnSum {
    /// In thousandths of the unit.
    quantity: i64,
    taxable: i64,
    igst: i64,
    cgst: i64,
    sgst: i64,
}

/// The HSN summary of sales to registered buyers (`registered`) or to consumers: per HSN, unit
/// and rate, quantities (in the pack's unit: three 50 kg bags are 150 KGS) and values of the
/// period's documents less its credit notes (goods returned), exempt lines included.
fn hsn_rows(register: &Register, registered: bool) -> Vec<Vec<String>> {
    let wanted = |facts: &InvoiceFacts| (facts.section() == Section::B2b) == registered;
    let mut sums: BTreeMap<(String, Uqc, u16), HsnSum> = BTreeMap::new();
    let mut add = |lines: &[TaxedLine], sign: i64| {
        for line in lines {
            let sum = sums
                .entry((line.hsn.clone(), line.uqc, line.rate.basis_points()))
                .or_default();
            let per_pack = line.uqc_milli.unwrap_or(0);
            sum.quantity += sign * i64::from(line.quantity) * per_pack;
            sum.taxable += sign * line.taxable.get();
            sum.igst += sign * line.igst.get();
            sum.cgst += sign * line.cgst.get();
            sum.sgst += sign * line.sgst.get();
        }
    };
    for invoice in register.invoices.iter().filter(|i| wanted(&i.facts)) {
        add(&invoice.lines, 1);
    }
    for note in register.credit_notes.iter().filter(|n| wanted(&n.invoice)) {
        add(&note.lines, -1);
    }
    sums.into_iter()
        // A sale whose goods all came back in the period leaves nothing to summarise.
        .filter(|(_, sum)| {
            sum.quantity != 0 || sum.taxable != 0 || sum.igst != 0 || sum.cgst != 0 || sum.sgst != 0
        })
        .map(|((hsn, uqc, bp), sum)| {
            let total = sum.taxable + sum.igst + sum.cgst + sum.sgst;
            let quantity = if uqc == Uqc::NA {
                String::new()
            } else {
                milli_text(sum.quantity)
            };
            vec![
                hsn,
                String::new(),
                uqc.return_label(),
                quantity,
                rupees(Paise::new(total)),
                percent(bp),
                rupees(Paise::new(sum.taxable)),
                rupees(Paise::new(sum.igst)),
                rupees(Paise::new(sum.cgst)),
                rupees(Paise::new(sum.sgst)),
                String::new(),
            ]
        })
        .collect()
}

/// The documents issued: each series' first and last number in the period and how many. An
/// issued document is never cancelled here (a cancelled sale gets a credit note instead).
fn docs_rows(register: &Register) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut series = |nature: &str, numbers: Vec<&str>| {
        if let (Some(first), Some(last)) = (numbers.first(), numbers.last()) {
            rows.push(vec![
                nature.to_owned(),
                (*first).to_owned(),
                (*last).to_owned(),
                numbers.len().to_string(),
                "0".into(),
            ]);
        }
    };
    let of_kind = |bills: bool| {
        register
            .invoices
            .iter()
            .filter(|i| (i.facts.kind == DocumentKind::BillOfSupply) == bills)
            .map(|i| i.facts.number.as_str())
            .collect()
    };
    // Invoices (and invoices-cum-bill) and bills of supply are series of their own, each a row.
    series("Invoices for outward supply", of_kind(false));
    series("Invoices for outward supply", of_kind(true));
    series(
        "Credit Note",
        register
            .credit_notes
            .iter()
            .map(|n| n.number.as_str())
            .collect(),
    );
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_as_the_templates_write_them() {
        let rates: Vec<String> = [0, 25, 250, 500, 1800, 4000]
            .into_iter()
            .map(percent)
            .collect();
        assert_eq!(rates, ["0", "0.25", "2.5", "5", "18", "40"]);
        assert_eq!(rupees(Paise::new(-205)), "-2.05");
        assert_eq!(rupees(Paise::new(10_000_000)), "100000.00");
        assert_eq!(place("Tamil Nadu"), "33-Tamil Nadu");
        assert_eq!(
            date(NaiveDate::from_ymd_opt(2027, 3, 5).unwrap()),
            "05-Mar-2027"
        );
    }
}
