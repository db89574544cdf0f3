use accounts::input::FormErrors;
use actix_session::Session;
use actix_web::{HttpResponse, delete, get, post, put, web};
use orders::addresses;
use orders::checkout::parse_address;
use serde_json::{Value, json};

use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;

#[get("/addresses")]
pub async fn list(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let user = auth::require_user(&session)?;
    let saved = state
        .with_conn(move |conn| addresses::list(conn, user).map_err(ApiError::internal))
        .await?;
    Ok(HttpResponse::Ok().json(json!({"data": saved})))
}

#[post("/addresses")]
pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    save(&state, &session, None, body.into_inner())
        .await
        .map(|saved| HttpResponse::Created().json(saved))
}

#[put("/addresses/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    id: web::Path<i64>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    save(&state, &session, Some(id.into_inner()), body.into_inner())
        .await
        .map(|saved| HttpResponse::Ok().json(saved))
}

#[delete("/addresses/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    session: Session,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let user = auth::require_user(&session)?;
    let id = id.into_inner();
    state
        .with_conn(move |conn| addresses::delete(conn, user, id))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn save(
    state: &AppState,
    session: &Session,
    id: Option<i64>,
    body: Value,
) -> Result<addresses::SavedAddress, ApiError> {
    let user = auth::require_user(session)?;
    let mut errors = FormErrors::default();
    let address = parse_address(Some(&body), "", &mut errors);
    let label = body
        .get("label")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned);
    if label.as_ref().is_some_and(|l| l.chars().count() > 50) {
        errors.add(
            "label",
            "The label may not be greater than 50 characters.".into(),
        );
    }
    let is_default = body
        .get("is_default")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let (Some(address), true) = (address, errors.is_empty()) else {
        return Err(ApiError::invalid(errors.into_errors()));
    };
    state
        .with_conn(move |conn| {
            addresses::save(conn, user, id, label.as_deref(), &address, is_default)
        })
        .await
}
