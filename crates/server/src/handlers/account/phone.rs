//! Codes sent to a phone: signing in with one, and proving the signed-in account's number; and
//! the account's choice about order news on its phone.

use accounts::{AccountError, Asker};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, post, put, web};
use orders::order::consent::{self, ChoiceVia};

use crate::auth;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{ClientAddress, RequestLocale, SignedIn};
use crate::handlers::responses::{Message, UserEnvelope};
use crate::input::Valid;
use crate::input::account::{
    CodeRequestBody, CodeSignIn, CodeSignInBody, PhoneCodeBody, PhoneUpdatesBody,
};
use crate::known_device::MarkKnown;
use crate::session::SessionKind;
use crate::session::csrf::WithAntiForgery;
use crate::state::AppState;

/// The one answer to a request for a sign-in code.
const MAYBE_SENT: &str = "If this number has an account, we have sent it a code.";

/// Sends a sign-in code to the number when it belongs to a customer's account. The answer is
/// the same 202 whether or not it does, whether a cap (per number, per client address, for the
/// shop per hour) refused it, and whether the shop sends codes to the number's country.
#[utoipa::path(
    tag = "accounts",
    request_body = CodeRequestBody,
    responses(
        (status = 202, description = "The same answer for every readable number", body = Message),
        (status = 422, description = "The phone field is missing or not a phone number", body = ErrorBody),
    )
)]
#[post("/login/code-request")]
pub async fn request_code(
    state: web::Data<AppState>,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
    Valid(phone): Valid<CodeRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let (codes, mail) = (state.codes.clone(), state.mail.clone());
    let queued = state
        .with_conn(move |conn| {
            let asker = Asker {
                client: &client.0,
                locale,
            };
            accounts::request_sign_in_code(conn, &phone, asker, &codes, &mail)
        })
        .await?;
    if queued {
        state.phone_queued.notify_one();
    }
    Ok(HttpResponse::Accepted().json(Message::new(locale, MAYBE_SENT)))
}

/// Signs in with the code sent to the number (never a staff account); the number becomes the
/// account's verified number and the guest orders placed with it join the account.
#[utoipa::path(
    tag = "accounts",
    request_body = CodeSignInBody,
    responses(
        (status = 200, description = "Signed in", body = UserEnvelope),
        (status = 422, description = "The code is wrong, used or expired (a code dies after 5 wrong tries), or a field is missing", body = ErrorBody),
        (status = 429, description = "Too many codes tried from this client", body = ErrorBody),
    )
)]
#[post("/login/code")]
pub async fn sign_in_with_code(
    state: web::Data<AppState>,
    session: Session,
    request: HttpRequest,
    client: ClientAddress,
    Valid(CodeSignIn {
        phone,
        code,
        remember,
    }): Valid<CodeSignInBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.phone_code(&client.0).await?;
    let codes = state.codes.clone();
    let number = phone.as_str().to_owned();
    let user = state
        .with_conn(move |conn| accounts::sign_in_with_code(conn, &phone, &code, &codes))
        .await?;
    let token = auth::begin(&state, &session, user.id, SessionKind::remembered(remember)).await?;
    Ok(HttpResponse::Ok()
        .anti_forgery(token)
        .known_device(&request, &number, state.config.is_https())
        .json(UserEnvelope { user }))
}

/// Sends a code to the signed-in account's own number, to verify it.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 202, description = "A code is on its way (unless the caps on codes held it back)", body = Message),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "The account has no number, it is verified already, or codes cannot go to it", body = ErrorBody),
    )
)]
#[post("/user/phone/code")]
pub async fn send_code(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    client: ClientAddress,
    RequestLocale(locale): RequestLocale,
) -> Result<HttpResponse, ApiError> {
    let (codes, mail) = (state.codes.clone(), state.mail.clone());
    let queued = state
        .with_conn(move |conn| {
            let asker = Asker {
                client: &client.0,
                locale,
            };
            accounts::send_phone_code(conn, id, asker, &codes, &mail)
        })
        .await?;
    if queued {
        state.phone_queued.notify_one();
    }
    Ok(HttpResponse::Accepted().json(Message::new(
        locale,
        "We have sent a code to your mobile number.",
    )))
}

/// Verifies the signed-in account's number with the code sent to it; the guest orders placed
/// with the number join the account.
#[utoipa::path(
    tag = "accounts",
    request_body = PhoneCodeBody,
    responses(
        (status = 200, description = "The number is verified", body = UserEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "The code is wrong, used or expired, or another account verified the number first", body = ErrorBody),
        (status = 429, description = "Too many codes tried from this client", body = ErrorBody),
    )
)]
#[post("/user/phone/verify")]
pub async fn verify(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    client: ClientAddress,
    Valid(code): Valid<PhoneCodeBody>,
) -> Result<HttpResponse, ApiError> {
    state.limits.phone_code(&client.0).await?;
    let codes = state.codes.clone();
    let user = state
        .with_conn(move |conn| accounts::verify_phone(conn, id, &code, &codes))
        .await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { user }))
}

/// The shopper's choice about order news on WhatsApp or SMS at their number, kept with the
/// notice's version, the time, and that it was made in the profile.
#[utoipa::path(
    tag = "accounts",
    request_body = PhoneUpdatesBody,
    responses(
        (status = 200, description = "The choice is kept", body = UserEnvelope),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 422, description = "The field is missing, or the account has no verified number", body = ErrorBody),
    )
)]
#[put("/user/phone-updates")]
pub async fn phone_updates(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
    Valid(wanted): Valid<PhoneUpdatesBody>,
) -> Result<HttpResponse, ApiError> {
    let user = state
        .with_conn(move |conn| {
            db::write_transaction(conn, |conn| {
                let user = accounts::find_user(conn, id)?.ok_or(AccountError::NotFound)?;
                let phone = user.phone.as_deref().ok_or_else(|| {
                    AccountError::field("phone", "Add your mobile number to your profile first.")
                })?;
                // The choice is the number's owner's: a number not proved yet could be anyone's
                // (and its owner may have replied STOP).
                if user.phone_verified_at.is_none() {
                    return Err(AccountError::field(
                        "phone",
                        "Verify your mobile number first: we send it a code.",
                    ));
                }
                consent::record(conn, phone, wanted, ChoiceVia::Profile)?;
                accounts::find_user(conn, id)?.ok_or(AccountError::NotFound)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { user }))
}
