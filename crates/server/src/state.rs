use std::sync::Arc;

use actix_web::web;
use arc_swap::ArcSwap;
use bytes::Bytes;
use catalog::{CatalogSnapshot, MediaUrls};
use db::{DbConnection, DbPool};

use crate::config::Config;
use crate::error::ApiError;
use crate::shop::ShopProfile;

/// What every handler can reach. Cheap to clone; nothing in it is per-instance state that other
/// `storefront` processes would need to share.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub pool: DbPool,
    pub media: MediaUrls,
    pub shop: Arc<ShopProfile>,
    pub shop_json: Bytes,
    catalog: Arc<ArcSwap<CatalogSnapshot>>,
}

impl AppState {
    pub fn new(
        config: Config,
        pool: DbPool,
        shop: ShopProfile,
        snapshot: CatalogSnapshot,
    ) -> anyhow::Result<Self> {
        let media = MediaUrls::new(&config.media_base_url);
        let shop_json = Bytes::from(serde_json::to_vec(&shop.view(&media))?);
        Ok(Self {
            config: Arc::new(config),
            pool,
            media,
            shop: Arc::new(shop),
            shop_json,
            catalog: Arc::new(ArcSwap::from_pointee(snapshot)),
        })
    }

    /// The current catalogue snapshot.
    pub fn catalog(&self) -> Arc<CatalogSnapshot> {
        self.catalog.load_full()
    }

    pub fn replace_catalog(&self, snapshot: CatalogSnapshot) {
        self.catalog.store(Arc::new(snapshot));
    }

    /// Runs `work` on a pooled connection off the async workers.
    pub async fn with_conn<T, E, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            work(&mut conn).map_err(Into::into)
        })
        .await?
    }
}
