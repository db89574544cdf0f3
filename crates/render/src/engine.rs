//! One QuickJS runtime with the server bundle loaded, on the thread that made it.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, Context, Function, Runtime};

/// The bundle's sign that a screen's code had not arrived when it was drawn (`entry-server.tsx`).
const UNFINISHED: &str = "UNFINISHED";
/// Draws of one page at most while parts of it are still arriving (screen, section, ...).
const MAX_DRAWS: usize = 4;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("the engine could not start: {0}")]
    Start(String),
    #[error("the render took longer than {0:?}")]
    Timeout(Duration),
    #[error("the page's script failed: {0}")]
    Script(String),
}

pub struct Engine {
    runtime: Runtime,
    context: Context,
    deadline: Rc<Cell<Option<Instant>>>,
}

impl Engine {
    /// Loads `bundle` and warms it: every screen's code is made ready by drawing each once.
    pub fn start(bundle: &str, memory_limit: usize) -> Result<Self, EngineError> {
        let start = |e: rquickjs::Error| EngineError::Start(e.to_string());
        let runtime = Runtime::new().map_err(start)?;
        runtime.set_memory_limit(memory_limit);
        runtime.set_max_stack_size(1 << 20);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            watched.get().is_some_and(|at| Instant::now() >= at)
        })));
        let context = Context::full(&runtime).map_err(start)?;
        context.with(|ctx| {
            ctx.eval::<(), _>(bundle)
                .catch(&ctx)
                .map_err(|e| EngineError::Start(e.to_string()))?;
            let warm: Function = ctx.globals().get("warm").map_err(start)?;
            warm.call::<_, ()>(())
                .catch(&ctx)
                .map_err(|e| EngineError::Start(e.to_string()))
        })?;
        let engine = Self {
            runtime,
            context,
            deadline,
        };
        engine.run_pending_jobs();
        Ok(engine)
    }

    /// `#root`'s HTML for the page at `url` drawn from `data`, within `limit`.
    pub fn render(&self, url: &str, data: &str, limit: Duration) -> Result<String, EngineError> {
        self.deadline.set(Some(Instant::now() + limit));
        let mut result = self.call(url, data, limit);
        // A part first drawn now (a screen, a section of it): its code arrives with the pending
        // jobs; draw again. Each draw can meet one more level of parts still on their way.
        for _ in 1..MAX_DRAWS {
            match &result {
                Err(EngineError::Script(message)) if message.contains(UNFINISHED) => {
                    self.run_pending_jobs();
                    result = self.call(url, data, limit);
                }
                _ => break,
            }
        }
        self.deadline.set(None);
        self.run_pending_jobs();
        result
    }

    fn call(&self, url: &str, data: &str, limit: Duration) -> Result<String, EngineError> {
        self.context.with(|ctx| {
            let render: Function = ctx
                .globals()
                .get("render")
                .map_err(|e| EngineError::Script(e.to_string()))?;
            render
                .call::<_, String>((url, data))
                .catch(&ctx)
                .map_err(|error| {
                    let message = error.to_string();
                    if message.contains("interrupted") {
                        EngineError::Timeout(limit)
                    } else {
                        EngineError::Script(message)
                    }
                })
        })
    }

    fn run_pending_jobs(&self) {
        while self.runtime.is_job_pending() {
            if self.runtime.execute_pending_job().is_err() {
                break;
            }
        }
    }
}
