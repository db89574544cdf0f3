use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Serialize;
use utoipa::ToSchema;

use accounts::User;
use accounts::staff::Enrolment;

use crate::auth;
use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, Enrolling};
use crate::input::Valid;
use crate::input::admin::TwoFactorConfirmBody;
use crate::known_device::MarkKnown;
use crate::session::csrf::WithAntiForgery;
use crate::state::AppState;

/// Starts setting up the authenticator app, for a member of staff whose password was right
/// (`POST /api/login` answered 202 with `enrolment_required`). The secret is shown here only; a
/// second call replaces it until it is confirmed.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The secret, its otpauth URI and QR code", body = Enrolment),
        (status = 401, description = "No password step is pending", body = ErrorBody),
        (status = 403, description = "Signed in already: sign in again to set up a second factor", body = ErrorBody),
        (status = 409, description = "A second factor is set up already", body = ErrorBody),
    )
)]
#[post("/setup")]
pub async fn setup(
    Enrolling(user_id): Enrolling,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let issuer = state.mail.shop_name.clone();
    let enrolment = state
        .with_conn(move |conn| accounts::staff::begin_enrolment(conn, user_id, &issuer))
        .await?;
    Ok(HttpResponse::Ok()
        .cached(CachePolicy::NoStore)
        .json(enrolment))
}

/// The enrolment's end: the recovery codes, shown this once, and the signed-in user.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentDone {
    /// 10 single-use codes for when the app is not at hand. They are not shown again.
    pub recovery_codes: Vec<String>,
    pub user: User,
}

/// Confirms the set-up with a first code from the app; the member of staff is then signed in.
#[utoipa::path(
    tag = "admin",
    request_body = TwoFactorConfirmBody,
    responses(
        (status = 200, description = "Set up and signed in", body = EnrolmentDone),
        (status = 401, description = "No password step is pending", body = ErrorBody),
        (status = 403, description = "Signed in already: sign in again to set up a second factor", body = ErrorBody),
        (status = 409, description = "No set-up was started, or one is confirmed already", body = ErrorBody),
        (status = 422, description = "The code is wrong", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
#[post("/confirm")]
pub async fn confirm(
    Enrolling(user_id): Enrolling,
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    client: ClientAddress,
    Valid(code): Valid<TwoFactorConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.two_factor(&client.0).await?;
    let now = u64::try_from(auth::now_secs()).unwrap_or_default();
    let (recovery_codes, user) = state
        .with_conn(move |conn| {
            let codes = accounts::staff::confirm_enrolment(conn, user_id, &code, now)?;
            let user =
                accounts::find_user(conn, user_id)?.ok_or(accounts::AccountError::NotFound)?;
            Ok::<_, accounts::AccountError>((codes, user))
        })
        .await?;
    let token = auth::begin_staff(&state, &session, user_id).await?;
    Ok(HttpResponse::Ok()
        .anti_forgery(token)
        .known_device(&request, user.sign_in_name(), state.config.is_https())
        .cached(CachePolicy::NoStore)
        .json(EnrolmentDone {
            recovery_codes,
            user,
        }))
}
