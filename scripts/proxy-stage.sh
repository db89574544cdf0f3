#!/usr/bin/env bash
# The nginx stage: Debian's nginx with a self-signed certificate, configured from
# deploy/nginx/storefront.conf, in front of the debug binary (PUBLIC_URL=https://..., TRUST_PROXY=1)
# on a seeded SQLite file; then browser journeys through it (frontend/e2e-proxy/).
# Needs nginx, openssl, Chromium, the built binary and web app. Without nginx it fails when CI is
# set and otherwise says what it skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
bin="${STOREFRONT_BIN:-$root/target/debug/storefront}"

nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
if [ -z "$nginx_bin" ]; then
    if [ -n "${CI:-}" ]; then
        echo "proxy stage: nginx is missing (apt-get install -y nginx); CI needs this stage" >&2
        exit 1
    fi
    echo "proxy stage SKIPPED: nginx is not installed (apt-get install -y nginx to run it)" >&2
    exit 0
fi
for need in openssl python3; do
    command -v "$need" >/dev/null || { echo "proxy stage: $need is missing" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "proxy stage: no binary at $bin (cargo build -p server)" >&2; exit 1; }

work="$(mktemp -d /tmp/storefront-proxy.XXXXXX)"
app_pid=""
cleanup() {
    if [ -f "$work/nginx/nginx.pid" ]; then
        "$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
    fi
    if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
https_port="${PROXY_HTTPS_PORT:-$(free_port)}"
http_port="$(free_port)"
app_port="$(free_port)"

# A self-signed certificate for 127.0.0.1.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

# The committed site with loopback ports, this certificate and the temp folder's log.
mkdir -p "$work/nginx/logs" "$work/nginx/temp"
sed -e "s|listen 80;|listen 127.0.0.1:$http_port;|" \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:$https_port ssl http2;|" \
    -e "/listen \[::\]/d" \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$app_port;|" \
    -e "s|ssl_certificate /.*;|ssl_certificate $work/cert.pem;|" \
    -e "s|ssl_certificate_key /.*;|ssl_certificate_key $work/key.pem;|" \
    -e "s|access_log /var/log/nginx/storefront.access.log|access_log $work/nginx/logs/access.log|" \
    deploy/nginx/storefront.conf >"$work/nginx/site.conf"
for line in "listen 127.0.0.1:$https_port ssl http2;" "server 127.0.0.1:$app_port;" "ssl_certificate $work/cert.pem;"; do
    grep -qF "$line" "$work/nginx/site.conf" || { echo "proxy stage: deploy/nginx/storefront.conf no longer has the line for: $line" >&2; exit 1; }
done
user_line=""
[ "$(id -u)" = 0 ] && user_line="user root;"
cat >"$work/nginx/nginx.conf" <<CONF
$user_line
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    client_body_temp_path $work/nginx/temp/body;
    proxy_temp_path $work/nginx/temp/proxy;
    fastcgi_temp_path $work/nginx/temp/fastcgi;
    uwsgi_temp_path $work/nginx/temp/uwsgi;
    scgi_temp_path $work/nginx/temp/scgi;
    # Debian's own nginx.conf turns gzip on for the whole http block; the site must undo it.
    gzip on;
    include $work/nginx/site.conf;
}
CONF
"$nginx_bin" -t -q -p "$work/nginx" -c "$work/nginx/nginx.conf"

# The shop: a seeded SQLite file, secure cookies, the proxy trusted.
export DATABASE_URL="sqlite://$work/shop.db" MEDIA_DIR="$work/media" MAIL_DIR="$work/mail" \
    STATIC_DIR="${STOREFRONT_DIST:-$root/frontend/dist}" BIND="127.0.0.1:$app_port" \
    PUBLIC_URL="https://127.0.0.1:$https_port" TRUST_PROXY=1 BCRYPT_COST=4 MAIL_POLL_SECS=1 \
    LOG_FORMAT=json RUST_LOG="${RUST_LOG:-warn,access=info}"
(cd "$work" && "$bin" migrate >/dev/null && "$bin" seed-demo >/dev/null)
(cd "$work" && exec "$bin" serve) 2>"$work/app.log" &
app_pid=$!
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf"

ready=""
for _ in $(seq 1 100); do
    if curl -skf "https://127.0.0.1:$https_port/readyz" >/dev/null 2>&1; then ready=1; break; fi
    sleep 0.2
done
if [ -z "$ready" ]; then
    echo "proxy stage: the shop did not become ready through nginx" >&2
    cat "$work/app.log" "$work/nginx/logs/error.log" >&2 || true
    exit 1
fi
echo "proxy stage: nginx $("$nginx_bin" -v 2>&1 | sed 's|.*/||') on https://127.0.0.1:$https_port -> storefront on 127.0.0.1:$app_port"

status=0
(cd frontend && PROXY_URL="https://127.0.0.1:$https_port" APP_URL="http://127.0.0.1:$app_port" \
    APP_LOG="$work/app.log" node --test --test-concurrency=1 e2e-proxy/) || status=$?
if [ "$status" != 0 ]; then
    echo "--- storefront log (last 40 lines)" >&2; tail -n 40 "$work/app.log" >&2 || true
    echo "--- nginx error log" >&2; cat "$work/nginx/logs/error.log" >&2 || true
fi
exit "$status"
