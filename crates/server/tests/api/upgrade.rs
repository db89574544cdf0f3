//! Upgrades: a database made by the previous release (a committed fixture: the demo catalogue,
//! accounts, an address, a cart, queued mail, and orders in every state, made through the API)
//! is migrated to the current schema on both backends, and nothing is lost.
//!
//! The fixture is data only (portable INSERTs), loaded on the schema that release had: its
//! migrations up to `FIXTURE_RELEASE`. When a release adds migrations, keep this fixture (it is
//! the release before) and, for the next one, make a new fixture with
//! `python3 scripts/upgrade-fixture.py` and point `FIXTURE_RELEASE` at its last migration.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use orders::order::OrderStatus;
use orders::stored_as_text::Word;
use serde_json::json;

use crate::checkout::order_body;
use crate::helpers::TestApp;

/// The last migration of the release the fixture was made by.
const FIXTURE_RELEASE: &str = "2026-11-22-000004";
const FIXTURE: &str = include_str!("../fixtures/upgrade/2026-11-22-000004.sql");
/// The fixture's shopper (bcrypt cost 4).
const SHOPPER: (&str, &str) = ("meera.upgrade@example.in", "Cardamom-Hills-2026");

const TABLES: [&str; 20] = [
    "brands",
    "categories",
    "products",
    "product_categories",
    "product_variants",
    "product_images",
    "awards",
    "users",
    "carts",
    "cart_items",
    "user_tokens",
    "mail_outbox",
    "contact_messages",
    "orders",
    "order_lines",
    "order_status_history",
    "idempotency_keys",
    "addresses",
    "counters",
    "app_secrets",
];

#[derive(QueryableByName, Debug, PartialEq)]
struct OrderFacts {
    #[diesel(sql_type = Text)]
    number: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    total_paise: i64,
    #[diesel(sql_type = BigInt)]
    lines: i64,
    #[diesel(sql_type = BigInt)]
    line_total_paise: i64,
    #[diesel(sql_type = BigInt)]
    history: i64,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Tables a later migration renamed: (the fixture's name, the current one).
const RENAMED: [(&str, &str); 1] = [("mail_outbox", "outbox")];

/// Row counts of every table and each order's essentials; `renamed` reads a renamed table under
/// its current name.
fn facts(conn: &mut db::DbConnection, renamed: bool) -> (Vec<(String, i64)>, Vec<OrderFacts>) {
    let counts = TABLES
        .iter()
        .map(|table| {
            let read = RENAMED
                .iter()
                .find(|(old, _)| renamed && old == table)
                .map_or(*table, |(_, new)| new);
            let count: Count =
                diesel::sql_query(format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {read}"))
                    .get_result(conn)
                    .unwrap();
            ((*table).to_owned(), count.n)
        })
        .collect();
    let orders = diesel::sql_query(
        "SELECT o.number, o.status, o.total_paise, \
         CAST((SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) AS BIGINT) AS lines, \
         CAST((SELECT COALESCE(SUM(l.total_paise), 0) FROM order_lines l WHERE l.order_id = o.id) AS BIGINT) AS line_total_paise, \
         CAST((SELECT COUNT(*) FROM order_status_history h WHERE h.order_id = o.id) AS BIGINT) AS history \
         FROM orders o ORDER BY o.number",
    )
    .load(conn)
    .unwrap();
    (counts, orders)
}

#[actix_web::test]
async fn a_database_of_the_previous_release_upgrades_without_loss() {
    for database in db::testing::test_databases() {
        let name = database.name();
        let before = {
            let pool = db::connect_pool(&database.url, 1).unwrap();
            let mut conn = pool.get().unwrap();
            db::run_migrations_up_to(&mut conn, FIXTURE_RELEASE).unwrap();
            conn.batch_execute(FIXTURE).unwrap();
            if name == "postgres" {
                // The fixture names its ids; a real database's sequences would be past them.
                conn.batch_execute(
                    // The sequence is looked up in the loop's body: in the WHERE clause the
                    // planner may call it for other schemas' tables first, which fails.
                    "DO $$ DECLARE t text; s text; BEGIN \
                     FOR t IN SELECT table_name FROM information_schema.columns \
                       WHERE table_schema = current_schema() AND column_name = 'id' LOOP \
                       s := pg_get_serial_sequence(quote_ident(t), 'id'); \
                       IF s IS NOT NULL THEN \
                         EXECUTE format('SELECT setval(%L, GREATEST((SELECT MAX(id) FROM %I), 1))', s, t); \
                       END IF; \
                     END LOOP; END $$;",
                )
                .unwrap();
            }
            let before = facts(&mut conn, false);
            let applied = db::run_migrations(&mut conn).unwrap();
            eprintln!("{name}: {applied} migration(s) applied on top of the fixture");
            assert!(!db::has_pending_migrations(&mut conn).unwrap());
            let after = facts(&mut conn, true);
            assert_eq!(before.0, after.0, "{name}: row counts changed");
            assert_eq!(before.1, after.1, "{name}: orders changed");
            opening_batches_hold_the_shelf(&mut conn, name);
            before
        };
        let statuses: std::collections::BTreeSet<&str> =
            before.1.iter().map(|o| o.status.as_str()).collect();
        for status in OrderStatus::ALL {
            assert!(
                statuses.contains(status.as_str()),
                "{name}: the fixture has no {} order",
                status.as_str()
            );
        }
        assert!(before.1.iter().all(|o| o.lines > 0 && o.history > 0));

        // The current binary serves the upgraded shop: the shopper signs in and finds every order
        // of theirs, a guest order opens by its UUID, and a new order is placed beside them.
        let app = TestApp::spawn(database).await;
        let (status, ready) = app.get_json("/readyz").await;
        assert_eq!(status, 200, "{name}: {ready}");
        app.csrf().await;
        let (status, body) = app
            .post(
                "/api/login",
                json!({"email": SHOPPER.0, "password": SHOPPER.1}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        let (status, mine) = app.get_json("/api/orders").await;
        assert_eq!(status, 200, "{name}: {mine}");
        let listed = mine.to_string();
        let users_orders = {
            let mut conn = app.database.pool().get().unwrap();
            use db::schema::{orders, users};
            orders::table
                .inner_join(users::table.on(orders::user_id.eq(users::id.nullable())))
                .filter(users::email.eq(SHOPPER.0))
                .select(orders::number)
                .load::<String>(&mut conn)
                .unwrap()
        };
        assert!(users_orders.len() >= 2, "{name}");
        for number in &users_orders {
            assert!(listed.contains(number), "{name}: {number} not in {listed}");
        }
        let (status, addresses) = app.get_json("/api/addresses").await;
        assert_eq!(status, 200);
        assert_eq!(
            addresses["data"].as_array().map(Vec::len),
            Some(1),
            "{name}: {addresses}"
        );
        let guest_uuid: String = {
            use db::schema::orders;
            orders::table
                .filter(orders::user_id.is_null())
                .select(orders::uuid)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let guest = app.another_shopper().await;
        let (status, order) = guest.get_json(&format!("/api/orders/{guest_uuid}")).await;
        assert_eq!(status, 200, "{name}: {order}");
        assert!(!order["lines"].as_array().unwrap().is_empty());

        let (_, product) = app.get_json("/api/products/banana-bunch-knife").await;
        let (status, body) = app
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "quantity": 1}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        let token = app.xsrf_token.lock().unwrap().clone().unwrap();
        let placed = app
            .client
            .post(format!("{}/api/checkout", app.address))
            .header("X-XSRF-TOKEN", token)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&order_body("Kerala", "cod"))
            .send()
            .await
            .unwrap();
        assert_eq!(placed.status(), 201, "{name}");
        let placed: serde_json::Value = placed.json().await.unwrap();
        let number = placed["number"].as_str().unwrap();
        assert!(
            before.1.iter().all(|o| o.number != number),
            "{name}: a new order reused the number {number}"
        );
    }
}

/// Makes the fixture's database (run by `scripts/upgrade-fixture.py`, which dumps it): the demo
/// shop, two accounts, an address, a cart, a contact message, and orders in every state.
#[actix_web::test]
#[ignore = "makes the upgrade fixture; run by scripts/upgrade-fixture.py"]
async fn make_the_upgrade_fixture() {
    let Some(target) = std::env::var_os("UPGRADE_FIXTURE_DB") else {
        panic!("set UPGRADE_FIXTURE_DB to the SQLite file to write");
    };
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn(database).await;
    app.csrf().await;
    let shopper = app.another_shopper().await;
    let (status, body) = shopper
        .post(
            "/api/register",
            json!({"name": "Meera Nair", "email": SHOPPER.0, "phone": "+91 98470 11111", "password": SHOPPER.1, "password_confirmation": SHOPPER.1}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let address = order_body("Kerala", "cod")["shipping_address"].clone();
    let (status, body) = shopper.post("/api/addresses", address).await;
    assert_eq!(status, 201, "{body}");
    let other = app.another_shopper().await;
    other.register("ravi.upgrade@example.in").await;
    let (status, _) = app
        .post(
            "/api/contact",
            json!({"name": "Ravi", "email": "ravi@example.in", "message": "Do you deliver to Vandanmedu?"}),
        )
        .await;
    assert_eq!(status, 201);

    use orders::order::OrderStatus::*;
    let plans: [(&TestApp, &str, &str, i64, &[orders::order::OrderStatus]); 7] = [
        (&shopper, "banana-bunch-knife", "cod", 1, &[]),
        (
            &shopper,
            "16-l-manual-knapsack-sprayer",
            "bank_transfer",
            2,
            &[],
        ),
        (
            &shopper,
            "boron-20-disodium-octaborate",
            "cod",
            3,
            &[Confirmed],
        ),
        (
            &other,
            "brass-impact-sprinkler-3-4-inch",
            "cod",
            1,
            &[Shipped],
        ),
        (
            &other,
            "banana-bunch-knife",
            "bank_transfer",
            2,
            &[Confirmed, Shipped, Delivered],
        ),
        (
            &shopper,
            "brass-impact-sprinkler-3-4-inch",
            "cod",
            2,
            &[Cancelled],
        ),
        (
            &app,
            "boron-20-disodium-octaborate",
            "cod",
            1,
            &[Shipped, Delivered],
        ),
    ];
    for (who, slug, payment, quantity, moves) in plans {
        let (_, product) = who.get_json(&format!("/api/products/{slug}")).await;
        let variant = product["variants"]
            .as_array()
            .and_then(|variants| {
                variants
                    .iter()
                    .find(|v| v["stock"].as_i64().unwrap_or(0) >= quantity)
            })
            .map(|v| v["id"].clone())
            .unwrap_or_else(|| product["default_variant_id"].clone());
        let (status, body) = who
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "variant_id": variant, "quantity": quantity}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let token = who.xsrf_token.lock().unwrap().clone().unwrap();
        let state = if payment == "cod" {
            "Kerala"
        } else {
            "Tamil Nadu"
        };
        let placed = who
            .client
            .post(format!("{}/api/checkout", who.address))
            .header("X-XSRF-TOKEN", token)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&order_body(state, payment))
            .send()
            .await
            .unwrap();
        assert_eq!(placed.status(), 201);
        let placed: serde_json::Value = placed.json().await.unwrap();
        let number = placed["number"].as_str().unwrap().to_owned();
        for &to in moves {
            let moves = app.state.moves.clone();
            let number = number.clone();
            let pool = app.database.pool();
            let order_move = match to {
                Confirmed => orders::order::OrderMove::Confirm,
                Shipped => orders::order::OrderMove::Ship(orders::order::Shipment {
                    carrier: "India Post".into(),
                    tracking_number: "EK123456789IN".into(),
                    eway_bill_number: None,
                }),
                Delivered => orders::order::OrderMove::Deliver,
                _ => orders::order::OrderMove::Cancel {
                    reason: "Asked by the customer".into(),
                },
            };
            actix_web::rt::task::spawn_blocking(move || {
                orders::order::move_order(
                    &mut pool.get().unwrap(),
                    &number,
                    &order_move,
                    orders::order::MovedBy::default(),
                    &moves,
                )
                .unwrap()
            })
            .await
            .unwrap();
        }
    }
    // A cart left behind.
    let (_, product) = shopper.get_json("/api/products/banana-bunch-knife").await;
    let (status, _) = shopper
        .post(
            "/api/cart/add",
            json!({"product_id": product["id"], "quantity": 2}),
        )
        .await;
    assert_eq!(status, 200);
    app.wait_for_mail().await;

    let db::DatabaseUrl::Sqlite(path) = &app.database.url else {
        unreachable!()
    };
    app.database
        .pool()
        .get()
        .unwrap()
        .batch_execute("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    std::fs::copy(path, target).unwrap();
}

/// Batches began to be kept: each batch-tracked pack size's shelf (its saleable stock and the units
/// reserved by unconfirmed orders) became one undated opening batch, so no unit was lost.
fn opening_batches_hold_the_shelf(conn: &mut db::DbConnection, name: &str) {
    use db::schema::{batches, product_variants, products};
    use diesel::prelude::*;
    let tracked: Vec<(db::VariantId, i32)> = product_variants::table
        .inner_join(products::table)
        .filter(products::batch_tracked.eq(true))
        .select((product_variants::id, product_variants::stock))
        .load(conn)
        .unwrap();
    assert!(
        tracked.len() > 10,
        "{name}: the demo's pesticides, fertilisers and seeds are kept by batch"
    );
    for (variant, stock) in tracked {
        let opening: i32 = batches::table
            .filter(batches::variant_id.eq(variant))
            .filter(batches::number.eq(::batches::UNDATED_BATCH))
            .select(batches::quantity)
            .first(conn)
            .unwrap();
        let reserved = ::batches::settle::reserved_units(conn, variant).unwrap();
        assert_eq!(
            i64::from(opening),
            i64::from(stock) + reserved,
            "{name}: {variant:?}"
        );
    }
}
