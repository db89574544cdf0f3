//! The search overlay's answers for words asked again, kept per catalogue snapshot, serialised
//! and compressed once: many farmers type the same crop or product word (`cardamom`, `neem`),
//! and its answer only changes with the catalogue. Only the unfiltered search by relevance is
//! kept (the overlay's); a filtered or sorted search is ranked every time.
//!
//! A term is kept from the second time it is asked, so a one-off (a typo, a long name) never
//! pays for compressing an answer nobody asks for again. `SEARCH_ANSWERS` sets how many answers
//! each language keeps (0: none; the bench's search mix runs with none).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse};
use bytes::Bytes;
use catalog::{CatalogSnapshot, PageRequest};
use paths::Locale;

use crate::precompressed::Precompressed;
use crate::snapshot_kept::SnapshotKept;

/// Terms kept longer than this are never asked twice in practice; they are not kept.
const MAX_TERM_BYTES: usize = 64;

/// A search's page, as the key of its kept answer.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SearchKey {
    term: Box<str>,
    page: u32,
    per_page: u32,
}

impl SearchKey {
    /// `None` for a term too long to be worth keeping.
    pub fn new(term: &str, page: PageRequest) -> Option<Self> {
        (term.len() <= MAX_TERM_BYTES).then(|| Self {
            term: term.into(),
            page: page.page,
            per_page: page.per_page,
        })
    }
}

/// One page of results: its JSON in each encoding and the full count.
pub struct SearchAnswer {
    body: Precompressed,
    total: usize,
}

impl SearchAnswer {
    pub fn new(body: Vec<u8>, total: usize) -> Self {
        Self {
            body: Precompressed::new(Bytes::from(body)),
            total,
        }
    }

    pub fn send(&self, request: &HttpRequest) -> HttpResponse {
        let mut response = HttpResponse::Ok();
        response
            .content_type(ContentType::json())
            .insert_header(("X-Total-Count", self.total.to_string()));
        self.body.send(request, response)
    }
}

pub struct SearchAnswers {
    /// Answers kept per language; 0 keeps none.
    capacity: usize,
    hasher: RandomState,
    inner: Mutex<HashMap<Locale, Kept>>,
}

#[derive(Default)]
struct Kept {
    answers: SnapshotKept<SearchKey, Arc<SearchAnswer>>,
    /// Hashes of the keys asked once since the answers were last emptied.
    asked_once: HashSet<u64>,
}

/// What [`SearchAnswers::get`] found.
pub enum Lookup {
    Kept(Arc<SearchAnswer>),
    /// Asked before: keep the answer once it is made.
    Keep(SearchKey),
    /// Not worth keeping (yet).
    Pass,
}

impl SearchAnswers {
    pub fn new(capacity: usize) -> Self {
        Self {
            capacity,
            hasher: RandomState::new(),
            inner: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Locale, Kept>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn get(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        key: Option<SearchKey>,
    ) -> Lookup {
        let Some(key) = key.filter(|_| self.capacity > 0) else {
            return Lookup::Pass;
        };
        let mut all = self.lock();
        let kept = all.entry(locale).or_default();
        if kept.answers.follow(catalog) {
            kept.asked_once.clear();
        }
        if let Some(found) = kept.answers.get(catalog, &key) {
            return Lookup::Kept(found);
        }
        if kept.asked_once.len() >= self.capacity * 16 {
            kept.asked_once.clear();
        }
        if kept.asked_once.insert(self.hasher.hash_one(&key)) {
            Lookup::Pass
        } else {
            Lookup::Keep(key)
        }
    }

    pub fn keep(
        &self,
        locale: Locale,
        catalog: &Arc<CatalogSnapshot>,
        key: SearchKey,
        answer: Arc<SearchAnswer>,
    ) {
        let mut all = self.lock();
        let kept = all.entry(locale).or_default();
        // The catalogue changed while the answer was made: it belongs to no kept snapshot.
        if kept.answers.is_for(catalog) {
            kept.answers.insert(key, answer, self.capacity);
        }
    }
}
