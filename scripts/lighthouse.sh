#!/usr/bin/env bash
# `just lighthouse`: the release binary with the demo shop in a fresh SQLite file, and Lighthouse
# (mobile, three runs a page, the median reported) on its home, a category and a product page
# against the budgets in frontend/scripts/lighthouse.mjs. Needs Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${LIGHTHOUSE_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { echo "Lighthouse needs Chromium: apt-get install -y chromium" >&2; exit 1; }
cargo build --release -p server

work="$(mktemp -d)"
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

export DATABASE_URL="sqlite://$work/shop.db" MEDIA_DIR="$work/media" MAIL_DIR="$work/mail" STATIC_DIR="$PWD/frontend/dist"
export BIND="127.0.0.1:$PORT" RUST_LOG=warn
./target/release/storefront migrate >/dev/null
./target/release/storefront seed-demo >/dev/null
./target/release/storefront serve &
server_pid=$!
for _ in $(seq 100); do curl -fs "http://$BIND/healthz" >/dev/null && break; sleep 0.1; done
kill -0 "$server_pid" 2>/dev/null || { echo "the shop did not start" >&2; exit 1; }

cd frontend && node scripts/lighthouse.mjs "http://$BIND" --runs="${LIGHTHOUSE_RUNS:-3}"
