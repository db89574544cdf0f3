use accounts::AccountError;
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::ClientAddress;
use crate::handlers::responses::UserEnvelope;
use crate::input::Valid;
use crate::input::account::{LoginBody, SignIn};
use crate::input::admin::TwoFactorBody;
use crate::known_device::{self, MarkKnown};
use crate::session::SessionKind;
use crate::session::csrf::WithAntiForgery;
use crate::state::AppState;

/// Signs in with an e-mail address or a mobile number (exactly one) and the password; the
/// session gets a new key and a new anti-forgery token. With `remember` ("Keep me
/// signed in") the session lasts 30 days; without it, the session cookie ends when the browser
/// closes and the session after `SIGN_IN_IDLE_SECS` (2 hours) unused. Staff and admins are not
/// signed in yet: the answer is 202 and the second factor follows (`POST /api/login/two-factor`,
/// or, before one is set up, `POST /api/admin/two-factor/setup` and `.../confirm`).
#[utoipa::path(
    tag = "accounts",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = UserEnvelope),
        (status = 202, description = "A staff account: the password is right, the second factor is needed", body = TwoFactorRequired),
        (status = 422, description = "Wrong credentials (the same words whether or not the address or number is known, on `email` or `phone`), or a field is invalid", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client, or too many wrong passwords for this address or number lately (a browser that signed in to the account before, or a staff account's right password, still gets through)", body = ErrorBody),
    )
)]
#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    client: ClientAddress,
    Valid(SignIn {
        credentials,
        remember,
    }): Valid<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let kind = SessionKind::remembered(remember);
    let login = credentials.login.as_str().to_owned();
    let known = known_device::recognises(&request, &login);
    let account_limit = state.limits.sign_in(&client.0, &login, known).await?;
    let hasher = state.hasher;
    let (user, status) = state
        .with_conn(move |conn| {
            let user = accounts::sign_in(conn, &credentials, hasher)?;
            let status = accounts::staff::sign_in_status(conn, user.id)?;
            Ok::<_, accounts::AccountError>((user, status))
        })
        .await
        .map_err(|error| match error {
            // A wrong password while the account's limit is spent: wait.
            ApiError::Validation { .. } => account_limit.refusal().unwrap_or(error),
            other => other,
        })?;
    // A right password for a staff account goes on to the second factor even when the
    // account's limit is spent: that step has its own lock, and the member gets in.
    if let Some(status) = status.filter(|status| status.role.is_some()) {
        let token = auth::begin_pending(&state, &session, user.id, kind)?;
        return Ok(HttpResponse::Accepted()
            .anti_forgery(token)
            .json(TwoFactorRequired {
                two_factor_required: true,
                enrolment_required: !status.two_factor_enrolled,
            }));
    }
    if let Some(refusal) = account_limit.refusal() {
        return Err(refusal);
    }
    let token = auth::begin(&state, &session, user.id, kind).await?;
    Ok(HttpResponse::Ok()
        .anti_forgery(token)
        .known_device(&request, &login, state.config.is_https())
        .json(UserEnvelope { user }))
}

/// The answer to a staff member's right password: what comes next.
#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorRequired {
    /// Always `true`.
    pub two_factor_required: bool,
    /// No authenticator app is set up yet: enrol with `POST /api/admin/two-factor/setup` and
    /// `POST /api/admin/two-factor/confirm` (which then signs in).
    pub enrolment_required: bool,
}

/// The second step of a staff sign-in, after `POST /api/login` answered 202: a code from the
/// authenticator app or a recovery code. Rate-limited per client; wrong codes lock the step
/// for the account, for growing periods.
#[utoipa::path(
    tag = "accounts",
    request_body = TwoFactorBody,
    responses(
        (status = 200, description = "Signed in", body = UserEnvelope),
        (status = 401, description = "No password step is pending (or it is older than 10 minutes)", body = ErrorBody),
        (status = 422, description = "The code is wrong, used already or not for now", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client, or the step is locked after wrong codes (5 lock it for 1 minute, then 2, 4, ... up to 4 hours; the member is mailed)", body = ErrorBody),
    )
)]
#[post("/login/two-factor")]
pub async fn two_factor(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    client: ClientAddress,
    Valid(factor): Valid<TwoFactorBody>,
) -> Result<HttpResponse, ApiError> {
    let user_id = auth::pending_user(&session).ok_or(ApiError::Unauthenticated)?;
    state.limits.two_factor(&client.0).await?;
    let now = u64::try_from(auth::now_secs()).unwrap_or_default();
    let mail = state.mail.clone();
    let result = state
        .with_conn(move |conn| {
            let status = accounts::staff::sign_in_status(conn, user_id)?;
            if !status.is_some_and(|s| s.role.is_some() && !s.disabled && s.two_factor_enrolled) {
                return Err(AccountError::InvalidCode);
            }
            accounts::staff::verify_second_factor(conn, user_id, &factor, now, &mail)?;
            accounts::find_user(conn, user_id)?.ok_or(AccountError::NotFound)
        })
        .await;
    // A wrong code may have locked the step, and the lock's mail is queued.
    state.mail_queued.notify_one();
    let user = result?;
    let token = auth::begin_staff(&state, &session, user.id).await?;
    Ok(HttpResponse::Ok()
        .anti_forgery(token)
        .known_device(&request, user.sign_in_name(), state.config.is_https())
        .json(UserEnvelope { user }))
}

/// Ends the session.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 204, description = "Signed out"),
    )
)]
#[post("/logout")]
pub async fn logout(session: Session) -> HttpResponse {
    auth::end(&session);
    HttpResponse::NoContent().finish()
}
