//! Checks every case of `vectors.json`, the file the frontend's tests read too.
//!
//! The expected values there are not produced by this crate: `tools/gen_vectors.py` computes
//! them with exact fractions and checks the rupee strings against node's `Intl.NumberFormat`.

use pricing::{
    CartTotals, GstRate, LineAmounts, Paise, PlaceOfSupply, PricedLine, PricingError, WeightBand,
    WeightRate, WeightStep, cart_totals, discount_percent, format_inr, format_inr_short,
    line_amounts, split_gst,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    rounding: String,
    cart_totals: Vec<CartCase>,
    line_amounts: Vec<LineCase>,
    discount_percent: Vec<DiscountCase>,
    format_full: Vec<FormatCase>,
    format_short: Vec<FormatCase>,
    gst_split: Vec<SplitCase>,
    delivery_fees: Vec<DeliveryCase>,
}

#[derive(Deserialize)]
struct DeliveryCase {
    name: String,
    rate: Rate,
    weight_grams: u64,
    items_total_paise: i64,
    expected_fee_paise: i64,
}

#[derive(Deserialize)]
struct Rate {
    bands: Vec<Band>,
    further: Step,
    free_above_paise: Option<i64>,
}

#[derive(Deserialize)]
struct Band {
    up_to_grams: u64,
    fee_paise: i64,
}

#[derive(Deserialize)]
struct Step {
    grams: u64,
    fee_paise: i64,
}

impl Rate {
    fn checked(&self) -> Result<WeightRate, PricingError> {
        WeightRate::new(
            self.bands
                .iter()
                .map(|b| WeightBand {
                    up_to_grams: b.up_to_grams,
                    fee: Paise::new(b.fee_paise),
                })
                .collect(),
            WeightStep {
                grams: self.further.grams,
                fee: Paise::new(self.further.fee_paise),
            },
            self.free_above_paise.map(Paise::new),
        )
    }
}

#[derive(Deserialize, Clone, Copy)]
struct Line {
    price_paise: i64,
    gst_rate_bp: u16,
    quantity: u32,
}

impl Line {
    fn priced(self) -> Result<PricedLine, PricingError> {
        Ok(PricedLine {
            unit_price: Paise::new(self.price_paise),
            gst_rate: GstRate::new(self.gst_rate_bp)?,
            quantity: self.quantity,
        })
    }
}

#[derive(Deserialize)]
struct CartCase {
    name: String,
    lines: Vec<Line>,
    expected: ExpectedTotals,
}

#[derive(Deserialize)]
struct ExpectedTotals {
    count: u64,
    subtotal_paise: i64,
    tax_paise: i64,
    total_paise: i64,
}

#[derive(Deserialize)]
struct LineCase {
    name: String,
    line: Line,
    expected: ExpectedLine,
}

#[derive(Deserialize)]
struct ExpectedLine {
    taxable_paise: i64,
    tax_paise: i64,
    total_paise: i64,
}

#[derive(Deserialize, Debug)]
struct DiscountCase {
    mrp_paise: Option<i64>,
    retail_paise: i64,
    expected: Option<String>,
}

#[derive(Deserialize)]
struct FormatCase {
    paise: i64,
    expected: String,
}

#[derive(Deserialize, Debug)]
struct SplitCase {
    tax_paise: i64,
    intra_state: bool,
    expected: ExpectedSplit,
}

#[derive(Deserialize, Debug)]
struct ExpectedSplit {
    cgst_paise: i64,
    sgst_paise: i64,
    igst_paise: i64,
}

fn vectors() -> Result<Vectors, serde_json::Error> {
    serde_json::from_str(include_str!("../vectors.json"))
}

#[test]
fn enough_cases() {
    let v = vectors().unwrap();
    assert!(v.rounding.contains("half away from zero"));
    let all = v.cart_totals.len()
        + v.line_amounts.len()
        + v.discount_percent.len()
        + v.format_full.len()
        + v.format_short.len()
        + v.gst_split.len();
    assert!(v.cart_totals.len() >= 20 && all >= 40, "{all} cases");
}

#[test]
fn cart_totals_cases() {
    for case in vectors().unwrap().cart_totals {
        let lines: Vec<PricedLine> = case.lines.iter().map(|l| l.priced().unwrap()).collect();
        let e = &case.expected;
        let expected = CartTotals {
            count: e.count,
            subtotal: Paise::new(e.subtotal_paise),
            tax: Paise::new(e.tax_paise),
            total: Paise::new(e.total_paise),
        };
        assert_eq!(
            cart_totals(&lines),
            Ok(expected),
            "cart_totals case {:?}",
            case.name
        );
    }
}

#[test]
fn line_amounts_cases() {
    for case in vectors().unwrap().line_amounts {
        let e = &case.expected;
        let expected = LineAmounts {
            taxable: Paise::new(e.taxable_paise),
            tax: Paise::new(e.tax_paise),
            total: Paise::new(e.total_paise),
        };
        let got = line_amounts(&case.line.priced().unwrap());
        assert_eq!(got, Ok(expected), "line_amounts case {:?}", case.name);
    }
}

#[test]
fn discount_percent_cases() {
    for case in vectors().unwrap().discount_percent {
        let got = discount_percent(
            case.mrp_paise.map(Paise::new),
            Paise::new(case.retail_paise),
        );
        assert_eq!(
            got.map(|d| d.to_string()),
            case.expected,
            "discount case {case:?}"
        );
    }
}

#[test]
fn format_cases() {
    let v = vectors().unwrap();
    for case in v.format_full {
        let got = format_inr(Paise::new(case.paise));
        assert_eq!(got, case.expected, "format_full case {} paise", case.paise);
    }
    for case in v.format_short {
        let got = format_inr_short(Paise::new(case.paise));
        assert_eq!(got, case.expected, "format_short case {} paise", case.paise);
    }
}

#[test]
fn gst_split_cases() {
    for case in vectors().unwrap().gst_split {
        let place = if case.intra_state {
            PlaceOfSupply::IntraState
        } else {
            PlaceOfSupply::InterState
        };
        let split = split_gst(Paise::new(case.tax_paise), place);
        let got = (split.cgst.get(), split.sgst.get(), split.igst.get());
        let e = &case.expected;
        let expected = (e.cgst_paise, e.sgst_paise, e.igst_paise);
        assert_eq!(got, expected, "gst_split case {case:?}");
    }
}

#[test]
fn delivery_fee_cases() {
    let cases = vectors().unwrap().delivery_fees;
    assert!(cases.len() >= 10);
    for case in cases {
        let fee = case
            .rate
            .checked()
            .unwrap()
            .fee(case.weight_grams, Paise::new(case.items_total_paise));
        assert_eq!(
            fee,
            Ok(Paise::new(case.expected_fee_paise)),
            "delivery fee case {:?}",
            case.name
        );
    }
}
