#!/usr/bin/env bash
# Refreshes the RustSec advisory database that `just deny` checks the Rust dependencies against.
#
#   bash scripts/refresh-advisories.sh          # from the database's home, where the network allows
#   bash scripts/refresh-advisories.sh SOURCE   # from a git copy of it: a folder (bare or not) or a URL
#
# The database lives where cargo-deny keeps it ($CARGO_HOME/advisory-dbs), outside the repository:
# it is public data that changes daily, not part of the shop's source. With SOURCE the copy's
# `origin` is still the database's home, so a later fetch with the network updates it as usual.
# Prints the commit and date the copy now holds.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deny.sh

deny_install
if [ "$#" -eq 0 ]; then
    echo "fetching $ADVISORY_DB_URL"
    cargo deny fetch db
    advisory_db_describe "fetched just now"
    exit 0
fi

source="$1"
if [ -d "$source" ]; then
    source="file://$(cd "$source" && pwd)"
fi
next="$ADVISORY_DB_DIR.next"
rm -rf "$next"
mkdir -p "$(dirname "$ADVISORY_DB_DIR")"
git clone --quiet --depth=1 --branch main "$source" "$next"
git -C "$next" remote set-url origin "$ADVISORY_DB_URL"
[ -d "$next/crates" ] || {
    rm -rf "$next"
    echo "$1 holds no crates/ folder: not the RustSec advisory database" >&2
    exit 1
}
rm -rf "$ADVISORY_DB_DIR"
mv "$next" "$ADVISORY_DB_DIR"
advisory_db_describe "copied from $1: $(find "$ADVISORY_DB_DIR/crates" -name 'RUSTSEC-*.md' | wc -l) advisories, crates/ is $(du -sh "$ADVISORY_DB_DIR/crates" | cut -f1)"
