"""Schemathesis hooks for the fuzz stage (scripts/fuzz-stage.sh): every request carries a session
cookie and its anti-forgery token, as the web app sends them.

- `/api/admin/...`: a staff member signed in with password and a TOTP code (an admin made by
  `storefront create-admin` and enrolled by the stage), so the back office is fuzzed too.
- the routes that change who is signed in (`/api/login`, `/api/login/two-factor`,
  `/api/register`, `/api/logout`, `/api/reset-password`, `PUT /api/user/password`): a fresh
  anonymous session each time, so the fuzzer signing someone else in or out never costs the
  other routes their signed-in shopper.
- everything else: a signed-in shopper.

The hooks' own sign-ins come from their own client address (`X-Forwarded-For`; the stage runs the
server with `TRUST_PROXY=1`), so the fuzzer spending the sign-in limits of 127.0.0.1 with random
codes cannot lock them out. Sessions are made again on a 401 (the fuzzer may end one).
"""

import os
import sys
import threading

import schemathesis

sys.path.insert(0, os.path.dirname(__file__))
import shop  # noqa: E402

BASE = os.environ["FUZZ_BASE"]
STAFF_EMAIL = os.environ["FUZZ_STAFF_EMAIL"]
STAFF_SECRET = os.environ["FUZZ_STAFF_SECRET"]
SHOPPER_EMAIL = os.environ["FUZZ_SHOPPER_EMAIL"]
HOOKS_ADDRESS = {"X-Forwarded-For": "198.51.100.7"}

_used_codes = set()
_lock = threading.Lock()


def _apply(case, browser):
    if case.headers is None:
        case.headers = {}
    case.headers["Cookie"] = browser.cookie_header()
    case.headers["X-XSRF-TOKEN"] = browser.token
    case.headers["X-Requested-With"] = "XMLHttpRequest"


class _FromHooksAddress(shop.Browser):
    def __init__(self, base):
        super().__init__(base)
        self.http.headers.update(HOOKS_ADDRESS)


shop.Browser = _FromHooksAddress


SESSION_CHANGING = r"^/api/(login|login/two-factor|register|logout|reset-password|user/password)$"


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=SESSION_CHANGING)
class AnonymousSession:
    def get(self, case, ctx):
        return shop.Browser(BASE)

    def set(self, case, data, ctx):
        _apply(case, data)


@schemathesis.auth(refresh_interval=600, retry_on=[401]).apply_to(path_regex=r"^/api/admin/")
class Staff:
    def get(self, case, ctx):
        with _lock:
            return shop.sign_in_staff(BASE, STAFF_EMAIL, STAFF_SECRET, _used_codes)

    def set(self, case, data, ctx):
        _apply(case, data)


@schemathesis.auth(refresh_interval=600, retry_on=[401])
class Shopper:
    def get(self, case, ctx):
        with _lock:
            return shop.sign_in_shopper(BASE, SHOPPER_EMAIL)

    def set(self, case, data, ctx):
        _apply(case, data)
