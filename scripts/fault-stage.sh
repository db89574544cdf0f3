#!/usr/bin/env bash
# The fault stage: on each database, kill -9 during concurrent checkouts then a restart, SIGTERM
# under load, and SMTP down then up across a restart with a real SMTP listener
# (scripts/proof/fault.py says what is checked). Both databases run side by side.
#
#   scripts/fault-stage.sh [sqlite|postgres|both]
set -euo pipefail
source "$(dirname "$0")/proof/lib.sh"

which="${1:-both}"
started=$SECONDS
proof_venv
proof_build

declare -A urls
run_one() {
    local database="$1"
    (
        DB_URL="${urls[$database]}"
        proof_seed
        export STOREFRONT_BIN="$PROOF_BIN" PROOF_DB="$database" PROOF_TMP="$proof_tmp" PROOF_PG_URL
        "$PROOF_PY" "$PROOF_ROOT/scripts/proof/fault.py"
    ) >"$proof_tmp/fault-$database.out" 2>&1
}

case "$which" in
    both) databases=(sqlite postgres) ;;
    *) databases=("$which") ;;
esac
if [[ " ${databases[*]} " == *" postgres "* ]]; then proof_pg_ready; fi

for database in "${databases[@]}"; do
    proof_fresh_db "$database" "fault"
    urls[$database]="$DB_URL"
done
declare -A pids
for database in "${databases[@]}"; do
    run_one "$database" &
    pids[$database]=$!
done
status=0
for database in "${databases[@]}"; do
    if ! wait "${pids[$database]}"; then status=1; fi
    echo "--- fault stage on $database"
    cat "$proof_tmp/fault-$database.out"
    failures="$(grep -hE 'panicked' "$proof_tmp"/fault-"$database"-*.log 2>/dev/null || true)"
    if [ -n "$failures" ]; then
        echo "FAIL: the server panicked on $database:" >&2
        echo "$failures" | head -10 >&2
        status=1
    fi
done
echo "fault stage (${databases[*]}): $((SECONDS - started)) s"
if [ "$status" -ne 0 ]; then PROOF_KEEP=1; fi
exit "$status"
