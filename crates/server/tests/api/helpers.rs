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
            "<!doctype html><html lang=\"en\"><title>shop</title>",
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
            api_url: None,
            cookie_domain: None,
            media_dir,
            media_base_url: "/media".into(),
            static_dir,
            render_bundle: files.path().join("no-render-bundle.js"),
            render_engines: 1,
            render_timeout_ms: 2000,
            page_cache_mb: 32,
            search_answers: 256,
            open_pages: Default::default(),
            shop_profile: None,
            db_pool_size: 4,
            catalog_refresh_secs: 3600,
            workers: Some(1),
            bcrypt_cost: 4,
            smtp_url: None,
            mail_dir: files.path().join("mail"),
            mail_from: None,
            mail_poll_secs: 1,
            phone: server::config::phone::PhoneConfig {
                channel: server::config::phone::PhoneChannel::Files(files.path().join("messages")),
                calling_codes: vec![91],
                sign_in_codes_per_hour: 300,
                msg91_webhook_secret: None,
            },
            trust_proxy: false,
            trusted_proxy_hops: 1,
            metrics_bind: None,
            metrics_token: None,
            staff_idle_secs: 8 * 3600,
            staff_session_max_secs: 12 * 3600,
            sign_in_idle_secs: 2 * 3600,
            unpaid_transfer_days: 3,
            expiry_window_days: 60,
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
        self.shopper_with(Self::fresh_client()).await
    }

    /// Another shopper whose app is in `language`: it sends `Accept-Language: <language>` on
    /// every call, as the web app does.
    pub async fn shopper_reading(&self, language: &str) -> TestApp {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_str(language).unwrap(),
        );
        let client = Self::client_builder()
            .default_headers(headers)
            .build()
            .unwrap();
        self.shopper_with(client).await
    }

    async fn shopper_with(&self, client: reqwest::Client) -> TestApp {
        let shopper = TestApp {
            address: self.address.clone(),
            metrics_address: self.metrics_address.clone(),
            client,
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
        Self::client_builder().build().unwrap()
    }

    fn client_builder() -> reqwest::ClientBuilder {
        reqwest::Client::builder()
            .cookie_store(true)
            // Well inside the server's 5-second keep-alive: a connection the server is closing
            // at that moment is never reused (tests that sleep between calls hit that race).
            .pool_idle_timeout(std::time::Duration::from_secs(1))
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

    /// `path` as the app asks for it in `language` (it sends `Accept-Language`).
    pub async fn get_in(&self, language: &str, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{}", self.address, path))
            .header("Accept-Language", language)
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

    /// POSTs a CSV sheet (`text/csv`) with the remembered anti-forgery token.
    pub async fn post_csv(&self, path: &str, sheet: &str) -> (u16, serde_json::Value) {
        let token = self.xsrf_token.lock().unwrap().clone().unwrap_or_default();
        let response = self
            .client
            .post(format!("{}{}", self.address, path))
            .header("X-XSRF-TOKEN", token)
            .header("X-Requested-With", "XMLHttpRequest")
            .header("Content-Type", "text/csv")
            .body(sheet.to_owned())
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (
            status,
            response.json().await.unwrap_or(serde_json::Value::Null),
        )
    }

    /// The mail queued so far, oldest first: (to, subject, text body, sent?).
    pub fn outbox(&self) -> Vec<(String, String, String, bool)> {
        use db::schema::outbox::dsl::*;
        use diesel::prelude::*;
        let pool = self.database.pool();
        outbox
            .filter(channel.eq("mail"))
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

/// A signed-in member of staff's own browser (their second factor done), and what a test needs
/// to sign them in again.
pub struct StaffClient {
    pub app: TestApp,
    pub user_id: i64,
    pub email: String,
}

impl std::ops::Deref for StaffClient {
    type Target = TestApp;

    fn deref(&self) -> &TestApp {
        &self.app
    }
}

pub const STAFF_PASSWORD: &str = "Back-Office-2026";

/// The 6-digit TOTP code of base32 `secret` at unix time `time` (as an authenticator app).
pub fn totp_code(secret: &str, time: u64) -> String {
    let secret = totp_rs::Secret::try_from_base32(secret).unwrap();
    totp_rs::Builder::new()
        .with_secret(secret)
        .with_account_name("test")
        .build()
        .unwrap()
        .generate(time)
        .to_string()
}

pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Waits, when the current 30-second step is about to end, for the next one: codes a test
/// computes then still name the step the server sees.
pub async fn fresh_step() {
    let into_step = unix_now() % 30;
    if into_step >= 25 {
        actix_web::rt::time::sleep(std::time::Duration::from_secs(31 - into_step)).await;
    }
}

impl TestApp {
    /// An account with `role` (`staff` or `admin`) and password [`STAFF_PASSWORD`], written
    /// straight to the database; with `totp`, an authenticator app already set up (its secret
    /// returned). Returns the user id and e-mail.
    pub fn staff_account(&self, role: &str, totp: bool) -> (i64, String, Option<String>) {
        use db::schema::{user_totp, users};
        use diesel::prelude::*;
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let email = format!("{role}{n}-{}@staff.example.in", std::process::id());
        let hash = accounts::PasswordHasher::new(4)
            .hash(STAFF_PASSWORD)
            .unwrap();
        let pool = self.database.pool();
        let mut conn = pool.get().unwrap();
        let id: i64 = diesel::insert_into(users::table)
            .values((
                users::name.eq(format!("Staff Member {n}")),
                users::email.eq(&email),
                users::password_hash.eq(hash),
                users::role.eq(role),
            ))
            .returning(users::id)
            .get_result(&mut conn)
            .unwrap();
        let secret = totp.then(|| {
            let secret = totp_rs::Secret::generate().to_base32();
            diesel::insert_into(user_totp::table)
                .values((
                    user_totp::user_id.eq(id),
                    user_totp::secret.eq(&secret),
                    user_totp::confirmed_at.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(&mut conn)
                .unwrap();
            secret
        });
        (id, email, secret)
    }

    /// Signs `email` in with [`STAFF_PASSWORD`] and the current code of `secret`; asserts both
    /// steps succeed.
    pub async fn staff_sign_in(&self, email: &str, secret: &str) {
        let (status, body) = self
            .post(
                "/api/login",
                serde_json::json!({"email": email, "password": STAFF_PASSWORD}),
            )
            .await;
        assert_eq!(status, 202, "{}: {body}", self.name());
        let code = totp_code(secret, unix_now());
        let (status, body) = self
            .post("/api/login/two-factor", serde_json::json!({"code": code}))
            .await;
        assert_eq!(status, 200, "{}: {body}", self.name());
    }

    /// A member of the back office with `role` (`staff`, `admin`, `packer`, `accountant`) in
    /// their own browser, signed in with both factors.
    pub async fn signed_in_staff(&self, role: &str) -> StaffClient {
        let (user_id, email, secret) = self.staff_account(role, true);
        let secret = secret.unwrap();
        let app = self.another_shopper().await;
        app.staff_sign_in(&email, &secret).await;
        StaffClient {
            app,
            user_id,
            email,
        }
    }

    /// A member of staff in their own browser, signed in with both factors.
    pub async fn with_staff(&self) -> StaffClient {
        self.signed_in_staff("staff").await
    }

    /// An admin in their own browser, signed in with both factors.
    pub async fn with_admin(&self) -> StaffClient {
        self.signed_in_staff("admin").await
    }

    /// How many rows `table` holds.
    pub fn count_rows(&self, table: &str) -> i64 {
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let pool = self.database.pool();
        diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}"))
            .get_result::<Count>(&mut pool.get().unwrap())
            .unwrap()
            .n
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

/// The demo shop on each database, with its shop profile changed by `edit`.
pub async fn spawn_apps_with_profile(edit: impl Fn(&mut serde_json::Value)) -> Vec<TestApp> {
    let mut profile: serde_json::Value =
        serde_json::from_str(include_str!("../../shop-profile.demo.json")).unwrap();
    edit(&mut profile);
    let mut apps = Vec::new();
    for database in test_databases() {
        let app = TestApp::spawn_with(database, |config| {
            // Beside the app's mail folder, in its own temporary folder.
            let path = config.mail_dir.with_file_name("shop-profile.json");
            std::fs::write(&path, profile.to_string()).unwrap();
            config.shop_profile = Some(path);
        })
        .await;
        apps.push(app);
    }
    apps
}
