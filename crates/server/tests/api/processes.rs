//! Two real `storefront` processes on one PostgreSQL serve one shopper's cart alike.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub async fn start(database_url: &str, media: &std::path::Path) -> (Process, String) {
    launch(database_url, media, |command| {
        command.env("RUST_LOG", "warn");
    })
    .await
}

/// As [`start`], with the log written to `log` as JSON lines, `info` and above.
pub async fn start_logging_to(
    database_url: &str,
    media: &std::path::Path,
    log: &std::path::Path,
) -> (Process, String) {
    let log = std::fs::File::create(log).unwrap();
    launch(database_url, media, |command| {
        command
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .stderr(log);
    })
    .await
}

async fn launch(
    database_url: &str,
    media: &std::path::Path,
    configure: impl FnOnce(&mut Command),
) -> (Process, String) {
    let port = free_port();
    let mut command = Command::new(env!("CARGO_BIN_EXE_storefront"));
    command
        .arg("serve")
        .env("DATABASE_URL", database_url)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("MEDIA_DIR", media)
        .env("STATIC_DIR", media)
        .env("MAIL_DIR", media.join("mail"))
        .stdout(Stdio::null());
    configure(&mut command);
    let process = Process(command.spawn().unwrap());
    let address = format!("http://127.0.0.1:{port}");
    wait_until_up(&address).await;
    (process, address)
}

/// Waits (up to 10 s) until the server at `address` says it is ready.
pub async fn wait_until_up(address: &str) {
    for _ in 0..100 {
        if reqwest::get(format!("{address}/readyz"))
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            return;
        }
        tokio_sleep(Duration::from_millis(100)).await;
    }
    panic!("storefront at {address} did not start");
}

/// A browser of its own on `base`, with a session and its anti-forgery token.
pub async fn shopper(base: &str) -> (reqwest::Client, String) {
    let client = crate::helpers::TestApp::fresh_client();
    let issued = client
        .get(format!("{base}/api/csrf-cookie"))
        .send()
        .await
        .unwrap();
    let token = crate::helpers::xsrf_from(&issued).unwrap();
    (client, token)
}

async fn tokio_sleep(duration: Duration) {
    actix_web::rt::time::sleep(duration).await;
}

#[actix_web::test]
async fn two_processes_on_one_postgresql_share_sessions_and_carts() {
    // Skipped without TEST_DATABASE_URL (failing instead under CI).
    let Some(database) = db::testing::TestDatabase::postgres() else {
        return;
    };
    let files = tempfile::tempdir().unwrap();
    {
        let pool = database.pool();
        demo::seed_demo(&mut pool.get().unwrap(), files.path(), 0).unwrap();
    }
    let (_a, first) = start(&database.url_string, files.path()).await;
    let (_b, second) = start(&database.url_string, files.path()).await;

    let (browser, token) = shopper(&first).await;
    let product: Value = browser
        .get(format!("{second}/api/products/banana-bunch-knife"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let post = |base: &str, path: &str, body: Value| {
        browser
            .post(format!("{base}{path}"))
            .header("X-XSRF-TOKEN", token.clone())
            .json(&body)
            .send()
    };

    // The session made on the first process is good on the second, and both see one cart.
    let added = post(
        &second,
        "/api/cart/add",
        json!({"product_id": product["id"], "quantity": 2}),
    )
    .await
    .unwrap();
    assert_eq!(added.status(), 200);
    let updated = post(
        &first,
        "/api/cart/add",
        json!({"product_id": product["id"], "quantity": 3}),
    )
    .await
    .unwrap();
    assert_eq!(updated.status(), 200);
    for base in [&first, &second] {
        let cart: Value = browser
            .get(format!("{base}/api/cart"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(cart["cart"]["count"], 5, "{base}");
    }
}

/// Killing the server in the middle of a checkout load leaves no half-written order, and the
/// stock that is left plus what the orders hold is what there was.
#[actix_web::test]
async fn a_crash_during_checkouts_leaves_whole_orders_and_matching_stock() {
    use diesel::prelude::*;
    for database in db::testing::test_databases() {
        let name = database.name();
        let files = tempfile::tempdir().unwrap();
        let pool = database.pool();
        demo::seed_demo(&mut pool.get().unwrap(), files.path(), 0).unwrap();
        let (mut server, base) = start(&database.url_string, files.path()).await;

        let product: Value = reqwest::get(format!(
            "{base}/api/products/brass-impact-sprinkler-3-4-inch"
        ))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        let variant = product["default_variant_id"].as_i64().unwrap();
        let mut shoppers = Vec::new();
        for n in 0..40 {
            let (client, token) = shopper(&base).await;
            let added = client
                .post(format!("{base}/api/cart/add"))
                .header("X-XSRF-TOKEN", &token)
                .json(&json!({"product_id": product["id"], "quantity": 1 + n % 3}))
                .send()
                .await
                .unwrap();
            assert_eq!(added.status(), 200);
            shoppers.push((client, token));
        }
        let stock_before = stock(&pool, variant);

        let checkouts = shoppers.iter().map(|(client, token)| {
            client
                .post(format!("{base}/api/checkout"))
                .header("X-XSRF-TOKEN", token)
                .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
                .json(&crate::checkout::order_body("Kerala", "cod"))
                .send()
        });
        let load = futures_util::future::join_all(checkouts);
        // Kill once a few orders have committed, with the rest still in flight.
        let kill = async {
            use db::schema::orders;
            for _ in 0..2000 {
                let placed: i64 = orders::table
                    .count()
                    .get_result(&mut pool.get().unwrap())
                    .unwrap();
                if placed >= 3 {
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(2)).await;
            }
            let _ = server.0.kill();
            let _ = server.0.wait();
        };
        let (responses, ()) = futures_util::future::join(load, kill).await;
        let answered = responses
            .iter()
            .filter(|r| r.as_ref().is_ok_and(|r| r.status() == 201))
            .count();

        use db::schema::{idempotency_keys, order_lines, orders};
        let mut conn = pool.get().unwrap();
        let order_ids: Vec<i64> = orders::table.select(orders::id).load(&mut conn).unwrap();
        let without_lines = order_ids
            .iter()
            .filter(|id| {
                order_lines::table
                    .filter(order_lines::order_id.eq(**id))
                    .count()
                    .get_result::<i64>(&mut conn)
                    .unwrap()
                    == 0
            })
            .count();
        assert_eq!(without_lines, 0, "{name}: an order without lines");
        let sold: Vec<i32> = order_lines::table
            .filter(order_lines::variant_id.eq(variant))
            .select(order_lines::quantity)
            .load(&mut conn)
            .unwrap();
        let sold: i32 = sold.iter().sum();
        assert_eq!(
            stock(&pool, variant) + sold,
            stock_before,
            "{name}: stock and orders disagree"
        );
        let unfinished: i64 = idempotency_keys::table
            .filter(idempotency_keys::order_id.is_null())
            .count()
            .get_result(&mut conn)
            .unwrap();
        assert_eq!(unfinished, 0, "{name}: a claimed key without its order");
        assert!(
            order_ids.len() >= answered,
            "{name}: an answered order is missing"
        );
        eprintln!(
            "{name}: {} of 40 orders were placed before the kill ({answered} answered)",
            order_ids.len()
        );
        assert!(
            (3..40).contains(&order_ids.len()),
            "{name}: the kill did not land during the load"
        );
        drop(conn);

        // The shop comes back and serves what was placed.
        let (_again, base) = start(&database.url_string, files.path()).await;
        let health = reqwest::get(format!("{base}/healthz")).await.unwrap();
        assert_eq!(health.status(), 200, "{name}");
    }
}

fn stock(pool: &db::DbPool, variant: i64) -> i32 {
    use db::schema::product_variants;
    use diesel::prelude::*;
    product_variants::table
        .find(variant)
        .select(product_variants::stock)
        .first(&mut pool.get().unwrap())
        .unwrap()
}

/// The rate limits live in the database: sign-in attempts spread over two processes on one
/// database (PostgreSQL, and one SQLite file) meet one limit of 5 a minute, not one each.
#[actix_web::test]
async fn two_processes_on_one_database_keep_one_rate_limit() {
    for database in db::testing::test_databases() {
        let files = tempfile::tempdir().unwrap();
        database.pool();
        let (_a, first) = start(&database.url_string, files.path()).await;
        let (_b, second) = start(&database.url_string, files.path()).await;
        let (browser, token) = shopper(&first).await;
        let mut statuses = Vec::new();
        let started = std::time::Instant::now();
        // Ten attempts, one each in turn: a limit kept by each process would let all ten in.
        for attempt in 0..10 {
            let base = if attempt % 2 == 0 { &first } else { &second };
            let response = browser
                .post(format!("{base}/api/login"))
                .header("X-XSRF-TOKEN", token.clone())
                .json(&json!({"email": "nobody@example.in", "password": "not the password"}))
                .send()
                .await
                .unwrap();
            if response.status() == 429 {
                assert!(response.headers().contains_key("retry-after"));
            }
            statuses.push(response.status().as_u16());
        }
        // A burst of 5, then one more every 12 seconds: on a slow machine the attempts may take
        // long enough for one more to be let in.
        let refilled = started.elapsed().as_secs() as usize / 12;
        let name = database.name();
        let let_in = statuses.iter().filter(|status| **status == 422).count();
        assert_eq!(statuses[..5], [422; 5], "{name}: {statuses:?}");
        assert!(
            statuses.iter().all(|status| [422, 429].contains(status)),
            "{name}: {statuses:?}"
        );
        assert!(
            let_in <= 5 + refilled && let_in < 10,
            "{name}: {let_in} attempts let in over {:?}: {statuses:?}",
            started.elapsed()
        );
    }
}
