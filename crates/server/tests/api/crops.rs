//! Shop by crop, through the real app on both databases: the demo's crops in the shopper's
//! language with their other names, a crop's page with its products grouped by need and the
//! problems that affect it, and the desk where staff keep crops, problems, a product's links and
//! the synonym groups (staff only, every bad input a clear 422, every change on the shop at once).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

const CROPS: &str = "/api/admin/catalog/crops";
const PROBLEMS: &str = "/api/admin/catalog/problems";
const SYNONYMS: &str = "/api/admin/catalog/synonyms";

async fn read_in(app: &TestApp, language: &str, path: &str) -> Value {
    let response = app.get_in(language, path).await;
    assert_eq!(response.status(), 200, "{path} in {language}");
    response.json().await.unwrap()
}

fn slugs(cards: &Value) -> Vec<&str> {
    cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect()
}

fn group<'a>(page: &'a Value, need: &str) -> Option<&'a Value> {
    page["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["need"] == need)
}

async fn product_id(app: &TestApp, slug: &str) -> i64 {
    let (status, product) = app.get_json(&format!("/api/products/{slug}")).await;
    assert_eq!(status, 200, "{slug}");
    product["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn the_crops_read_in_each_language_with_their_other_names_in_order() {
    for app in spawn_apps().await {
        let name = app.name();
        let en = read_in(&app, "en", "/api/crops").await;
        let list = en.as_array().unwrap();
        assert_eq!(list.len(), 11, "{name}");
        assert_eq!(list[0]["slug"], "cardamom", "{name}: in the shop's order");
        assert_eq!(list[0]["name"], "Cardamom", "{name}");
        let others: Vec<&str> = list[0]["other_names"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert!(
            others.contains(&"elam") && others.contains(&"elakka"),
            "{name}: {others:?}"
        );
        assert!(list[0]["product_count"].as_u64().unwrap() > 10, "{name}");
        assert_eq!(list[1]["slug"], "black-pepper", "{name}");

        let ml = read_in(&app, "ml", "/api/crops").await;
        assert_eq!(ml[0]["slug"], "cardamom", "{name}: the slug stays");
        assert_eq!(ml[0]["name"], "ഏലം", "{name}");
        assert_eq!(
            ml[0]["other_names"][0], "ഏലക്ക",
            "{name}: its own script first"
        );
        let ta = read_in(&app, "ta", "/api/crops").await;
        assert_eq!(ta[0]["name"], "ஏலக்காய்", "{name}");
        assert_eq!(ta[1]["name"], "மிளகு", "{name}");
        assert_eq!(
            ta[0]["product_count"], list[0]["product_count"],
            "{name}: the same products in every language"
        );
    }
}

#[actix_web::test]
async fn a_crop_page_groups_its_products_by_need_and_lists_its_problems() {
    for app in spawn_apps().await {
        let name = app.name();
        let page = read_in(&app, "en", "/api/crops/cardamom").await;
        assert_eq!(page["slug"], "cardamom", "{name}");
        assert_eq!(page["name"], "Cardamom", "{name}");
        let needs: Vec<&str> = page["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["need"].as_str().unwrap())
            .collect();
        assert_eq!(
            needs,
            [
                "planting",
                "nutrition",
                "protection",
                "irrigation",
                "tools",
                "services"
            ],
            "{name}: the fixed order"
        );
        let protection = slugs(&group(&page, "protection").unwrap()["products"]);
        assert!(protection.contains(&"thripstop-spinosad-45-sc"), "{name}");
        let tools = slugs(&group(&page, "tools").unwrap()["products"]);
        assert!(tools.contains(&"cardamom-harvesting-scissors"), "{name}");
        assert!(!tools.contains(&"thripstop-spinosad-45-sc"), "{name}");
        // A card as category listings show it.
        let card = &group(&page, "nutrition").unwrap()["products"][0];
        for field in [
            "id",
            "name",
            "slug",
            "brandSlug",
            "image_url",
            "retail_price",
            "MRP",
        ] {
            assert!(card.get(field).is_some(), "{name}: card field {field}");
        }
        let thrips = page["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["slug"] == "thrips")
            .expect("thrips affect cardamom");
        assert_eq!(thrips["kind"], "pest", "{name}");
        assert!(
            slugs(&thrips["products"]).contains(&"thripstop-spinosad-45-sc"),
            "{name}"
        );

        let ml = read_in(&app, "ml", "/api/crops/cardamom").await;
        assert_eq!(ml["name"], "ഏലം", "{name}");
        let ml_thrips = ml["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["slug"] == "thrips")
            .unwrap();
        assert_eq!(ml_thrips["name"], "ഇലപ്പേൻ", "{name}");
        let ta = read_in(&app, "ta", "/api/crops/black-pepper").await;
        assert_eq!(ta["name"], "மிளகு", "{name}");
        assert!(
            ta["problems"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["name"] == "விரைவு வாடல் நோய்"),
            "{name}: quick wilt in Tamil"
        );

        // Rubber has no irrigation product in the demo: the group is left out.
        let rubber = read_in(&app, "en", "/api/crops/rubber").await;
        assert!(group(&rubber, "irrigation").is_none(), "{name}");

        for missing in ["/api/crops/mango", "/api/crops/no%20such"] {
            let (status, answer) = app.get_json(missing).await;
            assert_eq!(status, 404, "{name}: {missing}");
            assert!(answer["message"].is_string(), "{name}: {answer}");
        }
    }
}

#[actix_web::test]
async fn only_staff_may_use_the_crop_desk() {
    for app in spawn_apps().await {
        let name = app.name();
        let visitor = app.another_shopper().await;
        let shopper = app.another_shopper().await;
        shopper.register("grower@example.in").await;
        let body = json!({"slug": "turmeric", "name": "Turmeric"});
        for (who, client, refused) in [("visitor", &visitor, 401), ("shopper", &shopper, 403)] {
            for path in [
                CROPS,
                PROBLEMS,
                SYNONYMS,
                "/api/admin/catalog/products/1/crops",
            ] {
                let (status, answer) = client.get_json(path).await;
                assert_eq!(status, refused, "{name}: {who} GET {path}");
                assert!(answer["message"].is_string(), "{name}: {answer}");
            }
            let (status, _) = client.post(CROPS, body.clone()).await;
            assert_eq!(status, refused, "{name}: {who} creates a crop");
            let (status, _) = client
                .send(Method::DELETE, &format!("{CROPS}/1"), json!({}))
                .await;
            assert_eq!(status, refused, "{name}: {who} deletes a crop");
        }
        assert_eq!(app.count_rows("crops"), 11, "{name}: nothing was written");
    }
}

#[actix_web::test]
async fn staff_keep_crops_and_bad_input_is_refused_field_by_field() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (status, list) = staff.get_json(CROPS).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(list["data"].as_array().unwrap().len(), 11, "{name}");
        assert_eq!(list["data"][0]["ml"]["name"], "ഏലം", "{name}");

        let (status, answer) = staff
            .post(
                CROPS,
                json!({"slug": "Turmeric Root", "name": " ", "other_names": ["x".repeat(61)],
                       "sort_order": -1}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        for field in ["slug", "name", "other_names", "sort_order"] {
            assert!(
                answer["errors"][field].is_array(),
                "{name}: {field} in {answer}"
            );
        }
        let (status, answer) = staff
            .post(CROPS, json!({"slug": "cardamom", "name": "Cardamom again"}))
            .await;
        assert_eq!(status, 422, "{name}: a taken slug");
        assert!(answer["errors"]["slug"].is_array(), "{name}: {answer}");

        let (status, turmeric) = staff
            .post(
                CROPS,
                json!({"slug": "turmeric", "name": "Turmeric", "other_names": ["manjal", "manchal"],
                       "sort_order": 12, "ml": {"name": "മഞ്ഞൾ"}, "ta": {"name": "மஞ்சள்",
                       "other_names": ["மஞ்சள் கிழங்கு"]}}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {turmeric}");
        let id = turmeric["id"].as_i64().unwrap();
        assert_eq!(turmeric["ta"]["other_names"][0], "மஞ்சள் கிழங்கு", "{name}");
        let ta = read_in(&app, "ta", "/api/crops").await;
        let listed = ta.as_array().unwrap().last().unwrap().clone();
        assert_eq!(listed["name"], "மஞ்சள்", "{name}: at once");
        assert_eq!(listed["product_count"], 0, "{name}");
        // No products yet: the page answers with no groups.
        let page = read_in(&app, "en", "/api/crops/turmeric").await;
        assert_eq!(page["groups"], json!([]), "{name}");

        let (status, renamed) = staff
            .send(
                Method::PUT,
                &format!("{CROPS}/{id}"),
                json!({"slug": "turmeric", "name": "Turmeric (fresh)", "ml": {"name": ""}}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {renamed}");
        assert_eq!(
            renamed["ml"]["name"],
            Value::Null,
            "{name}: blank is English"
        );
        let ml = read_in(&app, "ml", "/api/crops/turmeric").await;
        assert_eq!(ml["name"], "Turmeric (fresh)", "{name}");

        let (status, _) = staff
            .send(
                Method::PUT,
                &format!("{CROPS}/99999"),
                json!({"slug": "x", "name": "X"}),
            )
            .await;
        assert_eq!(status, 404, "{name}");
        let cardamom = list["data"][0]["id"].as_i64().unwrap();
        let (status, answer) = staff
            .send(Method::DELETE, &format!("{CROPS}/{cardamom}"), json!({}))
            .await;
        assert_eq!(status, 409, "{name}: products serve it: {answer}");
        let (status, _) = staff
            .send(Method::DELETE, &format!("{CROPS}/{id}"), json!({}))
            .await;
        assert_eq!(status, 204, "{name}");
        let (status, _) = app.get_json("/api/crops/turmeric").await;
        assert_eq!(status, 404, "{name}: gone from the shop");
        assert!(
            app.count_rows("audit_log WHERE entity = 'crop'") >= 3,
            "{name}: audited"
        );
    }
}

#[actix_web::test]
async fn a_link_staff_set_moves_a_product_on_the_crop_page_at_once() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let knife = product_id(&app, "banana-bunch-knife").await;
        let links_path = format!("/api/admin/catalog/products/{knife}/crops");
        let (status, links) = staff.get_json(&links_path).await;
        assert_eq!(status, 200, "{name}: {links}");
        let (_, crops) = staff.get_json(CROPS).await;
        let id_of = |slug: &str| {
            crops["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["slug"] == slug)
                .unwrap()["id"]
                .as_i64()
                .unwrap()
        };
        let banana = id_of("banana");
        assert_eq!(
            links["crops"],
            json!([{"crop_id": banana, "need": "tools"}]),
            "{name}"
        );
        let before = catalog::Fingerprint::read(&mut app.database.pool().get().unwrap()).unwrap();

        let bad = [
            json!({"crops": [{"crop_id": banana, "need": "fun"}]}),
            json!({"crops": [{"crop_id": 99999, "need": "tools"}]}),
            json!({"crops": [{"need": "tools"}]}),
            json!({"crops": [{"crop_id": banana, "need": "tools"},
                             {"crop_id": banana, "need": "services"}]}),
            json!({"problem_ids": [99999]}),
            json!({"crops": "banana"}),
        ];
        for body in bad {
            let (status, answer) = staff.send(Method::PUT, &links_path, body.clone()).await;
            assert_eq!(status, 422, "{name}: {body} -> {answer}");
            assert!(answer["message"].is_string(), "{name}: {answer}");
        }
        let (status, _) = staff
            .send(
                Method::PUT,
                "/api/admin/catalog/products/99999/crops",
                json!({}),
            )
            .await;
        assert_eq!(status, 404, "{name}: an unknown product");

        let coconut = id_of("coconut");
        let (status, saved) = staff
            .send(
                Method::PUT,
                &links_path,
                json!({"crops": [{"crop_id": banana, "need": "services"},
                                 {"crop_id": coconut, "need": "tools"}]}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {saved}");
        let page = read_in(&app, "en", "/api/crops/banana").await;
        assert!(
            slugs(&group(&page, "services").unwrap()["products"]).contains(&"banana-bunch-knife"),
            "{name}: under its new need at once"
        );
        assert!(
            !slugs(&group(&page, "tools").unwrap()["products"]).contains(&"banana-bunch-knife"),
            "{name}"
        );
        let coconut_page = read_in(&app, "ml", "/api/crops/coconut").await;
        assert_eq!(coconut_page["name"], "തെങ്ങ്", "{name}");
        assert!(
            slugs(&group(&coconut_page, "tools").unwrap()["products"])
                .contains(&"banana-bunch-knife"),
            "{name}"
        );
        // Other processes see the change through the catalogue's fingerprint.
        let after = catalog::Fingerprint::read(&mut app.database.pool().get().unwrap()).unwrap();
        assert_ne!(before, after, "{name}");
        assert!(
            app.count_rows("audit_log WHERE action = 'product.crops'") >= 1,
            "{name}"
        );
    }
}

#[actix_web::test]
async fn staff_keep_problems_and_synonym_groups() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (_, crops) = staff.get_json(CROPS).await;
        let pepper = crops["data"][1]["id"].as_i64().unwrap();
        let (status, answer) = staff
            .post(
                PROBLEMS,
                json!({"slug": "anthracnose", "name": "Anthracnose", "kind": "fungus",
                       "crop_ids": [pepper, 99999]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {answer}");
        assert!(answer["errors"]["kind"].is_array(), "{name}: {answer}");
        let (status, answer) = staff
            .post(
                PROBLEMS,
                json!({"slug": "anthracnose", "name": "Anthracnose", "kind": "disease",
                       "crop_ids": [pepper, 99999]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: an unknown crop: {answer}");
        let (status, problem) = staff
            .post(
                PROBLEMS,
                json!({"slug": "anthracnose", "name": "Anthracnose", "kind": "disease",
                       "other_names": ["kaykozhichil"], "ml": {"name": "ആന്ത്രാക്നോസ്"},
                       "crop_ids": [pepper]}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {problem}");
        assert_eq!(problem["crop_ids"], json!([pepper]), "{name}");
        let problem_id = problem["id"].as_i64().unwrap();

        // Treated by a product: the problem shows on the pepper page, in Malayalam too.
        let azoxy = product_id(&app, "azoxystrobin-23-sc-fungicide").await;
        let path = format!("/api/admin/catalog/products/{azoxy}/crops");
        let (_, mut links) = staff.get_json(&path).await;
        links["problem_ids"]
            .as_array_mut()
            .unwrap()
            .push(json!(problem_id));
        let (status, saved) = staff.send(Method::PUT, &path, links).await;
        assert_eq!(status, 200, "{name}: {saved}");
        let page = read_in(&app, "ml", "/api/crops/black-pepper").await;
        let shown = page["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["slug"] == "anthracnose")
            .expect("the new problem");
        assert_eq!(shown["name"], "ആന്ത്രാക്നോസ്", "{name}");
        assert_eq!(
            slugs(&shown["products"]),
            ["azoxystrobin-23-sc-fungicide"],
            "{name}"
        );
        let (status, _) = staff
            .send(
                Method::DELETE,
                &format!("{PROBLEMS}/{problem_id}"),
                json!({}),
            )
            .await;
        assert_eq!(status, 409, "{name}: a product treats it");

        let (status, groups) = staff.get_json(SYNONYMS).await;
        assert_eq!(status, 200, "{name}");
        assert!(
            groups["data"].as_array().unwrap().iter().any(|g| g["words"]
                .as_array()
                .unwrap()
                .contains(&json!("keedanashini"))),
            "{name}: the demo's groups"
        );
        for words in [json!(["one"]), json!([]), json!(["a", "A"])] {
            let (status, answer) = staff.post(SYNONYMS, json!({"words": words})).await;
            assert_eq!(status, 422, "{name}: {words}: {answer}");
            assert!(answer["errors"]["words"].is_array(), "{name}: {answer}");
        }
        let (status, group) = staff
            .post(
                SYNONYMS,
                json!({"words": ["weedicide", "kalanashini, കളനാശിനി"]}),
            )
            .await;
        assert_eq!(status, 201, "{name}: {group}");
        assert_eq!(
            group["words"],
            json!(["weedicide", "kalanashini", "കളനാശിനി"]),
            "{name}"
        );
        let id = group["id"].as_i64().unwrap();
        let (status, group) = staff
            .send(
                Method::PUT,
                &format!("{SYNONYMS}/{id}"),
                json!({"words": ["herbicide", "weedicide"]}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {group}");
        let (status, _) = staff
            .send(Method::DELETE, &format!("{SYNONYMS}/{id}"), json!({}))
            .await;
        assert_eq!(status, 204, "{name}");
        let (status, _) = staff
            .send(Method::DELETE, &format!("{SYNONYMS}/{id}"), json!({}))
            .await;
        assert_eq!(status, 404, "{name}");
    }
}
