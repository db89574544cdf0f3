//! The registers' month, and a recall's reason, as the back office gives them.

use chrono::NaiveDate;
use fields::{FieldErrors, FormErrors};
use orders::reports::ReportRange;
use serde::Deserialize;

use super::{CheckBody, given};
use crate::error::ApiError;

/// The month a register covers: `2026-11`; this Indian month when left out.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MonthQuery {
    /// The month, `2026-11` (from 2017 to 2100).
    month: Option<String>,
}

fn month(raw: &str) -> Result<ReportRange, String> {
    let first = NaiveDate::parse_from_str(&format!("{}-01", raw.trim()), "%Y-%m-%d")
        .map_err(|_| "Give a month as 2026-11.".to_owned())?;
    let range = ReportRange::month_of(first);
    ReportRange::new(range.from, range.to)
}

impl MonthQuery {
    pub fn range(&self) -> Result<ReportRange, ApiError> {
        match given(&self.month) {
            None => Ok(ReportRange::this_month(chrono::Utc::now())),
            Some(raw) => month(raw).map_err(|e| ApiError::validation("month", e)),
        }
    }
}

/// Why a batch is recalled (the manufacturer's notice), kept with the recall.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RecallBody {
    /// One line, 3 to 300 characters.
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
}

impl CheckBody for RecallBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        let mut errors = FormErrors::default();
        let reason = errors.required(
            "reason",
            given(&self.reason),
            orders::registers::recall::parse_reason,
        );
        errors.finish(reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_is_its_first_to_its_last_day() {
        let range = month("2026-02").unwrap();
        assert_eq!(range.from.to_string(), "2026-02-01");
        assert_eq!(range.to.to_string(), "2026-02-28");
        assert!(month("2026-13").is_err());
        assert!(month("1999-01").is_err());
        assert!(month("November").is_err());
    }
}
