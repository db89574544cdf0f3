use std::collections::HashSet;

use diesel::prelude::*;
use serde_json::Value;

use crate::helpers::spawn_apps;

/// The `name` of every item of a JSON list.
pub fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn brands_are_split_into_house_brands_and_the_rest() {
    for app in spawn_apps().await {
        let (status, body) = app.get_json("/api/brands").await;
        assert_eq!(status, 200, "{}", app.name());
        let house = body["wellRootBrands"].as_array().unwrap();
        let others = body["brands"].as_array().unwrap();
        assert_eq!(house.len(), 2, "{}", app.name());
        assert!(others.len() >= 8);
        for brand in house.iter().chain(others) {
            for field in ["id", "name", "slug", "image_src", "image_url"] {
                assert!(brand.get(field).is_some(), "{field} missing in {brand}");
            }
        }
        let without_image: Vec<&Value> =
            others.iter().filter(|b| b["image_src"].is_null()).collect();
        assert_eq!(without_image.len(), 1);
        assert!(without_image[0]["image_url"].is_null());

        let (status, brand) = app.get_json("/api/brands/wellroot-organics").await;
        assert_eq!(status, 200);
        assert_eq!(brand["is_house_brand"], true);
        assert!(brand["description"].as_str().unwrap().len() > 20);

        let (status, body) = app.get_json("/api/brands/no-such-brand").await;
        assert_eq!(status, 404);
        assert_eq!(body["message"], "Brand not found.");
    }
}

#[actix_web::test]
async fn categories_come_as_a_tree_and_a_top_level_lists_its_children_products() {
    for app in spawn_apps().await {
        let (status, tree) = app.get_json("/api/categories").await;
        assert_eq!(status, 200, "{}", app.name());
        let tree = tree.as_array().unwrap();
        assert!(tree.len() >= 6);
        let protection = tree
            .iter()
            .find(|c| c["slug"] == "crop-protection")
            .unwrap();
        let children: Vec<&str> = protection["sub_categories"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["slug"].as_str().unwrap())
            .collect();
        assert!(children.contains(&"fungicides"));

        let (_, fungicides) = app
            .get_json("/api/categories/fungicides/products?per_page=48")
            .await;
        let (_, insecticides) = app
            .get_json("/api/categories/insecticides/products?per_page=48")
            .await;
        let (_, top) = app
            .get_json("/api/categories/crop-protection/products?per_page=48")
            .await;
        let top_ids: HashSet<i64> = top["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        for child in [&fungicides, &insecticides] {
            assert!(child["total"].as_u64().unwrap() > 0);
            for product in child["data"].as_array().unwrap() {
                assert!(
                    top_ids.contains(&product["id"].as_i64().unwrap()),
                    "{}",
                    app.name()
                );
            }
        }

        let (status, detail) = app.get_json("/api/categories/fungicides").await;
        assert_eq!(status, 200);
        assert_eq!(detail["parent"]["slug"], "crop-protection");
        let (status, _) = app.get_json("/api/categories/nothing-here/products").await;
        assert_eq!(status, 404);
    }
}

#[actix_web::test]
async fn lists_are_paged() {
    for app in spawn_apps().await {
        let (status, first) = app
            .get_json("/api/categories/crop-protection/products?per_page=5")
            .await;
        assert_eq!(status, 200, "{}", app.name());
        assert_eq!(first["data"].as_array().unwrap().len(), 5);
        assert_eq!(first["page"], 1);
        assert_eq!(first["per_page"], 5);
        assert_eq!(first["has_more"], true);
        let total = first["total"].as_u64().unwrap();
        let last_page = total.div_ceil(5);
        let (_, last) = app
            .get_json(&format!(
                "/api/categories/crop-protection/products?per_page=5&page={last_page}"
            ))
            .await;
        assert_eq!(last["has_more"], false);
        assert!(!last["data"].as_array().unwrap().is_empty());

        let (status, error) = app
            .get_json("/api/brands/wellroot-organics/products?page=0")
            .await;
        assert_eq!(status, 422);
        assert!(
            error["errors"]["page"][0]
                .as_str()
                .unwrap()
                .contains("at least 1")
        );
        let (status, error) = app.get_json("/api/search?search=neem&per_page=49").await;
        assert_eq!(status, 422);
        assert!(error["errors"]["per_page"].is_array());
        let (status, _) = app.get_json("/api/search?search=neem&page=abc").await;
        assert_eq!(status, 422);
    }
}

#[actix_web::test]
async fn featured_products_and_awards_have_the_spec_shapes() {
    for app in spawn_apps().await {
        let (status, featured) = app.get_json("/api/featured-products").await;
        assert_eq!(status, 200, "{}", app.name());
        let featured = featured.as_array().unwrap();
        assert_eq!(featured.len(), 12);
        for product in featured {
            assert!(
                product["first_image"]["url"]
                    .as_str()
                    .unwrap()
                    .starts_with("/media/")
            );
            assert!(product["brand"]["slug"].is_string());
            assert!(product["categories"][0]["name"].is_string());
            assert!(product["retail_price"].as_f64().unwrap() > 0.0);
            assert!(product.get("MRP").is_some());
            for variant in product["variants"].as_array().unwrap() {
                assert!(variant["variant_name"].is_string());
                assert!(variant["id"].is_i64());
            }
        }
        let (status, awards) = app.get_json("/api/awards").await;
        assert_eq!(status, 200);
        let awards = awards.as_array().unwrap();
        assert_eq!(awards.len(), 6);
        assert!(
            awards
                .iter()
                .all(|a| a["title"].is_string() && a.get("image_url").is_some())
        );
    }
}

#[actix_web::test]
async fn search_forgives_one_typo_and_ranks_name_matches_first() {
    for app in spawn_apps().await {
        let response = app.get("/api/search?search=cardamon").await;
        assert_eq!(response.status(), 200, "{}", app.name());
        let total: usize = response.headers()["x-total-count"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        let results: Value = response.json().await.unwrap();
        assert!(total >= 3);
        assert!(
            names(&results)[0].to_lowercase().contains("cardamom"),
            "{results}"
        );
        for field in [
            "name",
            "slug",
            "brandSlug",
            "image_url",
            "categories",
            "MRP",
            "retail_price",
            "variant_names",
        ] {
            assert!(results[0].get(field).is_some(), "{field} missing");
        }

        let (_, fungicides) = app
            .get_json("/api/search?search=fungiside&per_page=48")
            .await;
        let fungicides = fungicides.as_array().unwrap();
        assert!(fungicides.len() >= 10, "{}", app.name());
        assert!(fungicides.iter().all(|p| {
            p["categories"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c == "Fungicides")
                || p["name"]
                    .as_str()
                    .unwrap()
                    .to_lowercase()
                    .contains("fungicid")
        }));

        let (_, neem) = app.get_json("/api/search?search=NEEM%20cake").await;
        assert_eq!(names(&neem)[0], "Neem Cake Powder");

        let (_, nothing) = app.get_json("/api/search?search=zzzqqq").await;
        assert_eq!(nothing.as_array().unwrap().len(), 0);

        let everything = app.get("/api/search?search=&per_page=1").await;
        let all: usize = everything.headers()["x-total-count"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            all,
            110,
            "{}: an empty term lists every product",
            app.name()
        );
    }
}

#[actix_web::test]
async fn a_product_page_has_everything_the_screen_shows() {
    for app in spawn_apps().await {
        let (status, product) = app.get_json("/api/products/neem-cake-powder").await;
        assert_eq!(status, 200, "{}", app.name());
        for field in [
            "id",
            "name",
            "description",
            "hsn_code",
            "gst_rate",
            "brand",
            "categories",
            "breadcrumb",
            "images",
            "variants",
            "retail_price",
            "MRP",
            "stock_state",
            "default_variant_id",
        ] {
            assert!(product.get(field).is_some(), "{field} missing");
        }
        assert!(product["gst_rate"].as_f64().unwrap() < 1.0);
        let crumbs = product["breadcrumb"].as_array().unwrap();
        assert_eq!(crumbs[0]["href"], "/");
        assert!(
            crumbs.last().unwrap()["href"]
                .as_str()
                .unwrap()
                .ends_with("/neem-cake-powder")
        );
        assert!(product["images"][0]["width"].as_i64().unwrap() > 0);
        for variant in product["variants"].as_array().unwrap() {
            let state = variant["stock_state"].as_str().unwrap();
            assert!(["in_stock", "low_stock", "out_of_stock"].contains(&state));
            if let (Some(mrp), Some(price)) =
                (variant["MRP"].as_f64(), variant["retail_price"].as_f64())
            {
                if mrp > price {
                    let expected = ((mrp - price) / mrp * 10000.0).round() / 100.0;
                    assert!(
                        (variant["discount_percent"].as_f64().unwrap() - expected).abs() < 0.011
                    );
                } else {
                    assert!(variant["discount_percent"].is_null());
                }
            }
        }

        let (_, single) = app
            .get_json("/api/products/rain-gun-sprinkler-1-5-inch")
            .await;
        assert_eq!(
            single["variants"].as_array().map(Vec::len),
            Some(0),
            "{}",
            app.name()
        );
        assert!(single["retail_price"].as_f64().unwrap() > 0.0);

        let (status, body) = app.get_json("/api/products/no-such-product").await;
        assert_eq!(status, 404);
        assert_eq!(body["message"], "Product not found.");
    }
}

#[actix_web::test]
async fn an_inactive_product_disappears_everywhere_once_the_catalogue_refreshes() {
    for app in spawn_apps().await {
        let (_, before) = app.get_json("/api/search?search=neem%20cake").await;
        assert!(names(&before).contains(&"Neem Cake Powder".to_owned()));
        {
            use db::schema::products::dsl::*;
            let pool = app.database.pool();
            let mut conn = pool.get().unwrap();
            diesel::update(products.filter(slug.eq("neem-cake-powder")))
                .set((is_active.eq(false), updated_at.eq(diesel::dsl::now)))
                .execute(&mut conn)
                .unwrap();
        }
        let refreshed = server::catalog_refresh::refresh_if_changed(&app.state)
            .await
            .unwrap();
        assert!(refreshed, "{}", app.name());
        let (_, after) = app.get_json("/api/search?search=neem%20cake").await;
        assert!(
            !names(&after).contains(&"Neem Cake Powder".to_owned()),
            "{}",
            app.name()
        );
        let (status, _) = app.get_json("/api/products/neem-cake-powder").await;
        assert_eq!(status, 404);
        let (_, list) = app
            .get_json("/api/categories/fertilisers/products?per_page=48")
            .await;
        assert!(!names(&list["data"]).contains(&"Neem Cake Powder".to_owned()));
        assert!(
            !server::catalog_refresh::refresh_if_changed(&app.state)
                .await
                .unwrap()
        );
    }
}
