//! What the two HTTP channels share: one client with the configured patience, and transport
//! failures read as "try again later".

use std::time::Duration;

use reqwest::StatusCode;

use crate::channel::SendError;
use crate::config::ConfigError;

/// How long a provider may take before the attempt counts as failed (and is tried again).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);

pub(crate) fn client(timeout: Duration) -> Result<reqwest::Client, ConfigError> {
    reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout.min(Duration::from_secs(5)))
        .user_agent(concat!("storefront-messaging/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|error| ConfigError::Client(error.to_string()))
}

/// A provider's answer: its status and its body, read whole.
pub(crate) struct Answer {
    pub status: StatusCode,
    pub body: Vec<u8>,
}

/// Sends `request` and reads the answer. Every failure to get one (refused, reset, timed out)
/// is worth another try: at worst the provider did take the message and the reader gets it
/// twice, which beats never.
pub(crate) async fn send(request: reqwest::RequestBuilder) -> Result<Answer, SendError> {
    let response = request.send().await.map_err(transport)?;
    let status = response.status();
    let body = response.bytes().await.map_err(transport)?.to_vec();
    Ok(Answer { status, body })
}

fn transport(error: reqwest::Error) -> SendError {
    let what = if error.is_timeout() {
        "the provider did not answer in time"
    } else if error.is_connect() {
        "could not connect to the provider"
    } else {
        "the connection to the provider failed"
    };
    // Without the URL: it would repeat configuration into every outbox row.
    SendError::retry(format!("{what}: {}", error.without_url()))
}

/// Whether an HTTP status alone says "later": the provider's fault or its rate limit.
pub(crate) fn is_transient(status: StatusCode) -> bool {
    status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS
}
