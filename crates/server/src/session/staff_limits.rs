//! The back office's session limits (`STAFF_IDLE_SECS`, `STAFF_SESSION_MAX_SECS`) on every API
//! route, not only under `/api/admin`: a staff session left open on a shared computer ends for
//! the cart and the account pages too (see [`crate::auth::keep_staff_session`]).

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
    let kept = match request.app_data::<web::Data<AppState>>() {
        Some(state) => auth::keep_staff_session(&request.get_session(), &state.config),
        None => Ok(()),
    };
    match kept {
        Ok(()) => next
            .call(request)
            .await
            .map(ServiceResponse::map_into_left_body),
        Err(error) => Ok(request
            .into_response(HttpResponse::from_error(error))
            .map_into_right_body()),
    }
}
