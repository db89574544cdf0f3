use actix_session::Session;
use actix_web::{HttpResponse, get, web};

use crate::error::ApiError;
use crate::session::csrf::{AntiForgery, WithAntiForgery, new_token};
use crate::session::{SessionKind, get_string, keys};
use crate::state::AppState;

/// 204 with a readable `XSRF-TOKEN` cookie holding this session's anti-forgery token, which
/// every state-changing call must echo in `X-XSRF-TOKEN`; the same token is in the answer's
/// `X-XSRF-TOKEN` header, for an app on another host that cannot read the API's cookies.
#[utoipa::path(
    tag = "session",
    responses((status = 204, description = "The cookie is set",
        headers(
            ("Set-Cookie" = String, description = "`XSRF-TOKEN=…`, and the session cookie"),
            ("X-XSRF-TOKEN" = String, description = "The same token (exposed to the origins CORS allows)"),
        )))
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
    let kind = SessionKind::of(&session);
    Ok(HttpResponse::NoContent()
        .anti_forgery(AntiForgery::new(token, &state.config, kind))
        .finish())
}
