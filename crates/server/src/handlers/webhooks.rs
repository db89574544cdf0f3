//! The message providers' webhooks: Meta's WhatsApp (its callback check, then signed deliveries
//! of status changes and replies) and MSG91's delivery reports (a secret in the path, as MSG91
//! signs nothing). Outside the session and anti-forgery checks (`request_guard`): nobody's
//! browser sends these. Each is limited per sending address; a delivery that proves itself is
//! answered 200 whatever it holds (ids that are not the shop's, events the shop does not act on),
//! so the provider does not retry it for days.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use messaging::msg91::report;
use messaging::whatsapp::webhook;
use subtle::ConstantTimeEq;

use crate::config::phone::PhoneChannel;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::ClientAddress;
use crate::handlers::responses::Message;
use crate::state::AppState;

/// The provider is not set up: its webhook is not in use.
fn not_set_up(provider: &str) -> ApiError {
    ApiError::NotFound(format!("This shop takes no {provider} webhooks."))
}

fn taken() -> HttpResponse {
    HttpResponse::Ok().json(Message {
        message: "Received.".into(),
    })
}

/// Meta's check of the callback URL: answers `hub.challenge` when `hub.verify_token` is the
/// shop's `WHATSAPP_VERIFY_TOKEN`.
#[utoipa::path(
    tag = "webhooks",
    params(
        ("hub.mode" = String, Query, description = "`subscribe`"),
        ("hub.verify_token" = String, Query, description = "The shop's WHATSAPP_VERIFY_TOKEN"),
        ("hub.challenge" = String, Query, description = "Sent back as the body"),
    ),
    responses(
        (status = 200, description = "The challenge, as plain text", body = String, content_type = "text/plain"),
        (status = 403, description = "Not the shop's token, or not a subscription", body = ErrorBody),
        (status = 404, description = "WhatsApp is not set up", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    )
)]
#[get("/whatsapp")]
pub async fn whatsapp_check(
    state: web::Data<AppState>,
    client: ClientAddress,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    state.limits.webhook(&client.0).await?;
    let PhoneChannel::WhatsApp(whatsapp) = &state.config.phone.channel else {
        return Err(not_set_up("WhatsApp"));
    };
    let challenge = webhook::answer_verification(request.query_string(), &whatsapp.verify_token)
        .map_err(|error| ApiError::Forbidden(format!("The webhook check failed: {error}.")))?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(challenge))
}

/// A delivery from Meta, signed `X-Hub-Signature-256` with the app's secret: message statuses
/// (sent, delivered, read, failed with its reason) and replies (STOP withdraws order updates).
#[utoipa::path(
    tag = "webhooks",
    request_body(content = serde_json::Value, description = "Meta's `whatsapp_business_account` webhook body"),
    responses(
        (status = 200, description = "Taken (ids that are not the shop's are ignored)", body = Message),
        (status = 401, description = "The signature is missing or wrong", body = ErrorBody),
        (status = 404, description = "WhatsApp is not set up", body = ErrorBody),
        (status = 413, description = "Over 256 KB", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    )
)]
#[post("/whatsapp")]
pub async fn whatsapp_delivery(
    state: web::Data<AppState>,
    client: ClientAddress,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    state.limits.webhook(&client.0).await?;
    let PhoneChannel::WhatsApp(whatsapp) = &state.config.phone.channel else {
        return Err(not_set_up("WhatsApp"));
    };
    let signature = request
        .headers()
        .get("x-hub-signature-256")
        .and_then(|value| value.to_str().ok());
    if let Err(error) = webhook::verify_signature(&whatsapp.app_secret, &body, signature) {
        tracing::warn!(%error, client = %client.0, "a WhatsApp webhook without a valid signature");
        return Err(ApiError::Unauthenticated);
    }
    let events = match webhook::parse_events(&body) {
        Ok(events) => events,
        Err(error) => {
            // Signed by Meta, yet unreadable: a change of its format. Refusing it would have Meta
            // retry it for days; the log says what to look at.
            tracing::warn!(%error, "a signed WhatsApp webhook the shop cannot read");
            return Ok(taken());
        }
    };
    state
        .with_conn(move |conn| {
            crate::provider_reports::apply_whatsapp(conn, &events).map_err(ApiError::internal)
        })
        .await?;
    Ok(taken())
}

/// MSG91's delivery reports (v2 form, v3 JSON, or the new webhook's JSON), at the address with the
/// shop's `MSG91_WEBHOOK_SECRET` in it.
#[utoipa::path(
    tag = "webhooks",
    params(("secret" = String, Path, description = "The shop's MSG91_WEBHOOK_SECRET")),
    request_body(content = serde_json::Value, description = "MSG91's delivery report(s)"),
    responses(
        (status = 200, description = "Taken (ids that are not the shop's are ignored)", body = Message),
        (status = 400, description = "Not a delivery report", body = ErrorBody),
        (status = 401, description = "Not the shop's secret", body = ErrorBody),
        (status = 404, description = "MSG91's webhook is not set up", body = ErrorBody),
        (status = 413, description = "Over 256 KB", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    )
)]
#[post("/msg91/{secret}")]
pub async fn msg91_report(
    state: web::Data<AppState>,
    client: ClientAddress,
    request: HttpRequest,
    secret: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    state.limits.webhook(&client.0).await?;
    let Some(expected) = state.config.phone.msg91_webhook_secret.as_deref() else {
        return Err(not_set_up("MSG91"));
    };
    if !bool::from(secret.as_bytes().ct_eq(expected.as_bytes())) {
        tracing::warn!(client = %client.0, "an MSG91 report with a wrong secret");
        return Err(ApiError::Unauthenticated);
    }
    let form = request
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|kind| kind.starts_with("application/x-www-form-urlencoded"));
    let read = if form {
        report::parse_form(&body)
    } else {
        report::parse_json(&body)
    };
    let reports = read.map_err(|error| {
        ApiError::BadRequest(format!("This is not an MSG91 delivery report: {error}."))
    })?;
    state
        .with_conn(move |conn| {
            crate::provider_reports::apply_msg91(conn, &reports).map_err(ApiError::internal)
        })
        .await?;
    Ok(taken())
}
