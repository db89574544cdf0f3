//! MSG91's delivery reports, pushed to a webhook URL set in its panel.
//!
//! MSG91 does not sign these (its help pages on delivery-report webhooks describe no signature,
//! secret or header to check), so anyone who learns the URL could post to it. The shop
//! therefore puts a long random secret in the path (`/webhooks/msg91/<secret>`), compares it in
//! constant time, and treats a report as a hint about its own messages, never as a command.
//! This module only reads the bodies.
//!
//! Shapes (`msg91.com/help/how-can-i-get-the-delivery-reports-on-my-webhook-url`, and
//! `msg91.com/help/webhook-new/how-to-receive-sms-delivery-reports-via-webhook-new`):
//! - v2, `application/x-www-form-urlencoded`, one field `data` holding a JSON array:
//!   `[{"senderId":…,"requestId":…,"report":[{"date":…,"number":…,"status":"1","desc":"DELIVERED",
//!   "failedReason":""}],…}]` ([`parse_form`]);
//! - v3, JSON: `{"date":…,"number":…,"requestId":…,"status":"1","desc":"DELIVERED",…}`;
//! - "Webhook (New)", JSON whose fields the shop picks: `requestId`, `status`, `telNum`,
//!   `deliveryTime`, `failureReason`, … ([`parse_json`] reads both JSON forms, and arrays of
//!   them).
//!
//! Status codes: 1 delivered, 2 failed, 9 NDNC (do-not-disturb, promotional only), 16 and 25
//! rejected, 17 blocked number.

use serde::Deserialize;
use serde_json::Value;

use crate::message::ProviderId;

/// What became of one SMS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryReport {
    /// The request id the send returned.
    pub provider_id: ProviderId,
    /// The number as MSG91 wrote it (`919847012345`).
    pub number: Option<String>,
    pub status: ReportStatus,
    /// MSG91's words (`DELIVERED`, a failure reason).
    pub description: Option<String>,
    /// When, as MSG91 wrote it (`2024-05-22 10:06:20`, Indian time).
    pub at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportStatus {
    Delivered,
    Failed,
    Rejected,
    /// The number is on the operator's block list.
    Blocked,
    /// The number is on the do-not-disturb register (promotional SMS only).
    Ndnc,
    /// A status this module does not know, as sent.
    Other(String),
}

impl ReportStatus {
    fn read(raw: &str) -> Self {
        match raw.trim().to_lowercase().as_str() {
            "1" | "delivered" => Self::Delivered,
            "2" | "failed" => Self::Failed,
            "16" | "25" | "rejected" => Self::Rejected,
            "17" | "blocked" => Self::Blocked,
            "9" | "ndnc" => Self::Ndnc,
            _ => Self::Other(raw.to_owned()),
        }
    }
}

/// Why a report could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the report is not MSG91's JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the form has no `data` field")]
    NoData,
}

/// A JSON report (v3, or the new webhook's), or an array of them.
pub fn parse_json(body: &[u8]) -> Result<Vec<DeliveryReport>, ReportError> {
    let reports = match serde_json::from_slice::<Value>(body)? {
        Value::Array(items) => items,
        one => vec![one],
    };
    reports
        .into_iter()
        .map(|item| Ok(serde_json::from_value::<FlatReport>(item)?.into()))
        .collect()
}

/// A v2 report: the form body, whose `data` field is a JSON array of requests and their
/// reports.
pub fn parse_form(body: &[u8]) -> Result<Vec<DeliveryReport>, ReportError> {
    let data = url::form_urlencoded::parse(body)
        .find(|(name, _)| name == "data")
        .map(|(_, data)| data.into_owned())
        .ok_or(ReportError::NoData)?;
    let requests: Vec<Request> = serde_json::from_str(&data)?;
    Ok(requests
        .into_iter()
        .flat_map(|request| {
            let provider_id = ProviderId(request.request_id);
            request.report.into_iter().map(move |line| DeliveryReport {
                provider_id: provider_id.clone(),
                number: line.number,
                status: ReportStatus::read(&line.status.0),
                description: [line.desc, line.failed_reason]
                    .into_iter()
                    .flatten()
                    .find(|words| !words.is_empty()),
                at: line.date,
            })
        })
        .collect())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    request_id: String,
    #[serde(default)]
    report: Vec<ReportLine>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReportLine {
    number: Option<String>,
    status: Status,
    desc: Option<String>,
    failed_reason: Option<String>,
    date: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FlatReport {
    request_id: String,
    #[serde(alias = "telNum")]
    number: Option<String>,
    status: Status,
    #[serde(alias = "failureReason")]
    desc: Option<String>,
    #[serde(alias = "deliveryTime")]
    date: Option<String>,
}

impl From<FlatReport> for DeliveryReport {
    fn from(report: FlatReport) -> Self {
        Self {
            provider_id: ProviderId(report.request_id),
            number: report.number,
            status: ReportStatus::read(&report.status.0),
            description: report.desc.filter(|d| !d.is_empty()),
            at: report.date,
        }
    }
}

/// A status, `"1"` or `1`.
struct Status(String);

impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self(match Value::deserialize(deserializer)? {
            Value::String(text) => text,
            other => other.to_string(),
        }))
    }
}
