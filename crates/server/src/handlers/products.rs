use std::sync::Arc;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use catalog::view::{ProductAnswer, ProductDetail};
use paths::Locale;

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
    answer(&state, &request, slug, locale).await
}

/// `GET /api/products/{slug}`: the product in `locale` with its stock as it is now.
async fn answer(
    state: &AppState,
    request: &HttpRequest,
    slug: String,
    locale: Locale,
) -> Result<HttpResponse, ApiError> {
    // Taken before reading, so that an answer read just before a catalogue change is kept for
    // the snapshot it belongs to (and so never served from the new one).
    let catalog = state.catalog_in(locale);
    let today = batches::india_today();
    if let Some(kept) = state.product_answers.get(locale, &catalog, &slug) {
        let id = kept.detail.id;
        let stock = state
            .with_conn(move |conn| catalog::live_stock(conn, id))
            .await?;
        // A licence lapses (or is renewed) at midnight without the catalogue changing.
        let mut detail = kept.detail.clone();
        let licence_moved = detail.set_licence(&state.shop.licences, today);
        match kept.detail.shown_stock(&stock) {
            Some(shown) if shown == kept.stock.as_slice() && !licence_moved => {
                return Ok(kept.send(request));
            }
            Some(shown) => {
                let answer = Arc::new(crate::product_answers::Answer::new(detail, shown)?);
                state
                    .product_answers
                    .keep(locale, &catalog, slug, answer.clone());
                return Ok(answer.send(request));
            }
            // Its variants changed, or it is no longer for sale: read it in full.
            None => {}
        }
    }
    let (media, care) = (state.media.clone(), state.shop.facts.customer_care());
    let read_slug = slug.clone();
    let read = state
        .with_conn(move |conn| {
            Ok::<_, ApiError>(
                match catalog::product_by_slug(conn, &read_slug, &media, Some(care), locale)? {
                    ProductAnswer::Found(detail) => {
                        let stock = catalog::live_stock(conn, detail.id)?;
                        Ok((detail, stock))
                    }
                    ProductAnswer::Moved(slug) => Err(slug),
                },
            )
        })
        .await?;
    let read = read.map(|(mut detail, stock)| {
        detail.set_licence(&state.shop.licences, today);
        (detail, stock)
    });
    match read {
        Ok((detail, stock)) => match detail.shown_stock(&stock) {
            Some(shown) => {
                let answer = Arc::new(crate::product_answers::Answer::new(*detail, shown)?);
                state
                    .product_answers
                    .keep(locale, &catalog, slug, answer.clone());
                Ok(answer.send(request))
            }
            // Changed between the two reads: answered as first read, and not kept.
            None => Ok(HttpResponse::Ok().json(detail)),
        },
        Err(moved) => Ok(HttpResponse::PermanentRedirect()
            .insert_header((header::LOCATION, format!("/api/products/{moved}")))
            .finish()),
    }
}
