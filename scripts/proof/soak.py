"""The soak's traffic (scripts/soak.sh): for SOAK_SECONDS, shoppers with browser-like headers
browse (pages and the API the app calls), keep carts, check out, and staff work the back office
(dashboard, orders list and detail, confirming orders, the catalogue list). Every minute prints
the requests, errors, p50/p99 and the server's memory (RSS); at the end the totals per kind.

An error is a 5xx, a connection failure, or an answer the step did not expect (a 4xx where the
step should succeed). Environment: SOAK_BASE, SOAK_PID, SOAK_SECONDS, SOAK_STAFF_EMAIL,
SOAK_STAFF_SECRET, SOAK_SHOPPERS."""

import os
import random
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(__file__))
import shop  # noqa: E402

BASE = os.environ["SOAK_BASE"]
PID = int(os.environ["SOAK_PID"])
SECONDS = int(os.environ.get("SOAK_SECONDS", "600"))
SHOPPERS = int(os.environ.get("SOAK_SHOPPERS", "6"))

lock = threading.Lock()
samples = []  # (at, kind, millis, ok)
error_examples = []
stop = threading.Event()


def rss_mb():
    if not os.path.exists(f"/proc/{PID}/status"):
        print("soak: FAIL: the server has exited", flush=True)
        stop.set()
        raise SystemExit(1)
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def record(kind, started, ok, detail=""):
    millis = (time.time() - started) * 1000
    with lock:
        samples.append((time.time(), kind, millis, ok))
        if not ok and len(error_examples) < 20:
            error_examples.append(f"{kind}: {detail}")


def call(browser, kind, method, path, body=None, expect=(200,), headers=None, page=False):
    started = time.time()
    try:
        if method == "GET":
            extra = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"} if page else {}
            answer = browser.get(path, headers=extra)
        else:
            answer = browser.send(method, path, body, headers)
    except Exception as error:
        record(kind, started, False, f"{type(error).__name__}: {error}")
        return None
    ok = answer.status_code in expect
    record(kind, started, ok, f"{method} {path} -> {answer.status_code} {answer.text[:120]}")
    return answer


def catalogue(browser):
    products = call(browser, "browse", "GET", "/api/featured-products")
    slugs = []
    if products is not None and products.ok:
        data = products.json()
        items = data.get("data", data) if isinstance(data, dict) else data
        slugs = [p.get("slug") for p in items if isinstance(p, dict) and p.get("slug")]
    return slugs or ["banana-bunch-knife"]


def shopper(index):
    while not stop.is_set():
        try:
            shop_as(index)
        except Exception as error:  # an unexpected answer: counted, and the shopper starts again
            record("shopper", time.time(), False, f"{type(error).__name__}: {error}")
            time.sleep(1)


def shop_as(index):
    browser = shop.Browser(BASE, browser_headers=True)
    slugs = catalogue(browser)
    pages = ["/", "/about", "/contact", "/terms-and-conditions", "/search?q=fertiliser"]
    while not stop.is_set():
        roll = random.random()
        if roll < 0.45:  # browsing: a page as the browser loads it, then the API calls
            call(browser, "page", "GET", random.choice(pages), page=True)
            call(browser, "browse", "GET", "/api/brands")
            call(browser, "browse", "GET", "/api/categories")
            call(browser, "browse", "GET", f"/api/products/{random.choice(slugs)}", expect=(200, 308))
            call(browser, "browse", "GET", "/api/search?q=" + random.choice(["neem", "boron", "knife", "spray", "seed"]))
        elif roll < 0.8:  # the cart
            product = call(browser, "browse", "GET", f"/api/products/{random.choice(slugs)}", expect=(200, 308))
            if product is None or product.status_code != 200:
                continue
            body = product.json()
            # Named pack sizes, or the one unnamed unit; 409 when it has just sold out.
            variants = [v["id"] for v in body.get("variants") or []] or [body.get("default_variant_id")]
            variant = random.choice(variants)
            call(browser, "cart", "POST", "/api/cart/add", {"product_id": body["id"], "variant_id": variant, "quantity": 1}, expect=(200, 409))
            call(browser, "cart", "GET", "/api/cart")
            if random.random() < 0.3:
                call(browser, "cart", "POST", "/api/cart/remove", {"product_id": body["id"], "variant_id": variant}, expect=(200,))
        else:  # checkout of whatever the cart holds
            cart = call(browser, "cart", "GET", "/api/cart")
            if cart is None or not cart.ok or not cart.json().get("products"):
                continue
            call(browser, "checkout", "POST", "/api/checkout", shop.ORDER, expect=(201, 409), headers={"Idempotency-Key": str(uuid.uuid4())})
        time.sleep(random.uniform(0.05, 0.3))  # think time


def staff():
    used = set()
    browser = shop.sign_in_staff(BASE, os.environ["SOAK_STAFF_EMAIL"], os.environ["SOAK_STAFF_SECRET"], used)
    browser.http.headers.update(shop.BROWSER_HEADERS)
    while not stop.is_set():
        call(browser, "staff", "GET", "/api/admin/dashboard")
        listed = call(browser, "staff", "GET", "/api/admin/orders?status=placed")
        if listed is not None and listed.ok:
            orders = listed.json().get("data", [])
            if orders:
                number = orders[0]["number"]
                call(browser, "staff", "GET", f"/api/admin/orders/{number}")
                call(browser, "staff", "POST", f"/api/admin/orders/{number}/status", {"status": "confirmed"}, expect=(200, 409))
        call(browser, "staff", "GET", "/api/admin/catalog/products?per_page=24")
        call(browser, "staff", "GET", "/api/admin/catalog/low-stock")
        time.sleep(random.uniform(0.5, 1.5))


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def main():
    started = time.time()
    threads = [threading.Thread(target=shopper, args=(i,), daemon=True) for i in range(SHOPPERS)]
    threads.append(threading.Thread(target=staff, daemon=True))
    for t in threads:
        t.start()
    print(f"soak: {SHOPPERS} shoppers and 1 staff member for {SECONDS} s against {BASE} (pid {PID}); RSS at start {rss_mb():.1f} MB", flush=True)
    print(f"{'minute':>6} {'requests':>9} {'errors':>7} {'p50 ms':>8} {'p99 ms':>8} {'RSS MB':>8}", flush=True)
    minute = 0
    curve = []
    while time.time() - started < SECONDS:
        time.sleep(min(60, SECONDS - (time.time() - started)))
        minute += 1
        cutoff = time.time() - 60
        with lock:
            window = [s for s in samples if s[0] >= cutoff]
        memory = rss_mb()
        curve.append(memory)
        millis = [s[2] for s in window]
        print(
            f"{minute:>6} {len(window):>9} {sum(1 for s in window if not s[3]):>7} "
            f"{percentile(millis, 0.5):>8.1f} {percentile(millis, 0.99):>8.1f} {memory:>8.1f}",
            flush=True,
        )
    stop.set()
    time.sleep(1)
    with lock:
        everything = list(samples)
    errors = sum(1 for s in everything if not s[3])
    print(f"soak total: {len(everything)} requests, {errors} errors, p50 {percentile([s[2] for s in everything], 0.5):.1f} ms, "
          f"p99 {percentile([s[2] for s in everything], 0.99):.1f} ms; RSS {curve[0] if curve else 0:.1f} -> {curve[-1] if curve else 0:.1f} MB (max {max(curve or [0]):.1f})")
    for kind in sorted({s[1] for s in everything}):
        of_kind = [s for s in everything if s[1] == kind]
        print(f"  {kind:>9}: {len(of_kind):>7} requests, {sum(1 for s in of_kind if not s[3]):>4} errors, "
              f"p50 {percentile([s[2] for s in of_kind], 0.5):7.1f} ms, p99 {percentile([s[2] for s in of_kind], 0.99):7.1f} ms")
    for example in error_examples:
        print("  error:", example)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
