#!/usr/bin/env bash
# `just bench` (or alone): one client floods the release shop with new addresses (search terms,
# unknown paths, other spellings, products under the wrong brand, made-up query strings) from 16
# connections, bounded in count and time and on loopback only, while an honest shopper asks for the
# home page and product pages. Budget: the shopper's p99 at most 50 ms on both, and none of their
# pages undrawn. STOREFRONT_BIN measures another build of the binary (say, main's) instead;
# LOADGEN_BIN uses a loadgen already built.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_BOUND="${FLOOD_SECONDS:-20}"
MAX_REQUESTS="${FLOOD_REQUESTS:-20000}"
CONNECTIONS="${FLOOD_CONNECTIONS:-16}"
PRODUCTS="${BENCH_PRODUCTS:-20000}"

source scripts/release-shop.sh
export METRICS_TOKEN="flood-metrics-$RANDOM$RANDOM$RANDOM"
start_release_shop "$(free_port)" --products "$PRODUCTS"
loadgen="${LOADGEN_BIN:-./target/release/loadgen}"
[ -n "${LOADGEN_BIN:-}" ] || cargo build --release -p loadgen -q

python3 - "$work/shop.db" "$work/products.txt" <<'PY'
import sqlite3, sys
rows = sqlite3.connect(sys.argv[1]).execute(
    "SELECT b.slug, p.slug FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.is_active ORDER BY random()"
).fetchall()
with open(sys.argv[2], "w") as out:
    out.writelines(f"{brand} {product}\n" for brand, product in rows)
PY

result="$("$loadgen" flood "http://$BIND" "$work/products.txt" "$CONNECTIONS" "$SECONDS_BOUND" "$MAX_REQUESTS")"
failed=0
printf '\n%-22s %10s %10s %10s %10s\n' "flood: honest shopper" "requests" "p50 ms" "p99 ms" "undrawn"
while read -r name requests p50 p99 undrawn errors; do
  case "$name" in
    honest-*)
      if awk -v p="$p99" 'BEGIN { exit !(p <= 50) }' && [ "$undrawn" = 0 ] && [ "$errors" = 0 ]; then
        verdict="ok (p99 <= 50 ms, none undrawn)"
      else
        verdict="MISSED (p99 <= 50 ms, none undrawn) errors: $errors"; failed=1
      fi
      printf '%-22s %10s %10s %10s %10s   %s\n' "${name#honest-} page" "$requests" "$p50" "$p99" "$undrawn" "$verdict"
      ;;
    flood)
      echo "the flood: $requests requests ($p50/s) from $CONNECTIONS connections, answers $p99"
      ;;
  esac
done <<<"$result"
renders="$(curl -fs -H "Authorization: Bearer $METRICS_TOKEN" "http://$BIND/metrics" | awk '/^storefront_page_(renders_total|cache_bytes)/ { printf "%s=%s ", $1, $2 }')"
echo "server: $renders"
exit "$failed"
