//! Mail in the shopper's language, through the real app on both databases: an order's mail in
//! the language of the page it was placed on (confirmation, payment, cancellation, refund), an
//! account's in the language it keeps (set at registration, by the language switch, in the
//! profile), and the successful answers a shopper reads in the language the app asks in. The
//! shop's own notices stay English.

use serde_json::{Value, json};

use crate::checkout::{checkout, key, order_body, product};
use crate::helpers::{TestApp, spawn_apps};

/// Words of Latin letters a Malayalam or Tamil mail may hold: the shop's and the shopper's
/// names, the addresses in links, and the terms shoppers use as they are.
const KEPT: &[&str] = &[
    "WellRoot", "Agri", "Inputs", "Anitha", "Joseph", "Test", "Shopper", "ORD", "COD", "GST",
    "UPI", "QR", "BHIM", "Google", "Pay", "PhonePe", "Paytm", "IFSC", "UTR", "http", "view",
    "order", "api", "orders", "upi", "qr", "png", "reset", "password", "token", "email", "example",
    "in", "verify", "ml", "ta", "key", "tax", "invoice",
];

/// The words of a mail's text that are in English but should not be.
fn english_in(text: &str, also: &[&str]) -> Vec<String> {
    mail::latin_words(text)
        .into_iter()
        .filter(|word| !KEPT.contains(word) && !also.contains(word))
        // Hex in tokens and order ids.
        .filter(|word| !word.chars().all(|c| c.is_ascii_hexdigit()))
        .filter(|word| word.len() > 1)
        .map(str::to_owned)
        .collect()
}

/// The one mail to `to` whose subject holds `part`: (subject, text).
fn mail_to(app: &TestApp, to: &str, part: &str) -> (String, String) {
    let found: Vec<_> = app
        .outbox()
        .into_iter()
        .filter(|(address, subject, _, _)| address == to && subject.contains(part))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{}: mail to {to} with {part:?}: {:?}",
        app.name(),
        app.outbox()
    );
    let (_, subject, text, _) = found.into_iter().next().unwrap();
    (subject, text)
}

/// A shopper reading `language` orders one knife, paid by `payment`, as `email`.
async fn order_in(app: &TestApp, language: &str, payment: &str, email: &str) -> Value {
    let shopper = app.shopper_reading(language).await;
    let id = product(app, "banana-bunch-knife").await["id"].clone();
    let (status, body) = shopper
        .post("/api/cart/add", json!({"product_id": id, "quantity": 1}))
        .await;
    assert_eq!(status, 200, "{body}");
    let mut body = order_body("Kerala", payment);
    body["contact"]["email"] = json!(email);
    let (status, order, _) = checkout(&shopper, &key(), body).await;
    assert_eq!(status, 201, "{}: {order}", app.name());
    order
}

#[actix_web::test]
async fn a_shopper_who_checks_out_in_malayalam_or_tamil_gets_the_confirmation_in_it() {
    for app in spawn_apps().await {
        let name = app.name();
        for (language, received, greeting, cod) in [
            (
                "ml",
                "ലഭിച്ചു",
                "നമസ്കാരം Anitha Joseph,",
                "ക്യാഷ് ഓൺ ഡെലിവറി (COD)",
            ),
            (
                "ta",
                "கிடைத்தது",
                "வணக்கம் Anitha Joseph,",
                "கேஷ் ஆன் டெலிவரி (COD)",
            ),
        ] {
            let email = format!("cod-{language}@example.in");
            let order = order_in(&app, language, "cod", &email).await;
            let number = order["number"].as_str().unwrap();
            let (subject, text) = mail_to(&app, &email, number);
            let word = if language == "ml" {
                "ഓർഡർ"
            } else {
                "ஆர்டர்"
            };
            assert_eq!(
                subject,
                format!("{word} {number} {received} — WellRoot Agri Inputs"),
                "{name}"
            );
            assert!(text.starts_with(greeting), "{name}: {text}");
            assert!(text.contains(cod), "{name}: {text}");
            assert!(
                text.contains(&format!(
                    "/{language}/view-order/{}",
                    order["uuid"].as_str().unwrap()
                )),
                "{name}: the button opens the order in {language}: {text}"
            );
            // The line names the product as the shopper read it, the amounts in Indian grouping.
            let reader = app.shopper_reading(language).await;
            let (_, read) = reader.get_json("/api/products/banana-bunch-knife").await;
            assert!(
                text.contains(read["name"].as_str().unwrap()),
                "{name}: {text}"
            );
            assert!(text.contains("₹"), "{name}");
            let english = english_in(&text, &number.split('-').collect::<Vec<_>>());
            assert!(
                english.is_empty(),
                "{name}: {language}: {english:?} in {text}"
            );
            // The shop's notice of the same order stays English.
            let (staff_subject, _) = mail_to(&app, &app.state.shop.facts.email, number);
            assert!(
                staff_subject.starts_with("New order"),
                "{name}: {staff_subject}"
            );
        }
        // A bank transfer in Tamil: its bank details and UPI line in Tamil too.
        let order = order_in(&app, "ta", "bank_transfer", "bank-ta@example.in").await;
        let number = order["number"].as_str().unwrap();
        let (_, text) = mail_to(&app, "bank-ta@example.in", number);
        assert!(
            text.contains(&format!("குறிப்பு எண்ணாக {number} என்று எழுதி")),
            "{name}: {text}"
        );
        assert!(text.contains("கணக்கு எண்:"), "{name}: {text}");
        // Without a language the mail is English, as before.
        let order = order_in(&app, "en", "cod", "cod-en@example.in").await;
        let number = order["number"].as_str().unwrap();
        let (subject, text) = mail_to(&app, "cod-en@example.in", number);
        assert!(
            subject.starts_with(&format!("Order {number} received")),
            "{name}"
        );
        assert!(text.starts_with("Hello Anitha Joseph,"), "{name}");
        assert!(
            text.contains("/view-order/") && !text.contains("/ml/"),
            "{name}"
        );
    }
}

#[actix_web::test]
async fn an_orders_later_mail_speaks_the_language_it_was_placed_in() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let email = "later-ml@example.in";
        let order = order_in(&app, "ml", "bank_transfer", email).await;
        let number = order["number"].as_str().unwrap();
        let total = order["totals"]["total"].as_f64().unwrap();
        let today = (chrono::Utc::now() + chrono::Duration::minutes(330)).date_naive();
        // Staff read English; the shopper's mail is Malayalam all the same.
        let (status, body) = staff
            .post(
                &format!("/api/admin/orders/{number}/payments"),
                json!({"amount": total, "paid_on": today.to_string(), "reference": "412345678901"}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let (subject, text) = mail_to(&app, email, "സ്ഥിരീകരിച്ചു");
        assert_eq!(
            subject,
            format!("ഓർഡർ {number}: സ്ഥിരീകരിച്ചു — WellRoot Agri Inputs"),
            "{name}"
        );
        assert!(
            text.contains("നിങ്ങൾ അടച്ച ₹"),
            "{name}: the payment is acknowledged: {text}"
        );
        let (status, body) = staff
            .post(
                &format!("/api/admin/orders/{number}/status"),
                json!({"status": "cancelled", "reason": "Out of season"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        let (_, text) = mail_to(&app, email, "റദ്ദാക്കി");
        assert!(text.contains("നിങ്ങളുടെ ഓർഡർ റദ്ദാക്കി."), "{name}: {text}");
        let (status, body) = staff
            .post(
                &format!("/api/admin/orders/{number}/refunds"),
                json!({"amount": total, "method": "upi", "reference": "UPI998877", "paid_on": today.to_string()}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        let (_, text) = mail_to(&app, email, "പണം തിരികെ നൽകി");
        let day = mail::long_date(paths::Locale::Ml, today);
        assert!(
            text.contains(&format!("({day}-ന്, UPI വഴി)")),
            "{name}: the day as Malayalam writes it: {text}"
        );
        // (The confirmation also gives the shop's bank, in its own name.)
        let later = app
            .outbox()
            .into_iter()
            .filter(|m| m.0 == email && !m.1.contains("ലഭിച്ചു"));
        for (_, _, text, _) in later {
            let english = english_in(&text, &number.split('-').collect::<Vec<_>>());
            assert!(english.is_empty(), "{name}: {english:?} in {text}");
        }
    }
}

#[actix_web::test]
async fn an_accounts_mail_comes_in_the_language_it_keeps() {
    for app in spawn_apps().await {
        let name = app.name();
        // Registered on a Malayalam page: the welcome and the verification are Malayalam.
        let shopper = app.shopper_reading("ml").await;
        shopper.register("anu-ml@example.in").await;
        let (_, user) = shopper.get_json("/api/user").await;
        assert_eq!(user["locale"], "ml", "{name}: {user}");
        mail_to(&app, "anu-ml@example.in", "സ്വാഗതം");
        let (_, text) = mail_to(&app, "anu-ml@example.in", "ഇ-മെയിൽ വിലാസം സ്ഥിരീകരിക്കുക");
        assert!(text.contains("/ml/verify-email?token="), "{name}: {text}");

        // Forgotten on an English browser, the reset still comes in the account's Malayalam.
        let visitor = app.another_shopper().await;
        let (status, body) = visitor
            .post(
                "/api/forgot-password",
                json!({"email": "anu-ml@example.in"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(
            body["message"],
            "If an account uses that address, we have e-mailed a link to reset its password.",
            "{name}: the English page's answer is English"
        );
        let (subject, text) = mail_to(&app, "anu-ml@example.in", "പാസ്‌വേഡ്");
        assert_eq!(subject, "WellRoot Agri Inputs: പാസ്‌വേഡ് മാറ്റാനുള്ള ലിങ്ക്", "{name}");
        assert!(text.starts_with("നമസ്കാരം Test Shopper,"), "{name}: {text}");
        assert!(text.contains("/ml/reset-password?token="), "{name}: {text}");
        assert!(english_in(&text, &["anu"]).is_empty(), "{name}: {text}");

        // Switching the shop to Tamil while signed in keeps Tamil for the next mail.
        let (status, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user/language",
                json!({"locale": "ta"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["locale"], "ta", "{name}");
        let (status, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user/language",
                json!({"locale": "fr"}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {body}");
        assert_eq!(
            body["errors"]["locale"][0], "ഷോപ്പിലെ ഭാഷകളിൽ ഒന്ന് തിരഞ്ഞെടുക്കുക: ഇംഗ്ലീഷ്, മലയാളം, തമിഴ്.",
            "{name}: the refusal in the app's language"
        );
        visitor
            .post(
                "/api/forgot-password",
                json!({"email": "anu-ml@example.in"}),
            )
            .await;
        mail_to(&app, "anu-ml@example.in", "கடவுச்சொல்லை மாற்றுவதற்கான இணைப்பு");

        // The profile form edits it too, and keeps it when left out.
        let (status, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Test Shopper", "phone": "+91 98470 12345", "locale": "en"}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body["user"]["locale"], "en", "{name}");
        let (_, body) = shopper
            .send(
                reqwest::Method::PUT,
                "/api/user",
                json!({"name": "Test Shopper", "phone": "+91 98470 12345"}),
            )
            .await;
        assert_eq!(body["user"]["locale"], "en", "{name}");

        // An account from before languages has none: its mail follows the request's.
        {
            use db::schema::users;
            use diesel::prelude::*;
            diesel::update(users::table.filter(users::email.eq("anu-ml@example.in")))
                .set(users::locale.eq(None::<String>))
                .execute(&mut app.database.pool().get().unwrap())
                .unwrap();
        }
        let tamil_visitor = app.shopper_reading("ta").await;
        let (_, body) = tamil_visitor
            .post(
                "/api/forgot-password",
                json!({"email": "anu-ml@example.in"}),
            )
            .await;
        assert_eq!(
            body["message"],
            "இந்த மின்னஞ்சல் முகவரியில் ஒரு கணக்கு இருந்தால், கடவுச்சொல்லை மாற்றுவதற்கான இணைப்பை அந்த முகவரிக்கு அனுப்பியுள்ளோம்.",
            "{name}"
        );
        let resets = app
            .outbox()
            .into_iter()
            .filter(|m| m.0 == "anu-ml@example.in" && m.1.contains("கடவுச்சொல்லை"))
            .count();
        assert_eq!(resets, 2, "{name}: the second Tamil reset");
    }
}

#[actix_web::test]
async fn the_contact_forms_thanks_and_acknowledgement_come_in_the_pages_language() {
    for app in spawn_apps().await {
        let name = app.name();
        let writer = app.shopper_reading("ta").await;
        let (status, body) = writer
            .post(
                "/api/contact",
                json!({"name": "Murugan", "email": "murugan@example.in", "message": "ஏலக்காய் உரம் பற்றி ஒரு கேள்வி."}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {body}");
        assert_eq!(
            body["message"],
            "நன்றி! உங்கள் செய்தி எங்களுக்குக் கிடைத்தது. ஒரு வேலை நாளுக்குள் பதில் அனுப்புவோம்.",
            "{name}"
        );
        let (subject, text) = mail_to(&app, "murugan@example.in", "செய்தி");
        assert_eq!(
            subject, "உங்கள் செய்தி எங்களுக்குக் கிடைத்தது — WellRoot Agri Inputs",
            "{name}"
        );
        assert!(text.starts_with("வணக்கம் Murugan,"), "{name}: {text}");
        // The shop reads the message in English words of its own.
        let (staff_subject, _) = mail_to(&app, &app.state.shop.facts.email, "Contact form");
        assert!(staff_subject.starts_with("Contact form"), "{name}");
    }
}
