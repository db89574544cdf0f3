//! No text of the shop reaches a spreadsheet as a formula (OWASP's CSV injection rule), and the
//! catalogue import reads an exported sheet back to the same names.

use serde_json::json;

use crate::admin_catalog::{create, first_ids, product_body};
use crate::helpers::spawn_apps;

#[actix_web::test]
async fn formula_like_names_are_escaped_in_the_export_and_read_back_exactly() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let (brand, category) = first_ids(&app).await;
        let formula = "=HYPERLINK(\"http://evil.example\",\"Neem\")";
        let mut body = product_body(formula, brand, category);
        body["variants"][0]["sku"] = json!("FORMULA-250");
        body["variants"][0]["variant_name"] = json!("+1 litre");
        body["variants"][1]["sku"] = json!("FORMULA-1000");
        body["variants"][1]["variant_name"] = json!("'=2 litres");
        create(&staff, body).await;

        let sheet = staff
            .get("/api/admin/catalog/export.csv")
            .await
            .text()
            .await
            .unwrap();
        let mut reader = csv::Reader::from_reader(sheet.as_bytes());
        let rows: Vec<csv::StringRecord> = reader
            .records()
            .map(Result::unwrap)
            .filter(|r| r[0].starts_with("FORMULA-"))
            .collect();
        assert_eq!(rows.len(), 2, "{name}");
        assert_eq!(&rows[0][2], format!("'{formula}"), "{name}: product_name");
        assert_eq!(&rows[0][4], "'+1 litre", "{name}: variant_name");
        assert_eq!(&rows[1][4], "''=2 litres", "{name}: a quote is doubled");
        assert_eq!(&rows[0][6], "399.00", "{name}: numbers stay numbers");

        // The export's own lines, imported again, change nothing: the names read back exactly.
        let mut lines = sheet.lines();
        let mut again = format!("{}\n", lines.next().unwrap());
        for line in lines.filter(|l| l.starts_with("FORMULA-")) {
            again.push_str(line);
            again.push('\n');
        }
        let (status, preview) = staff
            .post_csv(
                "/api/admin/catalog/imports/preview?filename=again.csv",
                &again,
            )
            .await;
        assert_eq!(status, 200, "{name}: {preview}");
        assert_eq!(preview["problems"], json!([]), "{name}: {preview}");
        assert_eq!(preview["changes"], json!([]), "{name}: {preview}");
        assert_eq!(preview["unchanged"], 2, "{name}: {preview}");

        // A new variant's name is read from the sheet without its escape.
        let first = again.lines().nth(1).unwrap();
        let added = format!(
            "{}\n{}\n",
            again.lines().next().unwrap(),
            first
                .replace("FORMULA-250", "FORMULA-500")
                .replace("'+1 litre", "'=half litre")
        );
        let (status, preview) = staff
            .post_csv(
                "/api/admin/catalog/imports/preview?filename=added.csv",
                &added,
            )
            .await;
        assert_eq!(status, 200, "{name}: {preview}");
        let field = preview["changes"][0]["changes"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: {preview}"))
            .iter()
            .find(|f| f["field"] == "variant_name")
            .unwrap_or_else(|| panic!("{name}: {preview}"))
            .clone();
        assert_eq!(field["after"], "=half litre", "{name}: {preview}");
    }
}
