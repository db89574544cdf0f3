use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};

use super::text;
use crate::auth;
use crate::error::ApiError;
use crate::rate_limit::Form;
use crate::state::AppState;

#[post("/email/verify")]
pub async fn verify(
    state: web::Data<AppState>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let token = text(&body, "token").to_owned();
    let user = state
        .with_conn(move |conn| accounts::verify_email(conn, &token))
        .await?;
    Ok(HttpResponse::Ok()
        .json(json!({"message": "Your e-mail address is verified.", "user": user})))
}

#[post("/email/verification-notification")]
pub async fn resend(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = auth::require_user(&session)?;
    let client = auth::client_address(&request, state.config.trust_proxy);
    state.limits.form(Form::ResendVerification, &client)?;
    let mail = state.mail.clone();
    let sent = state
        .with_conn(move |conn| accounts::resend_verification(conn, id, &mail))
        .await?;
    state.mail_queued.notify_one();
    let message = if sent {
        "A new verification link has been sent to your e-mail address."
    } else {
        "Your e-mail address is already verified."
    };
    Ok(HttpResponse::Ok().json(json!({"message": message})))
}
