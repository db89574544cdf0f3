//! A shopper's rights over their data (DPDP Act 2023): a copy of everything the shop holds about
//! them (s. 11), downloaded at once, and erasure (s. 12(3)) once they confirm with their password
//! or a sign-in code; then they are signed out. What erasure keeps, and why, is in
//! `accounts::people::rights`.

use accounts::people::CustomerRef;
use accounts::people::rights::{Asker, Erasure};
use actix_session::Session;
use actix_web::{HttpResponse, get, post, web};

use crate::auth;
use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::extractors::{RequestLocale, SignedIn};
use crate::handlers::responses::Message;
use crate::input::Valid;
use crate::input::people::EraseBody;
use crate::state::AppState;

/// Everything the shop holds about the signed-in shopper, as a JSON download: profile, saved
/// addresses, orders, contact messages and consents.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The shopper's data", body = Object),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
    )
)]
#[get("/user/data")]
pub async fn export(
    state: web::Data<AppState>,
    SignedIn(id): SignedIn,
) -> Result<HttpResponse, ApiError> {
    let document = state
        .with_conn(move |conn| {
            accounts::people::rights::export(conn, Asker::Themselves(id), &CustomerRef::Account(id))
                .map_err(|error| match error {
                    // A staff account is no customer: it has no such copy here.
                    accounts::AccountError::NotFound => ApiError::NotFound(
                        "This account's data is not kept as a customer's.".into(),
                    ),
                    other => other.into(),
                })
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"my-data.json\"",
        ))
        .cached(CachePolicy::NoStore)
        .json(document))
}

/// Erases the signed-in shopper's data after they confirm with their password or a sign-in
/// code (`POST /api/login/code-request` sends one); their orders stay with what the tax rules need.
/// The session ends.
#[utoipa::path(
    tag = "accounts",
    request_body = EraseBody,
    responses(
        (status = 200, description = "Erased and signed out", body = Message),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 404, description = "Not a customer's account", body = ErrorBody),
        (status = 422, description = "The password or code is missing or wrong", body = ErrorBody),
    )
)]
#[post("/user/erase")]
pub async fn erase(
    state: web::Data<AppState>,
    session: Session,
    SignedIn(id): SignedIn,
    RequestLocale(locale): RequestLocale,
    Valid(confirmation): Valid<EraseBody>,
) -> Result<HttpResponse, ApiError> {
    let hasher = state.hasher;
    let key = state.codes.key.clone();
    let _: Erasure = state
        .with_conn(move |conn| {
            accounts::people::rights::erase_own_account(conn, id, &confirmation, hasher, &key)
        })
        .await?;
    auth::end(&session);
    Ok(HttpResponse::Ok().json(Message::new(
        locale,
        "Your data has been erased and you are signed out.",
    )))
}
