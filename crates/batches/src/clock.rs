//! Expiry dates are Indian dates: a batch expiring on the 30th is sold until midnight in India
//! (UTC+5:30, no daylight saving) at the end of the 30th.

use chrono::{Duration, NaiveDate, NaiveDateTime, Utc};

/// The Indian date of a UTC time.
pub fn india_date(utc: NaiveDateTime) -> NaiveDate {
    (utc + Duration::minutes(5 * 60 + 30)).date()
}

/// Today in India.
pub fn india_today() -> NaiveDate {
    india_date(Utc::now().naive_utc())
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
}
