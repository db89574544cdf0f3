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
