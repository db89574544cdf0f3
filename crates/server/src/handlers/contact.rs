use accounts::ContactMessage;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};

use super::account::{optional_text, text};
use crate::auth;
use crate::error::ApiError;
use crate::rate_limit::Form;
use crate::state::AppState;

#[post("/contact")]
pub async fn submit(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let client = auth::client_address(&request, state.config.trust_proxy);
    state.limits.form(Form::Contact, &client)?;
    let mail = state.mail.clone();
    state
        .with_conn(move |conn| {
            let form = ContactMessage {
                name: text(&body, "name"),
                email: text(&body, "email"),
                phone: optional_text(&body, "phone"),
                subject: optional_text(&body, "subject"),
                message: text(&body, "message"),
            };
            accounts::submit_contact(conn, &form, &mail)
        })
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Created().json(json!({"message": "Thank you! We have received your message and will reply within one working day."})))
}
