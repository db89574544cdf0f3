#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed check should stop the test loudly

//! `openapi.json` against the code, so neither can drift from the other silently: every route
//! that `src/routes.rs` registers is documented with its method, every documented route is
//! registered, and every `$ref` in the document resolves.
//!
//! The routes are read from the sources themselves: each `.service(module::handler)` (or
//! `.service(module::sub::handler)`) in `src/routes.rs`, under the `web::scope(...)` it sits in,
//! mapped to the handler's `#[get("...")]` / `#[post("...")]` attribute in
//! `src/handlers/module.rs` (or `src/handlers/module/sub.rs`, or a `mod.rs`). The handler files
//! are read when the test runs, so a new handler module needs no change here.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;

const DOCUMENT: &str = include_str!("../openapi.json");
const ROUTES: &str = include_str!("../src/routes.rs");

const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

// ---------------------------------------------------------------------------------------------
// A small Rust tokenizer: enough to read attributes and the builder chain in routes.rs.

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
    Punct(char),
}

fn tokenize(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string_at(&chars, i) {
            // r"..." or r#"..."#
            let mut j = i + 1;
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            let start = j;
            loop {
                if chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&h| h == '#') {
                    break;
                }
                j += 1;
            }
            tokens.push(Token::Str(chars[start..j].iter().collect()));
            i = j + 1 + hashes;
        } else if c == '"' {
            let mut text = String::new();
            i += 1;
            while chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                text.push(chars[i]);
                i += 1;
            }
            tokens.push(Token::Str(text));
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n') or a lifetime ('a): skip either.
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else if next == Some('\\') {
                i += 2;
                while chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Token::Ident(chars[start..i].iter().collect()));
        } else {
            tokens.push(Token::Punct(c));
            i += 1;
        }
    }
    tokens
}

fn raw_string_at(chars: &[char], i: usize) -> bool {
    let before_ok = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    before_ok && chars.get(j) == Some(&'"')
}

fn ident(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some(Token::Ident(name)) => Some(name),
        _ => None,
    }
}

fn punct(tokens: &[Token], i: usize, c: char) -> bool {
    tokens.get(i) == Some(&Token::Punct(c))
}

fn string(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some(Token::Str(text)) => Some(text),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// The routes in the code.

/// A route as the code serves it: `GET /api/brands/{slug}`, and where it comes from.
#[derive(Debug)]
struct CodeRoute {
    method: String,
    path: String,
    handler: String,
}

/// The source of the handler module `segments` (`["account", "profile"]`), and its file's
/// name for messages.
fn handler_source(segments: &[String]) -> Result<(String, String), String> {
    let handlers = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/handlers");
    let joined = segments.join("/");
    let candidates = [format!("{joined}.rs"), format!("{joined}/mod.rs")];
    for candidate in &candidates {
        if let Ok(source) = std::fs::read_to_string(handlers.join(candidate)) {
            return Ok((format!("src/handlers/{candidate}"), source));
        }
    }
    Err(format!(
        "neither src/handlers/{} nor src/handlers/{} exists",
        candidates[0], candidates[1]
    ))
}

/// The `(METHOD, path)` pairs of the route attributes on the function `function` in `source`.
fn handler_attributes(file: &str, source: &str, function: &str) -> Vec<(String, String)> {
    let tokens = tokenize(source);
    let mut found = Vec::new();
    for i in 0..tokens.len() {
        if !(punct(&tokens, i, '#') && punct(&tokens, i + 1, '[')) {
            continue;
        }
        // #[get("/x")] or #[actix_web::get("/x")]
        let mut j = i + 2;
        if ident(&tokens, j) == Some("actix_web")
            && punct(&tokens, j + 1, ':')
            && punct(&tokens, j + 2, ':')
        {
            j += 3;
        }
        let Some(name) = ident(&tokens, j) else {
            continue;
        };
        assert!(
            !(name == "route" && punct(&tokens, j + 1, '(')),
            "{file} uses #[route(...)], which this test cannot read yet: use \
             #[get]/#[post]/... or teach tests/openapi.rs the new form",
        );
        if !METHODS.contains(&name) || !punct(&tokens, j + 1, '(') {
            continue;
        }
        let path = string(&tokens, j + 2)
            .unwrap_or_else(|| panic!("{file}: #[{name}(...)] does not start with a path literal"));
        let named = (j + 3..tokens.len())
            .find(|&k| ident(&tokens, k) == Some("fn"))
            .and_then(|k| ident(&tokens, k + 1))
            .unwrap_or_else(|| panic!("{file}: no function follows #[{name}(\"{path}\")]"));
        if named == function {
            found.push((name.to_uppercase(), path.to_string()));
        }
    }
    found
}

/// Every route registered in `src/routes.rs`, with the prefix of the scope it sits in.
fn code_routes() -> Vec<CodeRoute> {
    let tokens = tokenize(ROUTES);
    let mut problems = Vec::new();
    let mut routes = Vec::new();
    let mut depth = 0usize;
    // (the parenthesis depth at which the scope was opened, its prefix)
    let mut scopes: Vec<(usize, String)> = Vec::new();
    for i in 0..tokens.len() {
        match &tokens[i] {
            Token::Punct('(') => depth += 1,
            Token::Punct(')') => {
                depth -= 1;
                while scopes.last().is_some_and(|(opened, _)| depth < *opened) {
                    scopes.pop();
                }
            }
            Token::Ident(name) if name == "scope" && punct(&tokens, i + 1, '(') => {
                let prefix = string(&tokens, i + 2)
                    .expect("src/routes.rs: web::scope(...) without a path literal");
                scopes.push((depth, prefix.to_string()));
            }
            Token::Ident(name)
                if matches!(
                    name.as_str(),
                    "route" | "resource" | "configure" | "external_resource"
                ) && punct(&tokens, i + 1, '(')
                    && i > 0
                    && (punct(&tokens, i - 1, '.')
                        || (name == "resource" && punct(&tokens, i - 1, ':'))) =>
            {
                problems.push(format!(
                    "src/routes.rs calls `{name}(...)`, which this test cannot map to paths yet: \
                     register handlers with `.service(module::handler)` or teach tests/openapi.rs"
                ));
            }
            Token::Ident(name) if name == "service" && i > 0 && punct(&tokens, i - 1, '.') => {
                if !punct(&tokens, i + 1, '(') {
                    continue;
                }
                // .service(web::scope(...)) opens a scope, handled above.
                let is_scope = (i + 2..i + 6).any(|k| ident(&tokens, k) == Some("scope"));
                if is_scope {
                    continue;
                }
                // .service(module::handler) or .service(module::sub::handler)
                let mut segments = Vec::new();
                let mut k = i + 2;
                while let Some(segment) = ident(&tokens, k) {
                    segments.push(segment.to_string());
                    if punct(&tokens, k + 1, ':') && punct(&tokens, k + 2, ':') {
                        k += 3;
                    } else {
                        k += 1;
                        break;
                    }
                }
                if segments.len() < 2 || !punct(&tokens, k, ')') {
                    problems.push(format!(
                        "src/routes.rs: `.service({}...)` is not `.service(module::handler)` or \
                         `.service(web::scope(...))`; tests/openapi.rs cannot tell which path it \
                         serves",
                        segments.join("::"),
                    ));
                    continue;
                }
                let handler = segments.join("::");
                let Some(function) = segments.pop() else {
                    continue;
                };
                let prefix: String = scopes.iter().map(|(_, p)| p.as_str()).collect();
                let (file, source) = match handler_source(&segments) {
                    Ok(found) => found,
                    Err(why) => {
                        problems.push(format!("src/routes.rs registers {handler}, but {why}"));
                        continue;
                    }
                };
                let attributes = handler_attributes(&file, &source, &function);
                if attributes.is_empty() {
                    problems.push(format!(
                        "src/routes.rs registers {handler}, but {file} has no \
                         #[get]/#[post]/... handler named `{function}`"
                    ));
                }
                for (method, path) in attributes {
                    routes.push(CodeRoute {
                        method,
                        path: normalize(&format!("{prefix}{path}")),
                        handler: handler.clone(),
                    });
                }
            }
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        !routes.is_empty(),
        "no routes were read from src/routes.rs: has its form changed?"
    );
    routes
}

/// `{id:\d+}` (an actix pattern) → `{id}` (an OpenAPI template).
fn normalize(path: &str) -> String {
    let mut out = String::new();
    let mut in_pattern = false;
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    out.push(c);
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    in_pattern = false;
                    out.push(c);
                }
            }
            ':' if depth == 1 => in_pattern = true,
            _ if in_pattern || depth > 1 => {}
            _ => out.push(c),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The document.

fn document() -> Value {
    serde_json::from_str(DOCUMENT).expect("openapi.json is not valid JSON")
}

/// `(METHOD, path)` of every operation in the document.
fn documented_routes(document: &Value) -> BTreeSet<(String, String)> {
    let paths = document["paths"]
        .as_object()
        .expect("openapi.json has no `paths` object");
    let mut routes = BTreeSet::new();
    for (path, item) in paths {
        for method in METHODS {
            if item.get(*method).is_some() {
                routes.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

/// Follows one local `$ref`, if it is one.
fn resolve<'a>(document: &'a Value, value: &'a Value) -> &'a Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix('#')
            .and_then(|pointer| document.pointer(pointer))
            .unwrap_or_else(|| panic!("openapi.json: `{reference}` does not resolve")),
        None => value,
    }
}

fn collect_refs<'a>(value: &'a Value, at: String, out: &mut Vec<(String, &'a str)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                if key == "$ref"
                    && let Some(reference) = child.as_str()
                {
                    out.push((at.clone(), reference));
                }
                collect_refs(child, format!("{at}/{}", escape(key)), out);
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                collect_refs(child, format!("{at}/{index}"), out);
            }
        }
        _ => {}
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

// ---------------------------------------------------------------------------------------------

#[test]
fn every_route_in_the_code_is_documented() {
    let documented = documented_routes(&document());
    let missing: Vec<String> = code_routes()
        .into_iter()
        .filter(|route| !documented.contains(&(route.method.clone(), route.path.clone())))
        .map(|route| {
            format!(
                "{} {} (handler {}, registered in src/routes.rs) is not documented: \
                 add paths.\"{}\".{} to crates/server/openapi.json",
                route.method,
                route.path,
                route.handler,
                route.path,
                route.method.to_lowercase(),
            )
        })
        .collect();
    assert!(missing.is_empty(), "\n{}\n", missing.join("\n"));
}

#[test]
fn every_documented_route_exists_in_the_code() {
    let served: BTreeSet<(String, String)> = code_routes()
        .into_iter()
        .map(|route| (route.method, route.path))
        .collect();
    let stale: Vec<String> = documented_routes(&document())
        .into_iter()
        .filter(|route| !served.contains(route))
        .map(|(method, path)| {
            format!(
                "openapi.json documents {method} {path}, but src/routes.rs registers no such \
                 route: register its handler or remove it from the document"
            )
        })
        .collect();
    assert!(stale.is_empty(), "\n{}\n", stale.join("\n"));
}

#[test]
fn every_ref_resolves() {
    let document = document();
    let mut refs = Vec::new();
    collect_refs(&document, String::new(), &mut refs);
    assert!(!refs.is_empty(), "openapi.json holds no $ref at all");
    let broken: Vec<String> = refs
        .into_iter()
        .filter(|(_, reference)| {
            reference
                .strip_prefix('#')
                .and_then(|pointer| document.pointer(pointer))
                .is_none()
        })
        .map(|(at, reference)| format!("{at}: `{reference}` does not resolve"))
        .collect();
    assert!(broken.is_empty(), "\n{}\n", broken.join("\n"));
}

#[test]
fn the_document_is_well_formed() {
    let document = document();
    assert!(
        document["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1.")),
        "openapi.json must be OpenAPI 3.1"
    );
    assert_eq!(document["info"]["title"], "Storefront API");
    assert_eq!(
        document["info"]["version"],
        env!("CARGO_PKG_VERSION"),
        "info.version in openapi.json should follow the crate's version"
    );

    let mut problems = Vec::new();
    let mut operation_ids = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        let shared: Vec<&Value> = item
            .get("parameters")
            .and_then(Value::as_array)
            .map(|p| p.iter().collect())
            .unwrap_or_default();
        for method in METHODS {
            let Some(operation) = item.get(*method) else {
                continue;
            };
            let name = format!("{} {path}", method.to_uppercase());
            match operation.get("operationId").and_then(Value::as_str) {
                Some(id) if !operation_ids.insert(id.to_string()) => {
                    problems.push(format!("{name}: operationId `{id}` is used twice"));
                }
                Some(_) => {}
                None => problems.push(format!("{name}: no operationId")),
            }
            let responses = operation.get("responses").and_then(Value::as_object);
            if responses.is_none_or(|r| r.is_empty()) {
                problems.push(format!("{name}: no responses"));
            }
            for (status, response) in responses.into_iter().flatten() {
                let response = resolve(&document, response);
                if response.get("description").is_none() {
                    problems.push(format!("{name}: response {status} has no description"));
                }
            }
            // Every {template} in the path is declared as a path parameter.
            let own: Vec<&Value> = operation
                .get("parameters")
                .and_then(Value::as_array)
                .map(|p| p.iter().collect())
                .unwrap_or_default();
            let declared: BTreeSet<&str> = shared
                .iter()
                .chain(own.iter())
                .map(|p| resolve(&document, p))
                .filter(|p| p["in"] == "path")
                .filter_map(|p| p["name"].as_str())
                .collect();
            for template in path.split('{').skip(1).filter_map(|s| s.split('}').next()) {
                if !declared.contains(template) {
                    problems.push(format!(
                        "{name}: the path parameter `{template}` is not declared"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

#[test]
fn the_route_reader_understands_scopes() {
    let routes = code_routes();
    let find = |handler: &str| {
        routes
            .iter()
            .find(|r| r.handler == handler)
            .map(|r| (r.method.as_str(), r.path.as_str()))
    };
    assert_eq!(find("health::healthz"), Some(("GET", "/healthz")));
    assert_eq!(find("brands::show"), Some(("GET", "/api/brands/{slug}")));
    assert_eq!(find("cart::add"), Some(("POST", "/api/cart/add")));
    assert_eq!(normalize(r"/orders/{id:\d+}/lines"), "/orders/{id}/lines");
}
