//! November 2026 worked by hand: `worked/README.md` explains every figure of `worked/*.csv`.

use chrono::NaiveDate;
use pricing::{GstRate, Paise, SupplyKind, Uqc};

use super::*;
use crate::gst::documents::DocumentKind;

fn rupees(text: &str) -> Paise {
    let (whole, part) = text.split_once('.').unwrap_or((text, "0"));
    Paise::new(whole.parse::<i64>().unwrap() * 100 + format!("{part:0<2}").parse::<i64>().unwrap())
}

fn nov(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
}

/// (HSN, rate %, quantity, taxable, IGST, CGST, SGST)
type Line<'a> = (&'a str, u16, u32, &'a str, &'a str, &'a str, &'a str);

fn lines(lines: &[Line]) -> Vec<TaxedLine> {
    lines
        .iter()
        .map(
            |(hsn, rate, quantity, taxable, igst, cgst, sgst)| TaxedLine {
                position: 0,
                // Seeds (1209), the only 0 % line here, are exempt (10/2025-CT(R)).
                kind: if *rate == 0 {
                    SupplyKind::Exempt
                } else {
                    SupplyKind::Taxable
                },
                uqc: Uqc::NOS,
                uqc_milli: Some(1000),
                hsn: (*hsn).into(),
                quantity: *quantity,
                rate: GstRate::new(rate * 100).unwrap(),
                taxable: rupees(taxable),
                igst: rupees(igst),
                cgst: rupees(cgst),
                sgst: rupees(sgst),
            },
        )
        .collect()
}

fn facts(n: u32, day: u32, buyer: (Option<&str>, &str), state: &str, value: &str) -> InvoiceFacts {
    InvoiceFacts {
        kind: DocumentKind::TaxInvoice,
        order_id: db::OrderId(i64::from(n)),
        order: format!("ORD-2026-{n:06}"),
        number: format!("WR/26-27/{n:06}"),
        date: nov(day),
        buyer: Buyer {
            gstin: buyer.0.map(str::to_owned),
            name: buyer.1.into(),
        },
        place_of_supply: state.into(),
        inter_state: state != "Kerala",
        value: rupees(value),
    }
}

fn november() -> Register {
    let consumer = (None, "");
    let invoices = vec![
        Invoice {
            facts: facts(1, 2, consumer, "Kerala", "1740.00"),
            lines: lines(&[
                ("3808", 18, 2, "1000.00", "0", "90.00", "90.00"),
                ("3105", 5, 1, "400.00", "0", "10.00", "10.00"),
                ("2202", 40, 2, "100.00", "0", "20.00", "20.00"),
            ]),
        },
        Invoice {
            facts: facts(
                2,
                5,
                (Some("33AAPFU0939F1Z2"), "Bodi Estates"),
                "Tamil Nadu",
                "7670.00",
            ),
            lines: lines(&[
                ("8424", 18, 3, "6000.00", "1080.00", "0", "0"),
                ("3808", 18, 1, "500.00", "90.00", "0", "0"),
            ]),
        },
        Invoice {
            facts: facts(3, 10, consumer, "Tamil Nadu", "108300.00"),
            lines: lines(&[
                ("8432", 18, 1, "90000.00", "16200.00", "0", "0"),
                ("3105", 5, 10, "2000.00", "100.00", "0", "0"),
            ]),
        },
        Invoice {
            facts: facts(4, 12, consumer, "Tamil Nadu", "604.00"),
            lines: lines(&[
                ("1209", 0, 5, "250.00", "0", "0", "0"),
                ("3808", 18, 1, "300.00", "54.00", "0", "0"),
            ]),
        },
        Invoice {
            facts: facts(5, 15, consumer, "Kerala", "2360.00"),
            lines: lines(&[("3808", 18, 4, "2000.00", "0", "180.00", "180.00")]),
        },
        Invoice {
            facts: facts(
                6,
                28,
                (Some("32ABCDE1234F1Z9"), "Munnar Estates"),
                "Kerala",
                "8400.00",
            ),
            lines: lines(&[("3105", 5, 20, "8000.00", "0", "200.00", "200.00")]),
        },
    ];
    // A whole order cancelled after its invoice: the note repeats the invoice's lines.
    let note = |n: u32, day: u32, invoice: &Invoice| CreditNote {
        number: format!("WRCN/26-27/{n:05}"),
        date: nov(day),
        invoice: invoice.facts.clone(),
        value: invoice.facts.value,
        lines: invoice.lines.clone(),
    };
    let credit_notes = vec![
        note(1, 20, &invoices[4]),
        note(2, 22, &invoices[1]),
        note(3, 25, &invoices[2]),
    ];
    Register {
        invoices,
        credit_notes,
    }
}

#[test]
fn invoices_fall_in_their_sections() {
    let register = november();
    let sections: Vec<Section> = register
        .invoices
        .iter()
        .map(|i| i.facts.section())
        .collect();
    use Section::*;
    assert_eq!(sections, [B2cs, B2b, B2cl, B2cs, B2cs, B2b]);
    // Exactly ₹1,00,000 is not over the limit.
    let mut at_limit = register.invoices[2].facts.clone();
    at_limit.value = B2CL_ABOVE;
    assert_eq!(at_limit.section(), B2cs);
}

#[test]
fn every_file_says_what_was_worked_out_by_hand() {
    let expected = [
        ("b2b", include_str!("worked/b2b.csv")),
        ("b2cl", include_str!("worked/b2cl.csv")),
        ("b2cs", include_str!("worked/b2cs.csv")),
        ("cdnr", include_str!("worked/cdnr.csv")),
        ("cdnur", include_str!("worked/cdnur.csv")),
        ("exemp", include_str!("worked/exemp.csv")),
        ("hsn_b2b", include_str!("worked/hsn_b2b.csv")),
        ("hsn_b2c", include_str!("worked/hsn_b2c.csv")),
        ("docs", include_str!("worked/docs.csv")),
    ];
    let files = gstr1_files(&november());
    let names: Vec<&str> = files.iter().map(|f| f.name).collect();
    assert_eq!(names, expected.map(|(name, _)| name));
    for (file, (name, csv)) in files.iter().zip(expected) {
        assert_eq!(file.csv, csv, "{name}.csv");
    }
}

#[test]
fn an_empty_period_gives_headers_alone() {
    for file in gstr1_files(&Register::default()) {
        assert_eq!(file.csv.lines().count(), 1, "{}", file.name);
    }
}

#[test]
fn a_register_whose_amounts_cannot_all_be_added_up_is_caught() {
    let register = november();
    assert!(register.sums_fit());
    // Two invoices of ₹5 × 10^16 each: every one fits in i64 paise, their sum does not.
    let mut huge = register.clone();
    for invoice in huge.invoices.iter_mut().take(2) {
        invoice.facts.value = Paise::new(5_000_000_000_000_000_000);
    }
    assert!(!huge.sums_fit());
    // Signs do not hide it: a credit note's amount counts by its size.
    let mut mixed = register.clone();
    mixed.invoices[0].lines[0].taxable = Paise::new(i64::MAX);
    mixed.invoices[0].lines[0].igst = Paise::new(i64::MIN + 1);
    assert!(!mixed.sums_fit());
    let mut minimum = register;
    minimum.invoices[0].lines[0].cgst = Paise::new(i64::MIN);
    assert!(!minimum.sums_fit(), "|i64::MIN| itself does not fit");
}

#[test]
fn a_buyers_name_never_reaches_the_spreadsheet_as_a_formula() {
    let mut register = november();
    let formula = "=HYPERLINK(\"http://evil.example\",\"Bodi Estates\")";
    for invoice in &mut register.invoices {
        if invoice.facts.buyer.name == "Bodi Estates" {
            invoice.facts.buyer.name = formula.into();
        }
    }
    let files = gstr1_files(&register);
    let b2b = &files.iter().find(|f| f.name == "b2b").unwrap().csv;
    let names: Vec<String> = csv::Reader::from_reader(b2b.as_bytes())
        .records()
        .map(|r| r.unwrap()[1].to_owned())
        .collect();
    assert!(names.contains(&format!("'{formula}")), "{b2b}");
    assert!(!b2b.contains(",\"=HYPERLINK"), "{b2b}");
    // A credit note's negative amounts stay numbers for the offline tool.
    let cdnr = &files.iter().find(|f| f.name == "cdnr").unwrap().csv;
    assert!(!cdnr.contains("'-"), "{cdnr}");
}
