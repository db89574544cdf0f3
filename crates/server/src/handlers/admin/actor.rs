//! Who may use the back office: [`crate::extractors::Staff`] (role and second factor; 401 for
//! a visitor, 403 for a shopper), checked as middleware on the `/api/admin` scope before any
//! extractor runs (`staff_only` in `routes.rs`, which also puts those answers in the document).
//! Extractors are polled together, so a handler's body check would otherwise race the staff
//! look-up, and a shopper could learn from a 422 what a staff body looks like.
//!
//! The same middleware then asks the table in [`super::access`] whether the member's role may
//! use the route (403 with the reason when not), for the same reason before any body or query
//! is read: a packer must not learn from a 422 what a price change looks like, and an
//! accountant's write must be refused whatever its body holds. The route is found by its
//! template (`HttpRequest::match_pattern`, which the router's map answers from the path alone),
//! so the check needs no help from the handler.
//!
//! [`StaffActor`] then only reads what the middleware found; a route for admins alone is a
//! group of the table whose roles are `[Admin]` (an extractor polled beside the body would lose
//! the race to a 422 about half the time).

use std::future::{Ready, ready};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, dev::Payload};
use db::UserId;

use super::access;
use crate::api_doc::Document;
use crate::error::ApiError;
use crate::extractors::Staff;

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
    match staff_member(&request)
        .await
        .and_then(|staff| allowed(&request, staff))
    {
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

/// The member, when the access table lets their role use this route. A method the document does
/// not list for the path goes on to the router's own 405 (and an unknown path to its 404): the
/// table only speaks for operations that exist.
fn allowed(request: &ServiceRequest, staff: Staff) -> Result<Staff, ApiError> {
    let Some(template) = request.match_pattern() else {
        return Ok(staff);
    };
    let method = match request.method().as_str() {
        "HEAD" => "GET",
        other => other,
    };
    // The router may match a path to a template the request is not for (`DELETE
    // …/photos/order` to `…/photos/{photo_id}`): the most literal documented template decides,
    // as it does for the 405 the router then answers.
    let documented = request
        .app_data::<actix_web::web::Data<Document>>()
        .is_some_and(|document| {
            document.documents(method, &template)
                && document.allowed_methods(request.path()).contains(&method)
        });
    if !documented || access::may(staff.role, method, &template) {
        Ok(staff)
    } else {
        Err(ApiError::Forbidden(access::refusal(
            staff.role, method, &template,
        )))
    }
}
