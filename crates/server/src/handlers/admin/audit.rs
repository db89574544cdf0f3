use actix_web::{HttpResponse, get, web};
use catalog::Paged;

use accounts::staff::AuditLine;

use crate::error::{ApiError, ErrorBody};
use crate::extractors::Admin;
use crate::input::admin::AuditQuery;
use crate::state::AppState;

/// The audit log, newest first, filtered and paged, with each actor's name.
#[utoipa::path(
    tag = "admin",
    params(AuditQuery),
    responses(
        (status = 200, description = "One page of changes", body = Paged<AuditLine>),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "A filter or the page is invalid", body = ErrorBody),
    )
)]
#[get("/audit")]
pub async fn list(
    _: Admin,
    state: web::Data<AppState>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let (filter, page) = query.parse()?;
    let per_page = i64::from(page.per_page);
    let offset = (i64::from(page.page) - 1) * per_page;
    let (data, total) = state
        .with_conn(move |conn| accounts::staff::audit_page(conn, &filter, offset, per_page))
        .await?;
    let total = usize::try_from(total).unwrap_or_default();
    let has_more = usize::try_from(offset + per_page).unwrap_or_default() < total;
    Ok(HttpResponse::Ok().json(Paged {
        data,
        total,
        page: page.page,
        per_page: page.per_page,
        has_more,
    }))
}
