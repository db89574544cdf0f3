# The storefront. `just run` opens the demo shop on http://127.0.0.1:8080; `just test` runs
# every test. Recipes install what they need (Node packages) on first use.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Build the web app and the binary, migrate, seed the demo into an empty database, serve.
run: frontend-build
    cargo build --release -p server
    ./target/release/storefront migrate
    ./target/release/storefront seed-demo --if-empty
    @echo "Back office: http://127.0.0.1:8080/admin (staff sign in there with a second factor)."
    @echo "  First admin: ./target/release/storefront create-admin you@example.com"
    @echo "  Or a demo admin with a printed password: ./target/release/storefront seed-demo --with-admin"
    ./target/release/storefront serve

# Every test: Rust on SQLite (and PostgreSQL when TEST_DATABASE_URL is set), the web app's unit
# tests, browser end-to-end tests in Chromium against the real binary, then the same binary
# behind nginx (the nginx stage; skipped with a note when nginx is not installed, unless CI is set).
# The web app is built first: the server-rendering tests draw pages with its server bundle.
test: frontend-build
    cargo test --workspace
    cd frontend && npm test
    just e2e-run
    bash scripts/proxy-stage.sh

# Browser journeys: the debug binary serving the built app on a seeded SQLite database (and
# provider-sim, which plays WhatsApp's Cloud API for the phone journey).
e2e:
    cargo build -p server -p provider_sim
    just e2e-run

# The journeys with the binary as it is (`cargo test` builds it too).
e2e-run: frontend-build
    cd frontend && STOREFRONT_BIN="$(pwd)/../target/debug/storefront" npm run test:e2e

# The nginx stage alone: deploy/nginx/storefront.conf with TLS and HTTP/2 in front of the debug
# binary, and browser journeys through it (frontend/e2e-proxy/).
e2e-proxy: frontend-build
    cargo build -p server
    bash scripts/proxy-stage.sh

# Formatting, module cycles, clippy with warnings as errors, ESLint, the TypeScript check and
# cargo-deny on the Rust dependencies.
lint: frontend-deps acyclic
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run typecheck
    just deny

# cargo-deny with deny.toml: known advisories (RustSec), licences, banned crates (OpenSSL) and
# duplicate versions, crates.io as the only source. Installs the pinned cargo-deny when missing.
# Offline it reads the local copy of the advisory database (scripts/refresh-advisories.sh fills
# it); with no copy either it checks the rest and prints a NOTE that advisories went unchecked.
deny:
    bash scripts/deny.sh

# The library crates checked for module cycles; a new crate joins the list.
library_crates := "pricing db paths fields pincodes delivery texts mail media catalog accounts batches orders demo render shop pages server messaging provider_sim"

# No module cycles: in each library crate, the modules side by side under one parent (each with
# everything below it) use each other in one direction only. scripts/acyclic.py reads every
# path in the source, `use` and inline (`crate::pages::PageCache::new` in an expression counts),
# after its self-test plants circles and checks that it finds each.
acyclic:
    python3 scripts/acyclic_test.py
    python3 scripts/acyclic.py {{ prepend("crates/", library_crates) }}

# The fuzz stage on SQLite, longer than CI's PostgreSQL run: schemathesis against the debug binary
# with every check, positive and negative data and stateful links, a shopper and a staff member
# (password and TOTP) signed in by its hooks (scripts/fuzz-stage.sh). `just fuzz postgres 300`.
fuzz database="sqlite" seconds="600":
    cargo build -p server
    bash scripts/fuzz-stage.sh {{database}} {{seconds}}

# The fault stage on both databases: kill -9 during checkouts, SIGTERM under load, SMTP and the
# WhatsApp provider down then up across a restart, kill -9 while the provider is slow
# (scripts/fault-stage.sh). `just fault sqlite` for one.
fault database="both":
    cargo build -p server -p provider_sim
    bash scripts/fault-stage.sh {{database}}

# Ten minutes of mixed shopper and staff traffic with browser-like headers against the release
# binary; prints each minute's errors, p50/p99 and memory (not in CI). `just soak postgres`.
soak database="sqlite": frontend-build
    bash scripts/soak.sh {{database}}

# Release build, 20,000 products in a fresh SQLite file, load from wrk; prints the budgets.
bench: frontend-build
    bash scripts/bench.sh

# Lighthouse (mobile, median of three runs) on the demo shop's home, a category and a product page.
lighthouse: frontend-build
    bash scripts/lighthouse.sh

frontend-deps:
    cd frontend && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

frontend-build: frontend-deps
    cd frontend && npm run build

# Regenerate the API contract (crates/server/openapi.json) from the code, then the web app's types.
openapi: frontend-deps
    UPDATE_OPENAPI=1 cargo test -p server --test api contract::the_committed_document_is_the_one_the_app_serves
    cd frontend && npm run api-types
