use actix_web::{HttpResponse, get, post, put, web};
use db::UserId;

use accounts::staff::StaffMember;

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Admin;
use crate::input::Valid;
use crate::input::admin::{InviteStaffBody, StaffRoleBody};
use crate::state::AppState;

/// Everyone with a staff or admin role, disabled ones included.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The staff, oldest first", body = Vec<StaffMember>),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
    )
)]
#[get("/staff")]
pub async fn list(_: Admin, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let staff = state.with_conn(accounts::staff::list_staff).await?;
    Ok(HttpResponse::Ok().json(staff))
}

/// Creates a staff account and mails it a link to choose a password.
#[utoipa::path(
    tag = "admin",
    request_body = InviteStaffBody,
    responses(
        (status = 201, description = "Invited", body = StaffMember),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "A field is invalid, or the address has an account already", body = ErrorBody),
    )
)]
#[post("/staff")]
pub async fn invite(
    Admin(admin): Admin,
    state: web::Data<AppState>,
    Valid(invite): Valid<InviteStaffBody>,
) -> Result<HttpResponse, ApiError> {
    let mail = state.mail.clone();
    let member = state
        .with_conn(move |conn| accounts::staff::invite_staff(conn, admin.user_id, &invite, &mail))
        .await?;
    state.mail_queued.notify_one();
    Ok(HttpResponse::Created().json(member))
}

/// Gives a member of staff another role (`staff` or `admin`).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The member of staff's user id")),
    request_body = StaffRoleBody,
    responses(
        (status = 200, description = "Changed", body = StaffMember),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such member of staff", body = ErrorBody),
        (status = 409, description = "That would leave the shop without an admin", body = ErrorBody),
        (status = 422, description = "Not a role", body = ErrorBody),
    )
)]
#[put("/staff/{id}")]
pub async fn update(
    Admin(admin): Admin,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
    Valid(role): Valid<StaffRoleBody>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let member = state
        .with_conn(move |conn| accounts::staff::set_role(conn, admin.user_id, id, role))
        .await
        .map_err(not_found)?;
    Ok(HttpResponse::Ok().json(member))
}

/// Disables a member of staff: they cannot sign in, and their sessions end now.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The member of staff's user id")),
    responses(
        (status = 200, description = "Disabled", body = StaffMember),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such member of staff", body = ErrorBody),
        (status = 409, description = "That would leave the shop without an admin", body = ErrorBody),
    )
)]
#[post("/staff/{id}/disable")]
pub async fn disable(
    Admin(admin): Admin,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let member = state
        .with_conn(move |conn| accounts::staff::disable_staff(conn, admin.user_id, id))
        .await
        .map_err(not_found)?;
    Ok(HttpResponse::Ok().json(member))
}

/// Lets a disabled member of staff sign in again.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The member of staff's user id")),
    responses(
        (status = 200, description = "Enabled", body = StaffMember),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such member of staff", body = ErrorBody),
    )
)]
#[post("/staff/{id}/enable")]
pub async fn enable(
    Admin(admin): Admin,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let member = state
        .with_conn(move |conn| accounts::staff::enable_staff(conn, admin.user_id, id))
        .await
        .map_err(not_found)?;
    Ok(HttpResponse::Ok().json(member))
}

/// The accounts crate's "not found" means a missing session elsewhere; here it is a missing
/// member of staff.
fn not_found(error: ApiError) -> ApiError {
    match error {
        ApiError::Unauthenticated => ApiError::NotFound("No such member of staff.".into()),
        other => other,
    }
}
