//! Server rendering: the web app's server bundle (`frontend/src/entry-server.tsx`, built to
//! `frontend/dist-server/render.js`) turns a page's address and first data into the HTML of its
//! `#root`, so a phone paints the page with the HTML instead of after the scripts.
//!
//! QuickJS engines are not `Send`: each lives on a thread of its own, and [`Renderer`] hands them
//! work through one bounded queue. A render has a time limit (the engine is interrupted, then
//! rebuilt) and a memory limit; a full queue, a slow render or a script error is an error the
//! caller answers with the page unrendered (the app then draws it in the browser).

mod engine;
mod pool;

pub use pool::{RenderError, Renderer, RendererOptions};
