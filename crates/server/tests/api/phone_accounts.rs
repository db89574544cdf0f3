//! Accounts by mobile number, through the real app on both databases: registering with a name
//! and a mobile number, signing in with a code sent to the phone (6 digits, 5 minutes, once, 5
//! tries) or with a password, the same answer for every number (unknown, capped, foreign, staff),
//! and guest orders joining the account when its number is verified. The codes are read where
//! the test configuration's file channel takes them from: the outbox's phone rows.

use chrono::{Duration, Utc};
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps};

const FARMER: &str = "+919847011111";
const ANSWER: &str = "If this number has an account, we have sent it a code.";

/// The codes queued for `phone`, oldest first: (template, language, the code, the text).
fn codes_to(app: &TestApp, phone: &str) -> Vec<(String, String, String, String)> {
    use db::schema::outbox;
    let pool = app.database.pool();
    let rows: Vec<(String, Option<String>, String)> = outbox::table
        .filter(outbox::channel.eq("phone"))
        .filter(outbox::to_address.eq(phone))
        .order(outbox::id)
        .select((outbox::subject, outbox::payload, outbox::text_body))
        .load(&mut pool.get().unwrap())
        .unwrap();
    rows.into_iter()
        .map(|(template, payload, text)| {
            let payload: Value = serde_json::from_str(&payload.unwrap()).unwrap();
            (
                template,
                payload["language"].as_str().unwrap().to_owned(),
                payload["variables"][0].as_str().unwrap().to_owned(),
                text,
            )
        })
        .collect()
}

fn last_code(app: &TestApp, phone: &str) -> String {
    codes_to(app, phone)
        .last()
        .expect("a code was sent")
        .2
        .clone()
}

fn phone_messages(app: &TestApp) -> i64 {
    use db::schema::outbox;
    let pool = app.database.pool();
    outbox::table
        .filter(outbox::channel.eq("phone"))
        .count()
        .get_result(&mut pool.get().unwrap())
        .unwrap()
}

/// A shopper of their own registered with a name and `phone` only (and so signed in).
async fn farmer(app: &TestApp, phone: &str) -> (TestApp, Value) {
    let shopper = app.shopper_reading("ml").await;
    let (status, body) = shopper
        .post(
            "/api/register",
            json!({"name": "Lakshmi Amma", "phone": phone}),
        )
        .await;
    assert_eq!(status, 201, "{}: {body}", app.name());
    (shopper, body["user"].clone())
}

async fn request_code(app: &TestApp, phone: &str) -> (u16, Value) {
    app.post("/api/login/code-request", json!({"phone": phone}))
        .await
}

async fn sign_in_with(app: &TestApp, phone: &str, code: &str) -> (u16, Value) {
    app.post("/api/login/code", json!({"phone": phone, "code": code}))
        .await
}

/// As if a minute had passed for the client limits (every test client is 127.0.0.1, and the
/// limit on codes tried is 5 a minute per client address).
fn a_minute_later(app: &TestApp) {
    use db::schema::rate_limits;
    let pool = app.database.pool();
    diesel::delete(rate_limits::table)
        .execute(&mut pool.get().unwrap())
        .unwrap();
}

/// A code other than `code`.
fn wrong(code: &str) -> String {
    let n: u32 = code.parse().unwrap();
    format!("{:06}", (n + 1) % 1_000_000)
}

#[actix_web::test]
async fn a_farmer_registers_with_her_mobile_alone_and_signs_in_with_a_code() {
    for app in spawn_apps().await {
        let name = app.name();
        let (shopper, user) = farmer(&app, "98470 11111").await;
        assert_eq!(user["phone"], FARMER, "{name}: {user}");
        assert_eq!(user["email"], Value::Null);
        assert_eq!(user["phone_verified_at"], Value::Null);
        assert_eq!(user["has_password"], false);
        assert_eq!(user["order_updates_on_phone"], false);
        // The code to verify her number is on its way, in the language she registered in.
        let sent = codes_to(&app, FARMER);
        assert_eq!(sent.len(), 1, "{name}: {sent:?}");
        let (template, language, code, text) = &sent[0];
        assert_eq!(
            (template.as_str(), language.as_str()),
            ("sign_in_code", "ml")
        );
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        assert!(
            text.contains(code.as_str()) && text.contains("കോഡ്"),
            "{text}"
        );
        assert!(!text.contains("http"), "a code carries no link: {text}");
        assert!(app.outbox().is_empty(), "{name}: no mail to nobody");

        // Signed out, she asks for a code and signs in with it.
        assert_eq!(shopper.post("/api/logout", json!({})).await.0, 204);
        shopper.csrf().await;
        let (status, body) = request_code(&shopper, "+91 98470-11111").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                202,
                Some("ഈ നമ്പറിൽ അക്കൗണ്ട് ഉണ്ടെങ്കിൽ, അതിലേക്ക് ഒരു കോഡ് അയച്ചിട്ടുണ്ട്.")
            ),
            "{name}: {body}"
        );
        let code = last_code(&app, FARMER);
        let (status, body) = sign_in_with(&shopper, "98470 11111", &code).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["id"], user["id"]);
        assert!(
            body["user"]["phone_verified_at"].is_string(),
            "{name}: the code verified the number"
        );
        let (status, me) = shopper.get_json("/api/user").await;
        assert_eq!((status, &me["phone"]), (200, &json!(FARMER)));

        // A used code fails.
        shopper.post("/api/logout", json!({})).await;
        shopper.csrf().await;
        let (status, body) = sign_in_with(&shopper, FARMER, &code).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["code"][0],
            "കോഡ് തെറ്റാണ്, അല്ലെങ്കിൽ അതിന്റെ സമയം കഴിഞ്ഞു."
        );
    }
}

#[actix_web::test]
async fn a_code_dies_after_five_wrong_tries_and_when_it_expires() {
    for app in spawn_apps().await {
        let name = app.name();
        farmer(&app, FARMER).await;
        let visitor = app.another_shopper().await;
        assert_eq!(request_code(&visitor, FARMER).await.0, 202);
        let code = last_code(&app, FARMER);
        for _ in 0..4 {
            let (status, body) = sign_in_with(&visitor, FARMER, &wrong(&code)).await;
            assert_eq!(status, 422, "{name}: {body}");
            assert_eq!(body["message"], "The code is wrong or has expired.");
        }
        // The fifth wrong try kills it: the right code then fails too.
        assert_eq!(sign_in_with(&visitor, FARMER, &wrong(&code)).await.0, 422);
        let (status, body) = sign_in_with(&visitor, FARMER, &code).await;
        assert_eq!(status, 429, "{name}: the client's limit: {body}");
        a_minute_later(&app);
        let other = app.another_shopper().await;
        let (status, body) = sign_in_with(&other, FARMER, &code).await;
        assert_eq!(status, 422, "{name}: a dead code: {body}");

        // An expired code fails.
        let third = app.another_shopper().await;
        assert_eq!(request_code(&third, FARMER).await.0, 202);
        let code = last_code(&app, FARMER);
        {
            use db::schema::phone_codes;
            let pool = app.database.pool();
            let past = Utc::now().naive_utc() - Duration::minutes(6);
            diesel::update(phone_codes::table.filter(phone_codes::used_at.is_null()))
                .set((
                    phone_codes::created_at.eq(past),
                    phone_codes::expires_at.eq(past + Duration::minutes(5)),
                ))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        let (status, body) = sign_in_with(&third, FARMER, &code).await;
        assert_eq!(status, 422, "{name}: an expired code: {body}");
        assert_eq!(
            body["errors"]["code"][0],
            "The code is wrong or has expired."
        );
    }
}

#[actix_web::test]
async fn every_number_gets_the_same_answer_and_only_a_customer_gets_a_code() {
    for app in spawn_apps().await {
        let name = app.name();
        farmer(&app, FARMER).await;
        let visitor = app.another_shopper().await;
        let before = phone_messages(&app);
        let known = request_code(&visitor, FARMER).await;
        assert_eq!(known.0, 202, "{name}");
        assert_eq!(known.1["message"], ANSWER);
        assert_eq!(phone_messages(&app), before + 1);

        // Unknown, foreign (the shop sends to India only), a staff member's: the same answer,
        // nothing queued.
        let (staff_id, _, _) = app.staff_account("staff", true);
        {
            use db::schema::users;
            let pool = app.database.pool();
            diesel::update(users::table.find(staff_id))
                .set((
                    users::phone.eq("+919847033333"),
                    users::phone_verified_at.eq(Utc::now().naive_utc()),
                ))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        for number in ["+91 98470 22222", "+971 50 123 4567", "+91 98470 33333"] {
            let answer = request_code(&visitor, number).await;
            assert_eq!(answer, known, "{name}: {number}");
        }
        assert_eq!(
            phone_messages(&app),
            before + 1,
            "{name}: nothing more queued"
        );
        // Nor can a staff account sign in with a code or by its number.
        let (status, _) = sign_in_with(&visitor, "+919847033333", "000000").await;
        assert_eq!(status, 422);
        let (status, body) = visitor
            .post(
                "/api/login",
                json!({"phone": "+919847033333", "password": crate::helpers::STAFF_PASSWORD}),
            )
            .await;
        assert_eq!(status, 422, "{name}: staff sign in by e-mail only: {body}");
        assert_eq!(
            body["errors"]["phone"][0],
            "These credentials do not match our records."
        );

        // A number that is not a number is a 422.
        let (status, body) = request_code(&visitor, "98470 abc").await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["phone"].is_array());
    }
}

#[actix_web::test]
async fn each_cap_refuses_with_the_answer_of_success_and_sends_nothing() {
    for database in db::testing::test_databases() {
        let app = TestApp::spawn_with(database, |config| {
            config.phone.sign_in_codes_per_hour = 6;
        })
        .await;
        let name = app.name();
        // Registering sent the first code to each number.
        farmer(&app, FARMER).await;
        farmer(&app, "+919847044444").await;
        let visitor = app.another_shopper().await;
        let known = request_code(&visitor, FARMER).await;
        assert_eq!(known.0, 202);
        // Per number and purpose: 3 sign-in codes in 15 minutes (the verification code sent at
        // registering counts apart, so strangers asking sign-in codes cannot spend it).
        assert_eq!(request_code(&visitor, FARMER).await.0, 202);
        assert_eq!(request_code(&visitor, FARMER).await.0, 202);
        assert_eq!(codes_to(&app, FARMER).len(), 4, "{name}");
        let before = phone_messages(&app);
        assert_eq!(request_code(&visitor, FARMER).await, known, "{name}");
        assert_eq!(phone_messages(&app), before, "{name}: per number");

        // Per client address: 10 an hour (the other codes of this hour are from elsewhere).
        {
            use db::schema::phone_codes;
            let pool = app.database.pool();
            diesel::update(phone_codes::table)
                .set(phone_codes::client_address.eq("127.0.0.1"))
                .execute(&mut pool.get().unwrap())
                .unwrap();
            let now = Utc::now().naive_utc();
            for n in 0..6 {
                diesel::insert_into(phone_codes::table)
                    .values((
                        phone_codes::phone.eq(format!("+91984705555{n}")),
                        phone_codes::purpose.eq("sign_in"),
                        phone_codes::code_hash.eq("00"),
                        phone_codes::created_at.eq(now),
                        phone_codes::expires_at.eq(now),
                        phone_codes::client_address.eq("127.0.0.1"),
                    ))
                    .execute(&mut pool.get().unwrap())
                    .unwrap();
            }
        }
        assert_eq!(request_code(&visitor, "+919847044444").await, known);
        assert_eq!(phone_messages(&app), before, "{name}: per client address");

        // For the whole shop: SIGN_IN_CODES_PER_HOUR (6 here) whoever asks.
        {
            use db::schema::phone_codes;
            let pool = app.database.pool();
            diesel::update(phone_codes::table)
                .set(phone_codes::client_address.eq("198.51.100.7"))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        assert_eq!(request_code(&visitor, "+919847044444").await, known);
        assert_eq!(phone_messages(&app), before, "{name}: for the shop");
    }
}

#[actix_web::test]
async fn a_guest_order_joins_the_account_when_its_number_is_verified() {
    for app in spawn_apps().await {
        let name = app.name();
        // A guest order placed with the number before there was an account.
        let guest = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let mut body = order_body("Kerala", "cod");
        body["contact"]["phone"] = json!("+91 98470 11111");
        body["contact"]["email"] = Value::Null;
        let (status, order, _) = checkout(&guest, &key(), body).await;
        assert_eq!(status, 201, "{name}: {order}");

        let (shopper, _) = farmer(&app, FARMER).await;
        let (_, orders) = shopper.get_json("/api/orders").await;
        assert_eq!(
            orders["data"].as_array().map(Vec::len),
            Some(0),
            "{name}: not before: {orders}"
        );
        let code = last_code(&app, FARMER);
        let (status, body) = shopper
            .post("/api/user/phone/verify", json!({"code": wrong(&code)}))
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let (status, body) = shopper
            .post("/api/user/phone/verify", json!({"code": code}))
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert!(body["user"]["phone_verified_at"].is_string());
        let (_, orders) = shopper.get_json("/api/orders").await;
        assert_eq!(
            orders["data"][0]["number"], order["number"],
            "{name}: {orders}"
        );

        // Verified, the number is taken for a new registration.
        let other = app.another_shopper().await;
        let (status, body) = other
            .post(
                "/api/register",
                json!({"name": "Someone Else", "phone": FARMER}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["phone"][0],
            "The phone has already been taken."
        );

        // Order news on the phone: her choice, kept for her number.
        let (status, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user/phone-updates",
                json!({"order_updates_on_phone": true}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["order_updates_on_phone"], true);
    }
}

#[actix_web::test]
async fn a_shopper_signs_in_by_mobile_number_and_password() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = app.another_shopper().await;
        let password = "Pepper-Vine-2026";
        let (status, body) = shopper
            .post(
                "/api/register",
                json!({"name": "Ravi Kumar", "phone": "+91 98470 66666", "email": null,
                       "password": password, "password_confirmation": password}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        assert_eq!(body["user"]["has_password"], true);
        let visitor = app.another_shopper().await;
        let (status, body) = visitor
            .post(
                "/api/login",
                json!({"phone": "98470 66666", "password": "wrong-password-1"}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["phone"][0],
            "These credentials do not match our records."
        );
        // An unknown number: the same answer.
        let (status, unknown) = visitor
            .post(
                "/api/login",
                json!({"phone": "98470 77777", "password": "wrong-password-1"}),
            )
            .await;
        assert_eq!((status, &unknown), (422, &body), "{name}");
        let (status, body) = visitor
            .post(
                "/api/login",
                json!({"phone": "98470 66666", "password": password}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["phone"], "+919847066666");
        // Both an address and a number: one of them, please.
        let (status, body) = visitor
            .post(
                "/api/login",
                json!({"email": "a@b.in", "phone": "98470 66666", "password": password}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["email"].is_array() && body["errors"]["phone"].is_array());
    }
}

#[actix_web::test]
async fn the_contact_form_takes_a_phone_or_an_e_mail() {
    for app in spawn_apps().await {
        let name = app.name();
        let visitor = app.another_shopper().await;
        let (status, body) = visitor
            .post(
                "/api/contact",
                json!({"name": "Ravi", "phone": "98470 12345", "message": "Please call me about a drip kit."}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let queued = app.outbox();
        assert_eq!(
            queued.len(),
            1,
            "{name}: only the shop's notice: {queued:?}"
        );
        assert_eq!(queued[0].0, app.state.shop.facts.email);
        assert!(queued[0].2.contains("+919847012345"), "{}", queued[0].2);

        let (status, body) = visitor
            .post(
                "/api/contact",
                json!({"name": "Ravi", "message": "Please call me about a drip kit."}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let wanted = json!(["Give a phone number or an e-mail address so we can answer."]);
        assert_eq!(body["errors"]["email"], wanted);
        assert_eq!(body["errors"]["phone"], wanted);
    }
}

/// A number proves nothing until a code to it comes back: whoever registered someone else's
/// number (or mistyped their own) loses the account to its holder, and cannot keep watching it;
/// an account with a password or an e-mail is never opened by a code to an unproved number; only
/// the proved owner of a number decides about its order news.
#[actix_web::test]
async fn an_unproved_number_opens_nothing_its_holder_does_not_then_own() {
    for app in spawn_apps().await {
        let name = app.name();
        // Someone registers with Lakshmi's number; the code goes to her phone, not to them.
        let (squatter, _) = farmer(&app, FARMER).await;
        assert_eq!(squatter.get_json("/api/user").await.0, 200, "{name}");
        // Lakshmi signs in with a code to her number: the account is now hers alone.
        let lakshmi = app.another_shopper().await;
        assert_eq!(request_code(&lakshmi, FARMER).await.0, 202);
        let (status, body) = sign_in_with(&lakshmi, FARMER, &last_code(&app, FARMER)).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(
            squatter.get_json("/api/user").await.0,
            401,
            "{name}: the registrant's session ended"
        );

        // An unproved number on an account with a password: a code never opens it.
        let other = "+919847066666";
        let shopper = app.shopper_reading("en").await;
        let (status, body) = shopper
            .post(
                "/api/register",
                json!({"name": "Ravi K", "phone": other, "password": "a-long-password-1",
                       "password_confirmation": "a-long-password-1"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let sent = codes_to(&app, other).len();
        let stranger = app.another_shopper().await;
        let (status, body) = request_code(&stranger, other).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (202, Some(ANSWER)),
            "{name}"
        );
        assert_eq!(
            codes_to(&app, other).len(),
            sent,
            "{name}: no sign-in code for it"
        );

        // Order news: an unproved number's owner is not the account, so its switch is refused;
        // a guest's untouched box at checkout does not withdraw what the number's owner chose.
        let (status, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user/phone-updates",
                json!({"order_updates_on_phone": true}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let (status, body) = lakshmi
            .send(
                reqwest::Method::PUT,
                "/api/user/phone-updates",
                json!({"order_updates_on_phone": true}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        let guest = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let mut order = order_body("Kerala", "cod");
        order["contact"]["phone"] = json!(FARMER);
        order["order_updates_on_phone"] = json!(false);
        let (status, body, _) = checkout(&guest, &key(), order).await;
        assert_eq!(status, 201, "{name}: {body}");
        let (_, user) = lakshmi.get_json("/api/user").await;
        assert_eq!(user["order_updates_on_phone"], true, "{name}: {user}");
    }
}
