//! The engines' threads and the queue in front of them.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TrySendError};
use tokio::sync::oneshot;

use crate::engine::{Engine, EngineError};

#[derive(Debug, Clone)]
pub struct RendererOptions {
    /// Engines (threads), each rendering one page at a time.
    pub engines: usize,
    /// Renders waiting for an engine at most; past it a page is served unrendered.
    pub queue: usize,
    /// A render's time limit, counted from when it was asked for.
    pub time_limit: Duration,
    /// Each engine's memory limit, in bytes.
    pub memory_limit: usize,
}

impl Default for RendererOptions {
    fn default() -> Self {
        Self {
            engines: 2,
            queue: 64,
            time_limit: Duration::from_millis(250),
            memory_limit: 48 << 20,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("every engine is busy and the queue is full")]
    Busy,
    #[error("the render waited longer than its time limit for an engine")]
    Late,
    #[error("the renderer has stopped")]
    Stopped,
    #[error(transparent)]
    Engine(#[from] EngineError),
}

struct Job {
    url: String,
    data: String,
    asked: Instant,
    reply: oneshot::Sender<Result<String, RenderError>>,
    /// Counted in [`Renderer::busy`] until the job is answered (or dropped unanswered).
    _busy: Busy,
}

/// One render waiting or running, counted while it lives.
struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Counts for operators (`/metrics`).
#[derive(Debug, Default)]
pub struct RenderCounts {
    pub rendered: AtomicU64,
    pub failed: AtomicU64,
    pub render_micros: AtomicU64,
}

pub struct Renderer {
    queue: Sender<Job>,
    options: RendererOptions,
    counts: Arc<RenderCounts>,
    /// Renders waiting or running.
    busy: Arc<AtomicUsize>,
}

impl Renderer {
    /// Starts the engines with `bundle` (the server bundle's text), each loading and warming it
    /// on its own thread before it takes a page; answers once they all have. Fails when the
    /// bundle does not load (it is broken).
    pub fn start(bundle: String, options: RendererOptions) -> Result<Self, RenderError> {
        let (queue, jobs) = crossbeam_channel::bounded::<Job>(options.queue);
        let bundle: Arc<str> = bundle.into();
        let counts = Arc::new(RenderCounts::default());
        let engines = options.engines.max(1);
        let (started, starts) = crossbeam_channel::bounded::<Result<(), EngineError>>(engines);
        for index in 0..engines {
            let (bundle, jobs, counts, options, started) = (
                bundle.clone(),
                jobs.clone(),
                counts.clone(),
                options.clone(),
                started.clone(),
            );
            thread::Builder::new()
                .name(format!("render-{index}"))
                .spawn(move || match Engine::start(&bundle, options.memory_limit) {
                    Ok(engine) => {
                        let _ = started.send(Ok(()));
                        serve(&bundle, engine, &jobs, &counts, &options);
                    }
                    Err(error) => {
                        let _ = started.send(Err(error));
                    }
                })
                .map_err(|e| EngineError::Start(e.to_string()))?;
        }
        for _ in 0..engines {
            starts.recv().map_err(|_| RenderError::Stopped)??;
        }
        Ok(Self {
            queue,
            options,
            counts,
            busy: Arc::default(),
        })
    }

    /// `#root`'s HTML for the page at `url` (path and query, with its language prefix), drawn from
    /// `data` (the page's embedded first data).
    pub async fn render(&self, url: String, data: String) -> Result<String, RenderError> {
        self.busy.fetch_add(1, Ordering::AcqRel);
        self.send(url, data, Busy(self.busy.clone())).await
    }

    /// As [`Renderer::render`], but only when an engine is idle and another stays free for
    /// [`Renderer::render`]'s pages (with one engine: when it is idle); otherwise
    /// [`RenderError::Busy`] at once, without waiting. For pages that may be asked for without end
    /// (search results, unknown addresses), which must never make a listed page wait in the queue.
    pub async fn render_if_spare(&self, url: String, data: String) -> Result<String, RenderError> {
        let engines = self.options.engines.max(1);
        let spare = engines.saturating_sub(1).max(1);
        let reserved = self
            .busy
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |busy| {
                (busy < spare).then_some(busy + 1)
            });
        if reserved.is_err() {
            return Err(RenderError::Busy);
        }
        self.send(url, data, Busy(self.busy.clone())).await
    }

    async fn send(&self, url: String, data: String, busy: Busy) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            url,
            data,
            asked: Instant::now(),
            reply,
            _busy: busy,
        };
        match self.queue.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(RenderError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::Stopped),
        }
        answer.await.unwrap_or(Err(RenderError::Stopped))
    }

    pub fn options(&self) -> &RendererOptions {
        &self.options
    }

    pub fn counts(&self) -> &RenderCounts {
        &self.counts
    }
}

/// One engine's thread: takes jobs until the renderer is dropped; rebuilds its engine after a
/// timeout (an interrupted engine is not trusted again).
fn serve(
    bundle: &str,
    engine: Engine,
    jobs: &Receiver<Job>,
    counts: &RenderCounts,
    options: &RendererOptions,
) {
    let mut engine = Some(engine);
    for job in jobs {
        let Job {
            url,
            data,
            asked,
            reply,
            _busy: busy,
        } = job;
        // Counted free before the answer, so whoever it wakes finds the engine free.
        let answer = |result: Result<String, RenderError>| {
            drop(busy);
            let _ = reply.send(result);
        };
        let waited = asked.elapsed();
        if waited >= options.time_limit {
            answer(Err(RenderError::Late));
            counts.failed.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if engine.is_none() {
            match Engine::start(bundle, options.memory_limit) {
                Ok(started) => engine = Some(started),
                Err(error) => {
                    tracing::error!(%error, "a render engine did not start");
                    answer(Err(error.into()));
                    counts.failed.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
            }
        }
        let Some(current) = engine.as_ref() else {
            continue;
        };
        let started = Instant::now();
        let result = current.render(&url, &data, options.time_limit - waited);
        match &result {
            Ok(_) => {
                counts.rendered.fetch_add(1, Ordering::Relaxed);
                let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
                counts.render_micros.fetch_add(micros, Ordering::Relaxed);
            }
            Err(error) => {
                counts.failed.fetch_add(1, Ordering::Relaxed);
                if matches!(error, EngineError::Timeout(_)) {
                    engine = None;
                }
            }
        }
        answer(result.map_err(RenderError::from));
    }
}
