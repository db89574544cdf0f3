use actix_web::{HttpResponse, post, web};

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale, SignedIn};
use crate::handlers::responses::{Message, MessageWithUser};
use crate::input::Valid;
use crate::input::account::VerifyEmailBody;
use crate::rate_limit::Form;
use crate::state::AppState;

/// Marks the address verified with the mailed token.
#[utoipa::path(
    tag = "accounts",
    request_body = VerifyEmailBody,
    responses(
        (status = 200, description = "Verified", body = MessageWithUser),
        (status = 422, description = "The link is invalid or expired", body = ErrorBody),
    )
)]
#[post("/email/verify")]
pub async fn verify(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    Valid(token): Valid<VerifyEmailBody>,
) -> Result<HttpResponse, ApiError> {
    let user = state
        .with_conn(move |conn| accounts::verify_email(conn, &token))
        .await?;
    Ok(HttpResponse::Ok().json(MessageWithUser {
        message: crate::messages::translate(locale, "Your e-mail address is verified."),
        user,
    }))
}

/// Mails a new verification link.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "Sent, or already verified", body = Message),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    )
)]
#[post("/email/verification-notification")]
pub async fn resend(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
) -> Result<HttpResponse, ApiError> {
    state
        .limits
        .form(Form::ResendVerification, &client.0)
        .await?;
    let mail = state.mail.clone();
    let sent = state
        .with_conn(move |conn| accounts::resend_verification(conn, id, locale, &mail))
        .await?;
    state.mail_queued.notify_one();
    let message = if sent {
        "A new verification link has been sent to your e-mail address."
    } else {
        "Your e-mail address is already verified."
    };
    Ok(HttpResponse::Ok().json(Message::new(locale, message)))
}
