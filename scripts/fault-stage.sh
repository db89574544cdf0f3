#!/usr/bin/env bash
# The fault stage: on each database, kill -9 during concurrent checkouts then a restart, SIGTERM
# under load, SMTP and the WhatsApp provider down then up across a restart (a real SMTP listener
# and provider-sim), and kill -9 while the provider is slow (scripts/proof/fault.py says what is
# checked). Both databases run side by side.
#
#   scripts/fault-stage.sh [sqlite|postgres|both]
set -euo pipefail
source "$(dirname "$0")/proof/lib.sh"

which="${1:-both}"
started=$SECONDS
proof_venv
proof_build
# The provider's stand-in (crates/provider_sim), built beside the storefront's binary.
sim_bin="$(dirname "$PROOF_BIN")/provider-sim"
if [ ! -x "$sim_bin" ]; then
    (cd "$PROOF_ROOT" && CARGO_INCREMENTAL=0 cargo build -q -p provider_sim)
fi
[ -x "$sim_bin" ] || proof_missing "no provider-sim binary at $sim_bin"

declare -A urls
run_one() {
    local database="$1"
    (
        DB_URL="${urls[$database]}"
        proof_seed
        export STOREFRONT_BIN="$PROOF_BIN" PROVIDER_SIM_BIN="$sim_bin" PROOF_DB="$database" PROOF_TMP="$proof_tmp" PROOF_PG_URL
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
