//! Who may use the staff routes. For now: a signed-in account whose role is `staff` or `admin`
//! (401 for a visitor, 403 for a shopper). When the staff security layer lands, this file gives
//! way to its `Staff` extractor (which also checks the second factor).
//!
//! The check runs as middleware on the `/api/admin` scope, before any extractor: a handler's
//! body check would otherwise race the role look-up, and a shopper could learn from a 422 what
//! a staff body looks like. [`StaffActor`] then only reads what the middleware found.

use std::future::{Ready, ready};

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, dev::Payload, web};

use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

/// The staff member making a change, as the audit log records them.
#[derive(Debug, Clone, Copy)]
pub struct StaffActor {
    pub user_id: i64,
}

impl FromRequest for StaffActor {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            request
                .extensions()
                .get::<StaffActor>()
                .copied()
                .ok_or(ApiError::Unauthenticated),
        )
    }
}

/// Lets only staff through, with their [`StaffActor`] in the request's extensions.
pub async fn require_staff<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    match staff_member(&request).await {
        Ok(actor) => {
            request.extensions_mut().insert(actor);
            next.call(request)
                .await
                .map(ServiceResponse::map_into_left_body)
        }
        Err(error) => Ok(request
            .into_response(HttpResponse::from_error(error))
            .map_into_right_body()),
    }
}

async fn staff_member(request: &ServiceRequest) -> Result<StaffActor, ApiError> {
    let user_id = auth::require_user(&request.get_session())?;
    let state = request
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no app state")))?;
    let user = state
        .with_conn(move |conn| accounts::find_user(conn, user_id).map_err(ApiError::internal))
        .await?
        .ok_or(ApiError::Unauthenticated)?;
    match user.role.as_str() {
        "staff" | "admin" => Ok(StaffActor { user_id }),
        _ => Err(ApiError::Forbidden("This needs a staff account.".into())),
    }
}
