use actix_web::{HttpResponse, get, web};
use catalog::view::ProductDetail;

use crate::error::{ApiError, ErrorBody};
use crate::input::path::SlugPath;
use crate::state::AppState;

/// One product with its variants, images, breadcrumb and live stock.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The product's slug")),
    responses(
        (status = 200, description = "The product", body = ProductDetail),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
#[get("/products/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    SlugPath(slug): SlugPath,
) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    let product = state
        .with_conn(move |conn| catalog::product_by_slug(conn, &slug, &media))
        .await?;
    Ok(HttpResponse::Ok().json(product))
}
