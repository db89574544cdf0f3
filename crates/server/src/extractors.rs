//! What handlers take from the session, as extractors: the signed-in shopper, the cart, and
//! the back office's staff and admins.

use std::future::{Future, Ready, ready};
use std::pin::Pin;

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use anyhow::anyhow;
use db::UserId;
use orders::cart::CartId;

use crate::auth;
use crate::error::ApiError;
use crate::session::{get_string, keys};
use crate::state::AppState;

/// The signed-in shopper's account id; a visitor gets 401 before the handler runs.
#[derive(Debug, Clone, Copy)]
pub struct SignedIn(pub UserId);

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(auth::require_user(&request.get_session()).map(Self))
    }
}

/// The language the shopper reads the answer in: the app sends its page's language as
/// `Accept-Language` (`ml`, `ta`); anything else (a browser's own list, none) is weighed the same
/// way, English when it names neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLocale(pub paths::Locale);

impl RequestLocale {
    pub fn of(request: &HttpRequest) -> paths::Locale {
        request
            .headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(paths::Locale::from_accept_language)
            .unwrap_or_default()
    }
}

impl FromRequest for RequestLocale {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Self(Self::of(request))))
    }
}

/// The account id when someone is signed in.
#[derive(Debug, Clone, Copy)]
pub struct Viewer(pub Option<UserId>);

impl FromRequest for Viewer {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Self(auth::user_id(&request.get_session()))))
    }
}

/// The session's cart, if it has one yet.
#[derive(Debug, Clone)]
pub struct SessionCart(pub Option<CartId>);

impl FromRequest for SessionCart {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = request.get_session();
        let cart = get_string(&session, keys::CART_ID).and_then(|id| CartId::parse(&id));
        ready(Ok(Self(cart)))
    }
}

/// The client's address as rate limits key it (see [`auth::client_address`]).
#[derive(Debug, Clone)]
pub struct ClientAddress(pub String);

impl FromRequest for ClientAddress {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let (trust, hops) = request
            .app_data::<actix_web::web::Data<crate::state::AppState>>()
            .map(|state| (state.config.trust_proxy, state.config.trusted_proxy_hops))
            .unwrap_or((false, 1));
        ready(Ok(Self(auth::client_address(request, trust, hops))))
    }
}

pub use accounts::Role;

/// A member of staff (or an admin) signed in with both factors, whose account is enabled and
/// whose back-office session is within its limits. A visitor gets 401, a shopper 403, someone
/// whose second factor is still pending 403. Checked against the database on every request, so
/// a role change or a disabled account takes effect at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Staff {
    pub user_id: UserId,
    pub role: Role,
}

/// A signed-in admin (as [`Staff`]); staff who are not admins get 403.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Admin(pub Staff);

/// Staff whose password was right and who have no second factor yet: they may only enrol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enrolling(pub UserId);

type Checked<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

fn second_factor_first() -> ApiError {
    ApiError::Forbidden("Please complete the second step of signing in first.".into())
}

impl FromRequest for Staff {
    type Error = ApiError;
    type Future = Checked<Self>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = request.get_session();
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow!("no app state")))?;
            let Some(user_id) = auth::user_id(&session) else {
                return Err(match auth::pending_user(&session) {
                    Some(_) => second_factor_first(),
                    None => ApiError::Unauthenticated,
                });
            };
            let status = state
                .with_conn(move |conn| accounts::staff::sign_in_status(conn, user_id))
                .await?;
            let Some(status) = status.filter(|status| !status.disabled) else {
                auth::end(&session);
                return Err(ApiError::Unauthenticated);
            };
            let Some(role) = status.role else {
                return Err(ApiError::Forbidden(
                    "This part of the shop is for its staff.".into(),
                ));
            };
            let get = |key| session.get::<i64>(key).ok().flatten();
            // A shopper made staff while signed in has no second factor in this session.
            if get(auth::STAFF_SIGNED_IN_AT).is_none() || get(auth::STAFF_LAST_SEEN).is_none() {
                return Err(second_factor_first());
            }
            // The `/api` scope checks the limits on every route (`staff_limits`);
            // checked here too for any route outside it.
            match auth::staff_session_limits(&session, &state.config)? {
                auth::StaffSession::Ended => Err(ApiError::Unauthenticated),
                _ => Ok(Self { user_id, role }),
            }
        })
    }
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Checked<Self>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let only_admins = |staff: Staff| match staff.role {
            Role::Admin => Ok(Self(staff)),
            _ => Err(ApiError::Forbidden("Only an admin may do this.".into())),
        };
        // Behind `require_staff` the check was made already; read it without waiting, so no
        // other extractor (a body) can answer first.
        if let Some(staff) = request.extensions().get::<Staff>().copied() {
            return Box::pin(ready(only_admins(staff)));
        }
        let staff = Staff::from_request(request, payload);
        Box::pin(async move { only_admins(staff.await?) })
    }
}

impl FromRequest for Enrolling {
    type Error = ApiError;
    type Future = Checked<Self>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = request.get_session();
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow!("no app state")))?;
            let Some(user_id) = auth::pending_user(&session) else {
                return Err(match auth::user_id(&session) {
                    Some(_) => {
                        ApiError::Forbidden("Sign in again to set up a second factor.".into())
                    }
                    None => ApiError::Unauthenticated,
                });
            };
            let status = state
                .with_conn(move |conn| accounts::staff::sign_in_status(conn, user_id))
                .await?;
            match status {
                Some(status) if status.role.is_some() && !status.disabled => {
                    if status.two_factor_enrolled {
                        Err(ApiError::Conflict {
                            message: "The second factor is already set up.".into(),
                            details: serde_json::Map::new(),
                        })
                    } else {
                        Ok(Self(user_id))
                    }
                }
                _ => Err(ApiError::Unauthenticated),
            }
        })
    }
}
