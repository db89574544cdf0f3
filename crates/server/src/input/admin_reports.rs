//! The reports' range and grouping, as the back office asks for them.

use chrono::{Datelike, NaiveDate};
use fields::FormErrors;
use orders::reports::{Grain, ReportRange};
use serde::Deserialize;

use super::given;
use crate::error::ApiError;

/// The days a report covers (both India days, both included; this month when both are left out)
/// and, for sales by period, how they are grouped.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportQuery {
    /// The first day, `2026-11-01`.
    from: Option<String>,
    /// The last day, `2026-11-30`; at most two years after `from`.
    to: Option<String>,
    /// `day` (the default), `week` (from Monday) or `month`; for sales by period.
    grain: Option<String>,
}

fn day(raw: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .ok()
        .filter(|day| (2000..=2100).contains(&day.year()))
        .ok_or_else(|| "Give a day as 2026-11-24.".to_owned())
}

impl ReportQuery {
    pub fn range(&self) -> Result<ReportRange, ApiError> {
        let mut errors = FormErrors::default();
        let from = errors.optional("from", given(&self.from), day);
        let to = errors.optional("to", given(&self.to), day);
        let range = match (from, to) {
            (Some(None), Some(None)) => Some(ReportRange::this_month(chrono::Utc::now())),
            (Some(Some(from)), Some(Some(to))) => errors.check("to", ReportRange::new(from, to)),
            (Some(None), Some(Some(_))) => {
                errors.add("from", "Give the first day too.".into());
                None
            }
            (Some(Some(_)), Some(None)) => {
                errors.add("to", "Give the last day too.".into());
                None
            }
            _ => None,
        };
        errors.finish(range).map_err(ApiError::invalid)
    }

    pub fn range_and_grain(&self) -> Result<(ReportRange, Grain), ApiError> {
        let range = self.range()?;
        let grain = match given(&self.grain) {
            Some(raw) => Grain::parse(raw).map_err(|e| ApiError::validation("grain", e))?,
            None => Grain::Day,
        };
        Ok((range, grain))
    }
}
