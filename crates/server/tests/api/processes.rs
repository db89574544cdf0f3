//! Two real `storefront` processes on one PostgreSQL serve one shopper's cart alike.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn start(database_url: &str, media: &std::path::Path) -> (Process, String) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_storefront"))
        .arg("serve")
        .env("DATABASE_URL", database_url)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("MEDIA_DIR", media)
        .env("STATIC_DIR", media)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let process = Process(child);
    let address = format!("http://127.0.0.1:{port}");
    for _ in 0..100 {
        if reqwest::get(format!("{address}/healthz"))
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            return (process, address);
        }
        tokio_sleep(Duration::from_millis(100)).await;
    }
    panic!("storefront on port {port} did not start");
}

async fn tokio_sleep(duration: Duration) {
    actix_web::rt::time::sleep(duration).await;
}

#[actix_web::test]
async fn two_processes_on_one_postgresql_share_sessions_and_carts() {
    let Some(database) = db::testing::TestDatabase::postgres() else {
        eprintln!("note: two-process test skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let files = tempfile::tempdir().unwrap();
    {
        let pool = database.pool();
        catalog::demo::seed_demo(&mut pool.get().unwrap(), files.path(), 0).unwrap();
    }
    let (_a, first) = start(&database.url_string, files.path()).await;
    let (_b, second) = start(&database.url_string, files.path()).await;

    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let issued = browser
        .get(format!("{first}/api/csrf-cookie"))
        .send()
        .await
        .unwrap();
    let token = crate::helpers::xsrf_from(&issued).unwrap();
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
