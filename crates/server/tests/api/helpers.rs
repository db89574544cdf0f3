use db::testing::{TestDatabase, test_databases};
use server::config::Config;
use server::startup::Application;
use server::state::AppState;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub state: AppState,
    pub database: TestDatabase,
    _files: tempfile::TempDir,
}

impl TestApp {
    /// Starts the app on `database` after seeding the demo shop into it.
    pub async fn spawn(database: TestDatabase) -> Self {
        let files = tempfile::tempdir().unwrap();
        let media_dir = files.path().join("media");
        let static_dir = files.path().join("dist");
        std::fs::create_dir_all(static_dir.join("assets")).unwrap();
        std::fs::write(
            static_dir.join("index.html"),
            "<!doctype html><title>shop</title>",
        )
        .unwrap();
        std::fs::write(static_dir.join("assets/app-1234.js"), "console.log(1)").unwrap();
        {
            let pool = database.pool();
            let mut conn = pool.get().unwrap();
            catalog::demo::seed_demo(&mut conn, &media_dir, 0).unwrap();
        }
        let config = Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database_url: database.url.clone(),
            public_url: "http://127.0.0.1".into(),
            allowed_origins: vec![],
            media_dir,
            media_base_url: "/media".into(),
            static_dir: static_dir.clone(),
            shop_profile: None,
            db_pool_size: 4,
            catalog_refresh_secs: 3600,
            workers: Some(1),
        };
        let app = Application::build(config).unwrap();
        let address = format!("http://127.0.0.1:{}", app.port());
        let state = app.state().clone();
        actix_web::rt::spawn(app.run_until_stopped());
        Self {
            address,
            client: reqwest::Client::builder()
                .cookie_store(true)
                .build()
                .unwrap(),
            state,
            database,
            _files: files,
        }
    }

    pub fn name(&self) -> &'static str {
        self.database.name()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{}", self.address, path))
            .send()
            .await
            .unwrap()
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        let body = response.json().await.unwrap_or(serde_json::Value::Null);
        (status, body)
    }
}

/// One running app per backend under test.
pub async fn spawn_apps() -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in test_databases() {
        apps.push(TestApp::spawn(database).await);
    }
    apps
}
