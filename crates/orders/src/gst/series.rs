//! Document series under the GST rules (CGST Rules r. 46(b)): tax invoices, bills of supply and
//! credit notes are each numbered in their own
//! consecutive series per financial year (April to March), at most 16 characters of letters,
//! digits, `/` and `-`, never reused or skipped. A number is taken from the `counters` table in
//! the transaction that issues the document, so a rolled-back issue takes no number.

use chrono::{Datelike, NaiveDate};
use db::DbConnection;
use diesel::prelude::*;

/// India's financial year: April of `start` to March of the next year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FinancialYear {
    start: i32,
}

impl FinancialYear {
    /// The financial year a day (in India's calendar) falls in.
    pub fn of(day: NaiveDate) -> Self {
        let start = if day.month() >= 4 {
            day.year()
        } else {
            day.year() - 1
        };
        Self { start }
    }

    /// `26-27` for April 2026 to March 2027.
    pub fn label(self) -> String {
        format!(
            "{:02}-{:02}",
            self.start.rem_euclid(100),
            (self.start + 1).rem_euclid(100)
        )
    }

    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.start, 4, 1).unwrap_or(NaiveDate::MIN)
    }

    /// 30 November after the year ends: the last day for its credit notes (CGST Act s. 34(2)).
    pub fn last_day_to_credit(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.start + 1, 11, 30).unwrap_or(NaiveDate::MAX)
    }
}

/// A numbered kind of document, each with its own series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Series {
    /// Tax invoices and invoices-cum-bill of supply.
    Invoice,
    BillOfSupply,
    CreditNote,
}

impl Series {
    fn counter(self, year: FinancialYear) -> String {
        let kind = match self {
            Self::Invoice => "invoice",
            Self::BillOfSupply => "bill-of-supply",
            Self::CreditNote => "credit-note",
        };
        format!("{kind}-{}", year.start)
    }
}

/// The most characters a GST document number may have.
pub const MAX_LEN: usize = 16;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SeriesError {
    #[error(
        "A series prefix is 1 to 5 capital letters, digits or hyphens (for example WR or WR-CN)."
    )]
    BadPrefix,
    #[error("The series {prefix}/{year} has used all its {width}-digit numbers.")]
    Exhausted {
        prefix: String,
        year: String,
        width: usize,
    },
}

/// A checked series prefix, such as `WR` for invoices or `WRCN` for credit notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesPrefix(String);

impl SeriesPrefix {
    pub fn parse(raw: &str) -> Result<Self, SeriesError> {
        let prefix = raw.trim();
        let fits = (1..=5).contains(&prefix.len())
            && prefix
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
        if fits {
            Ok(Self(prefix.to_owned()))
        } else {
            Err(SeriesError::BadPrefix)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Digits of the running number: as many as fit in 16 characters, at most 6
    /// (`WR/26-27/000123`).
    fn width(&self) -> usize {
        (MAX_LEN - self.0.len() - "/26-27/".len()).min(6)
    }

    /// The `sequence`th document of `year` in this series.
    pub fn number(&self, year: FinancialYear, sequence: u64) -> Result<String, SeriesError> {
        let width = self.width();
        let number = format!("{}/{}/{sequence:0width$}", self.0, year.label());
        if number.len() > MAX_LEN {
            return Err(SeriesError::Exhausted {
                prefix: self.0.clone(),
                year: year.label(),
                width,
            });
        }
        Ok(number)
    }
}

/// Takes the next number of `series` in `year` (1 for the year's first document). Call inside
/// the transaction that issues the document.
pub fn next_in_series(
    conn: &mut DbConnection,
    series: Series,
    year: FinancialYear,
) -> QueryResult<u64> {
    let value = crate::counters::next_value(conn, &series.counter(year))?;
    Ok(u64::try_from(value).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_year_turns_on_the_first_of_april() {
        assert_eq!(FinancialYear::of(day(2027, 3, 31)).label(), "26-27");
        assert_eq!(FinancialYear::of(day(2027, 4, 1)).label(), "27-28");
        assert_eq!(FinancialYear::of(day(2026, 11, 23)).label(), "26-27");
        assert_eq!(FinancialYear::of(day(2099, 4, 1)).label(), "99-00");
        assert_eq!(
            FinancialYear::of(day(2027, 1, 5)).first_day(),
            day(2026, 4, 1)
        );
    }

    #[test]
    fn numbers_fit_in_sixteen_characters() {
        let year = FinancialYear::of(day(2026, 11, 23));
        let invoices = SeriesPrefix::parse("WR").unwrap();
        assert_eq!(invoices.number(year, 123).unwrap(), "WR/26-27/000123");
        let notes = SeriesPrefix::parse("WRCN").unwrap();
        assert_eq!(notes.number(year, 12).unwrap(), "WRCN/26-27/00012");
        let long = SeriesPrefix::parse("WR-CN").unwrap();
        assert_eq!(long.number(year, 7).unwrap(), "WR-CN/26-27/0007");
        assert_eq!(long.number(year, 9999).unwrap().len(), 16);
        assert_eq!(
            long.number(year, 10_000),
            Err(SeriesError::Exhausted {
                prefix: "WR-CN".into(),
                year: "26-27".into(),
                width: 4
            })
        );
        // Past 999,999 a two-letter series grows a digit, still within 16 characters.
        assert_eq!(
            invoices.number(year, 1_000_000).unwrap(),
            "WR/26-27/1000000"
        );
    }

    #[test]
    fn each_series_counts_on_its_own_per_year_without_gaps() {
        for database in db::testing::test_databases() {
            let mut conn = database.pool().get().unwrap();
            let this = FinancialYear::of(day(2026, 11, 23));
            let next = FinancialYear::of(day(2027, 4, 1));
            let taken: Vec<u64> = [
                (Series::Invoice, this),
                (Series::Invoice, this),
                (Series::CreditNote, this),
                (Series::Invoice, next),
                (Series::Invoice, this),
            ]
            .into_iter()
            .map(|(series, year)| next_in_series(&mut conn, series, year).unwrap())
            .collect();
            assert_eq!(taken, [1, 2, 1, 1, 3], "{}", database.name());
            // A rolled-back issue gives its number back.
            let _ = db::write_transaction(&mut conn, |conn| {
                next_in_series(conn, Series::Invoice, this)?;
                Err::<(), _>(diesel::result::Error::RollbackTransaction)
            });
            assert_eq!(next_in_series(&mut conn, Series::Invoice, this).unwrap(), 4);
        }
    }

    #[test]
    fn prefixes_are_short_capitals_digits_and_hyphens() {
        for bad in ["", "wr", "WR/1", "TOOLONG", "W R"] {
            assert_eq!(
                SeriesPrefix::parse(bad),
                Err(SeriesError::BadPrefix),
                "{bad:?}"
            );
        }
    }
}
