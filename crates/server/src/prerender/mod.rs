//! Public pages drawn on the server by the app's own components (`crates/render` running
//! `frontend/src/entry-server.tsx`), so a phone paints the page with the HTML. The engines start
//! with the first page asked for; without the bundle, or when a render fails or is slow, the page
//! goes out unrendered (the app draws it in the browser) and the failure is logged.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::web;
use render::{RenderError, Renderer, RendererOptions};
use tokio::sync::OnceCell;

mod budget;

use budget::RenderBudget;
use pages::{PageKind, load_after_paint};

use crate::config::Config;
use crate::metrics::Metrics;

/// Where the drawn page goes in the built `index.html`.
const ROOT: &str = "<div id=\"root\"></div>";

/// A page as it goes out, and whether drawing it failed (then it is kept only briefly, so a busy
/// moment does not leave the page undrawn until the catalogue changes).
pub struct Filled {
    pub html: String,
    pub failed: bool,
}

pub struct Prerenderer {
    bundle: std::path::PathBuf,
    options: RendererOptions,
    renderer: OnceCell<Option<Arc<Renderer>>>,
    /// Renders of search-result and not-found pages.
    open_budget: RenderBudget,
}

/// How a page may have its turn at the engines.
#[derive(Debug, Clone, Copy)]
pub enum Turn {
    /// A page of the catalogue (or the shop's own): a bounded set, always drawn, waiting in the
    /// queue if need be.
    Listed,
    /// A page asked for without end (search results, an unknown address): drawn only within
    /// the budget ([`Prerenderer::open_budget_take`]) and when an engine is spare, so it never
    /// keeps a listed page waiting.
    Open { within_budget: bool },
}

impl Prerenderer {
    pub fn new(config: &Config) -> Self {
        Self {
            bundle: config.render_bundle.clone(),
            options: RendererOptions {
                engines: config.render_engines,
                time_limit: Duration::from_millis(config.render_timeout_ms),
                ..RendererOptions::default()
            },
            renderer: OnceCell::new(),
            open_budget: RenderBudget::new(&config.open_pages),
        }
    }

    /// The engines, started on first use (None without a working bundle: said once in the log).
    async fn renderer(&self) -> Option<Arc<Renderer>> {
        self.renderer
            .get_or_init(|| async {
                let (bundle, options) = (self.bundle.clone(), self.options.clone());
                let started = web::block(move || {
                    let script = std::fs::read_to_string(&bundle).map_err(|error| {
                        format!(
                            "{} cannot be read ({error}): install the web app's render bundle \
                             (frontend/dist-server/render.js) there, or set RENDER_BUNDLE",
                            bundle.display()
                        )
                    })?;
                    Renderer::start(script, options).map_err(|error| error.to_string())
                })
                .await
                .map_err(|error| error.to_string())
                .flatten();
                match started {
                    Ok(renderer) => {
                        tracing::info!(bundle = %self.bundle.display(), "pages are drawn on the server");
                        Some(Arc::new(renderer))
                    }
                    Err(error) => {
                        tracing::warn!(%error, "pages go out undrawn: the app draws them in the browser");
                        None
                    }
                }
            })
            .await
            .clone()
    }

    /// Starts the engines now (at server start), so the first page asked for does not wait.
    pub async fn warm(&self) {
        self.renderer().await;
    }

    /// Takes one render of a search-result or not-found page from `client`'s budget (its address,
    /// as rate limits find it) and everyone's; false past either.
    pub fn open_budget_take(&self, client: &str) -> bool {
        self.open_budget.take(client)
    }

    /// `html` with its `#root` drawn for the page at `url` (path and the query it uses) from
    /// `initial_data`; as it was when the page is not a public one, the render fails or the page
    /// does not get its `turn`.
    pub async fn fill(
        &self,
        metrics: &Metrics,
        kind: &PageKind,
        turn: Turn,
        url: &str,
        html: String,
        initial_data: String,
    ) -> Filled {
        if *kind == PageKind::App || !html.contains(ROOT) {
            return Filled {
                html,
                failed: false,
            };
        }
        let Some(renderer) = self.renderer().await else {
            return Filled {
                html,
                failed: false,
            };
        };
        let started = Instant::now();
        let drawn = match turn {
            Turn::Listed => renderer.render(url.to_owned(), initial_data).await,
            Turn::Open {
                within_budget: true,
            } => renderer.render_if_spare(url.to_owned(), initial_data).await,
            Turn::Open {
                within_budget: false,
            } => Err(RenderError::Busy),
        };
        match drawn {
            Ok(drawn) => {
                metrics.observe_render(true, started.elapsed().as_secs_f64());
                let html = load_after_paint(&html.replacen(
                    ROOT,
                    &format!("<div id=\"root\">{drawn}</div>"),
                    1,
                ));
                Filled {
                    html,
                    failed: false,
                }
            }
            Err(RenderError::Busy) if matches!(turn, Turn::Open { .. }) => {
                metrics.observe_render_spared();
                Filled { html, failed: true }
            }
            Err(error) => {
                metrics.observe_render(false, started.elapsed().as_secs_f64());
                tracing::warn!(%error, url, "page served undrawn");
                Filled { html, failed: true }
            }
        }
    }
}
