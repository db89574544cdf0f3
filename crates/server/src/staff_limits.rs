//! The back office's session limits (`STAFF_IDLE_SECS`, `STAFF_SESSION_MAX_SECS`) on every API
//! route, not only under `/api/admin`: a staff session left open on a shared computer is signed
//! out for the cart and the account pages too (see [`crate::auth::staff_session_limits`]). The
//! request then goes on as a visitor's: a call that needs the account answers 401, and the
//! app's anti-forgery and cart calls keep working.

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};

use crate::auth;
use crate::state::AppState;

pub async fn enforce<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let checked = match request.app_data::<web::Data<AppState>>() {
        Some(state) => auth::staff_session_limits(&request.get_session(), &state.config),
        None => Ok(auth::StaffSession::NotStaff),
    };
    match checked {
        Ok(_) => next
            .call(request)
            .await
            .map(ServiceResponse::map_into_left_body),
        Err(error) => Ok(request
            .into_response(HttpResponse::from_error(error))
            .map_into_right_body()),
    }
}
