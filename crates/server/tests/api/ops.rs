//! What ops sees: readiness, metrics (never public), request ids and JSON logs.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

const TOKEN: &str = "metrics-token-for-tests-0123456789";

#[actix_web::test]
async fn readyz_says_the_database_is_migrated_and_the_catalogue_loaded() {
    for app in spawn_apps().await {
        let (status, body) = app.get_json("/readyz").await;
        assert_eq!(status, 200, "{}: {body}", app.name());
        assert_eq!(body["status"], "ready");
        assert_eq!(body["database"], true);
        assert_eq!(body["migrations"], true);
        assert!(body["catalog_products"].as_u64().unwrap() >= 100, "{body}");
        let (status, body) = app.get_json("/healthz").await;
        assert_eq!((status, &body["status"]), (200, &json!("ok")));
    }
}

/// Liveness must not depend on the database: with every pooled connection taken (as when the
/// database blips), `/healthz` still answers at once while `/readyz` says the process is not
/// ready.
#[actix_web::test]
async fn healthz_answers_while_the_database_does_not() {
    for app in spawn_apps().await {
        let held: Vec<_> = (0..app.config.db_pool_size)
            .map(|_| app.state.pool.get().unwrap())
            .collect();
        let started = std::time::Instant::now();
        let (status, body) = app.get_json("/healthz").await;
        assert_eq!(
            (status, &body["status"]),
            (200, &json!("ok")),
            "{}",
            app.name()
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(2),
            "{}: /healthz waited {:?} for the database",
            app.name(),
            started.elapsed()
        );
        let (status, body) = app.get_json("/readyz").await;
        assert_eq!(status, 503, "{}: {body}", app.name());
        assert_eq!(body["database"], false);
        drop(held);
        let (status, _) = app.get_json("/readyz").await;
        assert_eq!(status, 200, "{}", app.name());
    }
}

#[actix_web::test]
async fn readyz_is_unavailable_when_a_migration_is_missing() {
    let database = db::testing::TestDatabase::sqlite();
    let app = TestApp::spawn(database).await;
    {
        use diesel::connection::SimpleConnection;
        let pool = app.database.pool();
        pool.get()
            .unwrap()
            .batch_execute(
                "DELETE FROM __diesel_schema_migrations WHERE version = \
                 (SELECT MAX(version) FROM __diesel_schema_migrations)",
            )
            .unwrap();
    }
    let (status, body) = app.get_json("/readyz").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["status"], "unavailable");
    assert_eq!(body["database"], true);
    assert_eq!(body["migrations"], false);
}

#[actix_web::test]
async fn metrics_are_not_served_on_the_main_port_without_a_token() {
    let app = TestApp::spawn(db::testing::TestDatabase::sqlite()).await;
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 404);
    let text = response.text().await.unwrap();
    assert!(!text.contains("storefront_"), "{text}");
    // Not even with a bearer token or from behind a proxy on loopback.
    let response = app
        .client
        .get(format!("{}/metrics", app.address))
        .header("Authorization", format!("Bearer {TOKEN}"))
        .header("X-Forwarded-For", "127.0.0.1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}

#[actix_web::test]
async fn metrics_on_the_main_port_need_the_bearer_token() {
    let app = TestApp::spawn_with(db::testing::TestDatabase::sqlite(), |config| {
        config.metrics_token = Some(TOKEN.into());
    })
    .await;
    let scrape = |authorization: Option<String>| {
        let mut request = app.client.get(format!("{}/metrics", app.address));
        if let Some(value) = authorization {
            request = request.header("Authorization", value);
        }
        request.send()
    };
    for wrong in [
        None,
        Some("Bearer wrong-token".to_owned()),
        Some(format!("Bearer {TOKEN}x")),
        Some(format!("Basic {TOKEN}")),
        Some(TOKEN.to_owned()),
    ] {
        let response = scrape(wrong.clone()).await.unwrap();
        assert_eq!(response.status(), 401, "{wrong:?}");
        let text = response.text().await.unwrap();
        assert!(!text.contains("storefront_"), "{text}");
    }
    let response = scrape(Some(format!("Bearer {TOKEN}"))).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = response.text().await.unwrap();
    assert!(text.contains("storefront_db_pool_connections"), "{text}");
}

#[actix_web::test]
async fn metrics_count_requests_orders_refusals_the_pool_and_the_outbox() {
    for app in spawn_apps().await {
        let app = TestApp::spawn_with(app.database.share(), |config| {
            config.metrics_bind = Some("127.0.0.1:0".parse().unwrap());
        })
        .await;
        let metrics_address = app.metrics_address.clone().unwrap();
        // The metrics address serves only /metrics.
        let shop = reqwest::get(format!("{metrics_address}/api/shop"))
            .await
            .unwrap();
        assert_eq!(shop.status(), 404);

        app.csrf().await;
        let product = app.get("/api/products/banana-bunch-knife").await;
        assert_eq!(product.status(), 200);
        let missing = app.get("/api/products/no-such-thing").await;
        assert_eq!(missing.status(), 404);
        let (_, product) = app.get_json("/api/products/banana-bunch-knife").await;
        let (status, _) = app
            .post(
                "/api/cart/add",
                json!({"product_id": product["id"], "quantity": 1}),
            )
            .await;
        assert_eq!(status, 200);
        let token = app.xsrf_token.lock().unwrap().clone().unwrap();
        let placed = app
            .client
            .post(format!("{}/api/checkout", app.address))
            .header("X-XSRF-TOKEN", token.clone())
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&crate::checkout::order_body("Kerala", "cod"))
            .send()
            .await
            .unwrap();
        assert_eq!(placed.status(), 201);
        for n in 0..6 {
            app.client
                .post(format!("{}/api/login", app.address))
                .header("X-XSRF-TOKEN", token.clone())
                .json(&json!({"email": format!("guess{n}@example.in"), "password": "wrong-password-1"}))
                .send()
                .await
                .unwrap();
        }

        let text = reqwest::get(format!("{metrics_address}/metrics"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let name = app.name();
        for expected in [
            r#"storefront_http_requests_total{method="GET",route="/api/products/{slug}",status="200"} 2"#,
            r#"storefront_http_requests_total{method="GET",route="/api/products/{slug}",status="404"} 1"#,
            r#"storefront_http_requests_total{method="POST",route="/api/checkout",status="201"} 1"#,
            r#"storefront_http_request_duration_seconds_count{method="POST",route="/api/checkout",status="201"} 1"#,
            "storefront_orders_placed_total 1",
            r#"storefront_rate_limited_total{limit="sign_in"} 1"#,
            r#"storefront_db_pool_connections{state="max"} 4"#,
            r#"storefront_db_pool_connections{state="in_use"}"#,
            // Present; its value is whatever background work is between asking for and
            // getting a connection at that instant.
            "storefront_db_pool_waiting ",
            r#"storefront_mail_outbox{state="pending"}"#,
            r#"storefront_mail_outbox{state="failing"} 0"#,
        ] {
            assert!(
                text.contains(expected),
                "{name}: no `{expected}` in\n{text}"
            );
        }
        // Raw paths never become labels (bounded cardinality).
        assert!(!text.contains("no-such-thing"), "{name}");
    }
}

#[actix_web::test]
async fn every_answer_carries_a_request_id_kept_only_when_safe() {
    let app = TestApp::spawn(db::testing::TestDatabase::sqlite()).await;
    let id_of = |response: &reqwest::Response| {
        response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned()
    };
    let made = app.get("/api/shop").await;
    let first = id_of(&made);
    assert!(first.len() >= 16, "{first}");
    assert_ne!(first, id_of(&app.get("/api/shop").await));

    let kept = app
        .client
        .get(format!("{}/api/brands", app.address))
        .header("X-Request-Id", "nginx-4f2a9c.1_b")
        .send()
        .await
        .unwrap();
    assert_eq!(id_of(&kept), "nginx-4f2a9c.1_b");
    for unsafe_id in ["has space", "a<script>", &"x".repeat(65)] {
        let replaced = app
            .client
            .get(format!("{}/api/brands", app.address))
            .header("X-Request-Id", unsafe_id)
            .send()
            .await
            .unwrap();
        let id = id_of(&replaced);
        assert_ne!(id, unsafe_id);
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric()), "{id}");
    }
    // Errors carry it too.
    let missing = app.get("/api/products/no-such-thing").await;
    assert_eq!(missing.status(), 404);
    assert!(!id_of(&missing).is_empty());
}

/// The real binary with `LOG_FORMAT=json`: one JSON object a line, the request's id on its line.
#[actix_web::test]
async fn json_logs_carry_the_request_id() {
    use std::process::{Command, Stdio};
    let files = tempfile::tempdir().unwrap();
    let database = db::testing::TestDatabase::sqlite();
    demo::seed_demo(&mut database.pool().get().unwrap(), files.path(), 0).unwrap();
    let log_path = files.path().join("log.jsonl");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(env!("CARGO_BIN_EXE_storefront"))
        .arg("serve")
        .env("DATABASE_URL", &database.url_string)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("MEDIA_DIR", files.path())
        .env("STATIC_DIR", files.path())
        .env("MAIL_DIR", files.path().join("mail"))
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .unwrap();
    let _process = crate::processes::Process(child);
    let base = format!("http://127.0.0.1:{port}");
    crate::processes::wait_until_up(&base).await;
    let answer = reqwest::Client::new()
        .get(format!("{base}/api/brands"))
        .header("X-Request-Id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;

    let log = std::fs::read_to_string(&log_path).unwrap();
    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    assert!(!lines.is_empty());
    let request_line = lines
        .iter()
        .find(|line| line["span"]["request_id"] == "trace-me-42")
        .unwrap_or_else(|| panic!("no line with the request id in\n{log}"));
    assert_eq!(request_line["path"], "/api/brands");
    assert_eq!(request_line["status"], 200);
    assert_eq!(request_line["level"], "INFO");
}
