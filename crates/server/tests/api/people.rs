//! The people desk: every customer (accounts and guests merged by phone and e-mail), staff's
//! note, and a person's rights under the DPDP Act 2023 (a copy of their data; erasure that keeps
//! the invoice's legal details). Each test runs on every database under test.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, shopper_with_cart};
use crate::helpers::{TestApp, spawn_apps};

/// A guest (or `user`'s) order written straight to the database, placed `days_ago`.
fn order(
    app: &TestApp,
    (name, email, phone): (&str, Option<&str>, &str),
    status: &str,
    total_paise: i64,
    days_ago: i64,
    user: Option<i64>,
) -> String {
    use db::schema::orders;
    let uuid = uuid::Uuid::new_v4().to_string();
    let number = format!("P-{}", &uuid[..8]);
    let at = Utc::now().naive_utc() - Duration::days(days_ago);
    diesel::insert_into(orders::table)
        .values((
            orders::uuid.eq(&uuid),
            orders::number.eq(&number),
            orders::user_id.eq(user),
            orders::status.eq(status),
            orders::payment_method.eq("cod"),
            orders::contact_name.eq(name),
            orders::contact_email.eq(email),
            orders::contact_phone.eq(phone),
            orders::shipping_address.eq("{}"),
            orders::billing_address.eq("{}"),
            orders::place_of_supply.eq("Kerala"),
            orders::item_count.eq(1),
            orders::subtotal_paise.eq(total_paise),
            orders::tax_paise.eq(0_i64),
            orders::cgst_paise.eq(0_i64),
            orders::sgst_paise.eq(0_i64),
            orders::igst_paise.eq(0_i64),
            orders::shipping_paise.eq(0_i64),
            orders::total_paise.eq(total_paise),
            orders::seller.eq("{}"),
            orders::created_at.eq(at),
            orders::updated_at.eq(at),
        ))
        .execute(&mut app.database.pool().get().unwrap())
        .unwrap();
    number
}

/// A shopper account written straight to the database; `verified` marks its e-mail and phone
/// as proved.
fn account(app: &TestApp, name: &str, email: &str, phone: &str, verified: bool) -> i64 {
    use db::schema::users;
    let at: Option<NaiveDateTime> = verified.then(|| Utc::now().naive_utc() - Duration::days(30));
    diesel::insert_into(users::table)
        .values((
            users::name.eq(name),
            users::email.eq(email),
            users::phone.eq(phone),
            users::role.eq("customer"),
            users::email_verified_at.eq(at),
            users::phone_verified_at.eq(at),
            users::created_at.eq(Utc::now().naive_utc() - Duration::days(60)),
        ))
        .returning(users::id)
        .get_result(&mut app.database.pool().get().unwrap())
        .unwrap()
}

fn row<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|person| person["name"] == name)
        .unwrap_or_else(|| panic!("{name} not in {page}"))
}

fn names(page: &Value) -> Vec<String> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|person| person["name"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn guests_are_customers_merged_by_phone_and_email_and_verified_accounts_take_theirs_up() {
    for app in spawn_apps().await {
        let name = app.name();
        // Anu's account has a verified e-mail: her guest order with it (in other capitals)
        // shows on her page. Ravi's number is not verified: a guest order with it stays a guest.
        let anu = account(
            &app,
            "Anu Varghese",
            "anu@example.in",
            "+919847000001",
            true,
        );
        let ravi = account(
            &app,
            "Ravi Kumar",
            "ravi@example.in",
            "+919447000002",
            false,
        );
        order(
            &app,
            ("Anu V", Some("ANU@Example.in"), "+919000000009"),
            "delivered",
            48_000,
            20,
            None,
        );
        order(
            &app,
            ("Anu Varghese", None, "+919847000001"),
            "shipped",
            52_000,
            3,
            Some(anu),
        );
        order(
            &app,
            ("R Kumar", None, "+919447000002"),
            "placed",
            10_000,
            4,
            None,
        );
        // Three guest orders joined by a shared phone and a shared e-mail: one guest, Meera.
        // The cancelled one counts as an order but not in what she spent.
        order(
            &app,
            ("Meera", Some("meera@estate.in"), "+919496000003"),
            "delivered",
            100_000,
            10,
            None,
        );
        order(
            &app,
            ("Meera P", None, "+919496000033"),
            "cancelled",
            7_000,
            6,
            None,
        );
        order(
            &app,
            ("Meera Pillai", Some("MEERA@estate.in"), "+919496000033"),
            "confirmed",
            25_050,
            2,
            None,
        );
        let staff = app.with_staff().await;

        let (status, all) = staff.get_json("/api/admin/customers").await;
        assert_eq!(status, 200, "{name}: {all}");
        assert_eq!(all["total"], 4, "{name}: {all}");
        // The latest buyer first; accounts without orders by when they joined (Ravi, last).
        assert_eq!(
            names(&all),
            ["Meera Pillai", "Anu Varghese", "R Kumar", "Ravi Kumar"],
            "{name}"
        );
        let meera = row(&all, "Meera Pillai");
        assert_eq!(meera["kind"], "guest", "{name}: {meera}");
        assert_eq!(meera["id"], Value::Null);
        assert_eq!(meera["order_count"], 3, "{name}: {meera}");
        assert_eq!(meera["total_spent"], 1250.5, "{name}: {meera}");
        assert_eq!(
            meera["email"], "MEERA@estate.in",
            "{name}: the latest e-mail"
        );
        assert_eq!(meera["phone"], "+919496000033");
        let key = meera["guest_key"].as_str().unwrap().to_owned();
        assert_eq!(key.len(), 24, "{name}: {key}");
        let anu_row = row(&all, "Anu Varghese");
        assert_eq!(
            (anu_row["kind"].clone(), anu_row["id"].clone()),
            (json!("account"), json!(anu))
        );
        assert_eq!(anu_row["order_count"], 2, "{name}: {anu_row}");
        assert_eq!(anu_row["total_spent"], 1000.0, "{name}: {anu_row}");
        let ravi_row = row(&all, "Ravi Kumar");
        assert_eq!(
            (ravi_row["id"].clone(), ravi_row["order_count"].clone()),
            (json!(ravi), json!(0))
        );
        assert_eq!(
            row(&all, "R Kumar")["kind"],
            "guest",
            "{name}: unverified numbers join nothing"
        );

        // Found by a name, an e-mail (any case) or the digits of a phone; paged.
        for (q, expected) in [
            ("pillai", vec!["Meera Pillai"]),
            ("meera@ESTATE", vec!["Meera Pillai"]),
            ("94960 00033", vec!["Meera Pillai"]),
            ("9447000002", vec!["R Kumar", "Ravi Kumar"]),
            ("nobody", vec![]),
        ] {
            let (status, found) = staff
                .get_json(&format!(
                    "/api/admin/customers?q={}",
                    q.replace(' ', "%20").replace('@', "%40")
                ))
                .await;
            assert_eq!(status, 200, "{name}: {q}: {found}");
            assert_eq!(names(&found), expected, "{name}: {q}");
        }
        let (_, second) = staff
            .get_json("/api/admin/customers?per_page=3&page=2")
            .await;
        assert_eq!(
            (names(&second), second["has_more"].clone()),
            (vec!["Ravi Kumar".to_owned()], json!(false)),
            "{name}"
        );

        // Anu's page lists her guest order too; the guest's page opens by its key.
        let (status, orders) = staff
            .get_json(&format!("/api/admin/customers/{anu}/orders"))
            .await;
        assert_eq!(
            (status, orders["total"].clone()),
            (200, json!(2)),
            "{name}: {orders}"
        );
        let (status, page) = staff.get_json(&format!("/api/admin/guests/{key}")).await;
        assert_eq!(status, 200, "{name}: {page}");
        assert_eq!(
            page["orders"].as_array().unwrap().len(),
            3,
            "{name}: {page}"
        );
        assert_eq!(
            page["orders"][0]["status"], "confirmed",
            "{name}: newest first"
        );
        for wrong in ["0123456789abcdef01234567", "not-a-key", "+919496000033"] {
            let (status, _) = staff.get_json(&format!("/api/admin/guests/{wrong}")).await;
            assert_eq!(status, 404, "{name}: {wrong}");
        }

        // A note on the guest and on the account, kept and audited; blank removes it.
        let (status, noted) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/guests/{key}/note"),
                json!({"note": "Pays by UPI; calls after 6 pm."}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {noted}");
        assert_eq!(noted["note"], "Pays by UPI; calls after 6 pm.");
        let (_, found) = staff.get_json("/api/admin/customers?q=pillai").await;
        assert_eq!(
            found["data"][0]["note"], "Pays by UPI; calls after 6 pm.",
            "{name}"
        );
        let (status, _) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/customers/{anu}/note"),
                json!({"note": "x".repeat(2001)}),
            )
            .await;
        assert_eq!(status, 422, "{name}");
        let (status, noted) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/customers/{anu}/note"),
                json!({"note": "Estate manager"}),
            )
            .await;
        assert_eq!(
            (status, noted["note"].clone()),
            (200, json!("Estate manager")),
            "{name}"
        );
        let (_, cleared) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/customers/{anu}/note"),
                json!({"note": "  "}),
            )
            .await;
        assert_eq!(cleared["note"], Value::Null, "{name}: {cleared}");
        let notes: Vec<(String, String, Option<String>, Option<String>)> = {
            use db::schema::audit_log::dsl::*;
            audit_log
                .filter(action.eq("customer.note"))
                .order(id.asc())
                .select((entity, entity_id, old_values, new_values))
                .load(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(notes.len(), 3, "{name}: {notes:?}");
        assert_eq!(
            (notes[0].0.as_str(), notes[0].1.as_str()),
            ("guest", key.as_str())
        );
        assert!(
            notes[2].2.as_deref().unwrap().contains("Estate manager"),
            "{name}: {notes:?}"
        );
        assert!(
            !notes.iter().any(|n| n.1.contains("9496")),
            "{name}: no phone in the log's ids"
        );
    }
}

#[actix_web::test]
async fn an_erased_guest_keeps_the_invoice_details_and_nothing_else_is_findable() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = shopper_with_cart(&app, &[("banana-bunch-knife", 1)]).await;
        let mut body = order_body("Tamil Nadu", "cod");
        body["gstin"] = json!("33AAPFU0939F1Z2");
        body["business_name"] = json!("Bodi Estates");
        body["notes"] = json!("Ring twice");
        let (status, placed, _) = checkout(&shopper, &key(), body).await;
        assert_eq!(status, 201, "{name}: {placed}");
        let number = placed["number"].as_str().unwrap().to_owned();
        let admin = app.with_admin().await;
        let staff = app.with_staff().await;
        let (_, found) = admin.get_json("/api/admin/customers?q=9847012345").await;
        assert_eq!(found["total"], 1, "{name}: {found}");
        let guest = found["data"][0]["guest_key"].as_str().unwrap().to_owned();

        // The copy of their data: a download with the order, its address and the consent.
        let response = admin
            .get(&format!("/api/admin/guests/{guest}/export"))
            .await;
        assert_eq!(response.status(), 200, "{name}");
        let disposition = response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            disposition.starts_with("attachment;"),
            "{name}: {disposition}"
        );
        let copy: Value = response.json().await.unwrap();
        assert_eq!(
            copy["orders"][0]["number"],
            number.as_str(),
            "{name}: {copy}"
        );
        assert_eq!(copy["orders"][0]["contact"]["email"], "anitha@example.in");
        assert_eq!(copy["orders"][0]["note"], "Ring twice");

        // Only an admin erases.
        let erase = format!("/api/admin/guests/{guest}/erase");
        assert_eq!(staff.post(&erase, json!({})).await.0, 403, "{name}");
        let (status, erased) = admin.post(&erase, json!({})).await;
        assert_eq!(status, 200, "{name}: {erased}");
        assert_eq!(erased["orders_kept"], json!([number]), "{name}");

        // The order (and so its invoice) keeps the buyer's name, address, state and GSTIN
        // (CGST Rules, r. 46); the phone, e-mail and note are gone.
        let (status, order) = admin.get_json(&format!("/api/admin/orders/{number}")).await;
        assert_eq!(status, 200, "{name}: {order}");
        assert_eq!(order["contact"]["name"], "Anitha Joseph", "{name}: {order}");
        assert_eq!(order["gstin"], "33AAPFU0939F1Z2", "{name}");
        assert_eq!(order["business_name"], "Bodi Estates", "{name}");
        assert_eq!(
            order["shipping_address"]["line1"], "Puthenpurackal Estate",
            "{name}"
        );
        assert_eq!(order["shipping_address"]["state"], "Tamil Nadu", "{name}");
        let text = order.to_string();
        for personal in ["9847012345", "anitha@example.in", "Ring twice"] {
            assert!(!text.contains(personal), "{name}: {personal} in {text}");
        }

        // Nobody finds them again: not by phone, e-mail or name, not by the old key.
        for q in ["9847012345", "anitha@example.in", "Anitha"] {
            let (_, found) = admin
                .get_json(&format!("/api/admin/customers?q={}", q.replace('@', "%40")))
                .await;
            assert_eq!(found["total"], 0, "{name}: {q}: {found}");
        }
        assert_eq!(
            admin
                .get_json(&format!("/api/admin/guests/{guest}"))
                .await
                .0,
            404,
            "{name}"
        );
        assert_eq!(
            app.count_rows("phone_consents"),
            0,
            "{name}: the consent went too"
        );
        let erasures: i64 = {
            use db::schema::audit_log::dsl::*;
            audit_log
                .filter(action.eq("customer.erase"))
                .filter(entity_id.eq(&guest))
                .count()
                .get_result(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(erasures, 1, "{name}");
    }
}

#[actix_web::test]
async fn a_shopper_downloads_their_data_and_erases_their_account_with_their_password() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = app.another_shopper().await;
        let password = "Cardamom-Hills-2026";
        let (status, body) = shopper
            .post(
                "/api/register",
                json!({"name": "Joseph Mathew", "email": "joseph@example.in", "phone": "+91 94470 55555",
                       "password": password, "password_confirmation": password}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let address = order_body("Kerala", "cod")["shipping_address"].clone();
        assert_eq!(
            shopper.post("/api/addresses", address).await.0,
            201,
            "{name}"
        );

        let response = shopper.get("/api/user/data").await;
        assert_eq!(response.status(), 200, "{name}");
        assert!(
            response.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains("my-data.json")
        );
        let copy: Value = response.json().await.unwrap();
        assert_eq!(
            copy["profile"]["email"], "joseph@example.in",
            "{name}: {copy}"
        );
        assert_eq!(copy["addresses"][0]["city"], "Kumily", "{name}: {copy}");

        let (status, body) = shopper.post("/api/user/erase", json!({})).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["password"].is_array(), "{name}: {body}");
        let (status, body) = shopper
            .post("/api/user/erase", json!({"password": "not-it-at-all"}))
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let (status, body) = shopper
            .post("/api/user/erase", json!({"password": password}))
            .await;
        assert_eq!(status, 200, "{name}: {body}");

        // Signed out, and the account never signs in again; nothing of theirs is left.
        assert_eq!(shopper.get_json("/api/user").await.0, 401, "{name}");
        let again = app.another_shopper().await;
        let (status, _) = again
            .post(
                "/api/login",
                json!({"email": "joseph@example.in", "password": password}),
            )
            .await;
        assert_eq!(status, 422, "{name}");
        assert_eq!(app.count_rows("addresses"), 0, "{name}");
        let staff = app.with_staff().await;
        let (_, found) = staff.get_json("/api/admin/customers?q=Joseph").await;
        assert_eq!(found["total"], 0, "{name}: {found}");
    }
}

#[actix_web::test]
async fn the_audit_log_names_what_changed_and_filters_by_staff_name_area_and_date() {
    for app in spawn_apps().await {
        let name = app.name();
        let admin = app.with_admin().await;
        let (variant, product, pack, sku, mrp): (i64, String, String, String, Option<i64>) = {
            use db::schema::{product_variants as v, products as p};
            v::table
                .inner_join(p::table)
                .filter(v::name.is_not_null())
                .filter(v::mrp_paise.is_not_null())
                .order(v::id.asc())
                .select((
                    v::id,
                    p::name,
                    v::name.assume_not_null(),
                    v::sku,
                    v::mrp_paise,
                ))
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let mrp = mrp.unwrap() as f64 / 100.0;
        let (status, saved) = admin
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{variant}"),
                json!({"variant_name": pack, "sku": sku, "MRP": mrp, "retail_price": mrp - 1.0}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        let actor: String = {
            use db::schema::users;
            users::table
                .find(admin.user_id)
                .select(users::name)
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        let today = Utc::now().date_naive();
        let part = actor
            .to_uppercase()
            .split_whitespace()
            .last()
            .unwrap()
            .to_owned();
        let (status, page) = admin
            .get_json(&format!(
                "/api/admin/audit?actor=member%20{part}&area=products&from={today}&to={today}"
            ))
            .await;
        assert_eq!(status, 200, "{name}: {page}");
        let lines = page["data"].as_array().unwrap();
        assert_eq!(lines.len(), 1, "{name}: {page}");
        assert_eq!(lines[0]["action"], "variant.update");
        assert_eq!(lines[0]["actor_name"], actor.as_str());
        assert_eq!(
            lines[0]["subject"],
            format!("{product} {pack}"),
            "{name}: {page}"
        );

        // Another area, another person or another day finds nothing of it.
        let yesterday = today - Duration::days(1);
        for query in [
            format!("actor={part}&area=customers"),
            "actor=nobody-by-this-name".to_owned(),
            format!("area=products&to={yesterday}"),
        ] {
            let (status, page) = admin.get_json(&format!("/api/admin/audit?{query}")).await;
            assert_eq!(status, 200, "{name}: {query}: {page}");
            assert!(
                !page["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|line| line["action"] == "variant.update"),
                "{name}: {query}: {page}"
            );
        }
        let (status, body) = admin.get_json("/api/admin/audit?area=everything").await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["area"].is_array(), "{name}: {body}");
    }
}

/// The latest code queued for `phone`.
fn last_code(app: &TestApp, phone: &str) -> String {
    use db::schema::outbox;
    let payload: Option<String> = outbox::table
        .filter(outbox::channel.eq("phone"))
        .filter(outbox::to_address.eq(phone))
        .order(outbox::id.desc())
        .select(outbox::payload)
        .first(&mut app.database.pool().get().unwrap())
        .unwrap();
    let payload: Value = serde_json::from_str(&payload.unwrap()).unwrap();
    payload["variables"][0].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn a_shopper_without_a_password_confirms_erasure_with_a_code_to_their_verified_phone() {
    for app in spawn_apps().await {
        let name = app.name();
        let phone = "+919847066666";
        let shopper = app.another_shopper().await;
        let (status, body) = shopper
            .post(
                "/api/register",
                json!({"name": "Lakshmi Amma", "phone": phone}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let id = body["user"]["id"].as_i64().unwrap();
        {
            use db::schema::users;
            diesel::update(users::table.find(id))
                .set(users::phone_verified_at.eq(Some(Utc::now().naive_utc())))
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        }
        // A password is no proof for an account without one.
        let (status, body) = shopper
            .post("/api/user/erase", json!({"password": "anything-at-all"}))
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        let (status, _) = shopper
            .post("/api/login/code-request", json!({"phone": phone}))
            .await;
        assert_eq!(status, 202, "{name}");
        let code = last_code(&app, phone);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let (status, body) = shopper
            .post("/api/user/erase", json!({"code": wrong}))
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert!(body["errors"]["code"].is_array(), "{name}: {body}");
        let (status, body) = shopper.post("/api/user/erase", json!({"code": code})).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(shopper.get_json("/api/user").await.0, 401, "{name}");
        let erased: (String, Option<String>, Option<NaiveDateTime>) = {
            use db::schema::users;
            users::table
                .find(id)
                .select((users::name, users::phone, users::erased_at))
                .first(&mut app.database.pool().get().unwrap())
                .unwrap()
        };
        assert_eq!(
            (erased.0.as_str(), erased.1),
            ("Erased customer", None),
            "{name}"
        );
        assert!(erased.2.is_some(), "{name}");
        // The number is free for whoever holds it next.
        let again = app.another_shopper().await;
        let (status, body) = again
            .post(
                "/api/register",
                json!({"name": "New Owner", "phone": phone}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
    }
}
