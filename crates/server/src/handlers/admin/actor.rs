//! Who may use the back office: [`crate::extractors::Staff`] (role and second factor; 401 for
//! a visitor, 403 for a shopper), checked as middleware on the `/api/admin` scope before any
//! extractor runs (`staff_only` in `routes.rs`, which also puts those answers in the document).
//! Extractors are polled together, so a handler's body check would otherwise race the staff
//! look-up, and a shopper could learn from a 422 what a staff body looks like.
//! [`StaffActor`] then only reads what the middleware found. Admin-only routes add
//! [`require_admin`] (`wrap` on the route), which refuses other staff (403) from what
//! [`require_staff`] found, before the handler's extractors read a body or a query: an
//! extractor polled beside the body would lose the race to a 422 about half the time.

use std::future::{Ready, ready};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, dev::Payload};
use db::UserId;

use crate::error::ApiError;
use crate::extractors::{Role, Staff};

/// The staff member making a change, as the audit log records them.
#[derive(Debug, Clone, Copy)]
pub struct StaffActor {
    pub user_id: UserId,
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
        Ok(staff) => {
            request.extensions_mut().insert(StaffActor {
                user_id: staff.user_id,
            });
            request.extensions_mut().insert(staff);
            next.call(request)
                .await
                .map(ServiceResponse::map_into_left_body)
        }
        Err(error) => Ok(request
            .into_response(HttpResponse::from_error(error))
            .map_into_right_body()),
    }
}

async fn staff_member(request: &ServiceRequest) -> Result<Staff, ApiError> {
    Staff::extract(request.request()).await
}

/// Lets only admins through; goes on a route inside a scope that has [`require_staff`].
pub async fn require_admin<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let role = request.extensions().get::<Staff>().map(|staff| staff.role);
    match role {
        Some(Role::Admin) => next
            .call(request)
            .await
            .map(ServiceResponse::map_into_left_body),
        Some(Role::Staff) => Ok(request
            .into_response(HttpResponse::from_error(ApiError::Forbidden(
                "Only an admin may do this.".into(),
            )))
            .map_into_right_body()),
        None => Ok(request
            .into_response(HttpResponse::from_error(ApiError::Unauthenticated))
            .map_into_right_body()),
    }
}
