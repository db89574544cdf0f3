//! Two staff members saving the same product (or variant) from the same loaded form: the
//! second save is refused with what changed, and the first edit is kept.

use reqwest::Method;
use serde_json::json;

use crate::admin_catalog::{create, first_ids, product_body};
use crate::helpers::spawn_apps;

#[actix_web::test]
async fn a_save_from_a_form_loaded_before_another_save_is_refused_with_what_changed() {
    for app in spawn_apps().await {
        let name = app.name();
        let (anitha, babu) = (app.with_staff().await, app.with_staff().await);
        let (brand, category) = first_ids(&app).await;
        let product = create(&anitha, product_body("Pepper Guard", brand, category)).await;
        let id = product["id"].as_i64().unwrap();
        let path = format!("/api/admin/catalog/products/{id}");
        let loaded = anitha.get_json(&path).await.1;
        let version = loaded["version"].clone();
        assert_eq!(version, 1, "{name}: {loaded}");

        // Both opened version 1; Anitha saves a new HSN code first.
        let mut first = product_body("Pepper Guard", brand, category);
        first["hsn_code"] = json!("380891");
        first["version"] = version.clone();
        let (status, saved) = anitha.send(Method::PUT, &path, first).await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["version"], 2);

        let mut second = product_body("Pepper Guard", brand, category);
        second["description"] = json!("Babu's words.");
        second["version"] = version;
        let (status, answer) = babu.send(Method::PUT, &path, second.clone()).await;
        assert_eq!(status, 409, "{name}: {answer}");
        assert_eq!(answer["changed"], json!(["hsn_code"]), "{name}: {answer}");
        assert_eq!(answer["version"], 2, "{name}: {answer}");
        let (_, now) = anitha.get_json(&path).await;
        assert_eq!(now["hsn_code"], "380891", "{name}: the first edit is kept");

        // Reloaded, Babu's save goes through.
        second["version"] = json!(2);
        let (status, saved) = babu.send(Method::PUT, &path, second).await;
        assert_eq!(status, 200, "{name}: {saved}");
        assert_eq!(saved["hsn_code"], "38089199", "{name}: his form's value");

        // The same for a variant; a stock move in between is not an edit of its form.
        let variant = &product["variants"][0];
        let vpath = format!("/api/admin/catalog/variants/{}", variant["id"]);
        let adjust = format!("{vpath}/stock-adjustments");
        let (status, _) = anitha
            .post(&adjust, json!({"delta": 2, "reason": "received"}))
            .await;
        assert_eq!(status, 201, "{name}");
        let edit = |price: f64| {
            json!({"variant_name": "250 ml", "sku": variant["sku"], "MRP": 450.0,
                   "retail_price": price, "weight_grams": 300, "net_quantity": "250 ml", "version": 1})
        };
        let (status, saved) = anitha.send(Method::PUT, &vpath, edit(380.0)).await;
        assert_eq!(status, 200, "{name}: {saved}");
        let (status, answer) = babu.send(Method::PUT, &vpath, edit(390.0)).await;
        assert_eq!(status, 409, "{name}: {answer}");
        assert_eq!(
            answer["changed"],
            json!(["retail_price"]),
            "{name}: {answer}"
        );
        let (_, now) = anitha.get_json(&path).await;
        assert_eq!(now["variants"][0]["retail_price"], 380.0, "{name}");
    }
}
