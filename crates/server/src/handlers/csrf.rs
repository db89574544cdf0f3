use actix_session::Session;
use actix_web::cookie::time::Duration;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::{HttpResponse, get, web};

use crate::error::ApiError;
use crate::session::{SESSION_DAYS, get_string, keys};
use crate::state::AppState;

/// 204 with a readable `XSRF-TOKEN` cookie holding this session's anti-forgery token, which
/// every state-changing call must echo in `X-XSRF-TOKEN`.
#[get("/csrf-cookie")]
pub async fn issue(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let token = match get_string(&session, keys::CSRF_TOKEN) {
        Some(token) => token,
        None => {
            let token = crate::auth::new_token();
            session
                .insert(keys::CSRF_TOKEN, &token)
                .map_err(ApiError::internal)?;
            token
        }
    };
    Ok(HttpResponse::NoContent()
        .cookie(xsrf_cookie(token, state.config.is_https()))
        .finish())
}

pub fn xsrf_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build("XSRF-TOKEN", token)
        .path("/")
        .same_site(SameSite::Lax)
        .secure(secure)
        .http_only(false)
        .max_age(Duration::days(SESSION_DAYS))
        .finish()
}
