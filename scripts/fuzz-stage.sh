#!/usr/bin/env bash
# The fuzz stage: schemathesis against the running debug binary, every check (positive and
# negative data, stateful links), with hooks that sign in a shopper and a member of the back office
# in each role (admin, staff, packer, accountant; password and TOTP) so the back office is fuzzed
# as each of them (scripts/proof/fuzz_hooks.py). Fails on any server error or schema violation.
#
#   scripts/fuzz-stage.sh [postgres|sqlite] [SECONDS]
#
# CI runs it on PostgreSQL for 150 s (`just fuzz` runs it on SQLite for longer). Prints the
# operations, test cases and checks run, and the failures.
set -euo pipefail
source "$(dirname "$0")/proof/lib.sh"

database="${1:-postgres}"
seconds="${2:-150}"
started=$SECONDS

proof_venv
proof_build
proof_fresh_db "$database" fuzz
proof_seed
staff=fuzz-admin@example.invalid
enrolling=fuzz-enrolling@example.invalid
target=fuzz-target@example.invalid
# One member for each role besides admin: made as admins, enrolled as the first sign-in does, then
# given their role (the staff screen's PUT /api/admin/staff/{id} is fuzzed itself; here the role
# is set before the server starts).
roles=(staff packer accountant)
for email in "$staff" "$enrolling" "$target" "${roles[@]/%/-fuzz@example.invalid}"; do
    printf '%s\n' proof-staff-password-1 | "$PROOF_BIN" create-admin "$email" --name "Fuzz Admin" >/dev/null
done
# TRUST_PROXY: the hooks sign in from their own address (X-Forwarded-For), so the fuzzer's
# random codes spend 127.0.0.1's sign-in limits, not theirs.
TRUST_PROXY=1 proof_start fuzz

export FUZZ_BASE="$BASE" FUZZ_STAFF_EMAIL="$staff" FUZZ_SHOPPER_EMAIL=fuzz-shopper@example.in \
    FUZZ_ENROLLING_EMAIL="$enrolling" \
    FUZZ_PROTECTED_IDS="$(proof_sql "$database" "SELECT id FROM users WHERE email IN ('$staff', '$enrolling') OR email LIKE '%-fuzz@example.invalid' ORDER BY id" | paste -sd,)" \
    FUZZ_TARGET_ID="$(proof_sql "$database" "SELECT id FROM users WHERE email = '$target'")"
enrol() {
    FUZZ_ENROL_EMAIL="$1" "$PROOF_PY" -c '
import os, shop
print(shop.enrol_staff(os.environ["FUZZ_BASE"], os.environ["FUZZ_ENROL_EMAIL"]))'
}
FUZZ_STAFF_SECRET="$(cd "$PROOF_ROOT/scripts/proof" && enrol "$staff")"
export FUZZ_STAFF_SECRET
# FUZZ_ROLES: role=email=secret, comma-separated, for the hooks' other sign-ins.
FUZZ_ROLES=""
for role in "${roles[@]}"; do
    email="$role-fuzz@example.invalid"
    secret="$(cd "$PROOF_ROOT/scripts/proof" && enrol "$email")"
    proof_sql "$database" "UPDATE users SET role = '$role' WHERE email = '$email'" >/dev/null
    FUZZ_ROLES="${FUZZ_ROLES:+$FUZZ_ROLES,}$role=$email=$secret"
done
export FUZZ_ROLES

report="$proof_tmp/report"
echo "fuzzing $BASE ($database) for up to ${seconds} s"
set +e
# From target/: schemathesis keeps its cache of past crashes (replayed first) in the working folder.
cd "$PROOF_ROOT/target"
SCHEMATHESIS_HOOKS="$PROOF_ROOT/scripts/proof/fuzz_hooks.py" "$PROOF_VENV/bin/st" \
    --config-file "$PROOF_ROOT/scripts/proof/schemathesis.toml" run "$BASE/api/openapi.json" \
    --checks all --mode all --phases examples,coverage,fuzzing,stateful \
    --max-time "$seconds" --workers 1 --request-timeout 30 \
    --report junit,ndjson --report-dir "$report" --no-color 2>&1 | tee "$proof_tmp/st.out"
st_status=${PIPESTATUS[0]}
set -e

server_failures="$(proof_log_failures fuzz)"
# The verdict comes from the report (schemathesis also exits 1 when the generator gives up on
# one operation in one phase; fuzz_counts.py says so and lets that pass).
if "$PROOF_PY" "$PROOF_ROOT/scripts/proof/fuzz_counts.py" "$report"; then
    st_status=0
else
    st_status=1
fi
if [ -n "$server_failures" ]; then
    echo "FAIL: the server logged errors while fuzzed:" >&2
    echo "$server_failures" | head -20 >&2
    st_status=1
fi
echo "fuzz stage ($database): $((SECONDS - started)) s, schemathesis exit $st_status"
if [ "$st_status" -ne 0 ]; then
    PROOF_KEEP=1
    exit 1
fi
