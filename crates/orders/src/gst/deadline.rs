//! How long a supply may still be credited: CGST Act s. 34(2) (as amended by the Finance Act
//! 2022) allows a credit note up to 30 November after the end of the financial year in which the
//! supply was made, or the day the annual return for that year is filed, whichever is earlier.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::series::FinancialYear;

/// The days the shop filed its annual returns (GSTR-9), by financial year: the shop profile's
/// `annual_returns_filed`, `{"2025-26": "2026-10-15"}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnnualReturns(BTreeMap<FinancialYear, NaiveDate>);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("A financial year is written 2025-26 (April 2025 to March 2026).")]
pub struct BadYear;

impl AnnualReturns {
    /// Each `2025-26` year with the day its annual return was filed.
    pub fn parse<'a>(
        filed: impl IntoIterator<Item = (&'a str, NaiveDate)>,
    ) -> Result<Self, BadYear> {
        let mut years = BTreeMap::new();
        for (year, day) in filed {
            years.insert(parse_year(year)?, day);
        }
        Ok(Self(years))
    }

    /// The last day a credit note may be issued for a supply made on `supplied_on`.
    pub fn last_day_to_credit(&self, supplied_on: NaiveDate) -> NaiveDate {
        let year = FinancialYear::of(supplied_on);
        let november = year.last_day_to_credit();
        match self.0.get(&year) {
            Some(filed) if *filed < november => *filed,
            _ => november,
        }
    }
}

fn parse_year(text: &str) -> Result<FinancialYear, BadYear> {
    let (first, second) = text.trim().split_once('-').ok_or(BadYear)?;
    let start: i32 = first.parse().map_err(|_| BadYear)?;
    let end: i32 = second.parse().map_err(|_| BadYear)?;
    let fits = first.len() == 4 && second.len() == 2 && (end - start).rem_euclid(100) == 1;
    let day = NaiveDate::from_ymd_opt(start, 4, 1)
        .filter(|_| fits)
        .ok_or(BadYear)?;
    Ok(FinancialYear::of(day))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn credit_notes_end_on_30_november_after_the_year_or_the_annual_return() {
        let none = AnnualReturns::default();
        // A sale of 5 March 2026 (year 2025-26) may be credited until 30 November 2026.
        assert_eq!(none.last_day_to_credit(day(2026, 3, 5)), day(2026, 11, 30));
        // One of 1 April 2026 (year 2026-27) until 30 November 2027.
        assert_eq!(none.last_day_to_credit(day(2026, 4, 1)), day(2027, 11, 30));
        // The annual return for 2025-26 filed on 15 October 2026 ends it then.
        let filed = AnnualReturns::parse([("2025-26", day(2026, 10, 15))]).unwrap();
        assert_eq!(filed.last_day_to_credit(day(2026, 3, 5)), day(2026, 10, 15));
        // Filed after 30 November, it changes nothing.
        let late = AnnualReturns::parse([("2025-26", day(2026, 12, 20))]).unwrap();
        assert_eq!(late.last_day_to_credit(day(2025, 4, 1)), day(2026, 11, 30));
        for bad in ["2025", "2025-27", "25-26", "2025-2026", "x-26"] {
            assert_eq!(
                AnnualReturns::parse([(bad, day(2026, 1, 1))]),
                Err(BadYear),
                "{bad}"
            );
        }
        assert!(AnnualReturns::parse([("2099-00", day(2100, 5, 1))]).is_ok());
    }
}
