//! What the snapshots hold: a page's HTML as a reviewer reads it (its head tag by tag, its drawn
//! body as an outline of headings, links, buttons, pictures and text), JSON answers with what
//! differs between runs or databases redacted, and the checks that compare them with the stored
//! snapshots (`snapshots/`), every difference reported before the test fails.

use std::fmt::Write;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

/// Compares texts and JSON with their stored snapshots; each difference is printed as insta's
/// diff (and, outside CI, written beside its snapshot as `.snap.new`), and [`Snapshots::finish`]
/// fails with the names of all that differ, so one run shows every change.
#[derive(Default)]
pub struct Snapshots {
    differing: Vec<String>,
}

impl Snapshots {
    fn settings(description: &str) -> insta::Settings {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_description(description);
        settings
    }

    /// `text` against the snapshot `name`; `description` (what was asked) heads the file, and
    /// `database` names the run in the list of differences.
    pub fn text(&mut self, database: &str, name: &str, description: &str, text: &str) {
        refuse_updates_under_ci();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Self::settings(description).bind(|| insta::assert_snapshot!(name, text));
        }));
        if outcome.is_err() {
            self.differing.push(format!("{name} ({database})"));
        }
    }

    /// `value`, redacted by [`redact_json`], against the snapshot `name`.
    pub fn json(&mut self, database: &str, name: &str, description: &str, value: &Value) {
        refuse_updates_under_ci();
        let redacted = redact_json(value);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Self::settings(description).bind(|| insta::assert_json_snapshot!(name, redacted));
        }));
        if outcome.is_err() {
            self.differing.push(format!("{name} ({database})"));
        }
    }

    /// Fails when any snapshot differed.
    pub fn finish(self) {
        assert!(
            self.differing.is_empty(),
            "{} snapshot(s) differ (diffs above; review with `cargo insta review`, or \
             INSTA_UPDATE=always and `git diff`): {:?}",
            self.differing.len(),
            self.differing
        );
    }
}

/// Under CI a missing or changed snapshot must fail: insta's default there (`INSTA_UPDATE`
/// unset or `auto`) writes nothing and fails, but `INSTA_UPDATE=always` or `INSTA_FORCE_PASS`
/// would accept whatever the run drew.
fn refuse_updates_under_ci() {
    let ci = std::env::var("CI").is_ok_and(|value| !matches!(value.as_str(), "" | "0" | "false"));
    if !ci {
        return;
    }
    let update = std::env::var("INSTA_UPDATE").unwrap_or_default();
    assert!(
        matches!(update.as_str(), "" | "auto" | "no" | "new"),
        "CI is set: snapshots are checked, never accepted (INSTA_UPDATE={update})"
    );
    assert!(
        std::env::var_os("INSTA_FORCE_PASS").is_none(),
        "CI is set: snapshots are checked, never passed by force (INSTA_FORCE_PASS)"
    );
}

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a valid pattern")
}

static ORIGIN: LazyLock<Regex> = LazyLock::new(|| regex(r"http://127\.0\.0\.1(:\d+)?"));
/// Vite's content hash in a built file's name: `/assets/index-CUSbJUSl.js`.
static ASSET_HASH: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(/assets/[A-Za-z0-9_.-]+?)-[A-Za-z0-9_-]{8}\.([a-z0-9]+)"));
static UUID: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
});
static DATE_TIME: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?")
});
/// An order number carries the year it was placed in.
static ORDER_NUMBER: LazyLock<Regex> = LazyLock::new(|| regex(r"\bORD-\d{4}-"));

/// What changes between runs in any text a client gets: the test server's origin, built files'
/// hashes, UUIDs, times of day and the year in order numbers.
pub fn normalise(text: &str) -> String {
    let text = ORIGIN.replace_all(text, "[origin]");
    let text = ASSET_HASH.replace_all(&text, "$1-[hash].$2");
    let text = UUID.replace_all(&text, "[uuid]");
    let text = DATE_TIME.replace_all(&text, "[time]");
    ORDER_NUMBER.replace_all(&text, "ORD-[year]-").into_owned()
}

/// Keys whose values are the database's own row numbers or secrets: redacted whatever their
/// value, so both databases give one snapshot.
fn redacted_key(key: &str) -> Option<&'static str> {
    if key == "id" || key.ends_with("_id") || key.ends_with("_ids") {
        Some("[id]")
    } else if key.contains("token") || key == "key" || key.ends_with("_key") {
        Some("[secret]")
    } else if key == "days_left" {
        // Days until a fixed date (a licence's expiry): one fewer every day the test runs.
        Some("[days]")
    } else {
        None
    }
}

/// `value` with ids, secrets, UUIDs, times and the test server's origin redacted (strings
/// through [`normalise`]); everything else as answered.
pub fn redact_json(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(key, field)| {
                    let redacted = match redacted_key(key) {
                        Some(mark) if !field.is_null() => redact_all(field, mark),
                        _ => redact_json(field),
                    };
                    (key.clone(), redacted)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(redact_json).collect()),
        Value::String(text) => Value::String(normalise(text)),
        other => other.clone(),
    }
}

/// Every scalar in `value` as `mark` (a list of ids stays a list, of marks).
fn redact_all(value: &Value, mark: &str) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|v| redact_all(v, mark)).collect()),
        Value::Null => Value::Null,
        _ => Value::String(mark.to_owned()),
    }
}

/// An element's attributes in order, names in lower case, values decoded.
type Attributes = Vec<(String, String)>;

/// An element still open while parsing, with the children gathered so far.
type Open = (String, Attributes, Vec<Node>);

/// Which elements [`find`] looks for.
type Wanted<'a> = &'a dyn Fn(&str, &[(String, String)]) -> bool;

/// One piece of parsed HTML.
#[derive(Debug)]
enum Node {
    Element {
        name: String,
        attributes: Attributes,
        children: Vec<Node>,
    },
    Text(String),
}

const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "param",
];
const RAW_TEXT: [&str; 4] = ["script", "style", "textarea", "title"];

/// Entities as React and the server write them.
fn decode(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

fn parse_attributes(source: &str) -> Attributes {
    let mut attributes = Vec::new();
    let mut rest = source.trim_start();
    while !rest.is_empty() {
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '=')
            .unwrap_or(rest.len());
        let name = rest[..name_end].to_ascii_lowercase();
        rest = rest[name_end..].trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (value, remaining) = match after.chars().next() {
                Some(quote @ ('"' | '\'')) => {
                    let body = &after[1..];
                    let end = body.find(quote).unwrap_or(body.len());
                    (&body[..end], body.get(end + 1..).unwrap_or(""))
                }
                _ => {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            rest = remaining.trim_start();
            decode(value)
        } else {
            String::new()
        };
        if !name.is_empty() && name != "/" {
            attributes.push((name, value));
        }
    }
    attributes
}

/// Parses server-written HTML (React's `renderToString` and the page template: well formed,
/// `>` escaped inside attribute values) into nodes; comments and the doctype are dropped.
fn parse(html: &str) -> Vec<Node> {
    // Open elements, innermost last, each with the children gathered so far.
    let mut open: Vec<Open> = vec![(String::new(), Vec::new(), Vec::new())];
    let mut rest = html;
    let add = |open: &mut Vec<Open>, node: Node| {
        if let Some(parent) = open.last_mut() {
            parent.2.push(node);
        }
    };
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
        } else if rest.starts_with("<!") {
            rest = rest.find('>').map_or("", |end| &rest[end + 1..]);
        } else if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').unwrap_or(after.len());
            let name = after[..end].trim().to_ascii_lowercase();
            rest = after.get(end + 1..).unwrap_or("");
            if let Some(depth) = open.iter().rposition(|(open_name, ..)| *open_name == name) {
                while open.len() > depth {
                    let (name, attributes, children) = open.pop().expect("an open element");
                    add(
                        &mut open,
                        Node::Element {
                            name,
                            attributes,
                            children,
                        },
                    );
                }
            }
        } else if rest.starts_with('<') && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        {
            let end = rest.find('>').unwrap_or(rest.len());
            let tag = &rest[1..end];
            rest = rest.get(end + 1..).unwrap_or("");
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
            let name = tag[..name_end].to_ascii_lowercase();
            let attributes = parse_attributes(&tag[name_end..]);
            if RAW_TEXT.contains(&name.as_str()) {
                let close = format!("</{name}>");
                let end = rest.find(&close).unwrap_or(rest.len());
                let text = &rest[..end];
                rest = rest.get(end + close.len()..).unwrap_or("");
                let children = if text.is_empty() {
                    Vec::new()
                } else if name == "title" || name == "textarea" {
                    vec![Node::Text(decode(text))]
                } else {
                    vec![Node::Text(text.to_owned())]
                };
                add(
                    &mut open,
                    Node::Element {
                        name,
                        attributes,
                        children,
                    },
                );
            } else if self_closing || VOID.contains(&name.as_str()) {
                add(
                    &mut open,
                    Node::Element {
                        name,
                        attributes,
                        children: Vec::new(),
                    },
                );
            } else {
                open.push((name, attributes, Vec::new()));
            }
        } else {
            // A stray `<` that opens no tag is text too.
            let first = rest.chars().next().map_or(0, char::len_utf8);
            let end = rest[first..].find('<').map_or(rest.len(), |at| at + first);
            add(&mut open, Node::Text(decode(&rest[..end])));
            rest = &rest[end..];
        }
    }
    while open.len() > 1 {
        let (name, attributes, children) = open.pop().expect("an open element");
        add(
            &mut open,
            Node::Element {
                name,
                attributes,
                children,
            },
        );
    }
    open.pop()
        .map(|(_, _, children)| children)
        .unwrap_or_default()
}

fn find<'a>(nodes: &'a [Node], wanted: Wanted) -> Option<&'a Node> {
    nodes.iter().find_map(|node| match node {
        Node::Element {
            name,
            attributes,
            children,
        } => {
            if wanted(name, attributes) {
                Some(node)
            } else {
                find(children, wanted)
            }
        }
        Node::Text(_) => None,
    })
}

fn attribute<'a>(attributes: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attributes
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.as_str())
}

fn children_of(node: &Node) -> &[Node] {
    match node {
        Node::Element { children, .. } => children,
        Node::Text(_) => &[],
    }
}

fn text_of(nodes: &[Node]) -> String {
    nodes
        .iter()
        .map(|node| match node {
            Node::Text(text) => text.clone(),
            Node::Element { children, .. } => text_of(children),
        })
        .collect()
}

fn tag_line(name: &str, attributes: &[(String, String)]) -> String {
    let mut line = format!("<{name}");
    for (key, value) in attributes {
        if value.is_empty() {
            let _ = write!(line, " {key}");
        } else {
            let _ = write!(line, " {key}=\"{value}\"");
        }
    }
    line.push('>');
    line
}

/// The year in the footer's copyright line.
static COPYRIGHT_YEAR: LazyLock<Regex> = LazyLock::new(|| regex(r"© \d{4}"));
/// The about page's "for more than 19 years" counts to this year, in each language.
static YEARS_SINCE: LazyLock<Regex> = LazyLock::new(|| regex(r"\b\d+ (years|വർഷ|ஆண்டு)"));

/// A whole page as a reviewer reads it: the `<html>` language, the head tag by tag (structured
/// data pretty-printed, inline code and styles only named), the drawn `#root` as an outline,
/// and what else the body carries (the first data by its keys, the app's scripts).
pub fn page_outline(html: &str) -> String {
    let nodes = parse(html);
    let mut out = String::new();
    if let Some(Node::Element { attributes, .. }) = find(&nodes, &|name, _| name == "html") {
        let _ = writeln!(out, "{}", tag_line("html", attributes));
    }
    out.push_str("\n── head ──\n");
    if let Some(head) = find(&nodes, &|name, _| name == "head") {
        for node in children_of(head) {
            head_line(node, &mut out);
        }
    }
    out.push_str("\n── drawn body (#root) ──\n");
    let is_root = |name: &str, attributes: &[(String, String)]| {
        name == "div" && attribute(attributes, "id") == Some("root")
    };
    match find(&nodes, &is_root) {
        Some(root) if !children_of(root).is_empty() => {
            outline(children_of(root), 0, &mut out);
        }
        Some(_) => out.push_str("(not drawn: the app draws it in the browser)\n"),
        None => out.push_str("(no #root)\n"),
    }
    out.push_str("\n── rest of the body ──\n");
    if let Some(body) = find(&nodes, &|name, _| name == "body") {
        for node in children_of(body) {
            match node {
                Node::Element {
                    name, attributes, ..
                } if is_root(name, attributes) => {}
                Node::Element {
                    name,
                    attributes,
                    children,
                } if name == "script" && attribute(attributes, "id") == Some("initial-data") => {
                    out.push_str("first data (#initial-data), by key:\n");
                    let data: Value =
                        serde_json::from_str(&text_of(children)).expect("the first data is JSON");
                    for query in data["queries"].as_array().into_iter().flatten() {
                        let _ = writeln!(out, "  {}", query["key"]);
                    }
                }
                Node::Text(text) if text.trim().is_empty() => {}
                other => head_line(other, &mut out),
            }
        }
    }
    let out = COPYRIGHT_YEAR.replace_all(&out, "© [year]");
    let out = YEARS_SINCE.replace_all(&out, "[years since founding] $1");
    normalise(&out)
}

/// One element of the head (or a script of the body): every attribute, structured data as
/// pretty JSON, inline code and styles by their size in lines only.
fn head_line(node: &Node, out: &mut String) {
    let Node::Element {
        name,
        attributes,
        children,
    } = node
    else {
        return;
    };
    let line = tag_line(name, attributes);
    let content = text_of(children);
    match name.as_str() {
        "title" => {
            let _ = writeln!(out, "{line}{content}");
        }
        "script" if attribute(attributes, "type") == Some("application/ld+json") => {
            let data: Value = serde_json::from_str(&content).expect("structured data is JSON");
            let _ = writeln!(
                out,
                "{line}\n{}",
                serde_json::to_string_pretty(&data).expect("JSON prints")
            );
        }
        "script" | "style" if !content.trim().is_empty() => {
            let what = if name == "style" { "styles" } else { "code" };
            let faces = content.matches("@font-face").count();
            let faces = if faces > 0 {
                format!(", {faces} @font-face")
            } else {
                String::new()
            };
            let _ = writeln!(out, "{line} (inline {what}{faces})");
        }
        _ => {
            let _ = writeln!(out, "{line}");
        }
    }
}

/// Attributes that say what an element is or does; classes, styles, generated ids and layout
/// hints are left out.
const KEPT_ATTRIBUTES: [&str; 24] = [
    "href",
    "src",
    "alt",
    "title",
    "aria-label",
    "aria-current",
    "aria-pressed",
    "aria-selected",
    "aria-checked",
    "aria-disabled",
    "role",
    "type",
    "name",
    "value",
    "placeholder",
    "lang",
    "hreflang",
    "disabled",
    "required",
    "checked",
    "selected",
    "action",
    "datetime",
    "target",
];

/// What an element's line shows of its attributes: those in [`KEPT_ATTRIBUTES`] (a labelled
/// picture only its label), a choice's row number (`<input type="radio" value="44">`, a pack
/// size's id) redacted.
fn shown_attributes(name: &str, attributes: &[(String, String)]) -> Attributes {
    let choice = matches!(attribute(attributes, "type"), Some("radio" | "checkbox"));
    attributes
        .iter()
        .filter(|(key, _)| {
            KEPT_ATTRIBUTES.contains(&key.as_str())
                && (name != "svg" || key == "role" || key == "aria-label")
        })
        .map(|(key, value)| {
            let row_number = choice && key == "value" && value.bytes().all(|b| b.is_ascii_digit());
            let value = if row_number {
                "[id]".to_owned()
            } else {
                value.clone()
            };
            (key.clone(), value)
        })
        .collect()
}

/// Elements whose text runs on with their neighbours' (`₹` and `180.00` in two spans read as
/// one line).
const INLINE: [&str; 13] = [
    "span", "strong", "em", "b", "i", "small", "mark", "sup", "sub", "abbr", "bdi", "time", "u",
];
/// Struck-out text (the MRP beside a lower price): shown between `~~`.
const STRUCK: [&str; 2] = ["del", "s"];
/// Boxes for layout only: they break text runs but take no line of their own.
const LAYOUT: [&str; 3] = ["div", "picture", "figure"];

/// What an outline line is made of, in order.
enum Piece<'a> {
    Text(String),
    /// Where an inline element starts or ends: words on either side read apart.
    Soft,
    Break,
    Element(&'a Node),
}

fn pieces<'a>(nodes: &'a [Node], into: &mut Vec<Piece<'a>>) {
    for node in nodes {
        match node {
            Node::Text(text) => into.push(Piece::Text(text.clone())),
            Node::Element {
                name,
                attributes,
                children,
            } => {
                let labelled = attribute(attributes, "role").is_some()
                    || attribute(attributes, "aria-label").is_some();
                if name == "svg" {
                    if labelled {
                        into.push(Piece::Element(node));
                    }
                } else if name == "br" {
                    into.push(Piece::Break);
                } else if STRUCK.contains(&name.as_str()) {
                    into.push(Piece::Soft);
                    into.push(Piece::Text("~~".into()));
                    pieces(children, into);
                    into.push(Piece::Text("~~".into()));
                    into.push(Piece::Soft);
                } else if INLINE.contains(&name.as_str()) && !labelled {
                    into.push(Piece::Soft);
                    pieces(children, into);
                    into.push(Piece::Soft);
                } else if LAYOUT.contains(&name.as_str()) && !labelled {
                    into.push(Piece::Break);
                    pieces(children, into);
                    into.push(Piece::Break);
                } else if name == "script" || name == "style" || name == "template" {
                } else {
                    into.push(Piece::Element(node));
                }
            }
        }
    }
}

/// Collapses the white space of a run of text.
fn squeeze(text: &str) -> String {
    text.replace('\0', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `nodes` as lines at `depth`: elements that mean something with the attributes that say
/// what, and text, each run of it on one line.
fn outline(nodes: &[Node], depth: usize, out: &mut String) {
    let mut items = Vec::new();
    pieces(nodes, &mut items);
    let indent = "  ".repeat(depth);
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        let text = squeeze(run);
        if !text.is_empty() {
            let _ = writeln!(out, "{indent}{text}");
        }
        run.clear();
    };
    for item in items {
        match item {
            Piece::Text(text) => join(&mut run, &text, false),
            Piece::Soft => join(&mut run, "", true),
            Piece::Break => flush(&mut run, out),
            Piece::Element(node) => {
                flush(&mut run, out);
                let Node::Element {
                    name,
                    attributes,
                    children,
                } = node
                else {
                    continue;
                };
                let attributes = shown_attributes(name, attributes);
                let line = tag_line(name, &attributes);
                let mut inner = Vec::new();
                pieces(children, &mut inner);
                let only_text = inner
                    .iter()
                    .all(|piece| matches!(piece, Piece::Text(_) | Piece::Soft | Piece::Break));
                if name == "svg" || inner.is_empty() {
                    let _ = writeln!(out, "{indent}{line}");
                } else if only_text {
                    let texts: Vec<String> = split_runs(&inner);
                    if texts.len() <= 1 {
                        let _ = writeln!(out, "{indent}{line} {}", texts.join(""));
                    } else {
                        let _ = writeln!(out, "{indent}{line}");
                        for text in texts {
                            let _ = writeln!(out, "{indent}  {text}");
                        }
                    }
                } else {
                    let _ = writeln!(out, "{indent}{line}");
                    outline(children, depth + 1, out);
                }
            }
        }
    }
    flush(&mut run, out);
}

/// Adds `text` to a run of text; at an inline element's edge (`soft`, marked in the run by a
/// NUL until the next text comes) two words, or a word and a bracket, are set one space apart:
/// `<span>Nilgiri Fertichem</span><span>Plot 27</span>` reads as two names, `₹` and `180.00`
/// stay one price.
fn join(run: &mut String, text: &str, soft: bool) {
    if soft {
        if !run.ends_with('\0') {
            run.push('\0');
        }
        return;
    }
    if text.is_empty() {
        return;
    }
    if run.ends_with('\0') {
        run.pop();
        let before = run.chars().next_back();
        let after = text.chars().next();
        let apart = matches!((before, after), (Some(b), Some(a))
            if (b.is_alphanumeric() || matches!(b, '.' | ')' | '~')) && (a.is_alphanumeric() || a == '('));
        if apart {
            run.push(' ');
        }
    }
    run.push_str(text);
}

/// The text runs of pieces that hold only text and breaks.
fn split_runs(pieces: &[Piece]) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => join(&mut run, text, false),
            Piece::Soft => join(&mut run, "", true),
            Piece::Break | Piece::Element(_) => {
                runs.push(squeeze(&run));
                run.clear();
            }
        }
    }
    runs.push(squeeze(&run));
    runs.retain(|text| !text.is_empty());
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_keeps_what_a_shopper_sees_and_drops_layout() {
        let html = "<!doctype html><html lang=\"ml\"><head><title>A &amp; B</title>\
            <script type=\"module\" src=\"/assets/index-CUSbJUSl.js\"></script></head>\
            <body><div id=\"root\"><div class=\"x\"><h1 class=\"big\">Neem <!-- -->Cake</h1>\
            <p><span>₹</span><span>180.00</span> <del>₹215.00</del></p>\
            <dl><dd><span>Nilgiri Fertichem</span><span>Plot 27</span></dd></dl>\
            <input type=\"radio\" name=\"variant\" value=\"44\">\
            <a href=\"/dealer/x\" class=\"y\"><svg viewBox=\"0 0 1 1\"><path d=\"M0\"/></svg>Brand</a>\
            <button type=\"button\" aria-label=\"Add\" id=\"_R_1_\">Add<br/>to cart</button></div></div>\
            <script type=\"application/json\" id=\"initial-data\">{\"queries\":[{\"key\":[\"shop\"],\"data\":{}}]}</script>\
            </body></html>";
        let outline = page_outline(html);
        assert!(outline.starts_with("<html lang=\"ml\">\n"), "{outline}");
        assert!(outline.contains("<title>A & B\n"), "{outline}");
        assert!(
            outline.contains("<script type=\"module\" src=\"/assets/index-[hash].js\">\n"),
            "{outline}"
        );
        assert!(outline.contains("\n<h1> Neem Cake\n"), "{outline}");
        assert!(outline.contains("\n<p> ₹180.00 ~~₹215.00~~\n"), "{outline}");
        assert!(
            outline.contains("\n  <dd> Nilgiri Fertichem Plot 27\n"),
            "{outline}"
        );
        assert!(outline.contains("value=\"[id]\""), "{outline}");
        assert!(
            outline.contains("\n<a href=\"/dealer/x\"> Brand\n"),
            "{outline}"
        );
        assert!(
            outline.contains("\n<button type=\"button\" aria-label=\"Add\">\n  Add\n  to cart\n"),
            "{outline}"
        );
        assert!(outline.contains("  [\"shop\"]\n"), "{outline}");
    }

    #[test]
    fn redaction_hides_ids_secrets_uuids_and_times_but_not_prices() {
        let answer = serde_json::json!({
            "id": 7, "product_id": 12, "uuid": "0b5e7c1e-0000-4000-8000-000000000000",
            "number": "ORD-2026-000001", "placed_at": "2026-11-28T05:39:22.123Z",
            "invoice_date": "2026-11-02", "price": 180.0, "key": "abc", "parent_id": null
        });
        assert_eq!(
            redact_json(&answer),
            serde_json::json!({
                "id": "[id]", "product_id": "[id]", "uuid": "[uuid]",
                "number": "ORD-[year]-000001", "placed_at": "[time]",
                "invoice_date": "2026-11-02", "price": 180.0, "key": "[secret]", "parent_id": null
            })
        );
    }
}
