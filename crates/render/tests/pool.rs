#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! The pool with small hand-written bundles standing in for the app's: what a page gets back
//! when a render works, loops, throws, or meets a screen whose code has not arrived yet.

use std::time::{Duration, Instant};

use render::{RenderError, Renderer, RendererOptions};

/// `render` echoes its input; `/loop` never ends; `/throw` throws; `/late` is unfinished until the
/// pending jobs have run once (as a lazy screen is on its first draw); `/nested` twice (a lazy
/// screen holding a lazy section).
const BUNDLE: &str = r#"
let ready = false;
let levels = 0;
globalThis.warm = () => {};
globalThis.render = (url, data) => {
  if (url === '/loop') { for (;;) {} }
  if (url === '/throw') throw new Error('no such product');
  if (url === '/nested' && levels < 2) { Promise.resolve().then(() => { levels += 1; }); throw new Error('UNFINISHED /nested'); }
  if (url === '/late' && !ready) { Promise.resolve().then(() => { ready = true; }); throw new Error('UNFINISHED /late'); }
  return `<main data-url="${url}">${JSON.parse(data).name}</main>`;
};
"#;

fn options() -> RendererOptions {
    RendererOptions {
        engines: 1,
        queue: 4,
        time_limit: Duration::from_millis(200),
        memory_limit: 16 << 20,
    }
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime")
        .block_on(future)
}

#[test]
fn a_page_is_drawn_from_its_data() {
    let renderer = Renderer::start(BUNDLE.into(), options()).expect("the bundle loads");
    let html = block_on(renderer.render("/ml/".into(), r#"{"name":"ഏലം"}"#.into()));
    assert_eq!(
        html.expect("rendered"),
        r#"<main data-url="/ml/">ഏലം</main>"#
    );
}

#[test]
fn a_render_that_never_ends_is_stopped_and_the_next_one_works() {
    let renderer = Renderer::start(BUNDLE.into(), options()).expect("the bundle loads");
    let started = Instant::now();
    let looped = block_on(renderer.render("/loop".into(), "{}".into()));
    assert!(matches!(looped, Err(RenderError::Engine(_))), "{looped:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "stopped after {:?}",
        started.elapsed()
    );
    let html = block_on(renderer.render("/".into(), r#"{"name":"Pepper"}"#.into()));
    assert_eq!(
        html.expect("rendered after the timeout"),
        r#"<main data-url="/">Pepper</main>"#
    );
}

#[test]
fn a_script_error_is_an_error_not_a_crash() {
    let renderer = Renderer::start(BUNDLE.into(), options()).expect("the bundle loads");
    let failed = block_on(renderer.render("/throw".into(), "{}".into()));
    let message = failed.expect_err("the script threw").to_string();
    assert!(message.contains("no such product"), "{message}");
    assert_eq!(
        renderer
            .counts()
            .failed
            .load(std::sync::atomic::Ordering::Relaxed),
        1
    );
}

#[test]
fn a_screen_whose_code_arrives_late_is_drawn_on_the_second_try() {
    let renderer = Renderer::start(BUNDLE.into(), options()).expect("the bundle loads");
    let html = block_on(renderer.render("/late".into(), r#"{"name":"Cardamom"}"#.into()));
    assert_eq!(
        html.expect("rendered"),
        r#"<main data-url="/late">Cardamom</main>"#
    );
}

#[test]
fn a_screen_with_a_late_section_is_drawn_once_both_have_arrived() {
    let renderer = Renderer::start(BUNDLE.into(), options()).expect("the bundle loads");
    let html = block_on(renderer.render("/nested".into(), r#"{"name":"Pepper"}"#.into()));
    assert_eq!(
        html.expect("drawn on the third try"),
        r#"<main data-url="/nested">Pepper</main>"#
    );
}

#[test]
fn a_broken_bundle_is_refused_at_start() {
    let broken = Renderer::start("globalThis.render = (".into(), options());
    assert!(broken.is_err());
}

#[test]
fn a_bundle_that_outgrows_its_memory_fails_its_render() {
    let hungry = r#"
globalThis.warm = () => {};
globalThis.render = () => { const all = []; for (;;) all.push('x'.repeat(1 << 16)); };
"#;
    let renderer = Renderer::start(hungry.into(), options()).expect("the bundle loads");
    let failed = block_on(renderer.render("/".into(), "{}".into()));
    assert!(failed.is_err());
}
