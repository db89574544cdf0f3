use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::view::ProductDetail;

use crate::error::{ApiError, ErrorBody};
use crate::extractors::RequestLocale;
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
    request: HttpRequest,
    SlugPath(slug): SlugPath,
    RequestLocale(locale): RequestLocale,
) -> Result<HttpResponse, ApiError> {
    crate::product_answers::answer(&state, &request, slug, locale).await
}
