//! Builds and runs the HTTP server; tests start it the same way on port 0.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::Compress;
use actix_web::{App, HttpServer, web};
use anyhow::Context;
use catalog::{Catalogs, MediaUrls};
use utoipa_actix_web::AppExt;

use crate::config::Config;
use crate::mail_worker::{self, MailSender};
use crate::phone_worker;
use crate::shop_profile::ShopProfile;
use crate::state::AppState;
use crate::{
    api_doc, cache_policy, catalog_refresh, compress, cors, expiry_sweep, housekeeping, messages,
    photo_widths, request_guard, routes, security_headers, session, telemetry,
};

pub struct Application {
    port: u16,
    server: Server,
    metrics_server: Option<(u16, Server)>,
    state: AppState,
    mail: Arc<MailSender>,
    phone: Arc<dyn messaging::Channel>,
}

impl Application {
    /// Opens the database (migrating it), loads the catalogue and binds the listener.
    pub fn build(config: Config) -> anyhow::Result<Self> {
        let shop = ShopProfile::load(config.shop_profile.as_deref())?;
        let pool = db::connect_pool(&config.database_url, config.db_pool_size)
            .with_context(|| format!("opening {:?}", config.database_url))?;
        let mut conn = pool.get().context("connecting to the database")?;
        let applied = db::run_migrations(&mut conn)?;
        if applied > 0 {
            tracing::info!(applied, "migrations applied");
        }
        let snapshot = Catalogs::load(&mut conn, &MediaUrls::new(&config.media_base_url))
            .context("loading the catalogue")?;
        drop(conn);
        crate::freed_memory::give_back();
        let listener =
            TcpListener::bind(config.bind).with_context(|| format!("binding {}", config.bind))?;
        let port = listener.local_addr()?.port();
        let mail = Arc::new(MailSender::from_config(&config, &shop)?);
        let phone = phone_worker::channel(&config.phone)?;
        // Codes sent to phones are hashed with a key of their own, derived from the server's
        // secret (the session cookie key, kept in the database for every process).
        let code_key = accounts::CodeKey::derive(crate::secret_keys::cookie_key(&pool)?.master());
        let state = AppState::new(config, pool, shop, snapshot, code_key)?;
        let server = serve(listener, state.clone())?;
        let metrics_server = match state.config.metrics_bind {
            Some(address) => {
                let listener = TcpListener::bind(address)
                    .with_context(|| format!("binding METRICS_BIND {address}"))?;
                Some((
                    listener.local_addr()?.port(),
                    serve_metrics(listener, state.clone())?,
                ))
            }
            None => None,
        };
        Ok(Self {
            port,
            server,
            metrics_server,
            state,
            mail,
            phone,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the `METRICS_BIND` listener, when there is one.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_server.as_ref().map(|(port, _)| *port)
    }

    /// Stops the server from elsewhere (tests restart it).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until SIGINT or SIGTERM, then drains in-flight requests.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        catalog_refresh::spawn(self.state.clone());
        housekeeping::spawn(self.state.clone());
        expiry_sweep::spawn(self.state.clone());
        photo_widths::spawn(self.state.clone());
        mail_worker::spawn(self.state.clone(), self.mail);
        phone_worker::spawn(self.state.clone(), self.phone);
        let pages = self.state.prerender.clone();
        actix_web::rt::spawn(async move { pages.warm().await });
        match self.metrics_server {
            Some((_, metrics)) => {
                let metrics_handle = metrics.handle();
                actix_web::rt::spawn(metrics);
                let served = self.server.await;
                metrics_handle.stop(true).await;
                served
            }
            None => self.server.await,
        }
    }
}

/// The `METRICS_BIND` listener: `/metrics` and nothing else, on one worker.
fn serve_metrics(listener: TcpListener, state: AppState) -> anyhow::Result<Server> {
    let data = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new().app_data(data.clone()).route(
            "/metrics",
            web::get().to(crate::handlers::metrics::on_metrics_port),
        )
    })
    .workers(1)
    .shutdown_timeout(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok(server)
}

fn serve(listener: TcpListener, state: AppState) -> anyhow::Result<Server> {
    let workers = state.config.workers;
    // Each worker has its own blocking pool: share the budget out between them.
    let worker_count = workers
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
        .max(1);
    let blocking_threads = (state.config.db_pool_size as usize + 4).div_ceil(worker_count);
    let cookie_key = crate::secret_keys::cookie_key(&state.pool)?;
    let data = web::Data::new(state);
    let mut server = HttpServer::new(move || {
        let config = data.config.clone();
        // The last `wrap` runs first: log, headers, caching, compression, CORS, the session
        // cookie's lifetime (set after the session middleware wrote it), session, the session's
        // kind as the handler left it, the shopper's language for error answers (it sees the
        // guard's 419 and 413 too), guard.
        let (app, document) = App::new()
            .app_data(data.clone())
            .app_data(crate::known_device::DeviceKey(cookie_key.clone()))
            .wrap(actix_web::middleware::from_fn(request_guard::guard))
            .wrap(actix_web::middleware::from_fn(messages::middleware))
            .wrap(actix_web::middleware::from_fn(session::note_kind))
            .wrap(session::middleware(
                data.pool.clone(),
                cookie_key.clone(),
                &config,
            ))
            .wrap(actix_web::middleware::from_fn(session::apply_kind))
            .wrap(cors::middleware(&config.cors_origins()))
            .wrap(actix_web::middleware::from_fn(cors::strip_for_strangers))
            .wrap(actix_web::middleware::from_fn(compress::whole_bodies))
            .wrap(Compress::default())
            .wrap_fn(|request, service| {
                use actix_web::dev::Service;
                let response = service.call(request);
                async move { response.await.map(cache_policy::write_headers) }
            })
            .wrap(security_headers::middleware(&config))
            .wrap(actix_web::middleware::from_fn(telemetry::observe))
            .into_utoipa_app()
            .openapi(api_doc::base())
            .configure(|cfg| routes::configure(cfg, &config))
            .split_for_parts();
        // The contract, as registering the routes made it: served, and read for the 405s.
        app.app_data(web::Data::new(api_doc::Document::new(document)))
    })
    .shutdown_timeout(10)
    // A compressed answer is written in several small chunks; with Nagle's algorithm on, the
    // last one waits for the client's delayed ACK (about 40 ms) on a kept-alive connection.
    .on_connect(|connection, _| {
        if let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let _ = stream.set_nodelay(true);
        }
    })
    // Database work runs on the blocking pools; more threads than connections only queue (and
    // each thread costs memory), so keep them together near the pool's size.
    .worker_max_blocking_threads(blocking_threads)
    .listen(listener)?;
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    Ok(server.run())
}
