use accounts::ProfileChange;
use actix_session::Session;
use actix_web::{HttpResponse, get, put, web};
use serde_json::{Value, json};

use super::{optional_text, text};
use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

/// The signed-in user, or 401.
#[get("/user")]
pub async fn show(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let Some(id) = auth::user_id(&session) else {
        return Err(ApiError::Unauthenticated);
    };
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
#[put("/user")]
pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let id = auth::require_user(&session)?;
    let (hasher, mail) = (state.hasher, state.mail.clone());
    let user = state
        .with_conn(move |conn| {
            let change = ProfileChange {
                name: text(&body, "name"),
                phone: text(&body, "phone"),
                email: optional_text(&body, "email"),
                current_password: optional_text(&body, "current_password"),
            };
            accounts::update_profile(conn, id, &change, hasher, &mail)
        })
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Ok().json(json!({"user": user})))
}

/// A new password; every other session of the account ends, this one continues under a new key.
#[put("/user/password")]
pub async fn change_password(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let id = auth::require_user(&session)?;
    let hasher = state.hasher;
    state
        .with_conn(move |conn| {
            accounts::change_password(
                conn,
                id,
                text(&body, "current_password"),
                text(&body, "password"),
                optional_text(&body, "password_confirmation"),
                hasher,
            )
        })
        .await?;
    let cookie = auth::begin(&state, &session, id).await?;
    Ok(HttpResponse::Ok()
        .cookie(cookie)
        .json(json!({"message": "Your password has been changed."})))
}
