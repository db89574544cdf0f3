"""A browser's side of the shop for the proof stages (fuzz hooks, fault stage, soak): a session
with its anti-forgery token, a shopper's sign-in and a staff sign-in with a TOTP code, as the web
app does them (frontend/e2e/staff.mjs and totp.mjs)."""

import base64
import hashlib
import hmac
import os
import struct
import time
import uuid

import requests

BROWSER_HEADERS = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36",
    "Accept-Language": "en-IN,en;q=0.9,ml;q=0.8",
    # A browser also offers br and zstd; requests cannot decode those without more packages.
    "Accept-Encoding": "gzip, deflate",
}

STAFF_PASSWORD = "proof-staff-password-1"
SHOPPER_PASSWORD = "proof-shopper-password-1"


def totp(secret, at=None):
    """RFC 6238 as an authenticator app computes it (SHA-1, 30 s, 6 digits)."""
    key = base64.b32decode(secret.replace(" ", "").upper() + "=" * (-len(secret) % 8))
    counter = struct.pack(">Q", int((time.time() if at is None else at) // 30))
    digest = hmac.new(key, counter, hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def fresh_code(secret, used=None):
    """A code not used yet: a code works once, so wait for the next 30 s step if need be."""
    code = totp(secret)
    while used is not None and code in used:
        time.sleep(1)
        code = totp(secret)
    if used is not None:
        used.add(code)
    return code


class Browser:
    """One visitor: cookies, the XSRF-TOKEN echoed on unsafe requests, the app's headers."""

    def __init__(self, base, browser_headers=False, timeout=30):
        self.base = base.rstrip("/")
        self.http = requests.Session()
        if browser_headers:
            self.http.headers.update(BROWSER_HEADERS)
        self.http.headers["X-Requested-With"] = "XMLHttpRequest"
        self.http.headers["Accept"] = "application/json"
        self.timeout = timeout
        self.get("/api/csrf-cookie")

    @property
    def token(self):
        return self.http.cookies.get("XSRF-TOKEN", "")

    def cookie_header(self):
        return "; ".join(f"{c.name}={c.value}" for c in self.http.cookies)

    def get(self, path, **kwargs):
        return self.http.get(self.base + path, timeout=self.timeout, **kwargs)

    def send(self, method, path, body=None, headers=None):
        merged = {"X-XSRF-TOKEN": self.token}
        merged.update(headers or {})
        return self.http.request(method, self.base + path, json=body, headers=merged, timeout=self.timeout)

    def post(self, path, body=None, headers=None):
        return self.send("POST", path, body if body is not None else {}, headers)


def sign_in_shopper(base, email, password=SHOPPER_PASSWORD):
    """Registers the shopper when needed, then signs in; answers the signed-in browser."""
    browser = Browser(base)
    answer = browser.post("/api/login", {"email": email, "password": password})
    if answer.status_code != 200:
        browser.post(
            "/api/register",
            {
                "name": "Proof Shopper",
                "email": email,
                "phone": "+91 98470 12345",
                "password": password,
                "password_confirmation": password,
            },
        )
        answer = browser.post("/api/login", {"email": email, "password": password})
    if answer.status_code != 200:
        raise RuntimeError(f"shopper sign-in: {answer.status_code} {answer.text}")
    return browser


def enrol_staff(base, email, password=STAFF_PASSWORD):
    """The first sign-in of an admin made by `storefront create-admin`: sets up the
    authenticator app; answers its secret."""
    browser = Browser(base)
    answer = browser.post("/api/login", {"email": email, "password": password})
    if answer.status_code != 202:
        raise RuntimeError(f"staff password step: {answer.status_code} {answer.text}")
    setup = browser.post("/api/admin/two-factor/setup")
    if setup.status_code != 200:
        raise RuntimeError(f"two-factor setup: {setup.status_code} {setup.text}")
    secret = setup.json()["secret"]
    confirmed = browser.post("/api/admin/two-factor/confirm", {"code": totp(secret)})
    if confirmed.status_code != 200:
        raise RuntimeError(f"two-factor confirm: {confirmed.status_code} {confirmed.text}")
    return secret


def sign_in_staff(base, email, secret, used=None, password=STAFF_PASSWORD):
    """Password, then a TOTP code: answers the signed-in browser."""
    browser = Browser(base)
    answer = browser.post("/api/login", {"email": email, "password": password})
    if answer.status_code != 202:
        raise RuntimeError(f"staff password step: {answer.status_code} {answer.text}")
    for _ in range(3):
        second = browser.post("/api/login/two-factor", {"code": fresh_code(secret, used)})
        if second.status_code == 200:
            return browser
        time.sleep(2)
    raise RuntimeError(f"staff second factor: {second.status_code} {second.text}")


ORDER = {
    "contact": {"name": "Proof Shopper", "email": "proof@example.in", "phone": "+91 98470 12345"},
    "shipping_address": {
        "name": "Proof Shopper",
        "phone": "+91 98470 12345",
        "line1": "Estate Road",
        "city": "Kumily",
        "district": "Idukki",
        "state": "Kerala",
        "pincode": "685509",
    },
    "payment_method": "cod",
}


def new_key():
    return str(uuid.uuid4())


def env(name, default=None):
    value = os.environ.get(name, default)
    if value is None:
        raise SystemExit(f"{name} is not set")
    return value
