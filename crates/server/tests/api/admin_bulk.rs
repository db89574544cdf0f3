//! Bulk edits by CSV through the real app, on both databases: export, preview, apply all or
//! nothing, the audit entry with its file, and stock history.

use diesel::prelude::*;
use serde_json::json;

use crate::helpers::spawn_apps;

const EXPORT: &str = "/api/admin/catalog/export.csv";
const PREVIEW: &str = "/api/admin/catalog/imports/preview?filename=supplier.csv";
const APPLY: &str = "/api/admin/catalog/imports?filename=supplier.csv";

/// The exported sheet's rows as maps of column to cell.
fn rows(sheet: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(sheet.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

#[actix_web::test]
async fn an_import_previews_its_changes_then_applies_them_all() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let response = staff.get(EXPORT).await;
        assert_eq!(response.status(), 200, "{name}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        let sheet = response.text().await.unwrap();
        let all = rows(&sheet);
        assert!(all.len() > 100, "{name}: every variant is exported");
        let knife = all
            .iter()
            .find(|r| r["product_slug"] == "banana-bunch-knife")
            .expect("the knife is exported")
            .clone();
        let pick: Vec<_> = all
            .iter()
            .filter(|r| r["product_slug"] != "banana-bunch-knife" && r["mrp"].is_empty())
            .take(2)
            .cloned()
            .collect();

        // Three prices and one stock level change; a fifth row is as it is.
        let mut edited = String::from("sku,price,stock,product_name\n");
        edited.push_str(&format!("{},199.00,,ignored\n", knife["sku"]));
        for row in &pick {
            edited.push_str(&format!("{},\"1,234.50\",,\n", row["sku"]));
        }
        edited.push_str(&format!("{},,{},\n", all[5]["sku"], 7));
        edited.push_str(&format!("{},{},,\n", all[6]["sku"], all[6]["price"]));

        let (status, preview) = staff.post_csv(PREVIEW, &edited).await;
        assert_eq!(status, 200, "{name}: {preview}");
        assert_eq!(preview["problems"], json!([]), "{name}");
        assert_eq!(
            preview["changes"].as_array().unwrap().len(),
            4,
            "{name}: {preview}"
        );
        assert_eq!(preview["unchanged"], 1, "{name}");
        assert_eq!(
            preview["changes"][0],
            json!({"line": 2, "sku": knife["sku"], "action": "update", "product_name": "Banana Bunch Knife",
                   "changes": [{"field": "price", "before": knife["price"], "after": "199.00"}]}),
            "{name}"
        );
        let (_, before) = app.get_json("/api/products/banana-bunch-knife").await;
        assert_ne!(
            before["retail_price"], 199.0,
            "{name}: a preview changes nothing"
        );

        let (status, applied) = staff.post_csv(APPLY, &edited).await;
        assert_eq!(status, 201, "{name}: {applied}");
        assert_eq!(applied["updated"], 4, "{name}");
        let (_, after) = app.get_json("/api/products/banana-bunch-knife").await;
        assert_eq!(
            after["retail_price"], 199.0,
            "{name}: the shop shows it at once"
        );

        let pool = app.database.pool();
        let conn = &mut pool.get().unwrap();
        let (filename, content): (String, String) = {
            use db::schema::catalog_imports::dsl::*;
            catalog_imports
                .find(applied["id"].as_i64().unwrap())
                .select((filename, content))
                .first(conn)
                .unwrap()
        };
        assert_eq!(
            (filename.as_str(), content.as_str()),
            ("supplier.csv", edited.as_str()),
            "{name}: the file is kept"
        );
        let entries: Vec<String> = {
            use db::schema::audit_log::dsl::*;
            audit_log
                .filter(action.eq("catalog.import"))
                .select(entity_id)
                .load(conn)
                .unwrap()
        };
        assert_eq!(
            entries,
            [applied["id"].to_string()],
            "{name}: one audit entry"
        );
        let reasons: Vec<(i32, String, Option<String>)> = {
            use db::schema::stock_movements::dsl::*;
            stock_movements
                .inner_join(db::schema::product_variants::table)
                .filter(db::schema::product_variants::sku.eq(&all[5]["sku"]))
                .order(db::schema::stock_movements::id.desc())
                .select((delta, reason, note))
                .limit(1)
                .load(conn)
                .unwrap()
        };
        let old_stock: i32 = all[5]["stock"].parse().unwrap();
        assert_eq!(
            reasons,
            [(
                7 - old_stock,
                "correction".to_owned(),
                Some(format!("CSV import #{}", applied["id"]))
            )],
            "{name}: the stock change is in the variant's history"
        );
    }
}

#[actix_web::test]
async fn one_bad_row_applies_nothing_and_is_named_by_its_line() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let sheet = staff.get(EXPORT).await.text().await.unwrap();
        let all = rows(&sheet);
        let edited = format!(
            "sku,price,mrp,product_slug,weight_grams\n{},10.00,,,\n{},999999.00,20.00,,\nNEW-SKU-1,50,,no-such-product,100\n{},12,,,\n",
            all[0]["sku"], all[1]["sku"], all[0]["sku"]
        );
        let (status, preview) = staff.post_csv(PREVIEW, &edited).await;
        assert_eq!(status, 200, "{name}: {preview}");
        let lines: Vec<i64> = preview["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["line"].as_i64().unwrap())
            .collect();
        assert_eq!(lines, [3, 4, 5], "{name}: {preview}");
        assert!(
            preview["problems"][0]["message"]
                .as_str()
                .unwrap()
                .contains("MRP")
        );
        assert!(
            preview["problems"][2]["message"]
                .as_str()
                .unwrap()
                .contains("earlier line")
        );

        let (status, refused) = staff.post_csv(APPLY, &edited).await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(
            refused["errors"]["line 4"][0]
                .as_str()
                .unwrap()
                .contains("no-such-product")
        );
        let again = staff.get(EXPORT).await.text().await.unwrap();
        assert_eq!(rows(&again), all, "{name}: nothing was applied");

        let (status, refused) = staff.post_csv(PREVIEW, "name,price\nx,1\n").await;
        assert_eq!(status, 422, "{name}: {refused}");
        assert!(refused["errors"]["file"].is_array());
        let visitor = app.another_shopper().await;
        let (status, _) = visitor.post_csv(APPLY, &edited).await;
        assert_eq!(status, 401, "{name}: visitors are refused");
        visitor.register("bulk-shopper@example.com").await;
        let (status, _) = visitor.post_csv(APPLY, &edited).await;
        assert_eq!(status, 403, "{name}: shoppers are refused");
    }
}

#[actix_web::test]
async fn a_new_sku_adds_a_variant_to_its_product() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let sheet = staff.get(EXPORT).await.text().await.unwrap();
        let sized = rows(&sheet)
            .into_iter()
            .find(|r| !r["variant_name"].is_empty())
            .expect("a product sold in pack sizes");
        let slug = &sized["product_slug"];
        let edited = format!(
            "sku,product_slug,variant_name,mrp,price,stock,weight_grams\nXL-PACK-1,{slug},Extra large pack,5000,4500,12,7000\nXL-PACK-2,{slug},Trial pack,,45,,100\n"
        );
        let (status, applied) = staff.post_csv(APPLY, &edited).await;
        assert_eq!(status, 201, "{name}: {applied}");
        assert_eq!(applied["created"], 2);
        // A product sold as one unnamed unit gets no second variant from a sheet.
        let (status, preview) = staff
            .post_csv(
                PREVIEW,
                "sku,product_slug,variant_name,price,weight_grams\nKNIFE-XL,banana-bunch-knife,Extra long,450,700\n",
            )
            .await;
        assert_eq!(status, 200, "{name}");
        assert!(
            preview["problems"][0]["message"]
                .as_str()
                .unwrap()
                .contains("has no name"),
            "{name}: {preview}"
        );
        let (_, product) = app.get_json(&format!("/api/products/{slug}")).await;
        let shown = product["variants"].to_string();
        assert!(
            shown.contains("Extra large pack") && shown.contains("Trial pack"),
            "{name}: in the shop at once: {shown}"
        );
    }
}
