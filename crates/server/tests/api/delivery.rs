//! PIN codes and delivery zones through the real app, on both databases: the PIN code
//! directory, the demo shop's zones (Idukki, the rest of Kerala, Tamil Nadu, the rest of India,
//! the islands and Ladakh not served) with their days and fees by weight, and checkout's
//! refusals of a PIN code outside every zone, of an address in another state than its PIN code,
//! and of a product that may not be shipped to the state.

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product, stock_of};
use crate::helpers::{TestApp, spawn_apps};

const COMPOST: &str = "farmyard-compost-loose";
const FIPRONIL: &str = "fipronil-0-3-gr-soil-insecticide";

fn paise(value: &Value) -> i64 {
    (value.as_f64().unwrap() * 100.0).round() as i64
}

/// The first variant of `slug` (Farmyard Compost's 50 kg sack weighs 54.02 kg and costs ₹320).
async fn variant(app: &TestApp, slug: &str) -> i64 {
    product(app, slug).await["variants"][0]["id"]
        .as_i64()
        .unwrap()
}

/// A shopper with `quantity` of `slug`'s first variant in the cart.
async fn shopper_with(app: &TestApp, slug: &str, quantity: i64) -> TestApp {
    add(app.another_shopper().await, app, slug, quantity).await
}

/// A shopper whose app is in `language`, with one of `slug` in the cart.
async fn reading(app: &TestApp, language: &str, slug: &str) -> TestApp {
    add(app.shopper_reading(language).await, app, slug, 1).await
}

async fn add(shopper: TestApp, app: &TestApp, slug: &str, quantity: i64) -> TestApp {
    let found = product(app, slug).await;
    let (status, body) = shopper
        .post(
            "/api/cart/add",
            json!({"product_id": found["id"], "variant_id": found["variants"][0]["id"], "quantity": quantity}),
        )
        .await;
    assert_eq!(status, 200, "{slug}: {body}");
    shopper
}

/// An order body to `pincode` in `district`, `state`.
fn to(pincode: &str, city: &str, district: &str, state: &str) -> Value {
    let mut body = order_body("Kerala", "cod");
    let address = &mut body["shipping_address"];
    address["pincode"] = json!(pincode);
    address["city"] = json!(city);
    address["district"] = json!(district);
    address["state"] = json!(state);
    body
}

#[actix_web::test]
async fn a_pin_code_answers_its_district_and_state() {
    for app in spawn_apps().await {
        let name = app.name();
        let response = app.get("/api/pincodes/685509").await;
        assert_eq!(response.status(), 200, "{name}");
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=86400",
            "{name}: the directory only changes with the binary"
        );
        let kumily: Value = response.json().await.unwrap();
        assert_eq!(
            kumily,
            json!({"pin": "685509", "district": "Idukki", "state": "Kerala", "state_code": "32"})
        );
        let (_, ooty) = app.get_json("/api/pincodes/643001").await;
        assert_eq!(
            (&ooty["district"], &ooty["state"], &ooty["state_code"]),
            (&json!("The Nilgiris"), &json!("Tamil Nadu"), &json!("33")),
            "{name}"
        );
        // Spaces inside are dropped, as the address form does.
        let (status, spaced) = app.get_json("/api/pincodes/685%20509").await;
        assert_eq!((status, &spaced["pin"]), (200, &json!("685509")));
        // Spelt as GET /api/states spells it, which checkout's state list uses.
        let (_, daman) = app.get_json("/api/pincodes/396210").await;
        assert_eq!(
            daman["state"], "Dadra and Nagar Haveli and Daman and Diu",
            "{name}"
        );

        let (status, unknown) = app.get_json("/api/pincodes/999999").await;
        assert_eq!(status, 404, "{name}");
        assert_eq!(
            unknown["message"],
            "We do not know PIN code 999999. Please fill in the district and state."
        );
        for bad in ["68550", "012345", "68550a", "6855099"] {
            let (status, body) = app.get_json(&format!("/api/pincodes/{bad}")).await;
            assert_eq!(status, 422, "{name}: {bad}");
            assert_eq!(
                body["errors"]["pin"][0], "The PIN code must be 6 digits and cannot start with 0.",
                "{bad}"
            );
        }
        let malayalam = app.shopper_reading("ml").await;
        let (status, unknown) = malayalam.get_json("/api/pincodes/999999").await;
        assert_eq!(status, 404);
        assert_eq!(
            unknown["message"],
            "പിൻ കോഡ് 999999 ഞങ്ങളുടെ പട്ടികയിൽ ഇല്ല. ജില്ലയും സംസ്ഥാനവും നിങ്ങൾ തന്നെ നൽകുക.",
            "{name}"
        );
    }
}

#[actix_web::test]
async fn idukki_the_rest_of_kerala_tamil_nadu_and_india_deliver_in_their_days_for_their_fees() {
    for app in spawn_apps().await {
        let name = app.name();
        let sack = variant(&app, COMPOST).await;
        let quote = |pin: &str, quantity: u32| {
            let path = format!("/api/delivery?pin={pin}&variant={sack}&quantity={quantity}");
            let app = &app;
            async move {
                let (status, body) = app.get_json(&path).await;
                assert_eq!(status, 200, "{path}: {body}");
                body
            }
        };
        // (PIN code, district, state, days, fee for one 54.02 kg sack): the last band (50 kg)
        // and one further 50 kg begun.
        for (pin, district, state, days, fee) in [
            ("685509", "Idukki", "Kerala", (1, 2), 120 + 100),
            ("682001", "Ernakulam", "Kerala", (2, 3), 250 + 200),
            ("641001", "Coimbatore", "Tamil Nadu", (3, 4), 350 + 300),
            ("560001", "Bengaluru Urban", "Karnataka", (5, 8), 700 + 650),
        ] {
            let body = quote(pin, 1).await;
            assert_eq!(body["served"], true, "{name}: {pin}");
            assert_eq!(
                (&body["district"], &body["state"]),
                (&json!(district), &json!(state))
            );
            assert_eq!(body["days"], json!({"min": days.0, "max": days.1}), "{pin}");
            assert_eq!(body["parcel"]["weight_grams"], 54_020);
            assert_eq!(body["parcel"]["allowed"], true);
            assert_eq!(paise(&body["parcel"]["fee"]), fee * 100, "{name}: {pin}");
        }
        // The rest of Kerala's bands, as the checkout summary prices a cart with them.
        let kochi = quote("682001", 1).await;
        assert_eq!(
            kochi["rate"],
            json!({
                "bands": [
                    {"up_to_grams": 5000, "fee": 60.0},
                    {"up_to_grams": 25000, "fee": 150.0},
                    {"up_to_grams": 50000, "fee": 250.0}
                ],
                "further": {"grams": 50000, "fee": 200.0},
                "free_above": 5000.0
            })
        );
        // Three sacks to Kochi, 162.06 kg: three further 50 kg begun past the last band.
        let three = quote("682001", 3).await;
        assert_eq!(
            paise(&three["parcel"]["fee"]),
            (250 + 3 * 200) * 100,
            "{name}"
        );
        assert_eq!(three["parcel"]["weight_grams"], 162_060);
        // Seven sacks to Idukki reach its free delivery from ₹2,000.
        let seven = quote("685509", 7).await;
        assert_eq!(paise(&seven["parcel"]["fee"]), 0, "{name}");

        // The islands and Ladakh are not served, nor anywhere in them.
        for pin in ["744101", "682555", "194101"] {
            let body = quote(pin, 1).await;
            assert_eq!(body["served"], false, "{name}: {pin}: {body}");
            assert_eq!((&body["days"], &body["rate"]), (&Value::Null, &Value::Null));
            assert_eq!(body["parcel"]["fee"], Value::Null);
        }

        // A service has nothing to carry.
        let test = variant(&app, "soil-testing-12-parameter-report").await;
        let (_, soil) = app
            .get_json(&format!("/api/delivery?pin=560001&variant={test}"))
            .await;
        assert_eq!(
            (paise(&soil["parcel"]["fee"]), &soil["served"]),
            (0, &json!(true))
        );
        // Without a variant: the zone alone.
        let (status, zone) = app.get_json("/api/delivery?pin=641001").await;
        assert_eq!((status, &zone["parcel"]), (200, &Value::Null));
        assert_eq!(zone["days"], json!({"min": 3, "max": 4}));
    }
}

#[actix_web::test]
async fn a_pin_code_outside_the_directory_goes_by_the_district_and_state_given() {
    for app in spawn_apps().await {
        let name = app.name();
        let (status, body) = app.get_json("/api/delivery?pin=999999").await;
        assert_eq!(status, 404, "{name}: {body}");
        let (status, body) = app
            .get_json("/api/delivery?pin=999999&district=Idukki&state=kerala")
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["days"], json!({"min": 1, "max": 2}), "Idukki's zone");
        // Given for a PIN code the directory knows, they change nothing.
        let (_, kochi) = app
            .get_json("/api/delivery?pin=682001&district=Idukki&state=Kerala")
            .await;
        assert_eq!(kochi["district"], "Ernakulam", "{name}");

        for (query, field) in [
            ("", "pin"),
            ("pin=12", "pin"),
            ("pin=685509&variant=x", "variant"),
            ("pin=685509&variant=1&quantity=0", "quantity"),
            ("pin=685509&variant=1&quantity=10000", "quantity"),
            ("pin=999999&state=Atlantis", "state"),
        ] {
            let (status, body) = app.get_json(&format!("/api/delivery?{query}")).await;
            assert_eq!(status, 422, "{name}: {query}: {body}");
            assert!(body["errors"][field].is_array(), "{query}: {body}");
        }
        let (status, body) = app
            .get_json("/api/delivery?pin=685509&variant=987654321")
            .await;
        assert_eq!(
            (status, &body["message"]),
            (404, &json!("Product not found."))
        );
    }
}

#[actix_web::test]
async fn a_product_kept_out_of_a_state_is_not_offered_there() {
    for app in spawn_apps().await {
        let name = app.name();
        let fipronil = variant(&app, FIPRONIL).await;
        let (_, coimbatore) = app
            .get_json(&format!("/api/delivery?pin=641001&variant={fipronil}"))
            .await;
        assert_eq!(coimbatore["served"], true, "{name}");
        assert_eq!(coimbatore["parcel"]["allowed"], false, "{name}");
        assert_eq!(coimbatore["parcel"]["fee"], Value::Null);
        let (_, kumily) = app
            .get_json(&format!("/api/delivery?pin=685509&variant={fipronil}"))
            .await;
        assert_eq!(kumily["parcel"]["allowed"], true, "{name}");
        // 1.1 kg: Idukki's first band.
        assert_eq!(paise(&kumily["parcel"]["fee"]), 4000);
    }
}

#[actix_web::test]
async fn checkout_refuses_a_pin_code_outside_every_zone() {
    for app in spawn_apps().await {
        let name = app.name();
        let sack = variant(&app, COMPOST).await;
        let stock = stock_of(&app, sack);
        let shopper = shopper_with(&app, COMPOST, 1).await;
        let port_blair = to(
            "744101",
            "Port Blair",
            "South Andamans",
            "Andaman and Nicobar Islands",
        );
        let (status, body, _) = checkout(&shopper, &key(), port_blair.clone()).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(body["message"], "We do not deliver to PIN code 744101.");
        assert_eq!(
            body["errors"]["shipping_address.pincode"],
            json!(["We do not deliver to PIN code 744101."])
        );
        assert_eq!(stock_of(&app, sack), stock, "{name}: nothing taken");
        let (_, cart) = shopper.get_json("/api/cart").await;
        assert_eq!(cart["cart"]["count"], 1, "{name}: the cart is kept");

        let tamil = reading(&app, "ta", COMPOST).await;
        let (status, body, _) = checkout(&tamil, &key(), port_blair).await;
        assert_eq!(status, 422, "{name}");
        assert_eq!(
            body["message"],
            "பின்கோடு 744101 உள்ள பகுதிக்கு நாங்கள் டெலிவரி செய்வதில்லை."
        );
    }
}

#[actix_web::test]
async fn checkout_refuses_an_address_in_another_state_than_its_pin_code() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = shopper_with(&app, COMPOST, 1).await;
        let (status, body, _) = checkout(
            &shopper,
            &key(),
            to("641001", "Coimbatore", "Coimbatore", "Kerala"),
        )
        .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["shipping_address.pincode"],
            json!(["PIN code 641001 is in Tamil Nadu, not Kerala."])
        );
        let malayalam = reading(&app, "ml", COMPOST).await;
        let (_, body, _) = checkout(
            &malayalam,
            &key(),
            to("641001", "Coimbatore", "Coimbatore", "Kerala"),
        )
        .await;
        assert_eq!(
            body["message"], "പിൻ കോഡ് 641001 ഉള്ള സംസ്ഥാനം തമിഴ്നാട് ആണ്, കേരളം അല്ല.",
            "{name}: the states in Malayalam"
        );
    }
}

#[actix_web::test]
async fn checkout_refuses_a_product_kept_out_of_the_delivery_state() {
    for app in spawn_apps().await {
        let name = app.name();
        let shopper = shopper_with(&app, FIPRONIL, 2).await;
        let (status, body, _) = checkout(&shopper, &key(), order_body("Tamil Nadu", "cod")).await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["message"],
            "Some items may not be shipped to Tamil Nadu."
        );
        assert_eq!(
            body["errors"]["shipping_address.state"],
            json!(["Fipronil 0.3% GR Soil Insecticide (1 kg) may not be shipped to Tamil Nadu."])
        );
        // The same cart goes to Kerala.
        let (status, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(status, 201, "{name}: {order}");
    }
}

/// Checkout and the delivery quote ask the catalogue's one rule: a list of restricted states it
/// cannot read stops both (checkout used to read it as no restriction and ship the goods).
#[actix_web::test]
async fn an_unreadable_list_of_restricted_states_stops_the_quote_and_checkout_alike() {
    use diesel::prelude::*;
    for app in spawn_apps().await {
        let name = app.name();
        let fipronil = variant(&app, FIPRONIL).await;
        let shopper = shopper_with(&app, FIPRONIL, 1).await;
        let id = product(&app, FIPRONIL).await["id"].as_i64().unwrap();
        {
            use db::schema::products;
            diesel::update(products::table.find(id))
                .set(products::restricted_states.eq("Tamil Nadu"))
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        }
        let stock = stock_of(&app, fipronil);
        let sorry = json!({"message": "Something went wrong on our side. Please try again."});
        let quote = app
            .get_json(&format!("/api/delivery?pin=641001&variant={fipronil}"))
            .await;
        assert_eq!(quote, (500, sorry.clone()), "{name}");
        let (status, body, _) = checkout(&shopper, &key(), order_body("Tamil Nadu", "cod")).await;
        assert_eq!((status, body), (500, sorry), "{name}");
        assert_eq!(stock_of(&app, fipronil), stock, "{name}: nothing taken");
    }
}

#[actix_web::test]
async fn checkout_charges_the_zones_fee_for_the_parcels_weight() {
    for app in spawn_apps().await {
        let name = app.name();
        // Three 54.02 kg sacks (₹960) to Kochi: the rest of Kerala's ₹250 for 50 kg and ₹200
        // for each further 50 kg begun, three of them.
        let shopper = shopper_with(&app, COMPOST, 3).await;
        let (status, order, _) = checkout(
            &shopper,
            &key(),
            to("682001", "Kochi", "Ernakulam", "Kerala"),
        )
        .await;
        assert_eq!(status, 201, "{name}: {order}");
        let totals = &order["totals"];
        assert_eq!(paise(&totals["shipping"]), 85_000, "{name}");
        assert_eq!(paise(&totals["total"]), 3 * 32_000 + 85_000, "{name}");
        // The same sacks to Idukki, where goods from ₹2,000 travel free: below it, ₹120 + 3 × ₹100.
        let shopper = shopper_with(&app, COMPOST, 3).await;
        let (_, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(paise(&order["totals"]["shipping"]), 42_000, "{name}");
        let shopper = shopper_with(&app, COMPOST, 7).await;
        let (_, order, _) = checkout(&shopper, &key(), order_body("Kerala", "cod")).await;
        assert_eq!(
            paise(&order["totals"]["shipping"]),
            0,
            "{name}: ₹2,240 of goods"
        );
    }
}
