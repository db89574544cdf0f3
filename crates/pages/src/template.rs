//! The built `index.html`, cut once into the parts a page is assembled from, and Vite's manifest
//! (which chunk each lazy route loads). Works on a real Vite build and on a bare
//! `<!doctype html><title>…</title>`.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

pub struct Template {
    /// Up to where the page's own head tags go (the end of `<head>`), without the built title,
    /// description or the shop profile's preload (the page carries its own and embeds the shop).
    head: String,
    /// From the end of `<head>` up to the end of `<body>`, where the page's scripts go.
    body: String,
    /// The rest.
    tail: String,
    manifest: HashMap<String, Chunk>,
    /// The built stylesheets' text by path (`/assets/fonts-ml-….css`), to write into pages.
    styles: HashMap<String, String>,
}

#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    assets: Vec<String>,
}

/// A language's font faces as built: the stylesheet that declares them and the font files it
/// names, as `/assets/…` paths.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FontFaces {
    pub stylesheets: Vec<String>,
    pub fonts: Vec<String>,
}

impl Template {
    /// Reads `index.html` and `.vite/manifest.json` (absent in a hand-written app: no preloads).
    pub fn load(static_dir: &Path) -> std::io::Result<Self> {
        let mut html = std::fs::read_to_string(static_dir.join("index.html"))?;
        inline_stylesheets(&mut html, static_dir);
        let manifest = std::fs::read(static_dir.join(".vite/manifest.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        let mut template = Self::parse(&html, manifest);
        template.styles = template
            .manifest
            .values()
            .filter(|chunk| chunk.file.ends_with(".css"))
            .filter_map(|chunk| {
                let css = std::fs::read_to_string(static_dir.join(&chunk.file)).ok()?;
                let safe = !css.to_ascii_lowercase().contains("</style");
                safe.then(|| (format!("/{}", chunk.file), css.trim_end().to_owned()))
            })
            .collect();
        Ok(template)
    }

    /// A built stylesheet's text, to write into the page instead of linking it.
    pub fn style(&self, file: &str) -> Option<&str> {
        self.styles.get(file).map(String::as_str)
    }

    fn parse(html: &str, manifest: HashMap<String, Chunk>) -> Self {
        let mut html = html.to_owned();
        remove_element(&mut html, "<title", "</title>");
        remove_tag(&mut html, "<meta name=\"description\"");
        remove_tag_containing(&mut html, "<link rel=\"preload\"", "/api/shop\"");
        let head_end = find(&html, "</head>").unwrap_or(html.len());
        let (head, rest) = html.split_at(head_end);
        let body_end = find(rest, "</body>").unwrap_or(rest.len());
        let (body, tail) = rest.split_at(body_end);
        Self {
            head: head.to_owned(),
            body: body.to_owned(),
            tail: tail.to_owned(),
            manifest,
            styles: HashMap::new(),
        }
    }

    /// The page in language `lang`: the template with `head_tags` at the end of its head and
    /// `scripts` at the end of its body, and the web app manifest of that language.
    pub fn fill(&self, lang: &str, head_tags: &str, scripts: &str) -> String {
        let mut page = String::with_capacity(
            self.head.len() + head_tags.len() + self.body.len() + scripts.len() + self.tail.len(),
        );
        let mut head =
            self.head
                .replacen("<html lang=\"en\"", &format!("<html lang=\"{lang}\""), 1);
        if lang != "en" {
            // Installed from a page in this language, the app opens at its home in it.
            head = head.replacen(
                "href=\"/manifest.webmanifest\"",
                &format!("href=\"/manifest-{lang}.webmanifest\""),
                1,
            );
        }
        for part in [&head, head_tags, &self.body, scripts, &self.tail] {
            page.push_str(part);
        }
        page
    }

    /// The font faces of a language (`ml`, `ta`): the chunk the app's `import('@/styles/fonts-ml.css')`
    /// is built into (`frontend/src/main.tsx`), named `fonts-ml`.
    pub fn font_faces(&self, code: &str) -> FontFaces {
        let name = format!("fonts-{code}");
        let Some(chunk) = self
            .manifest
            .values()
            .find(|chunk| chunk.name.as_deref() == Some(&name) && !chunk.css.is_empty())
        else {
            return FontFaces::default();
        };
        let path = |file: &String| format!("/{file}");
        FontFaces {
            stylesheets: chunk.css.iter().map(path).collect(),
            fonts: chunk
                .assets
                .iter()
                .filter(|file| file.ends_with(".woff2"))
                .map(path)
                .collect(),
        }
    }

    /// The files a lazy route's module needs (its chunk and the chunks it imports, not the entry,
    /// which the page already loads), as `/assets/…` paths.
    pub fn chunk_files(&self, source: &str) -> Vec<String> {
        let mut files = Vec::new();
        let mut pending = vec![source.to_owned()];
        while let Some(key) = pending.pop() {
            let Some(chunk) = self.manifest.get(&key) else {
                continue;
            };
            let file = format!("/{}", chunk.file);
            if chunk.is_entry || files.contains(&file) {
                continue;
            }
            files.push(file);
            pending.extend(chunk.imports.iter().rev().cloned());
        }
        files
    }
}

/// The app's own stylesheets (`<link rel="stylesheet" … href="/assets/…css">`) written into the
/// page: a drawn page then paints as soon as its HTML is in, instead of one more round trip later
/// (a phone on a slow connection waits a whole round trip for a separate file). A file that cannot
/// be read stays a link.
///
/// A disabled link to the same file stays beside the text: the browser does not fetch it, and the
/// app's chunk loader, which adds a screen's stylesheets unless a `link[rel=stylesheet]` with
/// their address is already there, finds it and does not download (and apply again) what the page
/// already holds.
fn inline_stylesheets(html: &mut String, static_dir: &Path) {
    let mut from = 0;
    while let Some(offset) = find(&html[from..], "<link rel=\"stylesheet\"") {
        let start = from + offset;
        let Some(length) = html[start..].find('>') else {
            return;
        };
        let end = start + length + 1;
        let href = attribute(&html[start..end], "href").map(str::to_owned);
        let css = href
            .as_deref()
            .and_then(|href| href.strip_prefix("/assets/"))
            .filter(|file| !file.contains("..") && file.ends_with(".css"))
            .and_then(|file| std::fs::read_to_string(static_dir.join("assets").join(file)).ok())
            .filter(|css| !css.to_ascii_lowercase().contains("</style"));
        match (css, href) {
            (Some(css), Some(href)) => {
                let style = format!(
                    "<style>{}</style><link rel=\"stylesheet\" href=\"{href}\" disabled>",
                    css.trim_end()
                );
                html.replace_range(start..end, &style);
                from = start + style.len();
            }
            _ => from = end,
        }
    }
}

/// The value of `name="…"` in one tag (a whole attribute name: `href` is not `data-href`).
pub(super) fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let length = tag[start..].find('"')?;
    Some(&tag[start..start + length])
}

fn find(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().find(needle)
}

/// Removes `<tag …>…</tag>` (the first one).
fn remove_element(html: &mut String, open: &str, close: &str) {
    if let Some(start) = find(html, open)
        && let Some(length) = find(&html[start..], close)
    {
        html.replace_range(start..start + length + close.len(), "");
    }
}

/// Removes the first tag that starts with `open`, up to its `>`.
fn remove_tag(html: &mut String, open: &str) {
    if let Some(start) = find(html, open)
        && let Some(length) = html[start..].find('>')
    {
        html.replace_range(start..start + length + 1, "");
    }
}

/// Removes each tag that starts with `open` and holds `needle`.
fn remove_tag_containing(html: &mut String, open: &str, needle: &str) {
    let mut from = 0;
    while let Some(offset) = find(&html[from..], open) {
        let start = from + offset;
        let Some(length) = html[start..].find('>') else {
            return;
        };
        let end = start + length + 1;
        if html[start..end].contains(needle) {
            html.replace_range(start..end, "");
            from = start;
        } else {
            from = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VITE: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Built." />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>Shop</title>
    <script type="module" crossorigin src="/assets/index-D.js"></script>
    <link rel="preload" href="/api/shop" as="fetch" crossorigin="use-credentials">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

    #[test]
    fn a_vite_page_gets_its_tags_in_the_head_and_its_scripts_in_the_body() {
        let page =
            Template::parse(VITE, HashMap::new()).fill("ml", "<title>T</title>", "<script>S");
        assert!(page.contains("<html lang=\"ml\">"), "{page}");
        assert!(page.contains("href=\"/manifest-ml.webmanifest\""), "{page}");
        assert!(!page.contains("<title>Shop"));
        assert!(!page.contains("Built."));
        assert!(!page.contains("/api/shop"));
        assert!(page.contains("index-D.js\"></script>\n"));
        let head_end = page.find("</head>").unwrap();
        assert!(page.find("<title>T</title>").unwrap() < head_end);
        assert!(page.find("<script>S").unwrap() > page.find("<div id=\"root\">").unwrap());
        assert!(page.ends_with("<script>S</body>\n</html>\n"));
    }

    #[test]
    fn the_apps_stylesheet_is_written_into_the_page() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/index-C.css"), ".a{color:red}\n").unwrap();
        let mut html = String::from(
            "<head><link rel=\"stylesheet\" crossorigin href=\"/assets/index-C.css\">\
             <link rel=\"stylesheet\" href=\"/assets/missing.css\"></head>",
        );
        inline_stylesheets(&mut html, dir.path());
        assert_eq!(
            html,
            "<head><style>.a{color:red}</style><link rel=\"stylesheet\" href=\"/assets/index-C.css\" disabled>\
             <link rel=\"stylesheet\" href=\"/assets/missing.css\"></head>"
        );
    }

    #[test]
    fn a_bare_page_gets_both_at_its_end() {
        let template = Template::parse("<!doctype html><title>shop</title>", HashMap::new());
        assert_eq!(
            template.fill("en", "<title>T</title>", "<script>S"),
            "<!doctype html><title>T</title><script>S"
        );
    }

    #[test]
    fn a_route_needs_its_chunk_and_its_imports_but_not_the_entry() {
        let manifest = serde_json::from_str(
            r#"{
              "index.html": {"file": "assets/index-D.js", "isEntry": true},
              "src/app/routes/product.tsx": {"file": "assets/product-P.js", "imports": ["index.html", "_Screen-S.js"]},
              "_Screen-S.js": {"file": "assets/Screen-S.js", "imports": ["index.html"]}
            }"#,
        )
        .unwrap();
        let template = Template::parse(VITE, manifest);
        assert_eq!(
            template.chunk_files("src/app/routes/product.tsx"),
            ["/assets/product-P.js", "/assets/Screen-S.js"]
        );
        assert!(template.chunk_files("src/app/routes/none.tsx").is_empty());
    }

    #[test]
    fn a_languages_font_faces_are_found_by_their_chunks_name() {
        let manifest = serde_json::from_str(
            r#"{
              "_fonts-ml-D8.js": {"file": "assets/fonts-ml-D8.js", "name": "fonts-ml",
                "css": ["assets/fonts-ml-CU.css"],
                "assets": ["assets/noto-sans-malayalam-malayalam-400-normal-B.woff2",
                           "assets/noto-sans-malayalam-malayalam-700-normal-C.woff2"]},
              "_fonts-ml-CU.css": {"file": "assets/fonts-ml-CU.css", "src": "_fonts-ml-CU.css"}
            }"#,
        )
        .unwrap();
        let template = Template::parse(VITE, manifest);
        assert_eq!(
            template.font_faces("ml"),
            FontFaces {
                stylesheets: vec!["/assets/fonts-ml-CU.css".into()],
                fonts: vec![
                    "/assets/noto-sans-malayalam-malayalam-400-normal-B.woff2".into(),
                    "/assets/noto-sans-malayalam-malayalam-700-normal-C.woff2".into()
                ],
            }
        );
        assert_eq!(template.font_faces("ta"), FontFaces::default());
    }
}
