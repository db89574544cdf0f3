use std::collections::HashMap;
use std::sync::Arc;

use actix_web::web;
use arc_swap::ArcSwap;
use bytes::Bytes;
use catalog::{CatalogSnapshot, Catalogs, MediaUrls};
use db::{DbConnection, DbPool};

use accounts::PasswordHasher;
use mail::MailContext;
use tokio::sync::Notify;

use crate::config::Config;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::rate_limit::RateLimits;
use crate::shop_profile::ShopProfile;

/// At most this many sheets are read (and previewed or applied) at once by one process.
pub const SHEETS_AT_ONCE: usize = 2;

/// What every handler can reach. Cheap to clone; nothing in it is per-instance state that other
/// `storefront` processes would need to share.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub pool: DbPool,
    pub media: MediaUrls,
    pub shop: Arc<ShopProfile>,
    /// `GET /api/shop`'s answer in each language, for the Indian day it was made on (its
    /// licences say whether each is in force that day).
    shop_json: Arc<ArcSwap<(chrono::NaiveDate, HashMap<paths::Locale, Bytes>)>>,
    pub hasher: PasswordHasher,
    pub mail: MailContext,
    pub terms: Arc<orders::checkout::ShopTerms>,
    /// What moving an order needs (its mails, the GST document series).
    pub moves: Arc<orders::order::MoveContext>,
    pub limits: Arc<RateLimits>,
    /// Codes sent to phones: their key (from the server's secret), caps and countries.
    pub codes: Arc<accounts::PhoneCodes>,
    /// Wakes the mail worker when something was queued.
    pub mail_queued: Arc<Notify>,
    /// Wakes the phone worker when a message to a phone was queued.
    pub phone_queued: Arc<Notify>,
    pub metrics: Arc<Metrics>,
    /// The app's pages as filled in for each route, and the sitemaps.
    pub pages: Arc<crate::page_cache::PageCache>,
    /// Public pages drawn by the app's server bundle.
    pub prerender: Arc<crate::prerender::Prerenderer>,
    /// The product API's answers for the current catalogue.
    pub product_answers: Arc<crate::product_answers::ProductAnswers>,
    /// The search overlay's answers for words asked again.
    pub search_answers: Arc<crate::search_answers::SearchAnswers>,
    /// CSV sheets being read for a bulk edit (see `handlers::admin::catalog::bulk`).
    pub sheets: Arc<tokio::sync::Semaphore>,
    catalog: Arc<ArcSwap<Catalogs>>,
}

impl AppState {
    pub fn new(
        config: Config,
        pool: DbPool,
        shop: ShopProfile,
        snapshot: Catalogs,
        code_key: accounts::CodeKey,
    ) -> anyhow::Result<Self> {
        let media = MediaUrls::new(&config.media_base_url);
        let shop_json = shop_answers(&shop, &media, batches::india_today())?;
        let mail = shop.mail_context(
            &config.public_url,
            crate::secret_keys::order_link_key(&pool)?,
        );
        let metrics = Arc::new(Metrics::new()?);
        let codes = accounts::PhoneCodes {
            key: code_key,
            caps: accounts::CodeCaps {
                shop_hour: config.phone.sign_in_codes_per_hour,
                ..accounts::CodeCaps::default()
            },
            calling_codes: config.phone.calling_codes.clone(),
        };
        Ok(Self {
            codes: Arc::new(codes),
            terms: Arc::new(shop.terms(mail.clone(), config.unpaid_transfer_days)),
            moves: Arc::new(shop.move_context(mail.clone(), config.phone.desk_channel())?),
            hasher: PasswordHasher::new(config.bcrypt_cost),
            mail,
            limits: Arc::new(RateLimits::new(pool.clone()).counting(metrics.rate_limited.clone())),
            metrics,
            mail_queued: Arc::new(Notify::new()),
            phone_queued: Arc::new(Notify::new()),
            pages: Arc::new(crate::page_cache::PageCache::new(
                config.page_cache_mb << 20,
                config.open_pages.cache_mb << 20,
            )),
            prerender: Arc::new(crate::prerender::Prerenderer::new(&config)),
            product_answers: Arc::default(),
            search_answers: Arc::new(crate::search_answers::SearchAnswers::new(
                config.search_answers,
            )),
            sheets: Arc::new(tokio::sync::Semaphore::new(SHEETS_AT_ONCE)),
            config: Arc::new(config),
            pool,
            media,
            shop: Arc::new(shop),
            shop_json: Arc::new(ArcSwap::from_pointee(shop_json)),
            catalog: Arc::new(ArcSwap::from_pointee(snapshot)),
        })
    }

    /// The shop profile's JSON in `locale`, made again on the first request of a new day.
    pub fn shop_json(&self, locale: paths::Locale) -> Bytes {
        let today = batches::india_today();
        let mut kept = self.shop_json.load_full();
        if kept.0 != today
            && let Ok(fresh) = shop_answers(&self.shop, &self.media, today)
        {
            kept = Arc::new(fresh);
            self.shop_json.store(kept.clone());
        }
        kept.1.get(&locale).cloned().unwrap_or_default()
    }

    /// The current catalogue snapshot, in English.
    pub fn catalog(&self) -> Arc<CatalogSnapshot> {
        self.catalog.load().english()
    }

    /// The current catalogue snapshot as `locale` reads it.
    pub fn catalog_in(&self, locale: paths::Locale) -> Arc<CatalogSnapshot> {
        self.catalog.load().get(locale)
    }

    /// What the snapshots were built from (every language's are built together).
    pub fn catalog_fingerprint(&self) -> catalog::Fingerprint {
        self.catalog.load().fingerprint.clone()
    }

    pub fn replace_catalog(&self, catalogs: Catalogs) {
        self.catalog.store(Arc::new(catalogs));
        crate::freed_memory::give_back();
    }

    /// Runs `work` on a pooled connection off the async workers.
    pub async fn with_conn<T, E, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let metrics = self.metrics.clone();
        // The request's span (and so its id) follows the work onto the blocking thread.
        let span = tracing::Span::current();
        web::block(move || {
            let _entered = span.enter();
            let waiting = metrics.waiting_for_connection();
            let mut conn = pool.get()?;
            drop(waiting);
            work(&mut conn).map_err(Into::into)
        })
        .await?
    }
}

/// `GET /api/shop`'s answer in each language on the Indian day `today`.
fn shop_answers(
    shop: &ShopProfile,
    media: &MediaUrls,
    today: chrono::NaiveDate,
) -> anyhow::Result<(chrono::NaiveDate, HashMap<paths::Locale, Bytes>)> {
    let answers = paths::Locale::ALL
        .into_iter()
        .map(|locale| {
            Ok((
                locale,
                Bytes::from(serde_json::to_vec(&shop.view(media, locale, today))?),
            ))
        })
        .collect::<anyhow::Result<HashMap<_, _>>>()?;
    Ok((today, answers))
}
