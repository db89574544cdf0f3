//! On a page drawn on the server the shopper can read everything before the app's code has run;
//! the code is needed only for the first tap. So the code is fetched once the page has been
//! painted: on a slow phone, downloading and running it first would hold back the first paint
//! (and the page's photos would share the connection with it).
//!
//! The page's module script and its preloads are handed to a small inline script (allowed by its
//! hash in the Content-Security-Policy), which starts them after the first paint, or at once in a
//! tab that is not shown (it has no paint to wait for).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

use super::head::escape;
use super::template::attribute;

/// Reads the app's address (`data-app`) and its preloads (`data-preload`, space-separated) from
/// its own tag; once the document is parsed and a frame painted, preloads them and imports the app.
/// The preloads go into the head in one insertion (one by one, each costs the main thread).
///
/// Until the app owns a quantity field (React marks the elements it has taken over with its own
/// `__reactProps…` property), minus, plus (`data-step`) and the arrow keys step the field
/// (`data-quantity`, at most `data-max`) as the app would (`stepQuantity` in the web app's
/// `lib/quantity.ts`); the app adopts what the field holds when it takes the page over.
const LOADER: &str = "(function(){var d=document.currentScript.dataset,started=false;\
function owned(n){return Object.keys(n).some(function(k){return k.indexOf('__reactProps')===0})}\
function stepBy(i,n){if(owned(i))return;var m=+i.dataset.max,v=parseInt(i.value,10)||1,x=n<0&&v>m?m:v+n;\
if(x<1||x>m)return;i.value=x;var g=i.closest('[role=group]');\
if(g)g.querySelectorAll('[data-step]').forEach(function(b){var s=+b.dataset.step,y=s<0&&x>m?m:x+s;b.disabled=y<1||y>m})}\
document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-step]'),\
g=b&&!owned(b)&&b.closest('[role=group]'),i=g&&g.querySelector('input[data-quantity]');if(i)stepBy(i,+b.dataset.step)});\
document.addEventListener('keydown',function(e){var i=e.target;if((e.key==='ArrowUp'||e.key==='ArrowDown')\
&&i.matches&&i.matches('input[data-quantity]')&&!owned(i)){e.preventDefault();stepBy(i,e.key==='ArrowUp'?1:-1)}});\
function start(){if(started)return;started=true;\
var f=document.createDocumentFragment();(d.preload||'').split(' ').forEach(function(h){if(!h)return;\
var l=document.createElement('link');l.rel='modulepreload';l.href=h;f.appendChild(l)});\
document.head.appendChild(f);import(d.app)}\
function afterPaint(){if(document.visibilityState==='hidden')return start();\
requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,3000)}\
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);\
else afterPaint()})()";

/// The loader's hash as a CSP source (`'sha256-…'`), for `script-src`.
pub fn csp_source() -> String {
    format!("'sha256-{}'", STANDARD.encode(Sha256::digest(LOADER)))
}

/// `html` with its module script and module preloads started by the loader after the first
/// paint; as it is when it has no module script.
pub fn load_after_paint(html: &str) -> String {
    let Some((script_start, script_end)) = element(html, 0, "<script type=\"module\"", "</script>")
    else {
        return html.to_owned();
    };
    let Some(app) = attribute(&html[script_start..script_end], "src") else {
        return html.to_owned();
    };
    let mut preloads: Vec<&str> = Vec::new();
    let mut kept = String::with_capacity(html.len());
    let mut from = 0;
    while let Some((start, end)) = element(html, from, "<link rel=\"modulepreload\"", ">") {
        kept.push_str(&html[from..start]);
        if let Some(href) = attribute(&html[start..end], "href")
            && !preloads.contains(&href)
        {
            preloads.push(href);
        }
        from = end;
    }
    kept.push_str(&html[from..]);
    let loader = format!(
        "<script data-app=\"{}\" data-preload=\"{}\">{LOADER}</script>",
        escape(app),
        escape(&preloads.join(" "))
    );
    // The module script comes before every preload, so its place in `kept` is unchanged.
    kept.replacen(&html[script_start..script_end], &loader, 1)
}

/// Where the first `open…close` at or after `from` starts and ends.
fn element(html: &str, from: usize, open: &str, close: &str) -> Option<(usize, usize)> {
    let start = from + html[from..].find(open)?;
    let end = start + html[start..].find(close)? + close.len();
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<head><script type=\"module\" crossorigin src=\"/assets/index-A.js\"></script>\n\
        <link rel=\"modulepreload\" crossorigin href=\"/assets/runtime-B.js\">\n<style>s</style>\
        <link rel=\"modulepreload\" href=\"/assets/home-C.js\"><link rel=\"modulepreload\" href=\"/assets/runtime-B.js\">\
        </head><body><div id=\"root\">drawn</div></body>";

    #[test]
    fn the_module_script_and_its_preloads_wait_for_the_loader() {
        let page = load_after_paint(PAGE);
        assert_eq!(
            page,
            format!(
                "<head><script data-app=\"/assets/index-A.js\" data-preload=\"/assets/runtime-B.js /assets/home-C.js\">{LOADER}</script>\n\
                 \n<style>s</style></head><body><div id=\"root\">drawn</div></body>"
            )
        );
    }

    #[test]
    fn a_page_without_a_module_script_is_left_alone() {
        let page = "<head><link rel=\"modulepreload\" href=\"/a.js\"></head>";
        assert_eq!(load_after_paint(page), page);
    }

    #[test]
    fn the_csp_source_is_the_loaders_hash() {
        let source = csp_source();
        assert!(source.starts_with("'sha256-") && source.ends_with('\''));
        let digest = STANDARD
            .decode(&source[8..source.len() - 1])
            .expect("base64");
        assert_eq!(digest, Sha256::digest(LOADER).to_vec());
    }
}
