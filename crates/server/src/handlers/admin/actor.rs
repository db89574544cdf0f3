//! Who may use the staff routes. For now: a signed-in account whose role is `staff` or `admin`
//! (401 for a visitor, 403 for a shopper). When the staff security layer lands, this extractor
//! gives way to its `Staff` (which also checks the second factor): the swap is this file.

use std::future::Future;
use std::pin::Pin;

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};

use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

/// The staff member making a change, as the audit log records them.
#[derive(Debug, Clone, Copy)]
pub struct StaffActor {
    pub user_id: i64,
}

impl FromRequest for StaffActor {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = auth::require_user(&request.get_session());
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let user_id = user?;
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no app state")))?;
            let user = state
                .with_conn(move |conn| {
                    accounts::find_user(conn, user_id).map_err(ApiError::internal)
                })
                .await?
                .ok_or(ApiError::Unauthenticated)?;
            match user.role.as_str() {
                "staff" | "admin" => Ok(Self { user_id }),
                _ => Err(ApiError::Forbidden("This needs a staff account.".into())),
            }
        })
    }
}
