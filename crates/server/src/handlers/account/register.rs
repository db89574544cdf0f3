use accounts::Registration;
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};

use super::{optional_text, text};
use crate::auth;
use crate::error::ApiError;
use crate::rate_limit::Form;
use crate::state::AppState;

/// Creates the account and signs the new shopper in (201 with the user).
#[post("/register")]
pub async fn register(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let client = auth::client_address(&request, state.config.trust_proxy);
    state.limits.form(Form::Register, &client)?;
    let body = body.into_inner();
    let (hasher, mail) = (state.hasher, state.mail.clone());
    let user = state
        .with_conn(move |conn| {
            let form = Registration {
                name: text(&body, "name"),
                email: text(&body, "email"),
                phone: text(&body, "phone"),
                password: text(&body, "password"),
                password_confirmation: optional_text(&body, "password_confirmation"),
            };
            accounts::register(conn, &form, hasher, &mail)
        })
        .await?;
    state.mail_queued.notify_one();
    let cookie = auth::begin(&state, &session, user.id).await?;
    Ok(HttpResponse::Created()
        .cookie(cookie)
        .json(json!({"user": user})))
}
