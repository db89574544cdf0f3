//! An answer never names a Rust type ("must be i64"): a value of the wrong kind in a JSON body,
//! a query string or a path is answered in words, in the shopper's language.

use serde_json::{Value, json};

use crate::helpers::spawn_apps;

const RUST_TYPES: [&str; 12] = [
    "i32", "i64", "u16", "u32", "u64", "usize", "f64", "String", "struct", "enum", "Option", "Vec",
];

fn assert_plain(answer: &Value, context: &str) {
    let text = answer.to_string();
    for rust in RUST_TYPES {
        assert!(!text.contains(rust), "{context}: {rust} in {text}");
    }
}

#[actix_web::test]
async fn a_value_of_the_wrong_kind_is_answered_in_words() {
    for app in spawn_apps().await {
        let name = app.name();
        let body = json!({"product_id": "neem oil", "quantity": 1.5});
        let (status, answer) = app
            .another_shopper()
            .await
            .post("/api/cart/add", body.clone())
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_eq!(
            answer["errors"]["product_id"][0], "The product id field must be a whole number.",
            "{name}: {answer}"
        );
        assert_plain(&answer, name);
        for (language, words) in [("ml", "പൂർണ്ണസംഖ്യ"), ("ta", "முழு எண்")]
        {
            let shopper = app.shopper_reading(language).await;
            let (status, answer) = shopper.post("/api/cart/add", body.clone()).await;
            assert_eq!(status, 422, "{name}: {answer}");
            assert!(
                answer["errors"]["product_id"][0]
                    .as_str()
                    .unwrap()
                    .contains(words),
                "{name} {language}: {answer}"
            );
            assert_plain(&answer, name);
        }

        // A path that cannot name anything is not there (404, as for a slug), in words too.
        let staff = app.with_staff().await;
        let (status, answer) = staff
            .get_json("/api/admin/catalog/products?page=first")
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert_plain(&answer, name);
        let (status, answer) = staff
            .get_json("/api/admin/catalog/products?page=1&page=2")
            .await;
        assert!(status == 400 || status == 422, "{name}: {status} {answer}");
        assert_plain(&answer, name);

        let (status, answer) = staff.get_json("/api/admin/catalog/products/first").await;
        assert_eq!(status, 404, "{name}: {answer}");
        assert_plain(&answer, name);
    }
}
