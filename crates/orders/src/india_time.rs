//! The shop's days are Indian days (IST, UTC+5:30, no daylight saving), while orders keep their
//! times in UTC: the one place that converts between the two.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};

/// India Standard Time's offset from UTC.
fn offset() -> Duration {
    Duration::minutes(5 * 60 + 30)
}

/// The Indian date of a UTC time.
pub(crate) fn date_of(utc: NaiveDateTime) -> NaiveDate {
    (utc + offset()).date()
}

/// The UTC time an Indian day begins.
pub(crate) fn day_start(day: NaiveDate) -> NaiveDateTime {
    day.and_time(NaiveTime::MIN) - offset()
}
