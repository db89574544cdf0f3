#!/usr/bin/env bash
# `just deny`: cargo-deny's checks of the Rust dependency tree (deny.toml): known advisories,
# licences, banned crates and duplicate versions, sources (crates.io only).
#
#   bash scripts/deny.sh            # the checks (installs the pinned cargo-deny when missing)
#   bash scripts/deny.sh install    # only install the pinned cargo-deny when missing (CI's step)
#
# The advisory check reads the RustSec database from cargo-deny's own folder
# ($CARGO_HOME/advisory-dbs). It is fetched first; where the network does not reach it, the copy
# already there is used (scripts/refresh-advisories.sh fills it from a git copy of the database),
# and with neither, the other checks run and a NOTE says the advisories were not checked.
set -euo pipefail
cd "$(dirname "$0")/.."

DENY_VERSION=0.20.2
ADVISORY_DB_URL=https://github.com/rustsec/advisory-db
# cargo-deny's folder for that URL: its name is the URL's last segment and a hash of the URL.
ADVISORY_DB_DIR="${CARGO_HOME:-$HOME/.cargo}/advisory-dbs/advisory-db-3157b0e258782691"
# cargo-deny refuses a database last fetched longer ago than this; a copy filled from an older
# git copy looks fresh to it, so its newest commit is checked here too.
ADVISORY_DB_MAX_AGE_DAYS=90

deny_install() {
    if [ "$(cargo deny --version 2>/dev/null)" = "cargo-deny $DENY_VERSION" ]; then
        return 0
    fi
    echo "installing cargo-deny $DENY_VERSION from crates.io (a few minutes of compiling)"
    local started=$SECONDS
    cargo install cargo-deny --version "$DENY_VERSION" --locked --quiet
    echo "cargo-deny $DENY_VERSION installed in $((SECONDS - started)) s"
}

# Prints which commit of the database the copy holds and how old it is.
advisory_db_describe() {
    local commit date age_days
    commit="$(git -C "$ADVISORY_DB_DIR" rev-parse --short=12 HEAD)"
    date="$(git -C "$ADVISORY_DB_DIR" show -s --format=%cs HEAD)"
    age_days=$((($(date +%s) - $(git -C "$ADVISORY_DB_DIR" show -s --format=%ct HEAD)) / 86400))
    echo "advisories: RustSec database at commit $commit of $date ($age_days days old), $1"
    if [ "$age_days" -gt "$ADVISORY_DB_MAX_AGE_DAYS" ]; then
        echo "NOTE: the advisory database is more than $ADVISORY_DB_MAX_AGE_DAYS days old: advisories published since are not checked (bash scripts/refresh-advisories.sh)"
    fi
}

deny_check() {
    deny_install
    local started=$SECONDS checks=(advisories bans licenses sources)
    # A quick answer either way: where the host is unreachable, git fails at once.
    if timeout 120 cargo deny fetch db >/dev/null 2>&1; then
        advisory_db_describe "fetched just now"
    elif git -C "$ADVISORY_DB_DIR" rev-parse --verify -q HEAD >/dev/null 2>&1 && [ -d "$ADVISORY_DB_DIR/crates" ]; then
        advisory_db_describe "the local copy in $ADVISORY_DB_DIR (the database's home is unreachable)"
    else
        checks=(bans licenses sources)
        echo "NOTE: advisories NOT checked: the RustSec database is unreachable and there is no local copy in $ADVISORY_DB_DIR."
        echo "      Fill it from a git copy of $ADVISORY_DB_URL: bash scripts/refresh-advisories.sh SOURCE"
    fi
    # The crates themselves come first, so that the check can run offline (`--offline` is what
    # keeps cargo-deny from fetching the database itself).
    cargo fetch --locked --quiet
    local status=0
    cargo deny --offline --locked check "${checks[@]}" || status=$?
    echo "cargo deny (${checks[*]}): $((SECONDS - started)) s"
    if [ "${#checks[@]}" -lt 4 ]; then
        echo "NOTE: (repeated) advisories were NOT checked: no advisory database here"
    fi
    return "$status"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    case "${1:-check}" in
    check) deny_check ;;
    install) deny_install && echo "$(cargo deny --version) is installed" ;;
    *)
        echo "usage: $0 [check|install]" >&2
        exit 2
        ;;
    esac
fi
