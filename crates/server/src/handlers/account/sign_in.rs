use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};

use super::text;
use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let client = auth::client_address(&request, state.config.trust_proxy);
    let email = text(&body, "email").to_owned();
    let password = text(&body, "password").to_owned();
    state.limits.sign_in(&client, &email)?;
    let hasher = state.hasher;
    let user = state
        .with_conn(move |conn| accounts::sign_in(conn, &email, &password, hasher))
        .await?;
    let cookie = auth::begin(&state, &session, user.id).await?;
    Ok(HttpResponse::Ok()
        .cookie(cookie)
        .json(json!({"user": user})))
}

#[post("/logout")]
pub async fn logout(session: Session) -> HttpResponse {
    auth::end(&session);
    HttpResponse::NoContent().finish()
}
