//! Configuration from the environment (and an optional `.env`), read once at start.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};
use db::DatabaseUrl;

pub mod hosts;
pub mod phone;

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub database_url: DatabaseUrl,
    /// Where shoppers reach the shop; links in e-mails point here.
    pub public_url: String,
    /// Origins allowed to call the API with credentials from another host, exactly as browsers
    /// send `Origin` (see [`hosts::parse_origin`]).
    pub allowed_origins: Vec<String>,
    /// The API's own origin when the web app calls it on another host (`API_URL`, e.g.
    /// `https://api.shop.example.in`): the pages tell the app, the CSP lets it connect there.
    pub api_url: Option<String>,
    /// The parent domain the session and anti-forgery cookies are set for (`COOKIE_DOMAIN`,
    /// e.g. `shop.example.in`), so that the app's host and the API's host share them.
    pub cookie_domain: Option<String>,
    pub media_dir: PathBuf,
    /// The base of media URLs: `/media` (served here) or an absolute URL.
    pub media_base_url: String,
    /// The built single-page app (`frontend/dist`).
    pub static_dir: PathBuf,
    /// The app's server bundle (`RENDER_BUNDLE`; by default `dist-server/render.js` beside
    /// `STATIC_DIR`, as the build leaves it): public pages come drawn.
    /// Without the file the pages come unrendered (the app draws them in the browser).
    pub render_bundle: PathBuf,
    /// QuickJS engines drawing pages at once (`RENDER_ENGINES`, 2).
    pub render_engines: usize,
    /// A page's render time limit (`RENDER_TIMEOUT_MS`, 250); a slower one is served unrendered.
    pub render_timeout_ms: u64,
    /// Memory for the built pages kept, compressed (`PAGE_CACHE_MB`, 16: about 400 product
    /// pages), least recently used out first.
    pub page_cache_mb: usize,
    /// Search answers kept per language for words asked again (`SEARCH_ANSWERS`, 256; 0 keeps
    /// none).
    pub search_answers: usize,
    /// What search-result and not-found pages may cost (`OPEN_PAGE_*`).
    pub open_pages: OpenPages,
    /// A JSON shop profile; the demo profile when unset.
    pub shop_profile: Option<PathBuf>,
    pub db_pool_size: u32,
    pub catalog_refresh_secs: u64,
    pub workers: Option<usize>,
    /// bcrypt's cost; 12 unless lowered for tests.
    pub bcrypt_cost: u32,
    /// `smtp://user:pass@host:587?tls=required` or `smtps://…`; without it mail is written as
    /// `.eml` files under `mail_dir`.
    pub smtp_url: Option<String>,
    pub mail_dir: PathBuf,
    /// The From of every mail; the shop's name and address by default.
    pub mail_from: Option<String>,
    pub mail_poll_secs: u64,
    /// How messages reach phones: WhatsApp, SMS or files (`config::phone`).
    pub phone: phone::PhoneConfig,
    /// Take the client address from `X-Forwarded-For` / `Forwarded` (only behind a proxy).
    pub trust_proxy: bool,
    /// How many proxies in a row append to `X-Forwarded-For` (`TRUSTED_PROXY_HOPS`, default 1):
    /// the client's address is that many entries from the right.
    pub trusted_proxy_hops: usize,
    /// A separate address serving only `/metrics` (`METRICS_BIND`), e.g. a private interface.
    pub metrics_bind: Option<SocketAddr>,
    /// The bearer token `/metrics` asks for on the main port (`METRICS_TOKEN`); without it the
    /// main port answers 404 there.
    pub metrics_token: Option<String>,
    /// A back-office session ends after this long unused (`STAFF_IDLE_SECS`, 8 hours).
    pub staff_idle_secs: i64,
    /// ... and this long after its sign-in whatever happens (`STAFF_SESSION_MAX_SECS`, 12 hours).
    pub staff_session_max_secs: i64,
    /// A sign-in without "Keep me signed in" ends after this long unused (`SIGN_IN_IDLE_SECS`,
    /// 2 hours); it also ends when the browser closes.
    pub sign_in_idle_secs: i64,
    /// A bank-transfer order still unpaid this many days after it was placed is cancelled and
    /// restocked (`UNPAID_TRANSFER_DAYS`, 3; 1 to 60).
    pub unpaid_transfer_days: u32,
    /// Batches expiring within this many days show on the day's dashboard and the expiry list
    /// (`EXPIRY_WINDOW_DAYS`, 60; 1 to 365).
    pub expiry_window_days: u32,
}

/// Pages whose addresses have no end (search results, unknown addresses): drawn from a budget of
/// renders and kept in a cache of their own, so asking for new ones without end neither holds up
/// the engines nor pushes the catalogue's pages out of the page cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenPages {
    /// Renders a minute for one client address (`OPEN_PAGE_RENDERS_PER_CLIENT`, 20).
    pub renders_per_client: u32,
    /// Renders a minute for everyone together (`OPEN_PAGE_RENDERS`, 240).
    pub renders: u32,
    /// Memory for the drawn ones kept (`OPEN_PAGE_CACHE_MB`, 2).
    pub cache_mb: usize,
}

impl Default for OpenPages {
    fn default() -> Self {
        Self {
            renders_per_client: 20,
            renders: 240,
            cache_mb: 2,
        }
    }
}

impl OpenPages {
    fn from_env(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let default = Self::default();
        let renders = |name: &str, default: u32| -> anyhow::Result<u32> {
            match parse_number(var(name), name, default)? {
                renders @ 0..=100_000 => Ok(renders),
                renders => bail!("{name} must be 0 to 100000 a minute, got {renders}"),
            }
        };
        Ok(Self {
            renders_per_client: renders(
                "OPEN_PAGE_RENDERS_PER_CLIENT",
                default.renders_per_client,
            )?,
            renders: renders("OPEN_PAGE_RENDERS", default.renders)?,
            cache_mb: match parse_number(
                var("OPEN_PAGE_CACHE_MB"),
                "OPEN_PAGE_CACHE_MB",
                default.cache_mb,
            )? {
                mb @ 1..=1024 => mb,
                mb => bail!("OPEN_PAGE_CACHE_MB must be 1 to 1024, got {mb}"),
            },
        })
    }
}

impl Config {
    /// Served over https: cookies are `Secure` (and `__Host-`), HSTS is sent.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The origins CORS answers with credentials: `ALLOWED_ORIGINS`, and the shop's own
    /// (`PUBLIC_URL`'s) when its app calls the API on another host (`API_URL`).
    pub fn cors_origins(&self) -> Vec<String> {
        let mut origins = self.allowed_origins.clone();
        if self.api_url.is_some()
            && let Ok(own) = hosts::parse_origin(&self.public_url, "PUBLIC_URL")
            && !origins.contains(&own)
        {
            origins.push(own);
        }
        origins
    }

    pub fn from_env() -> anyhow::Result<Self> {
        let config = Self::read_env()?;
        config.check_hosts()?;
        Ok(config)
    }

    /// With `COOKIE_DOMAIN`, both the shop's host and the API's must lie within it.
    fn check_hosts(&self) -> anyhow::Result<()> {
        match &self.cookie_domain {
            Some(domain) => hosts::check_cookie_domain(
                domain,
                &[
                    ("PUBLIC_URL", Some(self.public_url.as_str())),
                    ("API_URL", self.api_url.as_deref()),
                ],
            ),
            None => Ok(()),
        }
    }

    fn read_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let bind = var("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{bind}"));
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            bail!("PUBLIC_URL must start with http:// or https://, got `{public_url}`");
        }
        let static_dir: PathBuf = var("STATIC_DIR")
            .unwrap_or_else(|| "frontend/dist".into())
            .into();
        let render_bundle =
            var("RENDER_BUNDLE").map_or_else(|| default_render_bundle(&static_dir), PathBuf::from);
        Ok(Self {
            bind: bind
                .parse()
                .with_context(|| format!("BIND `{bind}` is not host:port"))?,
            database_url: DatabaseUrl::parse(
                &var("DATABASE_URL").unwrap_or_else(|| DatabaseUrl::DEFAULT.into()),
            )?,
            public_url: public_url.trim_end_matches('/').to_owned(),
            allowed_origins: var("ALLOWED_ORIGINS")
                .map(|v| {
                    v.split(',')
                        .filter(|o| !o.trim().is_empty())
                        .map(|o| hosts::parse_origin(o, "ALLOWED_ORIGINS"))
                        .collect::<anyhow::Result<_>>()
                })
                .transpose()?
                .unwrap_or_default(),
            api_url: var("API_URL")
                .map(|url| hosts::parse_origin(&url, "API_URL"))
                .transpose()?,
            cookie_domain: var("COOKIE_DOMAIN")
                .map(|domain| hosts::parse_cookie_domain(&domain))
                .transpose()?,
            media_dir: var("MEDIA_DIR")
                .unwrap_or_else(|| "data/media".into())
                .into(),
            media_base_url: var("MEDIA_BASE_URL").unwrap_or_else(|| "/media".into()),
            static_dir,
            render_bundle,
            render_engines: match parse_number(var("RENDER_ENGINES"), "RENDER_ENGINES", 2_usize)? {
                engines @ 1..=64 => engines,
                engines => bail!("RENDER_ENGINES must be 1 to 64, got {engines}"),
            },
            render_timeout_ms: match parse_number(
                var("RENDER_TIMEOUT_MS"),
                "RENDER_TIMEOUT_MS",
                250_u64,
            )? {
                ms @ 10..=10_000 => ms,
                ms => bail!("RENDER_TIMEOUT_MS must be 10 to 10000, got {ms}"),
            },
            page_cache_mb: match parse_number(var("PAGE_CACHE_MB"), "PAGE_CACHE_MB", 16_usize)? {
                mb @ 1..=4096 => mb,
                mb => bail!("PAGE_CACHE_MB must be 1 to 4096, got {mb}"),
            },
            search_answers: match parse_number(var("SEARCH_ANSWERS"), "SEARCH_ANSWERS", 256_usize)?
            {
                kept @ 0..=65_536 => kept,
                kept => bail!("SEARCH_ANSWERS must be 0 to 65536, got {kept}"),
            },
            open_pages: OpenPages::from_env(var)?,
            shop_profile: var("SHOP_PROFILE").map(PathBuf::from),
            db_pool_size: parse_number(var("DB_POOL_SIZE"), "DB_POOL_SIZE", 8)?,
            catalog_refresh_secs: parse_number(
                var("CATALOG_REFRESH_SECS"),
                "CATALOG_REFRESH_SECS",
                15,
            )?,
            workers: var("WORKERS")
                .map(|w| w.parse())
                .transpose()
                .context("WORKERS")?,
            bcrypt_cost: parse_number(var("BCRYPT_COST"), "BCRYPT_COST", 12)?,
            smtp_url: var("SMTP_URL"),
            mail_dir: var("MAIL_DIR").unwrap_or_else(|| "data/mail".into()).into(),
            mail_from: var("MAIL_FROM"),
            mail_poll_secs: parse_number(var("MAIL_POLL_SECS"), "MAIL_POLL_SECS", 5)?,
            phone: phone::PhoneConfig::from_env(var)?,
            trust_proxy: matches!(var("TRUST_PROXY").as_deref(), Some("1" | "true" | "yes")),
            trusted_proxy_hops: parse_number(var("TRUSTED_PROXY_HOPS"), "TRUSTED_PROXY_HOPS", 1)?,
            metrics_bind: var("METRICS_BIND")
                .map(|b| {
                    b.parse()
                        .with_context(|| format!("METRICS_BIND `{b}` is not host:port"))
                })
                .transpose()?,
            metrics_token: match var("METRICS_TOKEN") {
                Some(token) if token.trim().len() < 16 => {
                    bail!("METRICS_TOKEN must be at least 16 characters")
                }
                token => token.map(|t| t.trim().to_owned()),
            },
            staff_idle_secs: parse_number(var("STAFF_IDLE_SECS"), "STAFF_IDLE_SECS", 8 * 3600)?,
            staff_session_max_secs: parse_number(
                var("STAFF_SESSION_MAX_SECS"),
                "STAFF_SESSION_MAX_SECS",
                12 * 3600,
            )?,
            sign_in_idle_secs: match parse_number(
                var("SIGN_IN_IDLE_SECS"),
                "SIGN_IN_IDLE_SECS",
                2 * 3600,
            )? {
                secs if secs > 0 => secs,
                secs => bail!("SIGN_IN_IDLE_SECS must be at least 1 second, got {secs}"),
            },
            unpaid_transfer_days: match parse_number(
                var("UNPAID_TRANSFER_DAYS"),
                "UNPAID_TRANSFER_DAYS",
                3_u32,
            )? {
                days @ 1..=60 => days,
                days => bail!("UNPAID_TRANSFER_DAYS must be 1 to 60 days, got {days}"),
            },
            expiry_window_days: match parse_number(
                var("EXPIRY_WINDOW_DAYS"),
                "EXPIRY_WINDOW_DAYS",
                60_u32,
            )? {
                days @ 1..=365 => days,
                days => bail!("EXPIRY_WINDOW_DAYS must be 1 to 365 days, got {days}"),
            },
        })
    }
}

/// `frontend/dist-server/render.js` for `frontend/dist`: the build writes the two side by side.
fn default_render_bundle(static_dir: &std::path::Path) -> PathBuf {
    static_dir
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .join("dist-server/render.js")
}

fn parse_number<T: std::str::FromStr>(
    raw: Option<String>,
    name: &str,
    default: T,
) -> anyhow::Result<T> {
    match raw {
        None => Ok(default),
        Some(raw) => raw
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{name} must be a whole number, got `{raw}`")),
    }
}
