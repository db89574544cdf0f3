use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};

use super::{optional_text, text};
use crate::auth;
use crate::error::ApiError;
use crate::rate_limit::Form;
use crate::state::AppState;

/// The same answer for every address, known or not.
#[post("/forgot-password")]
pub async fn forgot(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let client = auth::client_address(&request, state.config.trust_proxy);
    state.limits.form(Form::ForgotPassword, &client)?;
    let email = text(&body, "email").to_owned();
    if accounts::input::Email::parse(&email).is_err() {
        return Err(ApiError::validation(
            "email",
            "The email must be a valid email address.",
        ));
    }
    let mail = state.mail.clone();
    state
        .with_conn(move |conn| accounts::request_password_reset(conn, &email, &mail))
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Ok().json(json!({
        "message": "If an account uses that address, we have e-mailed a link to reset its password."
    })))
}

#[post("/reset-password")]
pub async fn reset(
    state: web::Data<AppState>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let hasher = state.hasher;
    state
        .with_conn(move |conn| {
            accounts::reset_password(
                conn,
                text(&body, "token"),
                text(&body, "email"),
                text(&body, "password"),
                optional_text(&body, "password_confirmation"),
                hasher,
            )
        })
        .await?;
    Ok(HttpResponse::Ok()
        .json(json!({"message": "Your password has been reset. You can sign in now."})))
}
