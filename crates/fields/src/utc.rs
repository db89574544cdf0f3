//! Timestamps leave the API as RFC 3339 in UTC (`2026-11-23T04:36:31.295621Z`), as the contract's
//! `date-time` says: the database keeps them as UTC `NaiveDateTime`s, whose own form has no
//! offset, so a client could not tell them from local times. For `#[serde(serialize_with)]`.

use chrono::{NaiveDateTime, SecondsFormat};
use serde::Serializer;

pub fn serialize<S: Serializer>(at: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&at.and_utc().to_rfc3339_opts(SecondsFormat::AutoSi, true))
}

pub fn serialize_option<S: Serializer>(
    at: &Option<NaiveDateTime>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => serialize(at, serializer),
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn timestamps_are_utc_with_an_offset() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
            .and_then(|d| d.and_hms_micro_opt(4, 36, 31, 295_621))
            .map(|at| serde_json::to_string(&Stamp(at)).ok());
        assert_eq!(at, Some(Some("\"2026-11-23T04:36:31.295621Z\"".to_owned())));
    }

    #[derive(serde::Serialize)]
    struct Stamp(#[serde(serialize_with = "super::serialize")] chrono::NaiveDateTime);
}
