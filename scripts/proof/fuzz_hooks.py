"""Schemathesis hooks for the fuzz stage (scripts/fuzz-stage.sh): every request carries a session
cookie and its anti-forgery token, as the web app sends them.

- `/api/admin/two-factor/...` (setting up the authenticator app): the password step of a second
  admin who never sets one up, so setup and confirm are reached (a signed-in one gets 403).
- `/api/admin/...`: a member of the back office signed in with password and a TOTP code, in one of
  the four roles for each request (an admin most often, else staff, a packer or an accountant;
  each made by `storefront create-admin`, enrolled by the stage and given its role), so the back
  office is fuzzed as each role sees it: a route a role may not use answers 403, never a 5xx.
- the routes that change who is signed in (`/api/login`, `/api/login/two-factor`,
  `/api/register`, `/api/logout`, `/api/reset-password`): a fresh
  anonymous session each time, so the fuzzer signing someone else in or out never costs the
  other routes their signed-in shopper.
- everything else: a signed-in shopper.

The hooks' own sign-ins come from their own client address (`X-Forwarded-For`; the stage runs the
server with `TRUST_PROXY=1`), so the fuzzer spending the sign-in limits of 127.0.0.1 with random
codes cannot lock them out. Sessions are made again on a 401 (the fuzzer may end one), and the
shopper's also on a 419 (the fuzzer may erase the account).
"""

import os
import random
import sys
import threading

import schemathesis

sys.path.insert(0, os.path.dirname(__file__))
import shop  # noqa: E402

BASE = os.environ["FUZZ_BASE"]
STAFF_EMAIL = os.environ["FUZZ_STAFF_EMAIL"]
STAFF_SECRET = os.environ["FUZZ_STAFF_SECRET"]
ENROLLING_EMAIL = os.environ["FUZZ_ENROLLING_EMAIL"]
PROTECTED_IDS = {int(i) for i in os.environ["FUZZ_PROTECTED_IDS"].split(",")}
TARGET_ID = int(os.environ["FUZZ_TARGET_ID"])
SHOPPER_EMAIL = os.environ["FUZZ_SHOPPER_EMAIL"]
# role=email=secret for each role besides the admin's.
OTHER_ROLES = [entry.split("=", 2) for entry in os.environ.get("FUZZ_ROLES", "").split(",") if entry]
# How often each role makes a back-office request: the admin reaches everything, so most.
ROLE_WEIGHTS = {"admin": 4, "staff": 2, "packer": 1, "accountant": 1}

# Codes used, per account: a code works once.
_used_codes = {}
# The hooks' shopper's account ids: an admin's erasure of it (`POST /api/admin/customers/{id}/
# erase`) would end the shopper's session for the rest of the run (an erased account never signs
# in again), so the fuzzer's erasure of it goes to an account that is not there (404).
_shopper_ids = set()
_ABSENT_ID = 9_000_000_000
_lock = threading.Lock()


def _logged(get):
    """A failed sign-in says why on stderr (schemathesis only reports that it failed)."""

    def wrapper(self, case, ctx):
        try:
            return get(self, case, ctx)
        except Exception as error:
            print(f"fuzz hooks: {type(self).__name__} sign-in failed: {error}", file=sys.stderr)
            raise

    return wrapper


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.path == "/api/admin/customers/{id}/erase" and case.path_parameters:
        try:
            if int(case.path_parameters.get("id")) in _shopper_ids:
                case.path_parameters["id"] = _ABSENT_ID
        except (TypeError, ValueError):
            pass
    if case.path.startswith("/api/admin/staff/{id}") and case.path_parameters:
        try:
            if int(case.path_parameters.get("id")) in PROTECTED_IDS:
                case.path_parameters["id"] = TARGET_ID
        except (TypeError, ValueError):
            pass


def _apply(case, browser):
    if case.headers is None:
        case.headers = {}
    case.headers["Cookie"] = browser.cookie_header()
    case.headers["X-XSRF-TOKEN"] = browser.token
    case.headers["X-Requested-With"] = "XMLHttpRequest"


class _FromHooksAddress(shop.Browser):
    def __init__(self, base):
        super().__init__(base)
        # Each sign-in from an address of its own (TEST-NET-2): the hooks' few sign-ins never
        # meet the per-address limit either.
        self.http.headers["X-Forwarded-For"] = f"198.51.100.{random.randint(1, 254)}"


shop.Browser = _FromHooksAddress


SESSION_CHANGING = r"^/api/(login|login/two-factor|register|logout|reset-password)$"


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=SESSION_CHANGING)
class AnonymousSession:
    @_logged
    def get(self, case, ctx):
        return shop.Browser(BASE)

    def set(self, case, data, ctx):
        _apply(case, data)


@schemathesis.auth(refresh_interval=60, retry_on=[401]).apply_to(path_regex=r"^/api/admin/two-factor/")
class Enrolling:
    @_logged
    def get(self, case, ctx):
        browser = shop.Browser(BASE)
        answer = browser.post("/api/login", {"email": ENROLLING_EMAIL, "password": shop.STAFF_PASSWORD})
        if answer.status_code != 202:
            raise RuntimeError(f"enrolling staff password step: {answer.status_code} {answer.text}")
        return browser

    def set(self, case, data, ctx):
        _apply(case, data)


@schemathesis.auth(refresh_interval=600, retry_on=[401]).apply_to(path_regex=r"^/api/admin/")
class Staff:
    @_logged
    def get(self, case, ctx):
        accounts = [("admin", STAFF_EMAIL, STAFF_SECRET)] + [tuple(entry) for entry in OTHER_ROLES]
        browsers = {}
        with _lock:
            for role, email, secret in accounts:
                browser = shop.sign_in_staff(BASE, email, secret, _used_codes.setdefault(email, set()))
                # Each session is the role it stands for (the stage gave the role before the start).
                signed_in_as = browser.get("/api/user").json().get("role")
                if signed_in_as != role:
                    raise RuntimeError(f"{email} is signed in as {signed_in_as}, not {role}")
                browsers[role] = browser
        return browsers

    def set(self, case, data, ctx):
        roles = list(data)
        role = random.choices(roles, weights=[ROLE_WEIGHTS.get(r, 1) for r in roles])[0]
        _apply(case, data[role])


# 419: the shopper's session is gone (the fuzzer may erase the account, by `POST /api/user/erase`
# or an admin's erasure); a new sign-in registers the freed e-mail again.
@schemathesis.auth(refresh_interval=600, retry_on=[401, 419])
class Shopper:
    @_logged
    def get(self, case, ctx):
        with _lock:
            browser = shop.sign_in_shopper(BASE, SHOPPER_EMAIL)
            _shopper_ids.add(int(browser.get("/api/user").json()["id"]))
            return browser

    def set(self, case, data, ctx):
        _apply(case, data)
