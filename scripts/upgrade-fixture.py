#!/usr/bin/env python3
"""Makes the upgrade fixture: the current code builds a shop through its API (the ignored test
`upgrade::make_the_upgrade_fixture`: demo catalogue, accounts, orders in every state), and this
dumps its rows as portable INSERTs (SQLite and PostgreSQL) into
crates/server/tests/fixtures/upgrade/<last migration>.sql. Run it when a release is cut; the
upgrade test then loads it on that release's schema and migrates it to the current one."""
import os
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Parents before children (foreign keys are checked row by row on PostgreSQL).
TABLES = [
    "brands", "categories", "products", "product_categories", "product_variants",
    "product_images", "awards", "users", "carts", "cart_items", "user_tokens", "outbox",
    "contact_messages", "orders", "order_lines", "order_status_history", "idempotency_keys",
    "addresses", "counters", "app_secrets",
]


def literal(value, boolean):
    if value is None:
        return "NULL"
    if boolean:
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def main():
    release = sorted(os.listdir(os.path.join(ROOT, "migrations", "sqlite")))[-1].split("_")[0]
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "fixture.db")
        env = dict(os.environ, UPGRADE_FIXTURE_DB=db_path)
        env.pop("TEST_DATABASE_URL", None)
        subprocess.run(
            ["cargo", "test", "-q", "-p", "server", "--test", "api",
             "upgrade::make_the_upgrade_fixture", "--", "--ignored", "--exact"],
            cwd=ROOT, env=env, check=True)
        conn = sqlite3.connect(db_path)
        out = [
            f"-- The shop as release {release} left it (made by scripts/upgrade-fixture.py through",
            "-- the API; made-up people). Data only, for SQLite and PostgreSQL alike; loaded by",
            "-- tests/api/upgrade.rs on that release's schema.",
        ]
        for table in TABLES:
            columns = conn.execute(f"PRAGMA table_info({table})").fetchall()
            names = [c[1] for c in columns]
            booleans = [c[2].upper() == "BOOLEAN" for c in columns]
            order = "id" if "id" in names else ", ".join(names[:2])
            rows = conn.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            quoted = ", ".join(f'"{n}"' for n in names)
            for row in rows:
                values = ", ".join(literal(v, b) for v, b in zip(row, booleans))
                out.append(f'INSERT INTO "{table}" ({quoted}) VALUES ({values});')
        target = os.path.join(ROOT, "crates", "server", "tests", "fixtures", "upgrade", f"{release}.sql")
        with open(target, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        print(f"wrote {target} ({len(out)} lines)")


if __name__ == "__main__":
    sys.exit(main())
