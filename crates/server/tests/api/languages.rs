//! The catalogue in Malayalam and Tamil, through the real app on both databases: names and
//! descriptions in the language the app asks in (English where a field has no translation),
//! search in either script and in the Latin spellings farmers type, on any page.

use serde_json::Value;

use crate::catalog::names;
use crate::helpers::{TestApp, spawn_apps};

async fn get_in(app: &TestApp, language: &str, path: &str) -> (u16, Value, String) {
    let response = app.get_in(language, path).await;
    let status = response.status().as_u16();
    let vary = response
        .headers()
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ");
    (status, response.json().await.unwrap(), vary)
}

#[actix_web::test]
async fn the_catalogue_reads_in_the_language_the_app_asks_in() {
    for app in spawn_apps().await {
        let name = app.name();
        let (status, english, vary) = get_in(&app, "en", "/api/products/banana-bunch-knife").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(english["name"], "Banana Bunch Knife");
        assert!(vary.contains("Accept-Language"), "{name}: {vary}");
        let (_, malayalam, _) = get_in(&app, "ml", "/api/products/banana-bunch-knife").await;
        assert_eq!(malayalam["name"], "വാഴക്കുല വെട്ടുന്ന കത്തി", "{name}");
        assert_ne!(malayalam["description"], english["description"]);
        // The same product, its price and stock: only the words change.
        assert_eq!(malayalam["retail_price"], english["retail_price"]);
        assert_eq!(malayalam["slug"], english["slug"]);
        let (_, tamil, _) = get_in(&app, "ta", "/api/products/banana-bunch-knife").await;
        assert_ne!(tamil["name"], english["name"], "{name}");
        assert_ne!(tamil["name"], malayalam["name"], "{name}");

        let (_, shop, _) = get_in(&app, "ml", "/api/shop").await;
        let (_, english_shop, _) = get_in(&app, "en", "/api/shop").await;
        assert_ne!(shop["tagline"], english_shop["tagline"], "{name}");
        assert!(
            shop["hours"].as_str().unwrap().contains("തിങ്കൾ"),
            "{name}: {shop}"
        );
        assert_eq!(shop["phone"], english_shop["phone"], "{name}");
        let (_, brands, _) = get_in(&app, "ta", "/api/categories").await;
        assert!(
            brands.to_string().contains("உரங்கள்"),
            "{name}: the Tamil category tree"
        );
        let (_, featured, _) = get_in(&app, "ml", "/api/featured-products").await;
        assert!(
            names(&featured)
                .iter()
                .any(|n| n.chars().any(|c| ('\u{0D00}'..='\u{0D7F}').contains(&c))),
            "{name}: {featured}"
        );

        // Field by field: a product whose Malayalam description is removed shows the English one.
        {
            use db::schema::{product_translations, products};
            use diesel::prelude::*;
            let mut conn = app.database.pool().get().unwrap();
            let id: i64 = products::table
                .filter(products::slug.eq("banana-bunch-knife"))
                .select(products::id)
                .first(&mut conn)
                .unwrap();
            diesel::update(product_translations::table.find((id, "ml")))
                .set((
                    product_translations::description.eq(None::<String>),
                    product_translations::updated_at.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(&mut conn)
                .unwrap();
        }
        assert!(
            server::catalog_refresh::refresh_if_changed(&app.state)
                .await
                .unwrap(),
            "{name}: a translation's change is a catalogue change"
        );
        let (_, after, _) = get_in(&app, "ml", "/api/products/banana-bunch-knife").await;
        assert_eq!(after["name"], "വാഴക്കുല വെട്ടുന്ന കത്തി", "{name}");
        assert_eq!(after["description"], english["description"], "{name}");
    }
}

#[actix_web::test]
async fn search_finds_malayalam_tamil_and_the_latin_spellings_farmers_type() {
    for app in spawn_apps().await {
        let name = app.name();
        for (language, term) in [
            ("ml", "ഏലം"),
            ("en", "ഏലം"),
            ("ta", "ஏலக்காய்"),
            ("ml", "elam"),
            ("en", "elakkai"),
            ("ta", "milagu"),
            // One letter wrong, in each script.
            ("ml", "കുരുമുളഗ്"),
            ("ta", "மிளகூ"),
        ] {
            let encoded: String = term.bytes().map(|b| format!("%{b:02X}")).collect();
            let path = format!("/api/search?search={encoded}");
            let (status, found, _) = get_in(&app, language, &path).await;
            assert_eq!(status, 200, "{name}: {term}");
            assert!(
                !found.as_array().unwrap().is_empty(),
                "{name}: nothing found for {term} ({language})"
            );
        }
        let (_, found, _) = get_in(&app, "ml", "/api/search?search=elam").await;
        assert!(
            names(&found).iter().any(|n| n.contains("ഏലം")),
            "{name}: cardamom products in Malayalam: {found}"
        );
    }
}
