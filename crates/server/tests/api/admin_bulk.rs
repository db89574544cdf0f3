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
                   "changes": [{"field": "price", "before": knife["price"], "after": "199.00"}],
                   "stock_drift": null, "warnings": []}),
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
                "stocktake".to_owned(),
                Some(format!("CSV import #{}", applied["id"]))
            )],
            "{name}: the stock change is in the variant's history (a sheet without stock_when_exported counts)"
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

/// The sheet as CSV text again, from rows in the export's column order.
fn sheet_of(header: &[String], rows: &[std::collections::HashMap<String, String>]) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(header).unwrap();
    for row in rows {
        out.write_record(header.iter().map(|column| row[column].as_str()))
            .unwrap();
    }
    String::from_utf8(out.into_inner().unwrap()).unwrap()
}

fn header_of(sheet: &str) -> Vec<String> {
    csv::Reader::from_reader(sheet.as_bytes())
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect()
}

/// The catalogue CSV comes back in: the whole demo catalogue exported, imported unchanged
/// (services weigh 0 g), then with five rows edited as the owner writes them, while a sale
/// moved one edited row's stock since the export.
#[actix_web::test]
async fn the_exported_sheet_comes_back_in_unchanged_and_with_five_edits() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let sheet = staff.get(EXPORT).await.text().await.unwrap();
        let header = header_of(&sheet);
        assert!(
            header.contains(&"stock_when_exported".to_owned())
                && header.contains(&"weight".to_owned()),
            "{name}: {header:?}"
        );
        let mut all = rows(&sheet);
        let products: std::collections::HashSet<&str> =
            all.iter().map(|r| r["product_slug"].as_str()).collect();
        assert_eq!(
            products.len(),
            110,
            "{name}: every demo product is in the sheet"
        );
        let service = all
            .iter()
            .find(|r| r["sku"] == "SSL-SOIL12-SAMPLE")
            .expect("the soil test is exported")
            .clone();
        assert_eq!(service["weight"], "0 g", "{name}: a service weighs nothing");
        let sack = all
            .iter()
            .find(|r| r["weight"] == "27.02 kg")
            .expect("a 25 kg sack weighs 27.02 kg");
        assert_eq!(sack["variant_name"], "25 kg", "{name}");

        let (status, preview) = staff.post_csv(PREVIEW, &sheet).await;
        assert_eq!(status, 200, "{name}: {preview}");
        assert_eq!(
            preview["problems"],
            json!([]),
            "{name}: the export reads back"
        );
        assert_eq!(preview["changes"], json!([]), "{name}");
        assert_eq!(preview["unchanged"], all.len(), "{name}");
        let (status, applied) = staff.post_csv(APPLY, &sheet).await;
        assert_eq!(status, 201, "{name}: {applied}");
        assert_eq!(
            (applied["updated"].as_u64(), applied["created"].as_u64()),
            (Some(0), Some(0))
        );

        // Five rows edited (the first five pack sizes with stock, other than the service).
        let picked: Vec<usize> = all
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r["sku"] != service["sku"]
                    && r["stock"].parse::<i32>().unwrap() >= 5
                    && r["mrp"].is_empty()
            })
            .map(|(i, _)| i)
            .take(5)
            .collect();
        let skus: Vec<String> = all.iter().map(|r| r["sku"].clone()).collect();
        let sku = |i: usize| skus[i].clone();
        let stock_of = |i: usize| all[i]["stock"].parse::<i32>().unwrap();
        let (a, b, c, d, e) = (picked[0], picked[1], picked[2], picked[3], picked[4]);
        let (a_exported, e_exported) = (stock_of(a), stock_of(e));
        all[a].insert("stock".into(), (a_exported + 5).to_string());
        all[b].insert("price".into(), "₹2,800".into());
        all[c].insert("weight".into(), "25.2 kg".into());
        all[d].insert("active".into(), "false".into());
        all[e].insert("stock".into(), (e_exported - 1).to_string());

        // A sale of 2 of row a since the export.
        let variant_id = variant_id_of(&staff, &sku(a)).await;
        let (status, _) = staff
            .post(
                &format!("/api/admin/catalog/variants/{variant_id}/stock-adjustments"),
                json!({"delta": -2, "reason": "damaged"}),
            )
            .await;
        assert_eq!(status, 201, "{name}");

        let edited = sheet_of(&header, &all);
        let (status, preview) = staff.post_csv(PREVIEW, &edited).await;
        assert_eq!(status, 200, "{name}: {preview}");
        assert_eq!(preview["problems"], json!([]), "{name}: {preview}");
        let changes = preview["changes"].as_array().unwrap();
        assert_eq!(changes.len(), 5, "{name}: {preview}");
        assert_eq!(
            preview["unchanged"],
            all.len() - 5,
            "{name}: the sale is not undone"
        );
        let drift = &changes
            .iter()
            .find(|c| c["sku"] == sku(a).as_str())
            .unwrap()["stock_drift"];
        assert_eq!(
            *drift,
            json!({"exported": a_exported, "now": a_exported - 2, "sheet": a_exported + 5,
                   "with_difference": a_exported + 3, "with_count": a_exported + 5,
                   "chosen": "difference"}),
            "{name}: the preview says the stock moved since the export"
        );
        let counted = format!("{PREVIEW}&set_count={}", sku(a));
        let (_, preview) = staff.post_csv(&counted, &edited).await;
        let row = preview["changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["sku"] == sku(a).as_str())
            .unwrap()
            .clone();
        assert_eq!(row["stock_drift"]["chosen"], "count", "{name}");
        assert!(
            row["changes"]
                .to_string()
                .contains(&format!("\"after\":\"{}\"", a_exported + 5)),
            "{name}: {row}"
        );

        let (status, applied) = staff.post_csv(APPLY, &edited).await;
        assert_eq!(status, 201, "{name}: {applied}");
        assert_eq!(applied["updated"], 5, "{name}");
        let again = rows(&staff.get(EXPORT).await.text().await.unwrap());
        let now = |s: &str| again.iter().find(|r| r["sku"] == s).unwrap().clone();
        assert_eq!(
            now(&sku(a))["stock"],
            (a_exported + 3).to_string(),
            "{name}: the change on today's stock"
        );
        assert_eq!(now(&sku(b))["price"], "2800.00", "{name}");
        assert_eq!(now(&sku(c))["weight"], "25.2 kg", "{name}");
        assert_eq!(now(&sku(d))["active"], "false", "{name}");
        assert_eq!(
            now(&sku(e))["stock"],
            (e_exported - 1).to_string(),
            "{name}"
        );
        assert_eq!(
            now(&sku(a))["stock_when_exported"],
            now(&sku(a))["stock"],
            "{name}: a new export is its own starting point"
        );
    }
}

/// A weight under 100 g on a pack sold by the kilogram is flagged, not refused; a bare number
/// as a weight is refused with what to write.
#[actix_web::test]
async fn weights_need_a_unit_and_a_kilogram_pack_weighing_grams_is_flagged() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let all = rows(&staff.get(EXPORT).await.text().await.unwrap());
        let sack = all.iter().find(|r| r["variant_name"] == "25 kg").unwrap();
        let sheet = format!("sku,weight\n{},25 g\n{},25\n", sack["sku"], all[0]["sku"]);
        let (status, preview) = staff.post_csv(PREVIEW, &sheet).await;
        assert_eq!(status, 200, "{name}");
        let warnings = preview["changes"][0]["warnings"].to_string();
        assert!(
            warnings.contains("was 25 meant as 25 kg?"),
            "{name}: {preview}"
        );
        assert_eq!(
            preview["problems"][0]["message"],
            "weight: Give the weight with its unit, such as 25.2 kg or 500 g.",
            "{name}"
        );
    }
}

async fn variant_id_of(staff: &crate::helpers::StaffClient, sku: &str) -> i64 {
    let (status, list) = staff
        .get_json(&format!(
            "/api/admin/catalog/stock-counts/list?search={sku}"
        ))
        .await;
    assert_eq!(status, 200, "{list}");
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["sku"] == sku)
        .map(|v| v["variant_id"].as_i64().unwrap())
        .unwrap_or_else(|| panic!("{sku} in {list}"))
}

/// A stocktake sets each pack size to the counted quantity in one go, recording the
/// difference as a `stocktake` movement; a pack size sold since the list was read saves nothing.
#[actix_web::test]
async fn a_stocktake_sets_counted_quantities_and_records_each_difference() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (status, list) = staff
            .get_json("/api/admin/catalog/stock-counts/list?search=neem")
            .await;
        assert_eq!(status, 200, "{name}");
        let items = list["data"].as_array().unwrap().clone();
        assert!(items.len() >= 2, "{name}: {list}");
        let (first, second) = (&items[0], &items[1]);
        let stock = |item: &serde_json::Value| item["stock"].as_i64().unwrap();
        let body = json!({
            "counts": [
                {"variant_id": first["variant_id"], "counted": stock(first) - 3, "stock_seen": stock(first)},
                {"variant_id": second["variant_id"], "counted": stock(second), "stock_seen": stock(second)},
            ],
            "note": "Monthly count"
        });
        let (status, counted) = staff
            .post("/api/admin/catalog/stock-counts", body.clone())
            .await;
        assert_eq!(status, 200, "{name}: {counted}");
        assert_eq!(counted["data"][0]["difference"], -3, "{name}");
        assert_eq!(counted["data"][1]["difference"], 0, "{name}");
        let (_, movements) = staff
            .get_json(&format!(
                "/api/admin/catalog/variants/{}/stock-movements",
                first["variant_id"]
            ))
            .await;
        assert_eq!(movements["data"][0]["delta"], -3, "{name}: {movements}");
        assert_eq!(movements["data"][0]["reason"], "stocktake", "{name}");
        assert_eq!(
            movements["data"][0]["note"],
            format!(
                "Counted {} (was {}): Monthly count",
                stock(first) - 3,
                stock(first)
            ),
            "{name}"
        );
        let (_, untouched) = staff
            .get_json(&format!(
                "/api/admin/catalog/variants/{}/stock-movements",
                second["variant_id"]
            ))
            .await;
        assert!(
            untouched["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["reason"] != "stocktake"),
            "{name}: a count equal to the stock moves nothing"
        );

        // The same list again: the first pack size moved (by the count), so nothing is saved.
        let (status, refused) = staff.post("/api/admin/catalog/stock-counts", body).await;
        assert_eq!(status, 409, "{name}: {refused}");
        assert!(
            refused["message"]
                .as_str()
                .unwrap()
                .contains("Nothing was saved"),
            "{name}: {refused}"
        );

        let (status, invalid) = staff
            .post(
                "/api/admin/catalog/stock-counts",
                json!({"counts": [{"variant_id": first["variant_id"], "counted": -1}]}),
            )
            .await;
        assert_eq!(status, 422, "{name}: {invalid}");
        assert!(
            invalid.to_string().contains("counts.0.counted"),
            "{name}: {invalid}"
        );
    }
}

/// The sheet carries each product's kind of supply and each pack's unit: exported from the demo
/// catalogue, read back with the same rules, a column missing from an old sheet leaves them as
/// they are, and a kind against the product's rate or a quantity for NA is refused by line.
#[actix_web::test]
async fn supply_kinds_and_units_go_out_and_come_back_in() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let all = rows(&staff.get(EXPORT).await.text().await.unwrap());
        let sku_of = |slug: &str| {
            all.iter()
                .find(|r| r["product_slug"] == slug)
                .unwrap_or_else(|| panic!("{slug} is exported"))
                .clone()
        };
        let soil = sku_of("soil-testing-12-parameter-report");
        assert_eq!(
            (
                soil["supply_kind"].as_str(),
                soil["uqc"].as_str(),
                soil["uqc_quantity"].as_str()
            ),
            ("taxable", "NA", ""),
            "{name}"
        );
        let tomato = sku_of("hybrid-tomato-seeds-kerala-red-f1");
        assert_eq!(
            (
                tomato["supply_kind"].as_str(),
                tomato["uqc"].as_str(),
                tomato["uqc_quantity"].as_str()
            ),
            ("exempt", "KGS", "0.01"),
            "{name}"
        );
        let knife = sku_of("banana-bunch-knife");

        let sheet = format!(
            "sku,supply_kind,uqc,uqc_quantity\n{},nil_rated,,\n{},,LTR,0.5\n{},taxable,,\n{},,,2\n",
            knife["sku"],
            tomato["sku"],
            sku_of("pruning-secateurs")["sku"],
            soil["sku"]
        );
        let (status, preview) = staff.post_csv(PREVIEW, &sheet).await;
        assert_eq!(status, 200, "{name}: {preview}");
        let problems: Vec<(u64, String)> = preview["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["line"].as_u64().unwrap(),
                    p["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(problems.len(), 2, "{name}: {preview}");
        assert_eq!(problems[0].0, 4);
        assert!(
            problems[0].1.starts_with("supply_kind: A taxable product"),
            "{problems:?}"
        );
        assert_eq!(problems[1].0, 5);
        assert!(
            problems[1]
                .1
                .starts_with("uqc_quantity: A unit quantity code of NA"),
            "{problems:?}"
        );

        let sheet = format!(
            "sku,supply_kind,uqc,uqc_quantity\n{},nil_rated,,\n{},,LTR,0.5\n",
            knife["sku"], tomato["sku"]
        );
        let (status, preview) = staff.post_csv(PREVIEW, &sheet).await;
        assert_eq!(status, 200, "{name}: {preview}");
        assert_eq!(preview["problems"], json!([]), "{name}: {preview}");
        let knife_change = &preview["changes"][0];
        assert_eq!(
            knife_change["changes"],
            json!([{"field": "supply_kind", "before": "exempt", "after": "nil_rated"}]),
            "{name}: {preview}"
        );
        assert!(
            knife_change["warnings"]
                .to_string()
                .contains("HSN 82014000 exempt"),
            "{name}: the rate list says exempt: {preview}"
        );
        assert_eq!(
            preview["changes"][1]["changes"],
            json!([
                {"field": "uqc", "before": "KGS", "after": "LTR"},
                {"field": "uqc_quantity", "before": "0.01", "after": "0.5"}
            ]),
            "{name}: {preview}"
        );
        let (status, applied) = staff.post_csv(APPLY, &sheet).await;
        assert_eq!(status, 201, "{name}: {applied}");
        assert_eq!(applied["updated"], 2, "{name}: {applied}");

        // An old sheet (no kind or unit columns) leaves them as they are.
        let old = format!("sku,price\n{},{}\n", tomato["sku"], "55.00");
        let (status, _) = staff.post_csv(APPLY, &old).await;
        assert_eq!(status, 201, "{name}");
        let after = rows(&staff.get(EXPORT).await.text().await.unwrap());
        let row = |sku: &str| after.iter().find(|r| r["sku"] == sku).unwrap().clone();
        let (tomato_now, knife_now) = (row(&tomato["sku"]), row(&knife["sku"]));
        assert_eq!(
            (
                tomato_now["uqc"].as_str(),
                tomato_now["uqc_quantity"].as_str(),
                tomato_now["price"].as_str()
            ),
            ("LTR", "0.5", "55.00"),
            "{name}"
        );
        assert_eq!(knife_now["supply_kind"], "nil_rated", "{name}");
    }
}
