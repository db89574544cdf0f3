# Shared by the proof stages (scripts/fuzz-stage.sh, fault-stage.sh, soak.sh): the Python venv,
# the debug binary, fresh databases and servers that are stopped when the stage ends.
# Sourced, not run. Under CI (CI=1) a missing tool fails the stage; outside CI the stage says
# what it skips and why.

PROOF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PROOF_BIN="${STOREFRONT_BIN:-$PROOF_ROOT/target/debug/storefront}"
PROOF_VENV="$PROOF_ROOT/target/ci-venv"
PROOF_PY="$PROOF_VENV/bin/python"
PROOF_PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# Pinned: what the stages were written against.
PROOF_PY_PACKAGES=(schemathesis==4.32.0 aiosmtpd==1.4.6)

proof_in_ci() { [ -n "${CI:-}" ] && [ "${CI}" != 0 ] && [ "${CI}" != false; }

# Says why something cannot run: fails under CI, skips (exit 0) otherwise.
proof_missing() {
    if proof_in_ci; then
        echo "FAIL: $1 (CI is set, so this is not skipped)" >&2
        exit 1
    fi
    echo "SKIPPED: $1" >&2
    exit 0
}

proof_tmp="$(mktemp -d "${TMPDIR:-/tmp}/proof.XXXXXX")"
proof_pids=()
proof_schemas=()

proof_cleanup() {
    local pid
    for pid in "${proof_pids[@]}"; do
        kill -9 "$pid" 2>/dev/null || true
    done
    for schema in "${proof_schemas[@]}"; do
        psql -q "$PROOF_PG_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
    done
    if [ -z "${PROOF_KEEP:-}" ]; then rm -rf "$proof_tmp"; else echo "kept $proof_tmp"; fi
}
trap proof_cleanup EXIT
# Stopped by a signal (CI's allowance ran out): still clean up.
trap 'exit 143' TERM INT

# The venv with the pinned Python tools (made once, under target/).
proof_venv() {
    local marker="$PROOF_VENV/.packages"
    if [ -x "$PROOF_PY" ] && [ "$(cat "$marker" 2>/dev/null)" = "${PROOF_PY_PACKAGES[*]}" ]; then
        return
    fi
    command -v python3 >/dev/null 2>&1 || proof_missing "python3 is not installed"
    echo "making the Python venv $PROOF_VENV (${PROOF_PY_PACKAGES[*]})"
    python3 -m venv "$PROOF_VENV" || proof_missing "python3 -m venv failed (Debian: apt-get install python3-venv)"
    "$PROOF_VENV/bin/pip" install -q --disable-pip-version-check "${PROOF_PY_PACKAGES[@]}" \
        || proof_missing "pip could not install ${PROOF_PY_PACKAGES[*]}"
    echo "${PROOF_PY_PACKAGES[*]}" >"$marker"
}

# The debug binary, built when missing or stale (cheap when `cargo test` built it already).
proof_build() {
    if [ -z "${STOREFRONT_BIN:-}" ]; then
        (cd "$PROOF_ROOT" && CARGO_INCREMENTAL=0 cargo build -q -p server)
    fi
    [ -x "$PROOF_BIN" ] || proof_missing "no storefront binary at $PROOF_BIN"
}

proof_pg_ready() {
    command -v psql >/dev/null 2>&1 || proof_missing "psql is not installed (PostgreSQL stage)"
    psql -q "$PROOF_PG_URL" -c 'SELECT 1' >/dev/null 2>&1 \
        || proof_missing "PostgreSQL at $PROOF_PG_URL does not answer"
}

# A fresh, empty database: sets DB_URL. $1 = sqlite|postgres, $2 = a name for it.
proof_fresh_db() {
    case "$1" in
        sqlite) DB_URL="sqlite://$proof_tmp/$2.db" ;;
        postgres)
            proof_pg_ready
            local schema="proof_$2_$$"
            psql -q "$PROOF_PG_URL" -c "SET client_min_messages TO warning; DROP SCHEMA IF EXISTS $schema CASCADE; CREATE SCHEMA $schema" >/dev/null
            proof_schemas+=("$schema")
            local sep='?'
            case "$PROOF_PG_URL" in *\?*) sep='&' ;; esac
            DB_URL="${PROOF_PG_URL}${sep}options=-csearch_path%3D$schema"
            ;;
        *) echo "unknown database $1" >&2; exit 2 ;;
    esac
}

# SQL against the stage's database: $1 = sqlite|postgres, $2 = the query; prints rows as a|b.
proof_sql() {
    if [ "$1" = sqlite ]; then
        "$PROOF_PY" - "${DB_URL#sqlite://}" "$2" <<'PY'
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
for row in connection.execute(sys.argv[2]):
    print("|".join(str(v) for v in row))
# A statement that writes (a role given by the fuzz stage) is kept.
connection.commit()
PY
    else
        psql -qAt "$PROOF_PG_URL" -c "SET search_path TO ${DB_URL##*%3D}; $2" | sed '/^SET$/d'
    fi
}

proof_free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# The environment every stage's server shares (on top of DB_URL).
proof_server_env() {
    export DATABASE_URL="$DB_URL"
    export MEDIA_DIR="$proof_tmp/media" STATIC_DIR="${STATIC_DIR:-$PROOF_ROOT/frontend/dist}"
    export MAIL_DIR="$proof_tmp/mail" BCRYPT_COST="${BCRYPT_COST:-4}" RUST_LOG="${RUST_LOG:-warn}"
    mkdir -p "$MEDIA_DIR" "$STATIC_DIR" "$MAIL_DIR"
}

# Migrates and seeds the demo shop into DB_URL.
proof_seed() {
    proof_server_env
    "$PROOF_BIN" migrate >/dev/null
    "$PROOF_BIN" seed-demo >/dev/null
}

# Starts `storefront serve` on a free port in the background: sets SERVER_PID, BASE; its log is
# $proof_tmp/$1.log (appended, so a restart keeps the earlier lines). Waits for /readyz (30 s).
proof_start() {
    local name="$1" port="${2:-}"
    [ -n "$port" ] || port="$(proof_free_port)"
    proof_server_env
    BIND="127.0.0.1:$port" "$PROOF_BIN" serve >>"$proof_tmp/$name.log" 2>&1 &
    SERVER_PID=$!
    proof_pids+=("$SERVER_PID")
    BASE="http://127.0.0.1:$port"
    local i
    for i in $(seq 1 300); do
        if curl -fsS -o /dev/null "$BASE/readyz" 2>/dev/null; then return 0; fi
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "storefront ($name) exited at start:" >&2
            tail -20 "$proof_tmp/$name.log" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "storefront ($name) did not answer /readyz within 30 s" >&2
    exit 1
}

# Lines of a server log that show a failure the stage must not pass over.
proof_log_failures() {
    grep -E 'panicked|request failed' "$proof_tmp/$1.log" || true
}
