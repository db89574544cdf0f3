//! Error answers in the shopper's language: the same bad requests sent by an English,
//! a Malayalam and a Tamil app (`Accept-Language`) get the same status and fields, with the
//! words from `crates/server/locales/{ml,ta}.json`. Staff routes and successful answers stay
//! English.

use paths::Locale;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

/// `english` (an error body) as the catalogue of `locale` words it: `message` and every string
/// under `errors`.
fn translated(locale: Locale, english: &Value) -> Value {
    let mut body = english.clone();
    let tr = |v: &mut Value| {
        if let Some(text) = v.as_str() {
            *v = Value::String(server::messages::translate(locale, text));
        }
    };
    tr(&mut body["message"]);
    if let Some(errors) = body.get_mut("errors").and_then(Value::as_object_mut) {
        for list in errors.values_mut() {
            for message in list.as_array_mut().into_iter().flatten() {
                tr(message);
            }
        }
    }
    body
}

struct Readers {
    en: TestApp,
    ml: TestApp,
    ta: TestApp,
}

async fn readers(app: &TestApp) -> Readers {
    Readers {
        en: app.shopper_reading("en").await,
        ml: app.shopper_reading("ml").await,
        ta: app.shopper_reading("ta").await,
    }
}

impl Readers {
    /// Posts `body` to `path` in the three languages: the status and every field but the words
    /// are the same, and the words are the catalogue's. Returns the three bodies.
    async fn post_each(&self, path: &str, body: Value, status: u16) -> [Value; 3] {
        let (s_en, en) = self.en.post(path, body.clone()).await;
        let (s_ml, ml) = self.ml.post(path, body.clone()).await;
        let (s_ta, ta) = self.ta.post(path, body).await;
        assert_eq!([s_en, s_ml, s_ta], [status; 3], "{path}: {en} {ml} {ta}");
        assert_eq!(ml, translated(Locale::Ml, &en), "{path}");
        assert_eq!(ta, translated(Locale::Ta, &en), "{path}");
        assert_ne!(ml["message"], en["message"], "{path}: translated");
        assert_ne!(ta["message"], en["message"], "{path}: translated");
        [en, ml, ta]
    }
}

#[actix_web::test]
async fn registration_errors_come_in_the_shoppers_language() {
    for app in spawn_apps().await {
        let r = readers(&app).await;
        let [en, ml, ta] = r
            .post_each(
                "/api/register",
                json!({"name": "A", "email": "nope", "phone": "12", "password": "short1",
                       "password_confirmation": "short1"}),
                422,
            )
            .await;
        assert_eq!(
            en["errors"]["name"],
            json!(["The name must be at least 2 characters."])
        );
        assert_eq!(ml["errors"]["name"], json!(["പേര് കുറഞ്ഞത് 2 അക്ഷരം വേണം."]));
        assert_eq!(ml["errors"]["email"], json!(["ശരിയായ ഇ-മെയിൽ വിലാസം നൽകുക."]));
        assert_eq!(ml["errors"]["phone"], json!(["ഫോൺ നമ്പർ ശരിയല്ല"]));
        assert_eq!(
            ml["errors"]["password"],
            json!(["പാസ്‌വേഡ് കുറഞ്ഞത് 8 അക്ഷരം വേണം."])
        );
        assert_eq!(
            ml["message"],
            "ശരിയായ ഇ-മെയിൽ വിലാസം നൽകുക. (ഇനി 3 എണ്ണം കൂടി ശരിയാക്കാനുണ്ട്)"
        );
        assert_eq!(
            ta["errors"]["name"],
            json!(["பெயர் குறைந்தது 2 எழுத்துகள் இருக்க வேண்டும்."])
        );
        assert_eq!(ta["errors"]["phone"], json!(["தவறான போன் எண்"]));
        assert_eq!(
            ta["message"],
            "சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும். (இன்னும் 3 இடங்களில் திருத்தம் தேவை)"
        );
    }
}

#[actix_web::test]
async fn a_checkout_with_missing_fields_is_refused_in_the_shoppers_language() {
    for app in spawn_apps().await {
        let r = readers(&app).await;
        let [_, ml, ta] = r.post_each("/api/checkout", json!({}), 422).await;
        assert_eq!(ml["errors"]["contact"], json!(["നിങ്ങളുടെ വിവരങ്ങൾ നൽകണം."]));
        assert_eq!(
            ml["errors"]["shipping_address"],
            json!(["ഡെലിവറി വിലാസം നൽകണം."])
        );
        assert_eq!(
            ml["errors"]["payment_method"],
            json!(["പണം അടയ്ക്കുന്ന രീതി നൽകണം."])
        );
        assert_eq!(
            ta["errors"]["payment_method"],
            json!(["பணம் செலுத்தும் முறை தேவை."])
        );

        let body = json!({
            "contact": {"name": "Anu", "email": "anu@example.in", "phone": "+91 98470 12345"},
            "shipping_address": {"name": "Anu", "phone": "+91 98470 12345", "line1": "Puthenpurackal House",
                                 "city": "K", "state": "Atlantis", "pincode": "012345"},
            "payment_method": "upi",
        });
        let [_, ml, ta] = r.post_each("/api/checkout", body, 422).await;
        assert_eq!(
            ml["errors"]["shipping_address.city"],
            json!(["ടൗൺ അല്ലെങ്കിൽ നഗരം കുറഞ്ഞത് 2 അക്ഷരം വേണം."])
        );
        assert_eq!(
            ml["errors"]["shipping_address.district"],
            json!(["ജില്ല നൽകണം."])
        );
        assert_eq!(
            ta["errors"]["shipping_address.pincode"],
            json!(["பின்கோடு 6 இலக்க எண்ணாக இருக்க வேண்டும்; முதல் இலக்கம் 0 ஆக இருக்கக்கூடாது."])
        );
        assert_eq!(
            ta["errors"]["payment_method"],
            json!(["கேஷ் ஆன் டெலிவரி அல்லது வங்கிப் பரிமாற்றத்தைத் தேர்ந்தெடுக்கவும்."])
        );
    }
}

#[actix_web::test]
async fn a_wrong_password_and_too_many_attempts_are_answered_in_the_shoppers_language() {
    for app in spawn_apps().await {
        app.csrf().await;
        app.register("anitha@example.in").await;
        let r = readers(&app).await;
        let wrong = json!({"email": "anitha@example.in", "password": "not-the-password"});
        let [_, ml, ta] = r.post_each("/api/login", wrong.clone(), 422).await;
        assert_eq!(ml["message"], "ഇ-മെയിൽ വിലാസമോ പാസ്‌വേഡോ ശരിയല്ല.");
        assert_eq!(
            ml["errors"]["email"],
            json!(["ഇ-മെയിൽ വിലാസമോ പാസ്‌വേഡോ ശരിയല്ല."])
        );
        assert_eq!(ta["message"], "மின்னஞ்சல் முகவரி அல்லது கடவுச்சொல் தவறு.");

        // Sign-in allows 5 a minute for an address: the sixth is refused, still with its
        // Retry-After and a body whose length is the translated one.
        let token = r.ta.xsrf_token.lock().unwrap().clone().unwrap();
        let mut refused = None;
        for _ in 0..5 {
            let response =
                r.ta.client
                    .post(format!("{}/api/login", r.ta.address))
                    .header("X-XSRF-TOKEN", &token)
                    .json(&wrong)
                    .send()
                    .await
                    .unwrap();
            if response.status() == 429 {
                refused = Some(response);
                break;
            }
        }
        let response = refused.expect("a 429 within five more attempts");
        let retry_after: u64 = response.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        let length = response.headers().get("content-length").cloned();
        assert_eq!(
            response
                .headers()
                .get_all("vary")
                .iter()
                .flat_map(|v| v.to_str().unwrap().split(','))
                .filter(|name| name.trim().eq_ignore_ascii_case("accept-language"))
                .count(),
            1,
            "caches keep the languages apart"
        );
        let bytes = response.bytes().await.unwrap();
        if let Some(length) = length {
            assert_eq!(length.to_str().unwrap(), bytes.len().to_string());
        }
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            body["message"],
            format!(
                "அதிக முறை முயன்றுவிட்டீர்கள். தயவுசெய்து {retry_after} வினாடிகள் கழித்து மீண்டும் முயலவும்."
            )
        );
    }
}

#[actix_web::test]
async fn out_of_stock_and_missing_things_are_told_in_the_shoppers_language() {
    for app in spawn_apps().await {
        let r = readers(&app).await;
        let (_, product) = app
            .get_json("/api/products/ga-plus-gibberellic-acid-0-001-l")
            .await;
        let variant = &product["variants"][2];
        let stock = variant["stock"].as_i64().unwrap();
        let line = json!({"product_id": product["id"], "variant_id": variant["id"],
                          "quantity": stock + 1});
        let [en, ml, ta] = r.post_each("/api/cart/add", line, 409).await;
        assert_eq!(ml["available"], stock);
        assert!(
            en["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("Only {stock} of "))
        );
        assert!(
            ml["message"]
                .as_str()
                .unwrap()
                .ends_with(&format!(": ഇപ്പോൾ {stock} എണ്ണം മാത്രമേ വാങ്ങാനാകൂ.")),
            "{ml}"
        );
        assert!(
            ta["message"]
                .as_str()
                .unwrap()
                .ends_with(&format!(": இப்போது {stock} மட்டுமே வாங்க முடியும்.")),
            "{ta}"
        );

        let (status, body) = r.ml.get_json("/api/products/no-such-product").await;
        assert_eq!(status, 404);
        assert_eq!(body["message"], "ഉൽപ്പന്നം കണ്ടെത്താനായില്ല.");
        let (status, body) = r.ta.get_json("/api/brands/no-such-brand").await;
        assert_eq!(status, 404);
        assert_eq!(body["message"], "பிராண்ட் கிடைக்கவில்லை.");
        let (status, body) = r.ta.get_json("/api/orders").await;
        assert_eq!(status, 401);
        assert_eq!(body["message"], "தயவுசெய்து லாகின் செய்யுங்கள்.");
    }
}

#[actix_web::test]
async fn a_missing_anti_forgery_token_is_explained_in_the_shoppers_language() {
    for app in spawn_apps().await {
        for (language, expected) in [
            (
                "ml",
                "ഈ പേജിന്റെ കാലാവധി കഴിഞ്ഞു. ദയവായി പേജ് റീലോഡ് ചെയ്ത് വീണ്ടും ശ്രമിക്കുക.",
            ),
            (
                "ta-IN,ta;q=0.9,en;q=0.5",
                "இந்தப் பக்கம் காலாவதியாகிவிட்டது. தயவுசெய்து பக்கத்தை மீண்டும் ஏற்றி முயலவும்.",
            ),
            ("en", "CSRF token mismatch."),
        ] {
            // A browser with no anti-forgery token at all.
            let response = TestApp::fresh_client()
                .post(format!("{}/api/cart/add", app.address))
                .header("Accept-Language", language)
                .json(&json!({"product_id": 1, "quantity": 1}))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 419, "{language}");
            let vary: Vec<_> = response
                .headers()
                .get_all("vary")
                .iter()
                .flat_map(|v| v.to_str().unwrap().split(','))
                .filter(|name| name.trim().eq_ignore_ascii_case("accept-language"))
                .collect();
            assert_eq!(vary.len(), 1, "{language}: Vary names the language once");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["message"], expected, "{language}");
        }
    }
}

#[actix_web::test]
async fn english_staff_routes_stay_english_and_successful_answers_speak_the_apps_language() {
    for app in spawn_apps().await {
        // English, asked for or by default.
        for shopper in [
            app.shopper_reading("en").await,
            app.shopper_reading("fr, de").await,
            app.another_shopper().await,
        ] {
            let (status, body) = shopper.get_json("/api/products/no-such-product").await;
            assert_eq!(status, 404);
            assert_eq!(body, json!({"message": "Product not found."}));
        }

        let ml = app.shopper_reading("ml").await;
        // The back office stays English whatever the header says.
        let (status, body) = ml.get_json("/api/admin/orders").await;
        assert_eq!(status, 401);
        assert_eq!(body["message"], "Unauthenticated.");
        let staff = app.with_staff().await;
        let response = staff
            .client
            .get(format!("{}/api/admin/orders/ORD-1999-000001", app.address))
            .header("Accept-Language", "ml")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404);
        let body: Value = response.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().is_ascii(), "{body}");

        // A successful answer's words for the shopper come in the app's language, from its
        // handler (the middleware leaves successful answers alone).
        let (status, body) = ml
            .post(
                "/api/forgot-password",
                json!({"email": "nobody@example.in"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            body["message"],
            "ഈ ഇ-മെയിൽ വിലാസത്തിൽ ഒരു അക്കൗണ്ട് ഉണ്ടെങ്കിൽ, പാസ്‌വേഡ് മാറ്റാനുള്ള ലിങ്ക് ഞങ്ങൾ അതിലേക്ക് അയച്ചിട്ടുണ്ട്."
        );
    }
}
