# Sourced by bench.sh and lighthouse.sh. `start_release_shop PORT SEED-ARGS...` builds the release
# binary, seeds a fresh SQLite shop in a temporary folder ($work) with `storefront seed-demo
# SEED-ARGS`, and serves it on 127.0.0.1:PORT in the background ($server_pid; BIND and the shop's
# settings exported); all of it is stopped and removed when the calling script exits.
# STOREFRONT_BIN runs another build of the binary (say, main's, to compare) instead of building.

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

stop_release_shop() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$work"
}

start_release_shop() {
  local port="$1"
  shift
  local bin="${STOREFRONT_BIN:-./target/release/storefront}"
  [ -n "${STOREFRONT_BIN:-}" ] || cargo build --release -p server
  work="$(mktemp -d)"
  server_pid=""
  trap stop_release_shop EXIT
  export DATABASE_URL="sqlite://$work/shop.db" MEDIA_DIR="$work/media" MAIL_DIR="$work/mail" STATIC_DIR="$PWD/frontend/dist"
  export BIND="127.0.0.1:$port" RUST_LOG=warn
  "$bin" migrate >/dev/null
  "$bin" seed-demo "$@" >/dev/null
  release_bin="$bin"
  serve_release_shop
}

serve_release_shop() {
  "$release_bin" serve &
  server_pid=$!
  for _ in $(seq 100); do curl -fs "http://$BIND/healthz" >/dev/null && break; sleep 0.1; done
  kill -0 "$server_pid" 2>/dev/null || { echo "the shop did not start" >&2; exit 1; }
}

# `restart_release_shop`: the same shop served by a new process (to run it with other settings,
# exported before); the old process's peak memory (kB) is kept in $earlier_peak_kb.
restart_release_shop() {
  earlier_peak_kb="$(awk '/VmHWM/ { print $2 }' "/proc/$server_pid/status")"
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  serve_release_shop
}
