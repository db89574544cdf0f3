use accounts::Asker;
use actix_session::Session;
use actix_web::{HttpResponse, post, web};

use crate::auth;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale};
use crate::handlers::responses::UserEnvelope;
use crate::input::account::RegisterBody;
use crate::input::{CheckBody, Raw};
use crate::rate_limit::Form;
use crate::session::SessionKind;
use crate::session::csrf::WithAntiForgery;
use crate::state::AppState;

/// Creates the account (a name and a mobile number; e-mail and password optional) and signs the
/// new shopper in (201 with the user). A code to verify the number is sent at once (within the
/// caps on codes); an e-mail address given gets its verification mail.
#[utoipa::path(
    tag = "accounts",
    request_body = RegisterBody,
    responses(
        (status = 201, description = "Registered and signed in", body = UserEnvelope),
        (status = 422, description = "A field is invalid, the e-mail is taken, or another account verified the number", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
#[post("/register")]
pub async fn register(
    state: web::Data<AppState>,
    session: Session,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
    Raw(body): Raw<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.form(Form::Register, &client.0).await?;
    let (hasher, mail, codes) = (state.hasher, state.mail.clone(), state.codes.clone());
    let (email, phone) = (body.email(), body.phone());
    let checked = body.check();
    let user = state
        .with_conn(move |conn| match checked {
            Ok(form) => {
                let asker = Asker {
                    client: &client.0,
                    locale,
                };
                accounts::register(conn, &form, asker, hasher, &mail, &codes)
            }
            Err(errors) => Err(accounts::refuse_registration(
                conn,
                email.as_ref(),
                phone.as_ref(),
                errors,
            )),
        })
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    // Nobody asked to stay signed in here: the session ends with the browser or when unused.
    let token = auth::begin(&state, &session, user.id, SessionKind::Browser).await?;
    Ok(HttpResponse::Created()
        .anti_forgery(token)
        .json(UserEnvelope { user }))
}
