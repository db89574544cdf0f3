#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed check should stop the test loudly

//! A process starting while its SQLite file is still locked (the previous process shutting down,
//! or killed mid-write) waits for it with backoff, then gives up with a message that says why.

use std::time::{Duration, Instant};

use db::{DatabaseUrl, connect_pool_within};
use diesel::connection::SimpleConnection;
use diesel::{Connection, SqliteConnection};

/// A connection that holds the whole file locked (no reader or writer gets in) until dropped.
fn lock(path: &std::path::Path) -> SqliteConnection {
    let mut holder = SqliteConnection::establish(&path.to_string_lossy()).unwrap();
    holder
        .batch_execute(
            "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (x);",
        )
        .unwrap();
    holder
}

#[test]
fn a_locked_file_is_waited_for_then_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shop.db");
    let url = DatabaseUrl::parse(&format!("sqlite://{}", path.display())).unwrap();
    let _holder = lock(&path);
    let started = Instant::now();
    let error = connect_pool_within(&url, 1, Duration::from_millis(1500))
        .expect_err("a locked file cannot open");
    assert!(
        started.elapsed() >= Duration::from_millis(1000),
        "it waited"
    );
    let message = error.to_string();
    assert!(
        message.contains("did not open within") && message.contains("locked"),
        "{message}"
    );
}

#[test]
fn a_lock_released_while_waiting_lets_the_pool_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shop.db");
    let url = DatabaseUrl::parse(&format!("sqlite://{}", path.display())).unwrap();
    let holder = lock(&path);
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(800));
        drop(holder);
    });
    let pool = connect_pool_within(&url, 2, Duration::from_secs(20)).unwrap();
    release.join().unwrap();
    pool.get().unwrap().batch_execute("SELECT 1").unwrap();
}
