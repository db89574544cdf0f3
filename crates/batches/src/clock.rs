//! Expiry dates are Indian dates: a batch expiring on the 30th is sold until midnight in India
//! (UTC+5:30, no daylight saving) at the end of the 30th.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Utc};

/// The Indian date of a UTC time.
pub fn india_date(utc: NaiveDateTime) -> NaiveDate {
    (utc + Duration::minutes(5 * 60 + 30)).date()
}

/// Today in India.
pub fn india_today() -> NaiveDate {
    india_date(Utc::now().naive_utc())
}

/// A date as staff write it: `2026-12-31`, or the Indian way round, `31-12-2026` or
/// `31/12/2026` (day first, never month first).
pub fn parse_date(raw: &str) -> Result<NaiveDate, String> {
    let raw = raw.trim();
    let refused = || format!("“{raw}” is not a date: write 2026-12-31, 31-12-2026 or 31/12/2026.");
    let parts: Vec<&str> = raw.split(['-', '/', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return Err(refused());
    };
    let number = |part: &str| {
        (part.len() <= 4 && !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let (year, month, day) = if a.len() == 4 {
        (number(a), number(b), number(c))
    } else if c.len() == 4 {
        (number(c), number(b), number(a))
    } else {
        return Err(refused());
    };
    let (Some(year), Some(month), Some(day)) = (year, month, day) else {
        return Err(refused());
    };
    let year = i32::try_from(year).map_err(|_| refused())?;
    NaiveDate::from_ymd_opt(year, month, day)
        .filter(|d| (2000..=2100).contains(&d.year()))
        .ok_or_else(refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_indian_day_begins_at_half_past_six_the_evening_before_in_utc() {
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).unwrap_or_default();
        let utc = |d: u32, h: u32, m: u32| day(d).and_hms_opt(h, m, 0).unwrap_or_default();
        assert_eq!(india_date(utc(27, 18, 29)), day(27));
        assert_eq!(india_date(utc(27, 18, 30)), day(28));
    }

    #[test]
    fn dates_are_read_as_indian_staff_type_them() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 31);
        for raw in ["2026-12-31", "31-12-2026", "31/12/2026", " 31.12.2026 "] {
            assert_eq!(parse_date(raw).ok(), day, "{raw}");
        }
        assert_eq!(
            parse_date("05/01/2027").ok(),
            NaiveDate::from_ymd_opt(2027, 1, 5),
            "day first"
        );
        for raw in [
            "12/31/2026",
            "2026-02-30",
            "31-12-26",
            "tomorrow",
            "",
            "1/1/1900",
        ] {
            assert!(parse_date(raw).is_err(), "{raw}");
        }
    }
}
