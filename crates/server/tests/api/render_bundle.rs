//! A shop installed without the web app's render bundle still serves, and says at start, in
//! words an operator can act on, that its pages go out undrawn and what to install.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::processes::{Process, free_port, wait_until_up};

#[actix_web::test]
async fn a_missing_render_bundle_is_a_warning_at_start_naming_the_file_and_the_setting() {
    for database in db::testing::test_databases() {
        let files = tempfile::tempdir().unwrap();
        let bundle = files.path().join("dist-server/render.js");
        let log = files.path().join("storefront.log");
        let port = free_port();
        let _shop = Process(
            Command::new(env!("CARGO_BIN_EXE_storefront"))
                .arg("serve")
                .env("DATABASE_URL", &database.url_string)
                .env("BIND", format!("127.0.0.1:{port}"))
                .env("MEDIA_DIR", files.path())
                .env("STATIC_DIR", files.path())
                .env("MAIL_DIR", files.path().join("mail"))
                .env("RENDER_BUNDLE", &bundle)
                .env("LOG_FORMAT", "json")
                .env("RUST_LOG", "warn")
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(&log).unwrap())
                .spawn()
                .unwrap(),
        );
        wait_until_up(&format!("http://127.0.0.1:{port}")).await;

        // The engines start just after the listener: the warning follows within moments.
        let mut warning = None;
        for _ in 0..100 {
            warning = std::fs::read_to_string(&log)
                .unwrap()
                .lines()
                .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
                .find(|line| {
                    line["message"]
                        .as_str()
                        .is_some_and(|m| m.contains("undrawn"))
                });
            if warning.is_some() {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
        let warning = warning.unwrap_or_else(|| {
            panic!(
                "no warning about the render bundle on {}:\n{}",
                database.name(),
                std::fs::read_to_string(&log).unwrap()
            )
        });
        assert_eq!(warning["level"], "WARN", "{warning}");
        let text = warning.to_string();
        assert!(text.contains(&bundle.display().to_string()), "{text}");
        assert!(text.contains("frontend/dist-server/render.js"), "{text}");
        assert!(text.contains("RENDER_BUNDLE"), "{text}");
    }
}
