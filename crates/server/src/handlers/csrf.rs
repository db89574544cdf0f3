use actix_session::Session;
use actix_web::{HttpResponse, get, web};

use crate::error::ApiError;
use crate::session::csrf::{new_token, xsrf_cookie};
use crate::session::{get_string, keys};
use crate::state::AppState;

/// 204 with a readable `XSRF-TOKEN` cookie holding this session's anti-forgery token, which
/// every state-changing call must echo in `X-XSRF-TOKEN`.
#[utoipa::path(
    tag = "session",
    responses((status = 204, description = "The cookie is set",
        headers(("Set-Cookie" = String, description = "`XSRF-TOKEN=…`, and the session cookie"))))
)]
#[get("/csrf-cookie")]
pub async fn issue(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let token = match get_string(&session, keys::CSRF_TOKEN) {
        Some(token) => token,
        None => {
            let token = new_token();
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
