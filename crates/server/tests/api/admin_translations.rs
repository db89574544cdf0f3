//! Staff keep the catalogue's Malayalam and Tamil beside its English, through the real app on
//! both databases: what they write is what the shop reads in that language at once (its API,
//! its server-rendered pages and its search), a blank field falls back to English, and only staff
//! may write, in Malayalam or Tamil alone.

use diesel::prelude::*;
use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_catalog::{brand_slug, create, first_ids, product_body};
use crate::helpers::{TestApp, spawn_apps};

const PRODUCTS: &str = "/api/admin/catalog/products";
const NAME_ML: &str = "ഏലക്കാവൽ 5 ഇസി";

/// `path` as the app asks for it in `language` (it sends `Accept-Language`).
async fn read_in(app: &TestApp, language: &str, path: &str) -> Value {
    let response = app.get_in(language, path).await;
    assert_eq!(response.status(), 200, "{path} in {language}");
    response.json().await.unwrap()
}

fn encoded(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

async fn search_finds(app: &TestApp, language: &str, words: &str, slug: &str) -> bool {
    let found = read_in(
        app,
        language,
        &format!("/api/search?search={}", encoded(words)),
    )
    .await;
    found
        .as_array()
        .unwrap()
        .iter()
        .any(|card| card["slug"] == slug)
}

/// The product's fields as staff saved them, sent back with `change` laid over (a PUT replaces).
async fn put_product(staff: &TestApp, id: i64, change: Value) -> (u16, Value) {
    let (status, mut body) = staff.get_json(&format!("{PRODUCTS}/{id}")).await;
    assert_eq!(status, 200, "{body}");
    for (key, value) in change.as_object().unwrap() {
        body[key] = value.clone();
    }
    body.as_object_mut().unwrap().remove("translations");
    if let Some(words) = change.get("translations") {
        body["translations"] = words.clone();
    }
    staff
        .send(Method::PUT, &format!("{PRODUCTS}/{id}"), body)
        .await
}

/// The `<title>` of a server-rendered page.
async fn page_title(app: &TestApp, path: &str) -> String {
    let html = app.get(path).await.text().await.unwrap();
    let start = html.find("<title>").expect("a title") + 7;
    html[start..start + html[start..].find("</title>").unwrap()].to_owned()
}

fn last_audit(app: &TestApp, entity: &str, id: i64) -> (String, String) {
    use db::schema::audit_log;
    audit_log::table
        .filter(audit_log::entity.eq(entity))
        .filter(audit_log::entity_id.eq(id.to_string()))
        .order(audit_log::id.desc())
        .select((audit_log::action, audit_log::new_values.assume_not_null()))
        .first(&mut app.database.pool().get().unwrap())
        .unwrap()
}

#[actix_web::test]
async fn a_malayalam_name_staff_write_is_what_the_shop_reads_and_blank_falls_back_to_english() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Cardamom Guard", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        assert_eq!(product["translations"]["ml"]["name"], Value::Null);
        let page = format!(
            "/ml/dealer/{}/cardamom-guard",
            brand_slug(&app, brand).await
        );
        assert!(
            page_title(&app, &page).await.starts_with("Cardamom Guard"),
            "{name}"
        );

        let (status, saved) = put_product(
            &staff,
            id,
            json!({"translations": {"ml": {"name": NAME_ML, "country_of_origin": "ഇന്ത്യ"}}}),
        )
        .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["translations"]["ml"]["name"], NAME_ML);
        assert_eq!(saved["translations"]["ta"]["name"], Value::Null);
        assert_eq!(saved["name"], "Cardamom Guard", "{name}: English stays");

        // At once, with no refresh: the API in Malayalam, Tamil and English, and the page.
        let ml = read_in(&app, "ml", "/api/products/cardamom-guard").await;
        assert_eq!(ml["name"], NAME_ML, "{name}");
        assert_eq!(ml["declarations"]["country_of_origin"], "ഇന്ത്യ", "{name}");
        assert_eq!(
            ml["description"], product["description"],
            "{name}: a field without Malayalam reads in English"
        );
        let ta = read_in(&app, "ta", "/api/products/cardamom-guard").await;
        assert_eq!(ta["name"], "Cardamom Guard", "{name}: no Tamil, English");
        let en = read_in(&app, "en", "/api/products/cardamom-guard").await;
        assert_eq!(en["name"], "Cardamom Guard", "{name}");
        assert!(
            page_title(&app, &page).await.starts_with(NAME_ML),
            "{name}: the rendered page in Malayalam"
        );
        let list = read_in(&app, "ml", "/api/search?search=cardamom%20guard").await;
        assert_eq!(list[0]["name"], NAME_ML, "{name}: the cards too");

        let (action, after) = last_audit(&app, "product", id);
        assert_eq!(action, "product.update", "{name}");
        assert!(
            after.contains(NAME_ML),
            "{name}: the audit row has it: {after}"
        );

        // A blank name falls back to English; the country of origin given alongside stays.
        let (status, saved) = put_product(
            &staff,
            id,
            json!({"translations": {"ml": {"name": "  ", "country_of_origin": "ഇന്ത്യ"}}}),
        )
        .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["translations"]["ml"]["name"], Value::Null);
        let ml = read_in(&app, "ml", "/api/products/cardamom-guard").await;
        assert_eq!(ml["name"], "Cardamom Guard", "{name}: back to English");
        assert_eq!(ml["declarations"]["country_of_origin"], "ഇന്ത്യ", "{name}");
        assert!(page_title(&app, &page).await.starts_with("Cardamom Guard"));

        // Nothing left in a language: its row goes, and the product reads in English throughout.
        let rows = app.count_rows("product_translations");
        let (status, _) = put_product(&staff, id, json!({"translations": {"ml": {}}})).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(app.count_rows("product_translations"), rows - 1, "{name}");
        let ml = read_in(&app, "ml", "/api/products/cardamom-guard").await;
        assert_eq!(ml["declarations"]["country_of_origin"], "India", "{name}");
    }
}

#[actix_web::test]
async fn search_finds_a_product_by_the_words_staff_add_in_any_language() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Thrips Shield", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        assert!(!search_finds(&app, "ml", "ഇലപ്പേൻകാവൽ", "thrips-shield").await);
        assert!(!search_finds(&app, "en", "ilappen", "thrips-shield").await);

        let (status, saved) = put_product(
            &staff,
            id,
            json!({
                "search_terms": ["ilappen, thrips spray"],
                "translations": {
                    "ml": {"search_terms": ["ഇലപ്പേൻകാവൽ", "elappen"]},
                    "ta": {"name": "த்ரிப்ஸ் கவசம்"}
                }
            }),
        )
        .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["search_terms"], json!(["ilappen", "thrips spray"]));
        assert_eq!(
            saved["translations"]["ml"]["search_terms"],
            json!(["ഇലപ്പേൻകാവൽ", "elappen"])
        );
        for (language, words) in [
            ("ml", "ഇലപ്പേൻകാവൽ"),
            ("en", "ഇലപ്പേൻകാവൽ"),
            ("ta", "elappen"),
            ("en", "ilappen"),
            ("ml", "ilappen"),
            ("en", "த்ரிப்ஸ் கவசம்"),
        ] {
            assert!(
                search_finds(&app, language, words, "thrips-shield").await,
                "{name}: {words} in {language}"
            );
        }
        // The staff list finds it by its search words too.
        let (_, list) = staff.get_json(&format!("{PRODUCTS}?search=ilappen")).await;
        assert_eq!(list["data"][0]["id"], id, "{name}: {list}");

        // A product edit that leaves the words out keeps them.
        let (status, _) = put_product(&staff, id, json!({"hsn_code": "38089191"})).await;
        assert_eq!(status, 200, "{name}");
        let (_, kept) = staff.get_json(&format!("{PRODUCTS}/{id}")).await;
        assert_eq!(kept["search_terms"], json!(["ilappen", "thrips spray"]));
        assert_eq!(kept["translations"]["ta"]["name"], "த்ரிப்ஸ் கவசம்");
        assert!(search_finds(&app, "en", "elappen", "thrips-shield").await);
    }
}

#[actix_web::test]
async fn pack_sizes_brands_categories_and_awards_read_in_the_words_staff_give() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Leaf Shine", brand, category)).await;
        let variant = product["variants"][0].clone();
        let mut body = variant.clone();
        body["translations"] = json!({"ta": {"variant_name": "250 மி.லி."}});
        let (status, saved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{}", variant["id"]),
                body,
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["translations"]["ta"]["variant_name"], "250 மி.லி.");
        let ta = read_in(&app, "ta", "/api/products/leaf-shine").await;
        assert_eq!(ta["variants"][0]["variant_name"], "250 மி.லி.", "{name}");
        let ml = read_in(&app, "ml", "/api/products/leaf-shine").await;
        assert_eq!(ml["variants"][0]["variant_name"], "250 ml", "{name}");

        let (_, brands) = staff.get_json("/api/admin/catalog/brands").await;
        let first = brands["data"][0].clone();
        assert!(
            first["translations"]["ml"]["name"].is_string(),
            "{name}: the demo's"
        );
        let (status, saved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/brands/{}", first["id"]),
                json!({"name": first["name"], "description": first["description"],
                       "is_house_brand": first["is_house_brand"], "sort_order": first["sort_order"],
                       "translations": {"ml": {"name": "പുതിയ പേര്", "description": ""}}}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["translations"]["ml"]["description"], Value::Null);
        assert_eq!(
            saved["translations"]["ta"], first["translations"]["ta"],
            "{name}: Tamil was left out, so it stays"
        );
        let slug = first["slug"].as_str().unwrap();
        let page = read_in(&app, "ml", &format!("/api/brands/{slug}")).await;
        assert_eq!(page["name"], "പുതിയ പേര്", "{name}: {page}");
        assert_eq!(page["description"], first["description"], "{name}");
        let (action, _) = last_audit(&app, "brand", first["id"].as_i64().unwrap());
        assert_eq!(action, "brand.update");

        let (_, categories) = staff.get_json("/api/admin/catalog/categories").await;
        let mut body = categories["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == category)
            .unwrap()
            .clone();
        body["translations"] = json!({"ta": {"name": "பூச்சி மருந்துகள்"}});
        let (status, saved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/categories/{category}"),
                body,
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        let tree = read_in(&app, "ta", "/api/categories").await;
        assert!(
            tree.to_string().contains("பூச்சி மருந்துகள்"),
            "{name}: {tree}"
        );

        let (_, awards) = staff.get_json("/api/admin/catalog/awards").await;
        let award = awards["data"][0].clone();
        let (status, saved) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/awards/{}", award["id"]),
                json!({"title": award["title"], "description": award["description"],
                       "position": award["position"], "translations": {"ml": {"title": null, "description": null}}}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        let about = read_in(&app, "ml", "/api/awards").await;
        assert!(
            about.to_string().contains(award["title"].as_str().unwrap()),
            "{name}: no Malayalam title, the English one: {about}"
        );
    }
}

#[actix_web::test]
async fn translations_are_refused_field_by_field_and_nothing_is_written() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Mite Guard", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        let updated = product["updated_at"].clone();

        let (status, answer) = put_product(
            &staff,
            id,
            json!({"translations": {"fr": {"name": "Garde-acariens"}}}),
        )
        .await;
        assert_eq!(status, 422, "{name}: French is not the shop's: {answer}");
        assert!(
            answer["errors"]
                .as_object()
                .unwrap()
                .keys()
                .any(|k| k.starts_with("translations")),
            "{name}: {answer}"
        );

        let (status, answer) = put_product(
            &staff,
            id,
            json!({
                "search_terms": ["x".repeat(61)],
                "translations": {
                    "ml": {"name": "മ".repeat(201), "description": "<b>വിഷം</b>"},
                    "ta": {"name": "சிலந்தி\u{0}", "search_terms": ["ok", "y".repeat(61)], "best_before": "z".repeat(201)}
                }
            }),
        )
        .await;
        assert_eq!(status, 422, "{name}: {answer}");
        let errors = &answer["errors"];
        assert_eq!(errors["translations.ml.name"][0], "At most 200 characters.");
        assert!(
            errors["translations.ml.description"][0]
                .as_str()
                .unwrap()
                .contains("HTML")
        );
        assert_eq!(
            errors["translations.ta.name"][0],
            "This may not contain control characters."
        );
        for field in [
            "search_terms",
            "translations.ta.search_terms",
            "translations.ta.best_before",
        ] {
            assert!(errors[field].is_array(), "{name}: {field}: {answer}");
        }

        let (status, answer) = staff
            .send(
                Method::PUT,
                &format!("/api/admin/catalog/variants/{}", product["variants"][0]["id"]),
                json!({"variant_name": "250 ml", "sku": product["variants"][0]["sku"], "retail_price": 399.0,
                       "weight_grams": 300, "translations": {"ta": {"variant_name": "ம".repeat(101)}}}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["translations.ta.variant_name"].is_array());

        // A language's words are an object; a list or null in its place is refused (the fuzz stage found
        // serde taking one).
        for (path, body) in [
            (
                "/api/admin/catalog/brands",
                json!({"name": "Odd", "translations": {"ta": [null, null]}}),
            ),
            (
                "/api/admin/catalog/awards",
                json!({"title": "Odd", "translations": {"ml": ["x"]}}),
            ),
        ] {
            let (status, answer) = staff.send(Method::POST, path, body).await;
            assert!(
                matches!(status, 400 | 422),
                "{name}: {path} took a list: {status} {answer}"
            );
        }

        let (_, unchanged) = staff.get_json(&format!("{PRODUCTS}/{id}")).await;
        assert_eq!(unchanged["translations"], product["translations"], "{name}");
        assert_eq!(unchanged["updated_at"], updated, "{name}");
    }
}

#[actix_web::test]
async fn only_staff_write_translations() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let product = create(&staff, product_body("Scale Guard", brand, category)).await;
        let (_, mut body) = staff
            .get_json(&format!("{PRODUCTS}/{}", product["id"]))
            .await;
        body["translations"] = json!({"ml": {"name": NAME_ML}});
        let path = format!("{PRODUCTS}/{}", product["id"]);

        let visitor = app.another_shopper().await;
        let (status, _) = visitor.send(Method::PUT, &path, body.clone()).await;
        assert_eq!(status, 401, "{name}: a visitor");
        let shopper = app.another_shopper().await;
        shopper.register("farmer@example.in").await;
        let (status, answer) = shopper.send(Method::PUT, &path, body.clone()).await;
        assert_eq!(status, 403, "{name}: a shopper: {answer}");
        let (status, _) = shopper.get_json(&path).await;
        assert_eq!(status, 403, "{name}: a shopper reads no desk");

        let ml = read_in(&app, "ml", "/api/products/scale-guard").await;
        assert_eq!(ml["name"], "Scale Guard", "{name}: nothing was written");
    }
}
