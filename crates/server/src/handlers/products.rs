use actix_web::{HttpResponse, get, web};

use crate::error::ApiError;
use crate::state::AppState;

#[get("/products/{slug}")]
pub async fn show(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    let slug = slug.into_inner();
    let product = state
        .with_conn(move |conn| catalog::product_by_slug(conn, &slug, &media))
        .await?;
    Ok(HttpResponse::Ok().json(product))
}
