//! The product API's answers, kept per catalogue snapshot, serialised and compressed once.
//! Stock stays live: every request reads the product's stock (one small query), and the kept
//! answer is sent only while it shows that very stock; when stock moved, the answer is made
//! again from the kept detail (no other reads). A product or variant no longer for sale shows
//! in that query too, and the product is then read in full. Everything else (names, prices,
//! images) follows the snapshot, as the lists and search do: a catalogue write here replaces it
//! at once, one by another process within `CATALOG_REFRESH_SECS`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse};
use bytes::Bytes;
use catalog::CatalogSnapshot;
use catalog::view::{ProductAnswer, ProductDetail};
use db::VariantId;
use paths::Locale;

use crate::error::ApiError;
use crate::precompressed::Precompressed;
use crate::state::AppState;

/// Answers kept at most; past it the cache starts again (a crawler walking every product must
/// not hold them all in memory).
const MAX_KEPT: usize = 256;

/// Each language's answers, kept for that language's snapshot.
#[derive(Default)]
pub struct ProductAnswers {
    inner: Mutex<HashMap<Locale, Kept>>,
}

#[derive(Default)]
struct Kept {
    /// The snapshot the answers belong to; weak, so that a replaced snapshot is freed at once.
    catalog: Weak<CatalogSnapshot>,
    by_slug: HashMap<String, Arc<Answer>>,
}

struct Answer {
    detail: ProductDetail,
    /// The stock `body` shows, as [`ProductDetail::shown_stock`] gives it.
    stock: Vec<(VariantId, i32)>,
    body: Precompressed,
}

impl Answer {
    fn new(mut detail: ProductDetail, stock: &[(VariantId, i32)]) -> Result<Self, ApiError> {
        detail.set_stock(stock);
        let body = serde_json::to_vec(&detail).map_err(ApiError::internal)?;
        Ok(Self {
            detail,
            stock: stock.to_vec(),
            body: Precompressed::new(Bytes::from(body)),
        })
    }
}

impl ProductAnswers {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Locale, Kept>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn get(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        slug: &str,
    ) -> Option<Arc<Answer>> {
        let all = self.lock();
        let kept = all.get(&locale)?;
        if !std::ptr::eq(kept.catalog.as_ptr(), Arc::as_ptr(catalog)) {
            return None;
        }
        kept.by_slug.get(slug).cloned()
    }

    fn keep(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        slug: String,
        answer: Arc<Answer>,
    ) {
        let mut all = self.lock();
        let kept = all.entry(locale).or_default();
        if !std::ptr::eq(kept.catalog.as_ptr(), Arc::as_ptr(catalog)) {
            kept.catalog = Arc::downgrade(catalog);
            kept.by_slug.clear();
        }
        if kept.by_slug.len() >= MAX_KEPT {
            kept.by_slug.clear();
        }
        kept.by_slug.insert(slug, answer);
    }
}

/// `GET /api/products/{slug}`: the product in `locale` with its stock as it is now.
pub async fn answer(
    state: &AppState,
    request: &HttpRequest,
    slug: String,
    locale: Locale,
) -> Result<HttpResponse, ApiError> {
    // Taken before reading, so that an answer read just before a catalogue change is kept for
    // the snapshot it belongs to (and so never served from the new one).
    let catalog = state.catalog_in(locale);
    if let Some(kept) = state.product_answers.get(locale, &catalog, &slug) {
        let id = kept.detail.id;
        let stock = state
            .with_conn(move |conn| catalog::live_stock(conn, id))
            .await?;
        match kept.detail.shown_stock(&stock) {
            Some(shown) if shown == kept.stock.as_slice() => return Ok(send(&kept, request)),
            Some(shown) => {
                let answer = Arc::new(Answer::new(kept.detail.clone(), shown)?);
                state
                    .product_answers
                    .keep(locale, &catalog, slug, answer.clone());
                return Ok(send(&answer, request));
            }
            // Its variants changed, or it is no longer for sale: read it in full.
            None => {}
        }
    }
    let (media, care) = (state.media.clone(), state.shop.customer_care());
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
    match read {
        Ok((detail, stock)) => match detail.shown_stock(&stock) {
            Some(shown) => {
                let answer = Arc::new(Answer::new(*detail, shown)?);
                state
                    .product_answers
                    .keep(locale, &catalog, slug, answer.clone());
                Ok(send(&answer, request))
            }
            // Changed between the two reads: answered as first read, and not kept.
            None => Ok(HttpResponse::Ok().json(detail)),
        },
        Err(moved) => Ok(HttpResponse::PermanentRedirect()
            .insert_header((header::LOCATION, format!("/api/products/{moved}")))
            .finish()),
    }
}

fn send(answer: &Answer, request: &HttpRequest) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    response.content_type(ContentType::json());
    answer.body.send(request, response)
}
