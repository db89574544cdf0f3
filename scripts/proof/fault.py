"""The fault stage's driver (scripts/fault-stage.sh runs it once per database). Three faults on one
seeded database, then the promises checked from the database and from what clients saw:

1. kill -9 during concurrent checkouts, then a restart: shoppers whose checkout got no answer
   retry it with the same Idempotency-Key. Stock plus units sold equals the stock at the start,
   no order is without lines, one order per key (and every answer for a key names that order).
2. SIGTERM under load (slow sign-ins, checkouts, catalogue reads): every request that was
   in flight when the signal came gets its whole answer; the process exits by itself.
3. SMTP and the WhatsApp provider down, then up across a restart: the mail and the phone messages
   of all the orders above are queued while the SMTP server and the provider (provider-sim, which
   speaks Meta's Cloud API) are down; after a restart with a real SMTP listener (aiosmtpd) and the
   provider up, every queued mail and message arrives once: nothing lost, nothing sent twice.
4. kill -9 while the provider is slow: messages in flight when the process dies are sent after the
   restart; a message the provider accepted just before the kill, whose id the outbox had not yet
   recorded, may go twice, at most one per kill (the outbox renews its claim before each send, so
   only that one message can be in flight).

Environment: STOREFRONT_BIN, PROVIDER_SIM_BIN, DATABASE_URL (seeded), PROOF_DB (sqlite|postgres), PROOF_TMP,
PROOF_PG_URL. Prints `fault ...` lines with the figures; exits 1 when a promise breaks.
"""

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(__file__))
import shop  # noqa: E402

BIN = os.environ["STOREFRONT_BIN"]
SIM_BIN = os.environ["PROVIDER_SIM_BIN"]
DB = os.environ["PROOF_DB"]
DB_URL = os.environ["DATABASE_URL"]
TMP = os.environ["PROOF_TMP"]
PRODUCT = "banana-bunch-knife"
START_STOCK = 5000
# Every order here says yes to order news on the phone, so each queues a WhatsApp message too.
ORDER = dict(shop.ORDER, order_updates_on_phone=True)

failures = []
servers = []


def check(ok, what):
    print(f"fault {DB}: {'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)


def sql(query):
    if DB == "sqlite":
        import sqlite3

        with sqlite3.connect(DB_URL.removeprefix("sqlite://"), timeout=30) as conn:
            rows = conn.execute(query).fetchall()
            conn.commit()
            return rows
    schema = DB_URL.rsplit("%3D", 1)[1]
    out = subprocess.run(
        ["psql", "-qAt", "-F", "\t", os.environ["PROOF_PG_URL"], "-c", f"SET search_path TO {schema}; {query}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [tuple(line.split("\t")) for line in out.splitlines() if line and line != "SET"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, name, port, **env):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.env = dict(os.environ, BIND=f"127.0.0.1:{port}", MAIL_POLL_SECS="1", **env)
        self.log = open(os.path.join(TMP, f"fault-{DB}-{name}.log"), "a")
        self.process = None

    def start(self):
        self.process = subprocess.Popen([BIN, "serve"], env=self.env, stdout=self.log, stderr=self.log)
        servers.append(self.process)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"storefront exited at start (see {self.log.name})")
            try:
                import requests

                if requests.get(self.base + "/readyz", timeout=1).status_code == 200:
                    return self
            except Exception:
                pass
            time.sleep(0.1)
        raise SystemExit("storefront did not answer /readyz within 30 s")

    def kill9(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


def variant_of(slug):
    rows = sql(
        "SELECT v.id, p.id FROM product_variants v JOIN products p ON p.id = v.product_id "
        f"WHERE p.slug = '{slug}' ORDER BY v.id LIMIT 1"
    )
    return int(rows[0][0]), int(rows[0][1])


def stock_of(variant):
    return int(sql(f"SELECT stock FROM product_variants WHERE id = {variant}")[0][0])


def sold_of(variant):
    return int(sql(f"SELECT COALESCE(SUM(quantity), 0) FROM order_lines WHERE variant_id = {variant}")[0][0])


# 1. kill -9 during concurrent checkouts ----------------------------------------------------------


def crash_during_checkouts(server, variant, product):
    stop = threading.Event()
    lock = threading.Lock()
    answers = {}  # key -> list of order numbers answered
    unknown = []  # (browser, key, quantity): no answer when the server died
    attempted = [0]

    def shopper(index):
        browser = shop.Browser(server.base)
        while not stop.is_set():
            quantity = 1 + index % 3
            key = str(uuid.uuid4())
            try:
                added = browser.post("/api/cart/add", {"product_id": product, "variant_id": variant, "quantity": quantity})
                if added.status_code != 200:
                    raise RuntimeError(f"cart add {added.status_code} {added.text}")
            except Exception:
                return  # the server is down: nothing was attempted with a key
            with lock:
                attempted[0] += 1
            try:
                answer = browser.post("/api/checkout", ORDER, {"Idempotency-Key": key})
            except Exception:
                with lock:
                    unknown.append((browser, key))
                return
            if answer.status_code != 201:
                with lock:
                    failures.append(f"checkout answered {answer.status_code}: {answer.text[:200]}")
                return
            with lock:
                answers.setdefault(key, []).append(answer.json()["number"])
                keys_by_browser.setdefault(id(browser), (browser, []))[1].append(key)

    keys_by_browser = {}
    threads = [threading.Thread(target=shopper, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    time.sleep(2)
    server.kill9()
    stop.set()
    for t in threads:
        t.join()
    committed_before = len(answers)
    server.start()
    # Retries with the same key, as the app does when a checkout got no answer.
    for browser, key in unknown:
        answer = browser.post("/api/checkout", ORDER, {"Idempotency-Key": key})
        if answer.status_code == 201:
            answers.setdefault(key, []).append(answer.json()["number"])
        else:
            failures.append(f"retry of {key} answered {answer.status_code}: {answer.text[:200]}")
    # A key answered before the crash still names its order after the restart.
    replayed = 0
    for browser, keys in list(keys_by_browser.values()):
        for key in keys[-2:]:
            answer = browser.post("/api/checkout", ORDER, {"Idempotency-Key": key})
            if answer.status_code in (200, 201):
                answers[key].append(answer.json()["number"])
                replayed += 1
            else:
                failures.append(f"replay of {key} answered {answer.status_code}: {answer.text[:200]}")
    print(
        f"fault {DB}: checkouts attempted {attempted[0]}, answered 201 before the kill {committed_before}, "
        f"no answer at the kill {len(unknown)} (retried with their keys), replayed after the restart {replayed}",
        flush=True,
    )
    return answers


# 2. SIGTERM under load --------------------------------------------------------------------------


def sigterm_under_load(server, variant, product):
    lock = threading.Lock()
    records = []  # (started, finished, outcome)
    stop = threading.Event()

    def worker(kind):
        browser = shop.Browser(server.base)
        while not stop.is_set():
            started = time.time()
            # A client address of its own each time (TRUST_PROXY): the limits stay out of this.
            browser.http.headers["X-Forwarded-For"] = f"203.0.{random.randint(0, 255)}.{random.randint(1, 254)}"
            try:
                if kind.startswith("sign-in"):
                    # A wrong sign-in: a full bcrypt check (BCRYPT_COST=10, slow on purpose).
                    email = f"nobody-{uuid.uuid4().hex[:12]}@example.in"
                    answer = browser.post("/api/login", {"email": email, "password": "wrong password 1"})
                elif kind.startswith("checkout"):
                    browser.post("/api/cart/add", {"product_id": product, "variant_id": variant, "quantity": 1})
                    started = time.time()
                    answer = browser.post("/api/checkout", ORDER, {"Idempotency-Key": str(uuid.uuid4())})
                else:
                    answer = browser.get(f"/api/products/{PRODUCT}")
                outcome = answer.status_code
            except Exception as error:
                outcome = type(error).__name__
            with lock:
                records.append((started, time.time(), outcome, kind))
            if not isinstance(outcome, int):
                return

    kinds = [f"sign-in-{i}" for i in range(3)] + [f"checkout-{i}" for i in range(3)] + [f"read-{i}" for i in range(3)]
    threads = [threading.Thread(target=worker, args=(k,)) for k in kinds]
    for t in threads:
        t.start()
    time.sleep(4)
    signalled = time.time()
    server.process.send_signal(signal.SIGTERM)
    try:
        code = server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        code = None
    exited = time.time()
    stop.set()
    for t in threads:
        t.join()
    # In flight: sent at least RACE before the signal and not answered before it. A request sent
    # in the last milliseconds may not have reached the server when it stopped accepting (or it
    # went out on a keep-alive connection the server was closing): that is a request after the
    # signal, refused as such, and counted apart.
    race = 0.05
    in_flight = [r for r in records if r[0] < signalled - race and r[1] >= signalled]
    racing = [r for r in records if signalled - race <= r[0] < signalled]
    finished = [r for r in in_flight if isinstance(r[2], int) and r[2] < 500]
    before = [r for r in records if r[1] < signalled]
    bad_before = [r for r in before if not (isinstance(r[2], int) and r[2] < 500)]
    after = [r for r in records if r[0] >= signalled]
    print(
        f"fault {DB}: SIGTERM with {len(in_flight)} requests in flight: {len(finished)} finished with an answer; "
        f"{len(before)} answered before it; {len(racing)} sent in the last {race * 1000:.0f} ms before it "
        f"({sum(isinstance(r[2], int) for r in racing)} answered); {len(after)} new ones after it were refused or answered; "
        f"the process exited with {code} {exited - signalled:.1f} s after the signal",
        flush=True,
    )
    for r in in_flight:
        if r not in finished:
            print(f"fault {DB}:   unfinished: {r[3]} started {signalled - r[0]:.3f} s before the signal: {r[2]}", flush=True)
    check(len(in_flight) > 0, "SIGTERM came with requests in flight")
    check(len(finished) == len(in_flight), f"every in-flight request finished ({len(finished)}/{len(in_flight)})")
    check(not bad_before, f"no failed answers under load before the signal ({len(bad_before)})")
    check(code == 0, f"the process exited by itself, status 0 (got {code})")


# 3. SMTP -----------------------------------------------------------------------------------------


class Sink:
    """A real SMTP listener (aiosmtpd) that keeps every message it accepts."""

    def __init__(self, port):
        from aiosmtpd.controller import Controller

        self.messages = []
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                from email import message_from_bytes

                from email.header import decode_header, make_header

                message = message_from_bytes(envelope.content)
                subject = str(make_header(decode_header(message["Subject"])))
                for rcpt in envelope.rcpt_tos:
                    sink.messages.append((rcpt.lower(), subject))
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=port)

    def start(self):
        self.controller.start()

    def stop(self):
        self.controller.stop()


class Provider:
    """provider-sim (crates/provider_sim): Meta's WhatsApp Cloud API on a local port, keeping every
    message it accepts; `/__sim/*` steers it."""

    def __init__(self, port):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(os.path.join(TMP, f"fault-{DB}-provider.log"), "a")
        self.process = None

    def start(self):
        import requests

        self.process = subprocess.Popen([SIM_BIN, "--port", str(self.port)], stdout=self.log, stderr=self.log)
        servers.append(self.process)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                if requests.get(self.base + "/__sim/received", timeout=1).status_code == 200:
                    return self
            except Exception:
                time.sleep(0.1)
        raise SystemExit("provider-sim did not answer within 10 s")

    def received(self):
        import requests

        return requests.get(self.base + "/__sim/received", timeout=5).json()

    def slow(self, delay_ms, times):
        import requests

        requests.post(self.base + "/__sim/fail", json={"delay_ms": delay_ms, "times": times}, timeout=5)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def phone_messages_queued():
    """Each phone message as the provider is asked for it: (digits, template, variables)."""
    import json

    messages = []
    for to, payload in sql("SELECT to_address, payload FROM outbox WHERE channel = 'phone'"):
        message = json.loads(payload)
        messages.append((to.lstrip("+"), message["template"], tuple(message["variables"])))
    return messages


def phone_messages_received(provider):
    return [(r["to"], r["template"], tuple(r["variables"])) for r in provider.received()]


def release_leases(what):
    """No server runs now, so a claim on an unsent row is held by a process that is gone (the
    killed one): another may send it once the claim (db::outbox LEASE, 5 min) has run out, and a
    failed send is retried after its backoff (1 min, then 2, 4, ...). The stage cannot wait for
    either: it ends them now, as the clock would."""
    unsent = "sent_at IS NULL AND gave_up_at IS NULL"
    leased = int(sql(f"SELECT COUNT(*) FROM outbox WHERE claimed_until IS NOT NULL AND {unsent}")[0][0])
    past = "datetime('now', '-1 second')" if DB == "sqlite" else "(now() at time zone 'utc') - interval '1 second'"
    sql(f"UPDATE outbox SET claimed_until = NULL, next_attempt_at = {past} WHERE {unsent}")
    print(f"fault {DB}: {leased} {what} were claimed by the killed process (released as if the lease had run out)", flush=True)


def wait_until_all_sent(seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        unsent = int(sql("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND gave_up_at IS NULL")[0][0])
        if unsent == 0:
            return
        time.sleep(0.5)


def duplicates_and_lost(expected, received):
    from collections import Counter

    want, got = Counter(expected), Counter(received)
    lost = sum((want - got).values())
    extra = sum((got - want).values())
    return lost, extra


def main():
    smtp_port = free_port()
    port = free_port()
    provider_port = free_port()
    env = {
        "SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
        "TRUST_PROXY": "1",
        "BCRYPT_COST": "10",
        # The WhatsApp Cloud API at provider-sim's port, which nothing answers until part 3.
        "WHATSAPP_PHONE_NUMBER_ID": "100000000000001",
        "WHATSAPP_ACCESS_TOKEN": "sim-whatsapp-token",
        "WHATSAPP_APP_SECRET": "sim-app-secret",
        "WHATSAPP_VERIFY_TOKEN": "fault-verify-token",
        "WHATSAPP_API_BASE": f"http://127.0.0.1:{provider_port}",
    }
    variant, product = variant_of(PRODUCT)
    sql(f"UPDATE product_variants SET stock = {START_STOCK} WHERE id = {variant}")
    server = Server("crash", port, **env).start()
    shop.sign_in_shopper(server.base, "fault-shopper@example.in")

    # 1
    answers = crash_during_checkouts(server, variant, product)
    stock, sold = stock_of(variant), sold_of(variant)
    print(f"fault {DB}: stock {stock} + units sold {sold} = {stock + sold} (start {START_STOCK})", flush=True)
    check(stock + sold == START_STOCK, "stock plus units sold equals the start")
    lineless = int(sql("SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)")[0][0])
    check(lineless == 0, f"no order without lines ({lineless})")
    orders = int(sql("SELECT COUNT(*) FROM orders")[0][0])
    keyed = int(sql("SELECT COUNT(DISTINCT order_id) FROM idempotency_keys WHERE order_id IS NOT NULL")[0][0])
    keys = int(sql("SELECT COUNT(*) FROM idempotency_keys WHERE order_id IS NOT NULL")[0][0])
    check(orders == keyed == keys, f"one order per key ({orders} orders, {keys} keys, {keyed} orders named by keys)")
    split = [k for k, numbers in answers.items() if len(set(numbers)) != 1]
    check(not split, f"every answer for a key names one order ({len(answers)} keys, {len(split)} split)")
    check(len(answers) == orders, f"each key the clients used has its order ({len(answers)} keys, {orders} orders)")

    # 2
    sigterm_under_load(server, variant, product)
    stock, sold = stock_of(variant), sold_of(variant)
    print(f"fault {DB}: after the SIGTERM load: stock {stock} + units sold {sold} = {stock + sold} (start {START_STOCK})", flush=True)
    check(stock + sold == START_STOCK, "after the SIGTERM load too, stock plus units sold equals the start")

    # 3: everything so far was mailed while SMTP was down, and sent to a provider that was down.
    mails = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'mail'")[0][0])
    mail_failed = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'mail' AND attempts > 0 AND sent_at IS NULL")[0][0])
    print(f"fault {DB}: SMTP down: {mails} mails queued, {mail_failed} failed at least once, none sent", flush=True)
    check(mails > 0 and int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'mail' AND sent_at IS NOT NULL")[0][0]) == 0, "no mail sent while SMTP was down")
    phones = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'phone'")[0][0])
    phone_failed = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'phone' AND attempts > 0 AND sent_at IS NULL")[0][0])
    phone_sent = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'phone' AND sent_at IS NOT NULL")[0][0])
    print(f"fault {DB}: provider down: {phones} phone messages queued, {phone_failed} failed at least once, {phone_sent} sent", flush=True)
    check(phones >= orders and phone_failed > 0 and phone_sent == 0, "a message for every order queued, none sent while the provider was down")
    sink = Sink(smtp_port)
    sink.start()
    provider = Provider(provider_port).start()
    release_leases("mails and messages")
    server = Server("providers-up", port, **env).start()
    wait_until_all_sent(120)
    time.sleep(2)  # anything sent twice would come now
    from email.utils import parseaddr

    expected = sorted((parseaddr(to)[1].lower(), subject) for to, subject in sql("SELECT to_address, subject FROM outbox WHERE channel = 'mail'"))
    received = sorted(sink.messages)
    lost, duplicates = duplicates_and_lost(expected, received)
    print(
        f"fault {DB}: SMTP up after a restart: {len(expected)} mails queued, {len(received)} received, "
        f"{lost} lost, {duplicates} duplicates",
        flush=True,
    )
    check(lost == 0, f"no mail lost ({lost})")
    check(duplicates == 0 and len(received) == len(expected), f"no mail sent twice ({duplicates})")
    expected = phone_messages_queued()
    received = phone_messages_received(provider)
    lost, duplicates = duplicates_and_lost(expected, received)
    print(
        f"fault {DB}: provider up after a restart: {len(expected)} messages queued, {len(received)} received, "
        f"{lost} lost, {duplicates} duplicates",
        flush=True,
    )
    check(lost == 0, f"no phone message lost ({lost})")
    check(duplicates == 0, f"no phone message sent twice ({duplicates})")
    unrecorded = int(sql("SELECT COUNT(*) FROM outbox WHERE channel = 'phone' AND (provider_id IS NULL OR sent_via <> 'whatsapp')")[0][0])
    check(unrecorded == 0, f"each message keeps the provider's id ({unrecorded} without)")

    # 4: kill -9 while the provider answers slowly, messages in flight.
    before = len(received)
    provider.slow(400, 1000)
    browser = shop.Browser(server.base)
    placed = 0
    for _ in range(12):
        added = browser.post("/api/cart/add", {"product_id": product, "variant_id": variant, "quantity": 1})
        answer = browser.post("/api/checkout", ORDER, {"Idempotency-Key": str(uuid.uuid4())})
        if added.status_code == 200 and answer.status_code == 201:
            placed += 1
    deadline = time.time() + 30
    while time.time() < deadline and len(provider.received()) < before + 3:
        time.sleep(0.1)
    server.kill9()
    in_flight = len(provider.received()) - before
    release_leases("messages")
    server = Server("after-kill", port, **env).start()
    wait_until_all_sent(60)
    time.sleep(2)
    expected = phone_messages_queued()
    received = phone_messages_received(provider)
    server.stop()
    provider.stop()
    sink.stop()
    lost, duplicates = duplicates_and_lost(expected, received)
    print(
        f"fault {DB}: kill -9 with the provider slow: {placed} orders, {in_flight} messages accepted before the kill; "
        f"{len(expected)} queued in all, {len(received)} received, {lost} lost, {duplicates} sent twice",
        flush=True,
    )
    check(placed == 12, f"every order placed ({placed} of 12)")
    check(lost == 0, f"no phone message lost across the kill ({lost})")
    check(duplicates <= 1, f"at most the one message in flight at the kill sent twice ({duplicates})")
    if failures:
        print(f"fault {DB}: {len(failures)} promise(s) broken: " + "; ".join(failures[:5]), flush=True)
        sys.exit(1)


if __name__ == "__main__":
    try:
        main()
    finally:
        for process in servers:
            if process.poll() is None:
                process.kill()
