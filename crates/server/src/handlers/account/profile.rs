use actix_session::Session;
use actix_web::{HttpResponse, get, put, web};

use crate::auth;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{RequestLocale, SignedIn};
use crate::handlers::responses::{Message, UserEnvelope};
use crate::input::Valid;
use crate::input::account::{LanguageBody, PasswordChangeBody, ProfileBody};
use crate::session::SessionKind;
use crate::session::csrf::WithAntiForgery;
use crate::state::AppState;

/// The signed-in user, or 401.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The signed-in user", body = accounts::User),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
    )
)]
#[get("/user")]
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    SignedIn(id): SignedIn,
) -> Result<HttpResponse, ApiError> {
    match state
        .with_conn(move |conn| accounts::find_user(conn, id).map_err(ApiError::internal))
        .await?
    {
        Some(user) => Ok(HttpResponse::Ok().json(user)),
        None => {
            auth::end(&session);
            Err(ApiError::Unauthenticated)
        }
    }
}

/// Name and phone; a new e-mail address with the current password (then verified anew).
#[utoipa::path(
    tag = "accounts",
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The updated user", body = UserEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "A field is invalid, the address is taken, or the current password is wrong", body = ErrorBody),
    )
)]
#[put("/user")]
pub async fn update(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    Valid(change): Valid<ProfileBody>,
) -> Result<HttpResponse, ApiError> {
    let (hasher, mail) = (state.hasher, state.mail.clone());
    let user = state
        .with_conn(move |conn| accounts::update_profile(conn, id, &change, hasher, &mail))
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Ok().json(UserEnvelope { user }))
}

/// The language the shopper chose in the shop: their mail comes in it from now on.
#[utoipa::path(
    tag = "accounts",
    request_body = LanguageBody,
    responses(
        (status = 200, description = "The updated user", body = UserEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "Not one of the shop's languages", body = ErrorBody),
    )
)]
#[put("/user/language")]
pub async fn set_language(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    Valid(locale): Valid<LanguageBody>,
) -> Result<HttpResponse, ApiError> {
    let user = state
        .with_conn(move |conn| accounts::set_language(conn, id, locale))
        .await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { user }))
}

/// A new password; every other session of the account ends, this one continues under a new key.
#[utoipa::path(
    tag = "accounts",
    request_body = PasswordChangeBody,
    responses(
        (status = 200, description = "Changed", body = Message),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "The current password is wrong, or the new one breaks the policy", body = ErrorBody),
    )
)]
#[put("/user/password")]
pub async fn change_password(
    state: web::Data<AppState>,
    session: Session,
    SignedIn(id): SignedIn,
    RequestLocale(locale): RequestLocale,
    Valid(change): Valid<PasswordChangeBody>,
) -> Result<HttpResponse, ApiError> {
    let hasher = state.hasher;
    state
        .with_conn(move |conn| {
            accounts::change_password(conn, id, &change.current, &change.password, hasher)
        })
        .await?;
    // The new key keeps the session's kind ("Keep me signed in" or not).
    let token = auth::begin(&state, &session, id, SessionKind::of(&session)).await?;
    Ok(HttpResponse::Ok()
        .anti_forgery(token)
        .json(Message::new(locale, "Your password has been changed.")))
}
