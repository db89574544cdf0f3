use actix_web::{HttpResponse, post, web};

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale};
use crate::handlers::responses::Message;
use crate::input::Valid;
use crate::input::account::{ForgotPasswordBody, ResetPasswordBody};
use crate::rate_limit::Form;
use crate::state::AppState;

/// Mails a reset link when the address has an account; the same answer for every address.
#[utoipa::path(
    tag = "accounts",
    request_body = ForgotPasswordBody,
    responses(
        (status = 200, description = "The same words whether or not the address is known", body = Message),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client or for this address", body = ErrorBody),
    )
)]
#[post("/forgot-password")]
pub async fn forgot(
    state: web::Data<AppState>,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
    Valid(email): Valid<ForgotPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.form(Form::ForgotPassword, &client.0).await?;
    // Per address too: from many clients no one can flood an inbox with links (each of which
    // retires the one before).
    state
        .limits
        .form(
            Form::ForgotPassword,
            &format!("email:{}", email.as_str().to_lowercase()),
        )
        .await?;
    let mail = state.mail.clone();
    state
        .with_conn(move |conn| accounts::request_password_reset(conn, &email, locale, &mail))
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Ok().json(Message::new(
        locale,
        "If an account uses that address, we have e-mailed a link to reset its password.",
    )))
}

/// Sets a new password with the mailed token; every session of the account ends.
#[utoipa::path(
    tag = "accounts",
    request_body = ResetPasswordBody,
    responses(
        (status = 200, description = "Reset", body = Message),
        (status = 422, description = "The link is invalid or expired, or the password breaks the policy", body = ErrorBody),
    )
)]
#[post("/reset-password")]
pub async fn reset(
    state: web::Data<AppState>,
    RequestLocale(locale): RequestLocale,
    Valid(reset): Valid<ResetPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let hasher = state.hasher;
    state
        .with_conn(move |conn| {
            accounts::reset_password(conn, &reset.token, &reset.email, &reset.password, hasher)
        })
        .await?;
    Ok(HttpResponse::Ok().json(Message::new(
        locale,
        "Your password has been reset. You can sign in now.",
    )))
}
