use actix_session::Session;
use actix_web::{HttpResponse, post, web};

use crate::auth;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::ClientAddress;
use crate::handlers::responses::UserEnvelope;
use crate::input::Valid;
use crate::input::account::LoginBody;
use crate::state::AppState;

/// Signs in; the session gets a new key and a new anti-forgery token.
#[utoipa::path(
    tag = "accounts",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = UserEnvelope),
        (status = 419, description = "Missing anti-forgery token", body = ErrorBody),
        (status = 422, description = "Wrong credentials (the same words whether or not the address is known), or a field is invalid", body = ErrorBody),
        (status = 429, description = "Too many attempts for this address or client", body = ErrorBody),
    )
)]
#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    client: ClientAddress,
    Valid(credentials): Valid<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    state
        .limits
        .sign_in(&client.0, credentials.email.as_str())?;
    let hasher = state.hasher;
    let user = state
        .with_conn(move |conn| accounts::sign_in(conn, &credentials, hasher))
        .await?;
    let cookie = auth::begin(&state, &session, user.id).await?;
    Ok(HttpResponse::Ok()
        .cookie(cookie)
        .json(UserEnvelope { user }))
}

/// Ends the session.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 204, description = "Signed out"),
        (status = 419, description = "Missing anti-forgery token", body = ErrorBody),
    )
)]
#[post("/logout")]
pub async fn logout(session: Session) -> HttpResponse {
    auth::end(&session);
    HttpResponse::NoContent().finish()
}
