//! A message's link opens its order without signing in, for 30 days (`/view-order/{uuid}?key=…`);
//! a shipped order's message links the carrier's tracking page (the shop profile's carriers); the
//! shop profile names the grievance officer the privacy notice points to. Both databases.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product};
use crate::helpers::{TestApp, spawn_apps_with_profile};
use server::config::phone::PhoneChannel;

/// The demo profile with one hand-made carrier, so the tests depend on no real carrier's address.
async fn shops() -> Vec<TestApp> {
    spawn_apps_with_profile(|profile| {
        profile["carriers"] = json!([{
            "name": "Hill Parcels",
            "tracking_url": "https://parcels.test.example/track/{tracking}?from=shop"
        }]);
        profile["grievance_officer"] = json!({
            "name": "Leela Varghese",
            "email": "privacy@shop.test.example",
            "phone": "+91 94470 11111"
        });
    })
    .await
}

/// `shopper` orders one knife by cash on delivery, saying yes to order updates on the phone.
async fn order(app: &TestApp, shopper: &TestApp) -> Value {
    let id = product(app, "banana-bunch-knife").await["id"].clone();
    let (status, body) = shopper
        .post("/api/cart/add", json!({"product_id": id, "quantity": 1}))
        .await;
    assert_eq!(status, 200, "{body}");
    let mut body = order_body("Kerala", "cod");
    body["order_updates_on_phone"] = json!(true);
    let (status, order, _) = checkout(shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    order
}

/// The key in the link to order `uuid` that the phone messages queued so far carry.
fn key_in_messages(app: &TestApp, uuid: &str) -> String {
    use db::schema::outbox::dsl::*;
    use diesel::prelude::*;
    let texts: Vec<String> = outbox
        .filter(channel.eq("phone"))
        .select(text_body)
        .load(&mut app.database.pool().get().unwrap())
        .unwrap();
    let start = format!("/view-order/{uuid}?key=");
    texts
        .iter()
        .find_map(|text| {
            let at = text.find(&start)? + start.len();
            Some(text[at..].split_whitespace().next()?.to_owned())
        })
        .unwrap_or_else(|| panic!("no link to {uuid} in {texts:?}"))
}

async fn order_status(visitor: &TestApp, uuid: &str, key: Option<&str>) -> (u16, Value) {
    let path = match key {
        Some(key) => format!("/api/orders/{uuid}?key={key}"),
        None => format!("/api/orders/{uuid}"),
    };
    visitor.get_json(&path).await
}

#[actix_web::test]
async fn a_messages_link_opens_an_accounts_order_without_signing_in_until_it_expires() {
    for app in shops().await {
        let name = app.name();
        let shopper = app.another_shopper().await;
        shopper.register("anitha@example.in").await;
        let first = order(&app, &shopper).await;
        let second = order(&app, &shopper).await;
        let uuid = first["uuid"].as_str().unwrap();
        let other_uuid = second["uuid"].as_str().unwrap();
        let link_key = key_in_messages(&app, uuid);

        // Another phone, signed in nowhere.
        let stranger = app.another_shopper().await;
        assert_eq!(order_status(&stranger, uuid, None).await.0, 404, "{name}");
        let (status, opened) = order_status(&stranger, uuid, Some(&link_key)).await;
        assert_eq!(status, 200, "{name}: {opened}");
        assert_eq!(opened["number"], first["number"], "{name}");
        let response = stranger
            .get(&format!("/api/orders/{uuid}?key={link_key}"))
            .await;
        assert_eq!(
            response.headers()["cache-control"],
            "no-store",
            "{name}: a keyed answer is never kept"
        );

        // A changed key, the other order's key, a key past its expiry: as if there were none.
        let last = link_key.chars().last().unwrap();
        let changed = format!(
            "{}{}",
            &link_key[..link_key.len() - 1],
            if last == '0' { '1' } else { '0' }
        );
        let others = key_in_messages(&app, other_uuid);
        let links = &app.state.mail.order_links;
        let now = chrono::Utc::now().timestamp();
        let expired = links.sign(uuid, now - 1);
        let later = links.sign(uuid, now + 3600);
        for (what, wrong) in [
            ("changed", changed.as_str()),
            ("another order's", &others),
            ("expired", &expired),
            ("empty", ""),
        ] {
            let (status, body) = order_status(&stranger, uuid, Some(wrong)).await;
            assert_eq!(status, 404, "{name}: a {what} key: {body}");
            assert_eq!(body["message"], "Order not found.", "{name}: {what}");
        }
        // The same signature, still valid, opens it: the expiry alone closed it above.
        assert_eq!(order_status(&stranger, uuid, Some(&later)).await.0, 200);
        // Its owner still opens it without a key.
        assert_eq!(order_status(&shopper, uuid, None).await.0, 200, "{name}");

        // The page the link opens is the app's shell: no order, no key in it.
        let page = stranger
            .get(&format!("/view-order/{uuid}?key={link_key}"))
            .await;
        assert_eq!(page.status(), 200, "{name}");
        let html = page.text().await.unwrap();
        let number = first["number"].as_str().unwrap();
        assert!(
            !html.contains(number) && !html.contains(&link_key),
            "{name}: {html}"
        );
    }
}

/// The messages the file channel has written so far.
fn written_messages(dir: &Path) -> Vec<Value> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| serde_json::from_str::<Value>(&std::fs::read_to_string(path).unwrap()).unwrap())
        .map(|file| file["message"].clone())
        .collect()
}

async fn shipped_message(dir: &Path) -> Value {
    for _ in 0..150 {
        if let Some(found) = written_messages(dir)
            .into_iter()
            .find(|m| m["template"] == "order_shipped")
        {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no shipped message in {}", dir.display());
}

#[actix_web::test]
async fn a_shipped_orders_message_links_the_carriers_tracking_page() {
    for app in shops().await {
        let name = app.name();
        let PhoneChannel::Files(dir) = &app.config.phone.channel else {
            panic!("the tests write phone messages to files");
        };
        let shopper = app.another_shopper().await;
        let placed = order(&app, &shopper).await;
        let number = placed["number"].as_str().unwrap();
        let uuid = placed["uuid"].as_str().unwrap();
        let staff = app.with_staff().await;
        let (status, moved) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "shipped", "carrier": "hill parcels", "tracking_number": "hp 1234 5678"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {moved}");
        let link = "https://parcels.test.example/track/HP12345678?from=shop";

        let message = shipped_message(dir).await;
        assert_eq!(
            message["variables"],
            json!(["Anitha Joseph", number, "hill parcels", "HP12345678", link]),
            "{name}"
        );
        assert!(
            message["text"].as_str().unwrap().contains(link),
            "{name}: {message}"
        );

        // Her order's page and the shipped mail give the same link.
        let (_, seen) = shopper.get_json(&format!("/api/orders/{uuid}")).await;
        assert_eq!(seen["tracking_url"], link, "{name}");
        assert_eq!(seen["tracking_number"], "HP12345678", "{name}");
        let mails = app.outbox();
        let shipped_mail = mails
            .iter()
            .find(|(_, subject, _, _)| subject.contains("shipped"))
            .unwrap_or_else(|| panic!("{name}: no shipped mail in {mails:?}"));
        assert!(shipped_mail.2.contains(link), "{name}: {}", shipped_mail.2);
    }
}

#[actix_web::test]
async fn a_carrier_the_profile_does_not_list_ships_without_a_tracking_link() {
    for app in shops().await {
        let name = app.name();
        let shopper = app.another_shopper().await;
        let placed = order(&app, &shopper).await;
        let number = placed["number"].as_str().unwrap();
        let uuid = placed["uuid"].as_str().unwrap();
        let staff = app.with_staff().await;
        let (status, moved) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "shipped", "carrier": "Village Van", "tracking_number": "VV-77"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {moved}");
        let (_, seen) = shopper.get_json(&format!("/api/orders/{uuid}")).await;
        assert_eq!(seen["tracking_url"], Value::Null, "{name}");
        assert_eq!(seen["carrier"], "Village Van", "{name}");
    }
}

#[actix_web::test]
async fn the_shop_names_its_grievance_officer_and_notice_version() {
    for app in shops().await {
        let (status, shop) = app.get_json("/api/shop").await;
        assert_eq!(status, 200, "{}", app.name());
        assert_eq!(
            shop["grievance_officer"],
            json!({"name": "Leela Varghese", "email": "privacy@shop.test.example", "phone": "+91 94470 11111"})
        );
        assert_eq!(
            shop["privacy_notice_version"],
            orders::order::consent::NOTICE_VERSION
        );
        assert_eq!(shop["carriers"][0]["name"], "Hill Parcels");
    }
}
