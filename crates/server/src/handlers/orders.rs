use actix_session::Session;
use actix_web::{HttpResponse, get, web};

use super::PageQuery;
use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

/// The signed-in shopper's orders, newest first, paged.
#[get("/orders")]
pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let user = auth::require_user(&session)?;
    let page = query.parse()?;
    let orders = state
        .with_conn(move |conn| orders::order::orders_for_user(conn, user, page))
        .await?;
    Ok(HttpResponse::Ok().json(orders))
}

/// One order: the owner's when it belongs to an account, or a guest order by its UUID.
#[get("/orders/{uuid}")]
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    uuid: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = uuid::Uuid::parse_str(&uuid)
        .map_err(|_| ApiError::NotFound("Order not found.".into()))?
        .hyphenated()
        .to_string();
    let viewer = auth::user_id(&session);
    let order = state
        .with_conn(move |conn| orders::order::order_for_viewer(conn, &uuid, viewer))
        .await?;
    Ok(HttpResponse::Ok().json(order))
}
