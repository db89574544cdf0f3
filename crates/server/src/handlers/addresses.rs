use actix_web::{HttpResponse, delete, get, post, put, web};
use orders::addresses::{self, SavedAddress};

use crate::error::{ApiError, ErrorBody};
use crate::extractors::SignedIn;
use crate::handlers::responses::DataList;
use crate::input::Valid;
use crate::input::addresses::AddressBody;
use crate::state::AppState;

/// The signed-in shopper's address book, the default first.
#[utoipa::path(
    tag = "addresses",
    responses(
        (status = 200, description = "Saved addresses", body = DataList<SavedAddress>),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
    )
)]
#[get("/addresses")]
pub async fn list(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
) -> Result<HttpResponse, ApiError> {
    let data = state
        .with_conn(move |conn| addresses::list(conn, user).map_err(ApiError::internal))
        .await?;
    Ok(HttpResponse::Ok().json(DataList { data }))
}

#[utoipa::path(
    tag = "addresses",
    request_body = AddressBody,
    responses(
        (status = 201, description = "Saved", body = SavedAddress),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
    )
)]
#[post("/addresses")]
pub async fn create(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
    Valid(entry): Valid<AddressBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = state
        .with_conn(move |conn| addresses::save(conn, user, None, entry))
        .await?;
    Ok(HttpResponse::Created().json(saved))
}

#[utoipa::path(
    tag = "addresses",
    request_body = AddressBody,
    params(("id" = i64, Path, description = "The address's id")),
    responses(
        (status = 200, description = "Saved", body = SavedAddress),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 404, description = "Not one of this shopper's addresses", body = ErrorBody),
    )
)]
#[put("/addresses/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
    id: web::Path<i64>,
    Valid(entry): Valid<AddressBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let saved = state
        .with_conn(move |conn| addresses::save(conn, user, Some(id), entry))
        .await?;
    Ok(HttpResponse::Ok().json(saved))
}

#[utoipa::path(
    tag = "addresses",
    params(("id" = i64, Path, description = "The address's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Nobody is signed in", body = ErrorBody),
        (status = 404, description = "Not one of this shopper's addresses", body = ErrorBody),
    )
)]
#[delete("/addresses/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    state
        .with_conn(move |conn| addresses::delete(conn, user, id))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
