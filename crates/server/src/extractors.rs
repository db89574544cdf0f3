//! What handlers take from the session, as extractors: the signed-in shopper and the cart.

use std::future::{Ready, ready};

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use orders::cart::CartId;

use crate::auth;
use crate::error::ApiError;
use crate::session::{get_string, keys};

/// The signed-in shopper's account id; a visitor gets 401 before the handler runs.
#[derive(Debug, Clone, Copy)]
pub struct SignedIn(pub i64);

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(auth::require_user(&request.get_session()).map(Self))
    }
}

/// The account id when someone is signed in.
#[derive(Debug, Clone, Copy)]
pub struct Viewer(pub Option<i64>);

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
