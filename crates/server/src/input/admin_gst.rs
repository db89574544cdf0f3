//! The GST return's period, as the back office asks for it.

use orders::gst::register::Period;
use serde::Deserialize;

use super::given;
use crate::error::ApiError;

/// A month (`month=2026-11`) or a quarter of the financial year by its first month
/// (`quarter=2026-10` for October to December): one of the two.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// `YYYY-MM`.
    month: Option<String>,
    /// `YYYY-MM` of April, July, October or January.
    quarter: Option<String>,
}

impl PeriodQuery {
    pub fn parse(&self) -> Result<Period, ApiError> {
        match (given(&self.month), given(&self.quarter)) {
            (Some(month), None) => {
                Period::month(month).map_err(|e| ApiError::validation("month", e.to_string()))
            }
            (None, Some(quarter)) => {
                Period::quarter(quarter).map_err(|e| ApiError::validation("quarter", e.to_string()))
            }
            _ => Err(ApiError::validation(
                "month",
                "Give a month (2026-11) or a quarter (2026-10), one of the two.",
            )),
        }
    }
}
