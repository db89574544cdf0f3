//! The product API's answers, kept per catalogue snapshot, serialised and compressed once.
//! Stock stays live: every request reads the product's stock (one small query), and the kept
//! answer is sent only while it shows that very stock; when stock moved, the answer is made
//! again from the kept detail (no other reads). A product or variant no longer for sale shows
//! in that query too, and the product is then read in full. Everything else (names, prices,
//! images) follows the snapshot, as the lists and search do: a catalogue write here replaces it
//! at once, one by another process within `CATALOG_REFRESH_SECS`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse};
use bytes::Bytes;
use catalog::CatalogSnapshot;
use catalog::view::ProductDetail;
use db::VariantId;
use paths::Locale;

use crate::error::ApiError;
use crate::precompressed::Precompressed;
use crate::snapshot_kept::SnapshotKept;

/// Answers kept at most; past it the cache starts again (a crawler walking every product must
/// not hold them all in memory).
const MAX_KEPT: usize = 256;

/// Each language's answers, kept for that language's snapshot.
#[derive(Default)]
pub struct ProductAnswers {
    inner: Mutex<HashMap<Locale, Kept>>,
}

type Kept = SnapshotKept<String, Arc<Answer>>;

pub struct Answer {
    pub detail: ProductDetail,
    /// The stock `body` shows, as [`ProductDetail::shown_stock`] gives it.
    pub stock: Vec<(VariantId, i32)>,
    body: Precompressed,
}

impl Answer {
    pub fn new(mut detail: ProductDetail, stock: &[(VariantId, i32)]) -> Result<Self, ApiError> {
        detail.set_stock(stock);
        let body = serde_json::to_vec(&detail).map_err(ApiError::internal)?;
        Ok(Self {
            detail,
            stock: stock.to_vec(),
            body: Precompressed::new(Bytes::from(body)),
        })
    }
}

impl Answer {
    /// The kept answer, compressed as the client takes it.
    pub fn send(&self, request: &HttpRequest) -> HttpResponse {
        let mut response = HttpResponse::Ok();
        response.content_type(ContentType::json());
        self.body.send(request, response)
    }
}

impl ProductAnswers {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Locale, Kept>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn get(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        slug: &str,
    ) -> Option<Arc<Answer>> {
        self.lock().get(&locale)?.get(catalog, slug)
    }

    pub fn keep(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        slug: String,
        answer: Arc<Answer>,
    ) {
        let mut all = self.lock();
        let kept = all.entry(locale).or_default();
        kept.follow(catalog);
        kept.insert(slug, answer, MAX_KEPT);
    }
}
