#!/usr/bin/env bash
# The soak (not in CI): 10 minutes of mixed traffic with browser-like headers against the release
# binary on a seeded database (browsing, carts, checkouts, a member of staff in the back office),
# printing each minute's requests, errors, p50/p99 and the server's memory (scripts/proof/soak.py).
#
#   scripts/soak.sh [sqlite|postgres]   (SOAK_SECONDS=600, SOAK_SHOPPERS=6)
set -euo pipefail
source "$(dirname "$0")/proof/lib.sh"

database="${1:-sqlite}"
proof_venv
if [ -z "${STOREFRONT_BIN:-}" ]; then
    (cd "$PROOF_ROOT" && CARGO_INCREMENTAL=0 cargo build -q --release -p server)
    PROOF_BIN="$PROOF_ROOT/target/release/storefront"
fi
proof_fresh_db "$database" soak
proof_seed
staff=soak-admin@example.invalid
printf '%s\n' proof-staff-password-1 | "$PROOF_BIN" create-admin "$staff" --name "Soak Admin" >/dev/null
# The shoppers and the staff member each come from their own address (X-Forwarded-For), as
# behind the shop's proxy; BCRYPT_COST stays the production default.
TRUST_PROXY=1 BCRYPT_COST=12 proof_start soak
secret="$(cd "$PROOF_ROOT/scripts/proof" && SOAK_BASE="$BASE" "$PROOF_PY" -c '
import os, shop
print(shop.enrol_staff(os.environ["SOAK_BASE"], "'"$staff"'"))')"
SOAK_BASE="$BASE" SOAK_PID="$SERVER_PID" SOAK_STAFF_EMAIL="$staff" SOAK_STAFF_SECRET="$secret" \
    "$PROOF_PY" "$PROOF_ROOT/scripts/proof/soak.py"
failures="$(proof_log_failures soak)"
if [ -n "$failures" ]; then
    echo "FAIL: the server logged errors during the soak:" >&2
    echo "$failures" | head -20 >&2
    exit 1
fi
