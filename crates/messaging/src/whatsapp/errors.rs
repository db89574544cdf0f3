//! Meta's error answers, read as "try again later" or "give up".
//!
//! The body is `{"error":{"message":…,"type":…,"code":N,"error_data":{"details":…},
//! "fbtrace_id":…}}`; Meta asks that handling be built on `code` (and `details`), not on the
//! HTTP status or the deprecated `error_subcode`.

use reqwest::StatusCode;
use serde::Deserialize;

use crate::channel::SendError;
use crate::http::is_transient;

/// Meta's codes for "not now": throttling, overload and its own passing failures. Every other
/// code means the request itself is wrong (a bad number or parameter, a missing or paused
/// template, a blocked or restricted account, a bad token) and will fail again.
const RETRYABLE: [i64; 11] = [
    1,      // API Unknown: "invalid request or possible server error"
    2,      // API Service: temporary downtime or overload
    4,      // API Too Many Calls: the app's call rate limit
    80007,  // the WhatsApp Business Account's rate limit
    130429, // Cloud API throughput reached
    131000, // something went wrong
    131016, // service unavailable
    131048, // spam rate limit: too many earlier messages were blocked or flagged
    131049, // not delivered "to maintain healthy ecosystem engagement"; later may pass
    131056, // too many messages from this business number to this one number
    133004, // server temporarily unavailable
];

/// Whether a message that failed with Meta's `code` (in an answer or a failed status) may
/// pass when sent again later.
pub fn is_retryable_code(code: i64) -> bool {
    RETRYABLE.contains(&code)
}

#[derive(Deserialize)]
struct ErrorBody {
    error: MetaError,
}

#[derive(Deserialize)]
struct MetaError {
    #[serde(default)]
    message: String,
    code: i64,
    #[serde(default)]
    error_data: Option<ErrorData>,
}

#[derive(Deserialize)]
struct ErrorData {
    #[serde(default)]
    details: String,
}

/// What an answer other than success means for the message.
pub(super) fn classify(status: StatusCode, body: &[u8]) -> SendError {
    let Ok(ErrorBody { error }) = serde_json::from_slice::<ErrorBody>(body) else {
        let reason = format!(
            "WhatsApp answered {status}: {}",
            String::from_utf8_lossy(body)
                .chars()
                .take(300)
                .collect::<String>()
        );
        return if is_transient(status) {
            SendError::retry(reason)
        } else {
            SendError::give_up(format!("http_{}", status.as_u16()), reason)
        };
    };
    let mut reason = error.message;
    if let Some(details) = error.error_data.map(|data| data.details)
        && !details.is_empty()
        && !reason.contains(&details)
    {
        reason = format!("{reason}: {details}");
    }
    if is_retryable_code(error.code) || is_transient(status) {
        SendError::retry(format!("({}) {reason}", error.code))
    } else {
        SendError::give_up(error.code.to_string(), reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(status: u16, code: i64, message: &str) -> SendError {
        let body = serde_json::json!({"error": {
            "message": message, "type": "OAuthException", "code": code,
            "error_data": {"messaging_product": "whatsapp", "details": "more words"},
            "fbtrace_id": "AbCdEf"}});
        classify(
            StatusCode::from_u16(status).unwrap(),
            body.to_string().as_bytes(),
        )
    }

    #[test]
    fn rate_limits_and_meta_trouble_are_tried_again() {
        for code in [130429, 131056, 80007, 4, 131000] {
            assert!(meta(400, code, "(#x) limit").is_retry(), "{code}");
        }
        assert!(meta(500, 135000, "(#135000) Generic user error").is_retry());
    }

    #[test]
    fn wrong_requests_are_given_up_with_metas_code_and_words() {
        assert_eq!(
            meta(400, 131026, "(#131026) Message undeliverable"),
            SendError::give_up("131026", "(#131026) Message undeliverable: more words")
        );
        for (status, code) in [
            (400, 132001),
            (400, 132000),
            (400, 131051),
            (400, 100),
            (401, 190),
        ] {
            assert!(!meta(status, code, "no").is_retry(), "{code}");
        }
    }

    #[test]
    fn an_answer_that_is_not_metas_is_read_by_its_status() {
        let html = b"<html>Bad gateway</html>";
        assert!(classify(StatusCode::BAD_GATEWAY, html).is_retry());
        assert!(classify(StatusCode::TOO_MANY_REQUESTS, b"").is_retry());
        assert_eq!(
            classify(StatusCode::NOT_FOUND, b"nothing here"),
            SendError::give_up("http_404", "WhatsApp answered 404 Not Found: nothing here")
        );
    }
}
