//! `storefront backup` on a live SQLite shop: taken while checkouts keep coming, the copy opens,
//! every order in it has its lines, and its stock plus what its orders hold is what there was.

use std::process::Command;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::processes::{shopper, start};

#[actix_web::test]
async fn a_backup_taken_during_checkouts_is_whole() {
    let database = db::testing::TestDatabase::sqlite();
    let files = tempfile::tempdir().unwrap();
    let pool = database.pool();
    demo::seed_demo(&mut pool.get().unwrap(), files.path(), 0).unwrap();
    let (_server, base) = start(&database.url_string, files.path()).await;

    let product: Value = reqwest::get(format!(
        "{base}/api/products/brass-impact-sprinkler-3-4-inch"
    ))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let variant = product["default_variant_id"].as_i64().unwrap();
    let stock_before = stock(&pool, variant);
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

    let checkouts = shoppers.iter().map(|(client, token)| {
        client
            .post(format!("{base}/api/checkout"))
            .header("X-XSRF-TOKEN", token)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&crate::checkout::order_body("Kerala", "cod"))
            .send()
    });
    let load = futures_util::future::join_all(checkouts);
    let backups = tempfile::tempdir().unwrap();
    let target = backups.path().join("backup");
    let backup = async {
        use db::schema::orders;
        for _ in 0..2000 {
            let placed: i64 = orders::table
                .count()
                .get_result(&mut pool.get().unwrap())
                .unwrap();
            if placed >= 2 {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(2)).await;
        }
        let target = target.clone();
        let url = database.url_string.clone();
        let media = files.path().to_owned();
        actix_web::rt::task::spawn_blocking(move || {
            Command::new(env!("CARGO_BIN_EXE_storefront"))
                .arg("backup")
                .arg(&target)
                .env("DATABASE_URL", url)
                .env("MEDIA_DIR", media)
                .env("RUST_LOG", "warn")
                .output()
                .unwrap()
        })
        .await
        .unwrap()
    };
    let (responses, output) = futures_util::future::join(load, backup).await;
    assert!(
        output.status.success(),
        "backup failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let placed_live = responses
        .iter()
        .filter(|r| r.as_ref().is_ok_and(|r| r.status() == 201))
        .count();
    assert_eq!(
        placed_live, 40,
        "every checkout goes through beside the backup"
    );

    // Open the copy as the shop would.
    let copy_url = db::DatabaseUrl::Sqlite(target.join("storefront.db"));
    let copy = db::connect_pool(&copy_url, 1).unwrap();
    let mut conn = copy.get().unwrap();
    conn.batch_execute("PRAGMA integrity_check").unwrap();
    assert!(!db::has_pending_migrations(&mut conn).unwrap());
    use db::schema::{idempotency_keys, order_lines, orders, product_variants, products};
    let order_ids: Vec<i64> = orders::table.select(orders::id).load(&mut conn).unwrap();
    for id in &order_ids {
        let lines: i64 = order_lines::table
            .filter(order_lines::order_id.eq(*id))
            .count()
            .get_result(&mut conn)
            .unwrap();
        assert!(lines > 0, "order {id} has no lines in the backup");
    }
    let sold: Vec<i32> = order_lines::table
        .filter(order_lines::variant_id.eq(variant))
        .select(order_lines::quantity)
        .load(&mut conn)
        .unwrap();
    let copied_stock: i32 = product_variants::table
        .find(variant)
        .select(product_variants::stock)
        .first(&mut conn)
        .unwrap();
    assert_eq!(
        copied_stock + sold.iter().sum::<i32>(),
        stock_before,
        "stock and orders disagree in the backup"
    );
    let unfinished: i64 = idempotency_keys::table
        .filter(idempotency_keys::order_id.is_null())
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(unfinished, 0);
    let products: i64 = products::table.count().get_result(&mut conn).unwrap();
    assert!(products >= 100);
    eprintln!(
        "the backup holds {} of the 40 orders placed around it",
        order_ids.len()
    );
    assert!(!order_ids.is_empty(), "the backup ran before any order");

    // The media came along.
    let media_files = walk(&target.join("media"));
    assert!(media_files > 100, "{media_files} media files copied");
    let image = "products/trifloxystrobin-tebuconazole-75-wg-fungicide.svg";
    assert_eq!(
        std::fs::read(target.join("media").join(image)).unwrap(),
        std::fs::read(files.path().join(image)).unwrap()
    );

    // A second backup into the same folder is refused rather than mixed.
    let again = Command::new(env!("CARGO_BIN_EXE_storefront"))
        .arg("backup")
        .arg(&target)
        .env("DATABASE_URL", &database.url_string)
        .env("MEDIA_DIR", files.path())
        .output()
        .unwrap();
    assert!(!again.status.success());
    // And a backup into the media folder itself (it would copy itself).
    let inside = Command::new(env!("CARGO_BIN_EXE_storefront"))
        .arg("backup")
        .arg(files.path().join("backup"))
        .env("DATABASE_URL", &database.url_string)
        .env("MEDIA_DIR", files.path())
        .output()
        .unwrap();
    assert!(!inside.status.success());
    assert!(String::from_utf8_lossy(&inside.stderr).contains("inside MEDIA_DIR"));
}

fn walk(dir: &std::path::Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .map(|e| e.unwrap())
        .map(|e| {
            if e.file_type().unwrap().is_dir() {
                walk(&e.path())
            } else {
                1
            }
        })
        .sum()
}

fn stock(pool: &db::DbPool, variant: i64) -> i32 {
    use db::schema::product_variants;
    product_variants::table
        .find(variant)
        .select(product_variants::stock)
        .first(&mut pool.get().unwrap())
        .unwrap()
}
