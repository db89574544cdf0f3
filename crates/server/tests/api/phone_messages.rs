//! Order news on the customer's phone, through the real app on both databases, with WhatsApp
//! played by `provider_sim` (Meta's request and answer shapes): only after the shopper's yes at
//! checkout, in the language of their order, each event its template with its variables in
//! order and the order's page on the button; tried again while the provider answers 500, and
//! sent once.

use std::time::Duration;

use messaging::WhatsAppConfig;
use provider_sim::{ProviderSim, Received, SimConfig};
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product};
use crate::helpers::TestApp;
use server::config::phone::{PhoneChannel, PhoneConfig};

async fn shop_with_whatsapp(database: db::testing::TestDatabase, sim: &ProviderSim) -> TestApp {
    let sim_config = SimConfig::default();
    let mut whatsapp = WhatsAppConfig::new(
        sim_config.phone_number_id,
        sim_config.whatsapp_token,
        sim_config.app_secret,
        "a-verify-token-for-the-tests",
    );
    whatsapp.base_url = sim.url();
    whatsapp.timeout = Duration::from_secs(2);
    TestApp::spawn_with(database, |config| {
        config.phone = PhoneConfig {
            channel: PhoneChannel::WhatsApp(whatsapp),
            calling_codes: vec![91],
            sign_in_codes_per_hour: 300,
            msg91_webhook_secret: None,
        };
    })
    .await
}

/// A shopper reading `language` orders one knife by cash on delivery, answering `updates` to
/// "order updates on WhatsApp".
async fn order_in(app: &TestApp, language: &str, updates: Option<bool>) -> Value {
    let shopper = app.shopper_reading(language).await;
    let id = product(app, "banana-bunch-knife").await["id"].clone();
    let (status, body) = shopper
        .post("/api/cart/add", json!({"product_id": id, "quantity": 1}))
        .await;
    assert_eq!(status, 200, "{body}");
    let mut body = order_body("Kerala", "cod");
    body["contact"]["email"] = Value::Null;
    if let Some(updates) = updates {
        body["order_updates_on_phone"] = json!(updates);
    }
    let (status, order, _) = checkout(&shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    order
}

/// Waits (up to 15 s) until the simulator holds `count` messages.
async fn received(sim: &ProviderSim, count: usize) -> Vec<Received> {
    for _ in 0..150 {
        if sim.received().len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sim.received()
}

#[actix_web::test]
async fn a_farmer_who_said_yes_follows_her_order_on_whatsapp_in_malayalam() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop_with_whatsapp(database, &sim).await;
        let name = app.name();
        // The provider is down for the first two tries: the message waits and goes once.
        sim.fail_next(500, 2);
        let order = order_in(&app, "ml", Some(true)).await;
        let number = order["number"].as_str().unwrap();
        let uuid = order["uuid"].as_str().unwrap();
        // The outbox's retry waits 30 s, then 1 min: bring them forward.
        let placed = {
            let mut found = Vec::new();
            for _ in 0..100 {
                found = sim.received();
                if !found.is_empty() {
                    break;
                }
                due_now(&app);
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
            found
        };
        assert_eq!(placed.len(), 1, "{name}: {placed:?}");
        let placed = &placed[0];
        assert_eq!(placed.to, "919847012345", "{name}");
        assert_eq!(placed.template, "order_placed");
        assert_eq!(placed.language.as_deref(), Some("ml"));
        let rupees = order["totals"]["total"].as_f64().unwrap();
        let total = pricing::format_inr(pricing::Paise::new((rupees * 100.0).round() as i64));
        assert_eq!(
            placed.variables,
            ["Anitha Joseph", number, &total].map(str::to_owned),
            "{name}"
        );
        // The button opens her order by a signed link, without signing in.
        assert_eq!(placed.buttons.len(), 1, "{name}");
        assert!(
            placed.buttons[0].starts_with(&format!("ml/view-order/{uuid}?key=")),
            "{name}: {:?}",
            placed.buttons
        );
        assert!(sim.attempts() >= 3, "{name}: the 500s were not tried again");

        let staff = app.with_staff().await;
        for (body, template) in [
            (json!({"status": "confirmed"}), "order_confirmed"),
            (
                json!({"status": "shipped", "carrier": "India Post", "tracking_number": "EK123456789IN"}),
                "order_shipped",
            ),
            (json!({"status": "delivered"}), "order_delivered"),
        ] {
            let (status, moved) = staff
                .post(&format!("/api/admin/orders/{number}/status"), body)
                .await;
            assert_eq!(status, 200, "{name}: {moved}");
            let all = received(&sim, sim.received().len() + 1).await;
            let last = all.last().unwrap();
            assert_eq!(last.template, template, "{name}: {all:?}");
            assert_eq!(last.language.as_deref(), Some("ml"));
            if template == "order_shipped" {
                assert_eq!(
                    last.variables,
                    [
                        "Anitha Joseph",
                        number,
                        "India Post",
                        "EK123456789IN",
                        "https://track.example.in/india-post?number=EK123456789IN"
                    ]
                    .map(str::to_owned)
                );
            }
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let templates: Vec<String> = sim.received().into_iter().map(|r| r.template).collect();
        assert_eq!(
            templates,
            [
                "order_placed",
                "order_confirmed",
                "order_shipped",
                "order_delivered"
            ],
            "{name}: each message once"
        );
        // What she read, as the outbox keeps it: in Malayalam, with her order's link.
        let texts = phone_texts(&app);
        assert!(
            texts[0].starts_with("നമസ്കാരം Anitha Joseph"),
            "{name}: {texts:?}"
        );
        assert!(
            texts[0].contains(&format!("/ml/view-order/{uuid}")),
            "{texts:?}"
        );
    }
}

#[actix_web::test]
async fn no_yes_no_order_updates_on_the_phone() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop_with_whatsapp(database, &sim).await;
        let name = app.name();
        order_in(&app, "en", None).await;
        order_in(&app, "en", Some(false)).await;
        tokio::time::sleep(Duration::from_millis(2500)).await;
        assert!(sim.received().is_empty(), "{name}: {:?}", sim.received());
        assert!(phone_texts(&app).is_empty(), "{name}");
        // A yes on the next order reaches the same number.
        order_in(&app, "en", Some(true)).await;
        let sent = received(&sim, 1).await;
        assert_eq!(sent.len(), 1, "{name}");
        assert_eq!(sent[0].language.as_deref(), Some("en"));
    }
}

/// Makes every waiting phone message due at once.
fn due_now(app: &TestApp) {
    use db::schema::outbox::dsl::*;
    use diesel::prelude::*;
    diesel::update(outbox.filter(channel.eq("phone")).filter(sent_at.is_null()))
        .set((
            next_attempt_at.eq(chrono::Utc::now().naive_utc()),
            claimed_until.eq(None::<chrono::NaiveDateTime>),
        ))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
}

/// The phone messages' texts, oldest first.
fn phone_texts(app: &TestApp) -> Vec<String> {
    use db::schema::outbox::dsl::*;
    use diesel::prelude::*;
    outbox
        .filter(channel.eq("phone"))
        .order(id)
        .select(text_body)
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}
