//! The providers' webhooks through the real app on both databases: Meta's signature (a wrong one
//! is 401 and changes nothing), statuses on the desk's order timeline (never moving back), a
//! failed message's reason, a STOP reply withdrawing order updates, MSG91's delivery reports
//! behind their secret; the owner's alerts; and the desk's "Send on WhatsApp" text.

use std::time::Duration;

use messaging::WhatsAppConfig;
use provider_sim::{
    ProviderSim, SimConfig, StatusWebhook, sign_and_post, status_webhook, text_webhook,
};
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product};
use crate::helpers::TestApp;
use server::config::phone::{PhoneChannel, PhoneConfig};

const VERIFY_TOKEN: &str = "a-verify-token-for-the-tests";
const MSG91_SECRET: &str = "an-msg91-secret-of-thirty-chars";
const OWNER: &str = "+919447020072";

/// The demo shop with WhatsApp played by `sim`, MSG91's report secret, and the owner's alert
/// number when `owner` is given (in that language).
async fn shop(
    database: db::testing::TestDatabase,
    sim: &ProviderSim,
    owner: Option<&str>,
) -> TestApp {
    let sim_config = SimConfig::default();
    let mut whatsapp = WhatsAppConfig::new(
        sim_config.phone_number_id,
        sim_config.whatsapp_token,
        sim_config.app_secret,
        VERIFY_TOKEN,
    );
    whatsapp.base_url = sim.url();
    whatsapp.timeout = Duration::from_secs(2);
    let mut profile: Value =
        serde_json::from_str(include_str!("../../shop-profile.demo.json")).unwrap();
    if let Some(language) = owner {
        profile["alert_phone"] = json!(OWNER);
        profile["alert_language"] = json!(language);
    }
    TestApp::spawn_with(database, |config| {
        let path = config.mail_dir.with_file_name("shop-profile.json");
        std::fs::write(&path, profile.to_string()).unwrap();
        config.shop_profile = Some(path);
        config.phone = PhoneConfig {
            channel: PhoneChannel::WhatsApp(whatsapp),
            calling_codes: vec![91],
            msg91_webhook_secret: Some(MSG91_SECRET.into()),
            ..config.phone.clone()
        };
    })
    .await
}

/// A shopper reading `language` orders one knife by `payment`, saying yes to order updates.
async fn order_in(app: &TestApp, language: &str, payment: &str) -> Value {
    let shopper = app.shopper_reading(language).await;
    let id = product(app, "banana-bunch-knife").await["id"].clone();
    let (status, body) = shopper
        .post("/api/cart/add", json!({"product_id": id, "quantity": 1}))
        .await;
    assert_eq!(status, 200, "{body}");
    let mut body = order_body("Kerala", payment);
    body["order_updates_on_phone"] = json!(true);
    let (status, order, _) = checkout(&shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    order
}

/// The provider id of the first message the simulator took (waiting up to 15 s).
async fn first_provider_id(sim: &ProviderSim) -> String {
    for _ in 0..150 {
        if let Some(first) = sim.received().first() {
            return first.provider_id.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the simulator received nothing");
}

fn status(provider_id: &str, status: &str, error: Option<(i64, &str)>) -> Vec<u8> {
    let body = status_webhook(
        &SimConfig::default().phone_number_id,
        &StatusWebhook {
            provider_id: provider_id.into(),
            status: status.into(),
            recipient: "919847012345".into(),
            timestamp: chrono::Utc::now().timestamp(),
            error: error.map(|(code, title)| (code, title.to_owned())),
        },
    );
    body.to_string().into_bytes()
}

async fn post_signed(app: &TestApp, secret: &str, body: &[u8]) -> u16 {
    let url = format!("{}/api/webhooks/whatsapp", app.address);
    sign_and_post(&url, secret, body).await.unwrap()
}

/// The desk's phone messages of the order: (template, state, reason).
async fn desk_messages(staff: &TestApp, number: &str) -> Vec<(String, String, Value)> {
    let (code, order) = staff.get_json(&format!("/api/admin/orders/{number}")).await;
    assert_eq!(code, 200, "{order}");
    order["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["kind"] == "message" && entry["message"]["mail"] == false)
        .map(|entry| {
            let message = &entry["message"];
            (
                message["what"].as_str().unwrap().to_owned(),
                message["state"].as_str().unwrap().to_owned(),
                message["reason"].clone(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn only_meta_s_signature_moves_a_message_and_it_never_moves_back() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, None).await;
        let name = app.name();
        let order = order_in(&app, "en", "cod").await;
        let number = order["number"].as_str().unwrap();
        let wamid = first_provider_id(&sim).await;
        let staff = app.with_staff().await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(
            desk_messages(&staff, number).await,
            [("order_placed".into(), "sent".into(), Value::Null)],
            "{name}"
        );

        // Meta's check of the callback URL.
        let check = |token: &str| {
            format!(
                "{}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=1158201444",
                app.address
            )
        };
        let answer = app.client.get(check(VERIFY_TOKEN)).send().await.unwrap();
        assert_eq!(answer.status(), 200, "{name}");
        assert_eq!(answer.text().await.unwrap(), "1158201444");
        let answer = app.client.get(check("guessed")).send().await.unwrap();
        assert_eq!(answer.status(), 403, "{name}");

        // Signed with another secret, or not at all: 401, nothing changes.
        let read = status(&wamid, "read", None);
        assert_eq!(
            post_signed(&app, "not-the-app-secret", &read).await,
            401,
            "{name}"
        );
        let unsigned = app
            .client
            .post(format!("{}/api/webhooks/whatsapp", app.address))
            .header("content-type", "application/json")
            .body(read.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(unsigned.status(), 401, "{name}");
        assert_eq!(desk_messages(&staff, number).await[0].1, "sent", "{name}");

        // Read, then a late "delivered": read it stays.
        let secret = SimConfig::default().app_secret;
        assert_eq!(post_signed(&app, &secret, &read).await, 200, "{name}");
        let delivered = status(&wamid, "delivered", None);
        assert_eq!(post_signed(&app, &secret, &delivered).await, 200, "{name}");
        assert_eq!(desk_messages(&staff, number).await[0].1, "read", "{name}");

        // Ids that are not the shop's, and signed bodies it cannot read: 200, nothing else.
        let stranger = status("wamid.NOT-OURS", "delivered", None);
        assert_eq!(post_signed(&app, &secret, &stranger).await, 200, "{name}");
        for body in [&b"not json"[..], b"{\"entry\": 7}", b""] {
            assert_eq!(post_signed(&app, &secret, body).await, 200, "{name}");
        }
    }
}

#[actix_web::test]
async fn a_failed_message_shows_its_reason_and_stop_ends_order_updates() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, None).await;
        let name = app.name();
        let order = order_in(&app, "en", "cod").await;
        let number = order["number"].as_str().unwrap();
        let wamid = first_provider_id(&sim).await;
        let staff = app.with_staff().await;
        let secret = SimConfig::default().app_secret;

        let failed = status(&wamid, "failed", Some((131026, "Message undeliverable")));
        assert_eq!(post_signed(&app, &secret, &failed).await, 200, "{name}");
        let messages = desk_messages(&staff, number).await;
        assert_eq!(messages[0].1, "failed", "{name}: {messages:?}");
        let reason = messages[0].2.as_str().unwrap_or_default();
        assert!(
            reason.contains("131026") && reason.contains("undeliverable"),
            "{name}: {reason}"
        );

        // The customer replies " Stop ": her order updates end; the desk says so.
        let stop = text_webhook(
            &SimConfig::default().phone_number_id,
            "919847012345",
            " Stop ",
            1_700_000_000,
        );
        assert_eq!(
            post_signed(&app, &secret, stop.to_string().as_bytes()).await,
            200,
            "{name}"
        );
        let (_, desk) = staff.get_json(&format!("/api/admin/orders/{number}")).await;
        assert_eq!(
            desk["reach"]["phone_consent"], false,
            "{name}: {}",
            desk["reach"]
        );
        assert_eq!(desk["reach"]["phone_channel"], "whatsapp");
        let (code, moved) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "confirmed"}),
            )
            .await;
        assert_eq!(code, 200, "{name}: {moved}");
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let templates: Vec<String> = sim.received().into_iter().map(|r| r.template).collect();
        assert_eq!(templates, ["order_placed"], "{name}: nothing after STOP");
    }
}

#[actix_web::test]
async fn msg91_reports_come_with_the_secret_only() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, None).await;
        let name = app.name();
        // An SMS the shop sent earlier, as the outbox records it.
        {
            use db::schema::outbox::dsl::*;
            use diesel::prelude::*;
            let now = chrono::Utc::now().naive_utc();
            diesel::insert_into(outbox)
                .values((
                    channel.eq("phone"),
                    to_address.eq("+919847012345"),
                    subject.eq("order_placed"),
                    text_body.eq("Your order is placed."),
                    html_body.eq(""),
                    sent_at.eq(now),
                    sent_via.eq("sms"),
                    provider_id.eq("3365646f6b6c31"),
                    provider_status.eq("sent"),
                    provider_status_at.eq(now),
                ))
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        }
        let report = json!({"requestId": "3365646f6b6c31", "number": "919847012345", "status": "2", "desc": "Blocked by operator", "date": "2026-11-22 10:06:20"});
        let post = |secret: &str, body: String, kind: &'static str| {
            app.client
                .post(format!("{}/api/webhooks/msg91/{secret}", app.address))
                .header("content-type", kind)
                .body(body)
                .send()
        };
        let answer = post(
            "guessed-secret-guessed-secret-00",
            report.to_string(),
            "application/json",
        )
        .await
        .unwrap();
        assert_eq!(answer.status(), 401, "{name}");
        let answer = post(
            MSG91_SECRET,
            "{\"nothing\": true}".into(),
            "application/json",
        )
        .await
        .unwrap();
        assert_eq!(answer.status(), 400, "{name}");
        let answer = post(MSG91_SECRET, report.to_string(), "application/json")
            .await
            .unwrap();
        assert_eq!(answer.status(), 200, "{name}");
        let form = format!(
            "data={}",
            url_escape(&json!([{"requestId": "3365646f6b6c31", "report": [{"number": "919847012345", "status": "1", "desc": "DELIVERED", "date": "2026-11-22 10:07:00"}]}]).to_string())
        );
        let answer = post(MSG91_SECRET, form, "application/x-www-form-urlencoded")
            .await
            .unwrap();
        assert_eq!(answer.status(), 200, "{name}");
        use db::schema::outbox::dsl::*;
        use diesel::prelude::*;
        let (state, reason): (Option<String>, Option<String>) = outbox
            .filter(provider_id.eq("3365646f6b6c31"))
            .select((provider_status, last_error))
            .first(&mut app.database.pool().get().unwrap())
            .unwrap();
        // Failed, then delivered: a report the operator corrected.
        assert_eq!(state.as_deref(), Some("delivered"), "{name}");
        assert!(
            reason.unwrap_or_default().contains("Blocked by operator"),
            "{name}"
        );
    }
}

fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// The phone messages queued to the owner's number: their templates, oldest first.
fn owner_alerts(app: &TestApp) -> Vec<(String, String)> {
    use db::schema::outbox::dsl::*;
    use diesel::prelude::*;
    outbox
        .filter(channel.eq("phone"))
        .filter(to_address.eq(OWNER))
        .order(id)
        .select((subject, text_body))
        .load(&mut app.database.pool().get().unwrap())
        .unwrap()
}

#[actix_web::test]
async fn the_owner_hears_of_orders_contact_messages_and_payments_that_do_not_match() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, Some("ml")).await;
        let name = app.name();
        let order = order_in(&app, "en", "bank_transfer").await;
        let number = order["number"].as_str().unwrap();
        let alerts = owner_alerts(&app);
        assert_eq!(alerts.len(), 1, "{name}: {alerts:?}");
        assert_eq!(alerts[0].0, "owner_new_order");
        assert!(
            alerts[0].1.contains("പുതിയ ഓർഡർ") && alerts[0].1.contains(number),
            "{name}: {alerts:?}"
        );

        let (code, body) = app
            .another_shopper()
            .await
            .post("/api/contact", json!({"name": "Ravi Kumar", "email": "ravi@example.in", "message": "Do you stock cardamom dryers?"}))
            .await;
        assert_eq!(code, 201, "{name}: {body}");
        let alerts = owner_alerts(&app);
        assert_eq!(alerts.len(), 2, "{name}: {alerts:?}");
        assert_eq!(alerts[1].0, "owner_contact_message");
        assert!(alerts[1].1.contains("Ravi Kumar"), "{name}: {alerts:?}");

        // A transfer of another amount is refused, and the owner told.
        let staff = app.with_staff().await;
        let today = chrono::Utc::now().date_naive().to_string();
        let (code, body) = staff
            .post(
                &format!("/api/admin/orders/{number}/payments"),
                json!({"amount": 1, "paid_on": today, "reference": "412345678901"}),
            )
            .await;
        assert_eq!(code, 422, "{name}: {body}");
        let alerts = owner_alerts(&app);
        assert_eq!(alerts.len(), 3, "{name}: {alerts:?}");
        assert_eq!(alerts[2].0, "owner_payment_unmatched");
        assert!(
            alerts[2].1.contains(number) && alerts[2].1.contains("₹1.00"),
            "{name}: {alerts:?}"
        );
        // The owner's phone gets them: sent in Malayalam.
        for _ in 0..100 {
            if sim
                .received()
                .iter()
                .filter(|r| r.to == "919447020072")
                .count()
                == 3
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let to_owner: Vec<_> = sim
            .received()
            .into_iter()
            .filter(|r| r.to == "919447020072")
            .collect();
        assert_eq!(to_owner.len(), 3, "{name}: {to_owner:?}");
        assert!(
            to_owner.iter().all(|r| r.language.as_deref() == Some("ml")),
            "{name}"
        );
    }
}

#[actix_web::test]
async fn no_alert_number_no_alerts() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, None).await;
        order_in(&app, "en", "cod").await;
        let (code, _) = app
            .another_shopper()
            .await
            .post("/api/contact", json!({"name": "Ravi Kumar", "email": "ravi@example.in", "message": "Do you stock cardamom dryers?"}))
            .await;
        assert_eq!(code, 201);
        use db::schema::outbox::dsl::*;
        use diesel::prelude::*;
        let templates: Vec<String> = outbox
            .filter(channel.eq("phone"))
            .select(subject)
            .load(&mut app.database.pool().get().unwrap())
            .unwrap();
        assert_eq!(templates, ["order_placed"], "{}", app.name());
    }
}

#[actix_web::test]
async fn the_desk_s_whatsapp_link_writes_the_customer_s_message_in_her_language() {
    for database in db::testing::test_databases() {
        let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
        let app = shop(database, &sim, None).await;
        let name = app.name();
        let order = order_in(&app, "ml", "cod").await;
        let number = order["number"].as_str().unwrap();
        let uuid = order["uuid"].as_str().unwrap();
        let staff = app.with_staff().await;
        let (code, moved) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "shipped", "carrier": "India Post", "tracking_number": "EK123456789IN"}),
            )
            .await;
        assert_eq!(code, 200, "{name}: {moved}");
        let link = |status: &str| -> String {
            moved["timeline"]
                .as_array()
                .unwrap()
                .iter()
                .find(|entry| entry["status"] == status)
                .and_then(|entry| entry["send_on_whatsapp"].as_str())
                .unwrap_or_else(|| panic!("{name}: no link for {status}: {moved}"))
                .to_owned()
        };
        let shipped = link("shipped");
        let (base, text) = shipped.split_once("?text=").unwrap();
        assert_eq!(base, "https://wa.me/919847012345", "{name}");
        let text = percent_decode(text);
        assert!(text.starts_with("നമസ്കാരം Anitha Joseph"), "{name}: {text}");
        assert!(
            text.contains("EK123456789IN") && text.contains("India Post"),
            "{name}: {text}"
        );
        assert!(
            text.contains(&format!("/ml/view-order/{uuid}")),
            "{name}: {text}"
        );
        // Invoiced when the order moved on: the invoice's link comes too.
        if moved["invoice"].is_object() {
            assert!(text.contains("#tax-invoice"), "{name}: {text}");
        }
        // The same words the phone channel sent.
        let sent = loop {
            if let Some(sent) = sim
                .received()
                .into_iter()
                .find(|r| r.template == "order_shipped")
            {
                break sent;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(sent.language.as_deref(), Some("ml"));
        assert!(percent_decode(link("placed").split_once("?text=").unwrap().1).contains(number));
        assert!(
            moved["timeline"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "message"),
            "{name}"
        );
        assert_eq!(
            moved["reach"],
            json!({"email": true, "phone_channel": "whatsapp", "phone_consent": true}),
            "{name}"
        );
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}
