//! The contact inbox for staff: the messages the contact form kept, and their handled mark.

use accounts::AccountError;
use accounts::inbox::InboxMessage;
use actix_web::{HttpResponse, get, put, web};
use catalog::Paged;

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_day::{HandledBody, InboxQuery};
use crate::state::AppState;

/// To the accounts crate "not found" means a missing session elsewhere; here it is a message.
fn message_error(error: AccountError) -> ApiError {
    match error {
        AccountError::NotFound => ApiError::NotFound("No such message.".into()),
        other => other.into(),
    }
}

/// Contact messages, newest first: those not handled yet unless `status` says otherwise.
#[utoipa::path(
    tag = "admin",
    params(InboxQuery),
    responses(
        (status = 200, description = "One page of messages", body = Paged<InboxMessage>),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "The status or the page is invalid", body = ErrorBody),
    )
)]
#[get("/messages")]
pub async fn list(
    _: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<InboxQuery>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = query.parse()?;
    let (data, total) = state
        .with_conn(move |conn| accounts::inbox::inbox_page(conn, filter, page.offset, page.limit))
        .await?;
    Ok(HttpResponse::Ok().json(page.answer(data, total)))
}

/// One contact message.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message", body = InboxMessage),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
    )
)]
#[get("/messages/{id}")]
pub async fn show(
    _: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let message = state
        .with_conn(move |conn| accounts::inbox::find_message(conn, id).map_err(message_error))
        .await?;
    Ok(HttpResponse::Ok().json(message))
}

/// Marks a message handled (by the signed-in member of staff, now) or waiting again; audited.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The message's id")),
    request_body = HandledBody,
    responses(
        (status = 200, description = "The message as it is now", body = InboxMessage),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 422, description = "`handled` is missing", body = ErrorBody),
    )
)]
#[put("/messages/{id}/handled")]
pub async fn set_handled(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Valid(handled): Valid<HandledBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let message = state
        .with_conn(move |conn| {
            accounts::inbox::set_handled(conn, actor.user_id, id, handled).map_err(message_error)
        })
        .await?;
    Ok(HttpResponse::Ok().json(message))
}
