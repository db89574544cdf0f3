use std::sync::Mutex;

use db::testing::{TestDatabase, test_databases};
use server::config::Config;
use server::startup::Application;
use server::state::AppState;

pub struct TestApp {
    pub address: String,
    /// `http://127.0.0.1:PORT` of the `METRICS_BIND` listener, when configured.
    pub metrics_address: Option<String>,
    pub client: reqwest::Client,
    pub state: AppState,
    pub database: TestDatabase,
    pub config: Config,
    pub xsrf_token: Mutex<Option<String>>,
    handle: actix_web::dev::ServerHandle,
    _files: tempfile::TempDir,
}

impl TestApp {
    /// Starts the app on `database` after seeding the demo shop into it.
    pub async fn spawn(database: TestDatabase) -> Self {
        Self::spawn_with(database, |_| {}).await
    }

    pub async fn spawn_with(database: TestDatabase, adjust: impl FnOnce(&mut Config)) -> Self {
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
        std::fs::write(static_dir.join("assets/app-1234.js.br"), b"brotli bytes").unwrap();
        {
            let pool = database.pool();
            let mut conn = pool.get().unwrap();
            demo::seed_demo(&mut conn, &media_dir, 0).unwrap();
        }
        let mut config = Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database_url: database.url.clone(),
            public_url: "http://127.0.0.1".into(),
            allowed_origins: vec![],
            media_dir,
            media_base_url: "/media".into(),
            static_dir,
            shop_profile: None,
            db_pool_size: 4,
            catalog_refresh_secs: 3600,
            workers: Some(1),
            bcrypt_cost: 4,
            smtp_url: None,
            mail_dir: files.path().join("mail"),
            mail_from: None,
            mail_poll_secs: 1,
            trust_proxy: false,
            trusted_proxy_hops: 1,
            metrics_bind: None,
            metrics_token: None,
        };
        adjust(&mut config);
        let (address, metrics_address, state, handle) = start(config.clone());
        Self {
            address,
            metrics_address,
            client: Self::fresh_client(),
            state,
            database,
            config,
            xsrf_token: Mutex::new(None),
            handle,
            _files: files,
        }
    }

    /// Another shopper on the same server: their own browser, with an anti-forgery token.
    pub async fn another_shopper(&self) -> TestApp {
        let shopper = TestApp {
            address: self.address.clone(),
            metrics_address: self.metrics_address.clone(),
            client: Self::fresh_client(),
            state: self.state.clone(),
            database: self.database.share(),
            config: self.config.clone(),
            xsrf_token: Mutex::new(None),
            handle: self.handle.clone(),
            _files: tempfile::tempdir().unwrap(),
        };
        shopper.csrf().await;
        shopper
    }

    /// A browser of its own signed in to a new account with `role` (`staff` or `admin`).
    pub async fn with_role(&self, email: &str, role: &str) -> TestApp {
        use db::schema::users;
        use diesel::prelude::*;
        let member = self.another_shopper().await;
        member.register(email).await;
        diesel::update(users::table.filter(users::email.eq(email)))
            .set(users::role.eq(role))
            .execute(&mut self.database.pool().get().unwrap())
            .unwrap();
        member
    }

    /// A browser of its own signed in as a staff member.
    pub async fn with_staff(&self) -> TestApp {
        self.with_role("staff@example.in", "staff").await
    }

    /// Registers (and so signs in) this shopper.
    pub async fn register(&self, email: &str) {
        let password = "Cardamom-Hills-2026";
        let (status, body) = self
            .post(
                "/api/register",
                serde_json::json!({"name": "Test Shopper", "email": email, "phone": "+91 98470 12345", "password": password, "password_confirmation": password}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }

    /// A browser of its own (its own cookies).
    pub fn fresh_client() -> reqwest::Client {
        reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap()
    }

    /// Stops the server and starts a new one on the same database and files; the client (and
    /// its cookies) stays, like a shopper's browser across a server restart.
    pub async fn restart(&mut self) {
        self.handle.stop(true).await;
        let (address, metrics_address, state, handle) = start(self.config.clone());
        self.address = address;
        self.metrics_address = metrics_address;
        self.state = state;
        self.handle = handle;
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

    /// Fetches the anti-forgery cookie and remembers its token for later unsafe calls.
    pub async fn csrf(&self) -> String {
        let response = self.get("/api/csrf-cookie").await;
        assert_eq!(response.status(), 204);
        let token = xsrf_from(&response).expect("an XSRF-TOKEN cookie");
        *self.xsrf_token.lock().unwrap() = Some(token.clone());
        token
    }

    /// POSTs JSON with the remembered anti-forgery token.
    pub async fn post(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        self.send(reqwest::Method::POST, path, body).await
    }

    /// Sends JSON with the remembered anti-forgery token; a new token in the answer's cookies
    /// (after sign-in) is remembered.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let token = self.xsrf_token.lock().unwrap().clone().unwrap_or_default();
        let response = self
            .client
            .request(method, format!("{}{}", self.address, path))
            .header("X-XSRF-TOKEN", token)
            .header("X-Requested-With", "XMLHttpRequest")
            .json(&body)
            .send()
            .await
            .unwrap();
        if let Some(token) = xsrf_from(&response) {
            *self.xsrf_token.lock().unwrap() = Some(token);
        }
        let status = response.status().as_u16();
        (
            status,
            response.json().await.unwrap_or(serde_json::Value::Null),
        )
    }

    /// The mail queued so far, oldest first: (to, subject, text body, sent?).
    pub fn outbox(&self) -> Vec<(String, String, String, bool)> {
        use db::schema::mail_outbox::dsl::*;
        use diesel::prelude::*;
        let pool = self.database.pool();
        mail_outbox
            .order(id)
            .select((to_address, subject, text_body, sent_at.is_not_null()))
            .load(&mut pool.get().unwrap())
            .unwrap()
    }

    /// Waits (up to 10 s) until the worker has delivered everything queued.
    pub async fn wait_for_mail(&self) {
        for _ in 0..100 {
            if self.outbox().iter().all(|m| m.3) {
                return;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("mail was not delivered: {:?}", self.outbox());
    }
}

fn start(
    config: Config,
) -> (
    String,
    Option<String>,
    AppState,
    actix_web::dev::ServerHandle,
) {
    let app = Application::build(config).unwrap();
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_address = app
        .metrics_port()
        .map(|port| format!("http://127.0.0.1:{port}"));
    let state = app.state().clone();
    let handle = app.handle();
    actix_web::rt::spawn(app.run_until_stopped());
    (address, metrics_address, state, handle)
}

/// The value of the `XSRF-TOKEN` cookie a response sets.
pub fn xsrf_from(response: &reqwest::Response) -> Option<String> {
    response
        .cookies()
        .find(|c| c.name() == "XSRF-TOKEN")
        .map(|c| c.value().to_owned())
}

/// One running app per backend under test.
pub async fn spawn_apps() -> Vec<TestApp> {
    let mut apps = Vec::new();
    for database in test_databases() {
        apps.push(TestApp::spawn(database).await);
    }
    apps
}
