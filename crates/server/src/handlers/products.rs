use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, get, web};
use catalog::view::{ProductAnswer, ProductDetail};

use crate::error::{ApiError, ErrorBody};
use crate::input::path::SlugPath;
use crate::state::AppState;

/// One product with its variants, images, breadcrumb, declarations and live stock. A slug the
/// product had before it was renamed answers 308 with `Location` at the current one.
#[utoipa::path(
    tag = "catalogue",
    params(("slug" = String, Path, description = "The product's slug")),
    responses(
        (status = 200, description = "The product", body = ProductDetail),
        (status = 308, description = "The product was renamed: `Location` is its current address"),
        (status = 404, description = "No such product", body = ErrorBody),
    )
)]
#[get("/products/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    SlugPath(slug): SlugPath,
) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    let care = state.shop.customer_care();
    let answer = state
        .with_conn(move |conn| catalog::product_by_slug(conn, &slug, &media, Some(care)))
        .await?;
    Ok(match answer {
        ProductAnswer::Found(product) => HttpResponse::Ok().json(product),
        ProductAnswer::Moved(slug) => HttpResponse::PermanentRedirect()
            .insert_header((LOCATION, format!("/api/products/{slug}")))
            .finish(),
    })
}
