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

#[test]
fn a_spare_render_never_waits_behind_another_and_leaves_an_engine_free() {
    let renderer = std::sync::Arc::new(
        Renderer::start(
            BUNDLE.into(),
            RendererOptions {
                engines: 2,
                ..options()
            },
        )
        .expect("the bundle loads"),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        // Idle: a spare render is drawn like any other.
        let drawn = renderer
            .render_if_spare("/search".into(), r#"{"name":"Neem"}"#.into())
            .await;
        assert_eq!(
            drawn.expect("drawn"),
            r#"<main data-url="/search">Neem</main>"#
        );
        // One engine busy (with a page that loops until its time limit): the other is kept for
        // listed pages, so a spare render is refused at once rather than queued.
        let busy = renderer.clone();
        let looping = tokio::spawn(async move { busy.render("/loop".into(), "{}".into()).await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let started = Instant::now();
        let refused = renderer
            .render_if_spare("/search".into(), r#"{"name":"Neem"}"#.into())
            .await;
        assert!(matches!(refused, Err(RenderError::Busy)), "{refused:?}");
        assert!(started.elapsed() < Duration::from_millis(20));
        let listed = renderer
            .render("/".into(), r#"{"name":"Pepper"}"#.into())
            .await;
        assert_eq!(
            listed.expect("drawn by the free engine"),
            r#"<main data-url="/">Pepper</main>"#
        );
        assert!(looping.await.expect("joined").is_err());
        // Free again once the loop was stopped.
        let again = renderer
            .render_if_spare("/search".into(), r#"{"name":"Neem"}"#.into())
            .await;
        assert!(again.is_ok(), "{again:?}");
    });
}
