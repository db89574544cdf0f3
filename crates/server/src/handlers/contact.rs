use actix_web::{HttpResponse, post, web};

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale};
use crate::handlers::responses::Message;
use crate::input::Valid;
use crate::input::contact::ContactBody;
use crate::rate_limit::Form;
use crate::state::AppState;

/// Keeps the message for the shop and acknowledges it to the sender.
#[utoipa::path(
    tag = "pages",
    request_body = ContactBody,
    responses(
        (status = 201, description = "Received", body = Message),
        (status = 429, description = "Too many messages from this client", body = ErrorBody),
    )
)]
#[post("/contact")]
pub async fn submit(
    state: web::Data<AppState>,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
    Valid(form): Valid<ContactBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.form(Form::Contact, &client.0).await?;
    let mail = state.mail.clone();
    let owner = state.shop.owner_alerts.clone();
    state
        .with_conn(move |conn| accounts::submit_contact(conn, &form, locale, &mail, owner.as_ref()))
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    Ok(HttpResponse::Created().json(Message::new(
        locale,
        "Thank you! We have received your message and will reply within one working day.",
    )))
}
