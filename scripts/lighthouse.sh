#!/usr/bin/env bash
# `just lighthouse`: the release binary with the demo shop in a fresh SQLite file, and Lighthouse
# (mobile, three runs a page, the median reported) on its home, a category and a product page
# against the budgets in frontend/scripts/lighthouse.mjs. Needs Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { echo "Lighthouse needs Chromium: apt-get install -y chromium" >&2; exit 1; }
source scripts/release-shop.sh
start_release_shop "${LIGHTHOUSE_PORT:-$(free_port)}"

cd frontend && node scripts/lighthouse.mjs "http://$BIND" --runs="${LIGHTHOUSE_RUNS:-3}"
