//! Filters and orders on the lists: a category's, a brand's, a search's and a crop's products
//! narrowed by brand, crop, price band and stock, ordered by price or age, with each option's
//! count; and what a bad filter answers.

use std::collections::{BTreeMap, HashSet};

use diesel::prelude::*;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_apps};

fn cards(list: &Value) -> &Vec<Value> {
    list.as_array().unwrap()
}

fn price(card: &Value) -> f64 {
    card["retail_price"].as_f64().unwrap()
}

fn slugs(list: &Value) -> Vec<&str> {
    cards(list)
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect()
}

/// An option's count and whether it is ticked, by slug.
fn options(facet: &Value) -> BTreeMap<String, (u64, bool)> {
    cards(facet)
        .iter()
        .map(|o| {
            (
                o["slug"].as_str().unwrap().to_owned(),
                (
                    o["count"].as_u64().unwrap(),
                    o["selected"].as_bool().unwrap(),
                ),
            )
        })
        .collect()
}

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.get_json(path).await;
    assert_eq!(status, 200, "{}: {path}: {body}", app.name());
    body
}

/// Takes every pack size of a product out of stock, and lets the catalogue see it.
async fn sell_out(app: &TestApp, product: &str) {
    {
        use db::schema::{product_variants, products};
        let pool = app.database.pool();
        let mut conn = pool.get().unwrap();
        let id: i64 = products::table
            .filter(products::slug.eq(product))
            .select(products::id)
            .first(&mut conn)
            .unwrap();
        diesel::update(product_variants::table.filter(product_variants::product_id.eq(id)))
            .set((
                product_variants::stock.eq(0),
                product_variants::updated_at.eq(diesel::dsl::now),
            ))
            .execute(&mut conn)
            .unwrap();
    }
    assert!(
        server::catalog_refresh::refresh_if_changed(&app.state)
            .await
            .unwrap()
    );
}

#[actix_web::test]
async fn a_category_narrows_to_a_brand_in_stock_cheapest_first_with_each_options_count() {
    for app in spawn_apps().await {
        let name = app.name();
        let base = "/api/categories/crop-protection/products?per_page=48";
        let all = ok(&app, base).await;
        let products = cards(&all["data"]);
        assert_eq!(all["total"].as_u64().unwrap() as usize, products.len());
        assert_eq!(all["sort"], "relevance", "{name}");
        // Unfiltered, each brand counts its products in the list, and nothing is ticked.
        let mut by_brand: BTreeMap<String, u64> = BTreeMap::new();
        for card in products {
            *by_brand
                .entry(card["brandSlug"].as_str().unwrap().to_owned())
                .or_default() += 1;
        }
        let brands = options(&all["facets"]["brands"]);
        assert_eq!(
            brands
                .iter()
                .map(|(s, (c, _))| (s.clone(), *c))
                .collect::<BTreeMap<_, _>>(),
            by_brand,
            "{name}"
        );
        assert!(brands.values().all(|(_, ticked)| !ticked));
        assert_eq!(all["facets"]["in_stock"]["count"], all["total"], "{name}");
        let bands: u64 = cards(&all["facets"]["prices"])
            .iter()
            .map(|p| p["count"].as_u64().unwrap())
            .sum();
        assert_eq!(bands, all["total"].as_u64().unwrap(), "{name}");

        // The brand with the most products here; one of them sells out.
        let (brand, &count) = by_brand.iter().max_by_key(|(_, c)| **c).unwrap();
        assert!(count >= 3, "{name}: {by_brand:?}");
        let sold_out = products
            .iter()
            .find(|c| c["brandSlug"] == brand.as_str())
            .unwrap()["slug"]
            .as_str()
            .unwrap()
            .to_owned();
        sell_out(&app, &sold_out).await;

        let narrowed = ok(
            &app,
            &format!("{base}&brand={brand}&stock=in&sort=price-asc"),
        )
        .await;
        let shown = cards(&narrowed["data"]);
        assert_eq!(shown.len() as u64, count - 1, "{name}");
        assert!(shown.iter().all(|c| c["brandSlug"] == brand.as_str()));
        assert!(!slugs(&narrowed["data"]).contains(&sold_out.as_str()));
        assert!(
            shown.windows(2).all(|w| price(&w[0]) <= price(&w[1])),
            "{name}"
        );
        assert_eq!(narrowed["sort"], "price-asc");
        // Ticking a brand keeps the other brands' counts (under "in stock" only).
        let brands = options(&narrowed["facets"]["brands"]);
        assert_eq!(brands[brand.as_str()], (count - 1, true), "{name}");
        for (other, &n) in by_brand.iter().filter(|(b, _)| *b != brand) {
            assert_eq!(brands[other.as_str()], (n, false), "{name}: {other}");
        }
        // In stock counts within the brand: all but the sold-out one.
        assert_eq!(narrowed["facets"]["in_stock"]["count"], count - 1);
        assert_eq!(narrowed["facets"]["in_stock"]["selected"], true);

        // Dearest first is the same products the other way round (equal prices aside).
        let dear = ok(
            &app,
            &format!("{base}&brand={brand}&stock=in&sort=price-desc"),
        )
        .await;
        let dear_prices: Vec<f64> = cards(&dear["data"]).iter().map(price).collect();
        let mut cheap_prices: Vec<f64> = shown.iter().map(price).collect();
        cheap_prices.reverse();
        assert_eq!(dear_prices, cheap_prices, "{name}");

        // A price band holds only its prices; its count is what it shows.
        let cheap = ok(&app, &format!("{base}&price=under-200")).await;
        assert!(cards(&cheap["data"]).iter().all(|c| price(c) < 200.0));
        let band = cards(&cheap["facets"]["prices"])
            .iter()
            .find(|p| p["slug"] == "under-200")
            .unwrap()
            .clone();
        assert_eq!(band["count"], cheap["total"], "{name}");
        assert_eq!(band["selected"], true);
        assert_eq!(
            (band["min"].as_u64(), band["max"].as_u64()),
            (Some(0), Some(200))
        );

        // The same filter spelled otherwise is the same list.
        let respelled = ok(
            &app,
            &format!("{base}&sort=price-asc&stock=in&brand={brand},{brand}"),
        )
        .await;
        assert_eq!(respelled["data"], narrowed["data"], "{name}");
    }
}

#[actix_web::test]
async fn newest_first_puts_the_last_product_added_first() {
    for app in spawn_apps().await {
        let name = app.name();
        let path = "/api/brands/wellroot-organics/products?per_page=48";
        let before = ok(&app, path).await;
        let last = cards(&before["data"]).last().unwrap()["slug"]
            .as_str()
            .unwrap()
            .to_owned();
        {
            use db::schema::products::dsl::*;
            let pool = app.database.pool();
            let mut conn = pool.get().unwrap();
            let later = chrono::Utc::now().naive_utc() + chrono::Duration::days(1);
            diesel::update(products.filter(slug.eq(&last)))
                .set((created_at.eq(later), updated_at.eq(diesel::dsl::now)))
                .execute(&mut conn)
                .unwrap();
        }
        // Within the second of the seed a timestamp may not tell the change: reload outright.
        server::catalog_refresh::reload(&app.state).await.unwrap();
        let newest = ok(&app, &format!("{path}&sort=newest")).await;
        assert_eq!(slugs(&newest["data"])[0], last, "{name}");
        assert_eq!(newest["total"], before["total"]);
        assert_eq!(newest["sort"], "newest");
    }
}

#[actix_web::test]
async fn a_search_narrows_to_a_crop_and_counts_its_filters_beside() {
    for app in spawn_apps().await {
        let name = app.name();
        let crop = ok(&app, "/api/crops/cardamom").await;
        let for_cardamom: HashSet<&str> = cards(&crop["groups"])
            .iter()
            .flat_map(|g| slugs(&g["products"]))
            .chain(
                cards(&crop["problems"])
                    .iter()
                    .flat_map(|p| slugs(&p["products"])),
            )
            .collect();
        let all = app.get("/api/search?search=neem&per_page=48").await;
        let all_total: u64 = all.headers()["x-total-count"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        let all: Value = all.json().await.unwrap();

        let response = app
            .get("/api/search?search=neem&crop=cardamom&per_page=48")
            .await;
        assert_eq!(response.status(), 200);
        let total: u64 = response.headers()["x-total-count"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        let found: Value = response.json().await.unwrap();
        assert!(
            total > 0 && total < all_total,
            "{name}: {total} of {all_total}"
        );
        assert_eq!(cards(&found).len() as u64, total);
        for slug in slugs(&found) {
            assert!(
                for_cardamom.contains(slug),
                "{name}: {slug} is not for cardamom"
            );
        }
        // Search's order is kept among what is left.
        let order: Vec<&str> = slugs(&all)
            .into_iter()
            .filter(|s| slugs(&found).contains(s))
            .collect();
        assert_eq!(order, slugs(&found), "{name}");

        let facets = ok(&app, "/api/search/facets?search=neem&crop=cardamom").await;
        assert_eq!(facets["total"], total);
        let crops = options(&facets["facets"]["crops"]);
        assert_eq!(crops["cardamom"], (total, true), "{name}");
        assert!(crops.len() > 1, "{name}: the other crops still count");
        let brands: u64 = options(&facets["facets"]["brands"])
            .values()
            .map(|(c, _)| c)
            .sum();
        assert_eq!(brands, total, "{name}");
    }
}

#[actix_web::test]
async fn a_crop_page_narrows_each_need_to_a_brand() {
    for app in spawn_apps().await {
        let name = app.name();
        let all = ok(&app, "/api/crops/cardamom").await;
        assert!(cards(&all["facets"]["crops"]).is_empty(), "{name}");
        let brands = options(&all["facets"]["brands"]);
        let (brand, &(count, _)) = brands.iter().max_by_key(|(_, (c, _))| *c).unwrap();
        let narrowed = ok(
            &app,
            &format!("/api/crops/cardamom?brand={brand}&sort=price-desc"),
        )
        .await;
        let mut seen = HashSet::new();
        for group in cards(&narrowed["groups"]) {
            let products = cards(&group["products"]);
            assert!(!products.is_empty(), "{name}: an empty need is left out");
            assert!(products.iter().all(|c| c["brandSlug"] == brand.as_str()));
            assert!(products.windows(2).all(|w| price(&w[0]) >= price(&w[1])));
            seen.extend(slugs(&group["products"]));
        }
        assert!(!seen.is_empty() && seen.len() as u64 <= count, "{name}");
        assert_eq!(
            options(&narrowed["facets"]["brands"])[brand.as_str()],
            (count, true)
        );
        assert_eq!(narrowed["sort"], "price-desc");
    }
}

#[actix_web::test]
async fn a_bad_filter_is_a_422_naming_its_parameter() {
    for app in spawn_apps().await {
        let name = app.name();
        let lists = [
            "/api/categories/crop-protection/products?",
            "/api/brands/wellroot-organics/products?",
            "/api/search?search=neem&",
            "/api/search/facets?search=neem&",
            "/api/crops/cardamom?",
        ];
        let bad = [
            ("brand=no-such-brand", "brand"),
            ("brand=Neem%20Oil", "brand"),
            ("crop=mango", "crop"),
            ("price=cheap", "price"),
            ("stock=out", "stock"),
            ("sort=cheapest", "sort"),
        ];
        for list in lists {
            for (query, field) in bad {
                let (status, body) = app.get_json(&format!("{list}{query}")).await;
                assert_eq!(status, 422, "{name}: {list}{query}: {body}");
                assert!(
                    body["errors"][field][0].is_string(),
                    "{name}: {list}{query}: {body}"
                );
                assert!(body["message"].is_string());
            }
        }
        let (_, body) = app
            .get_json("/api/categories/crop-protection/products?brand=no-such-brand")
            .await;
        assert_eq!(body["message"], "No brand is called no-such-brand.");
        let response = app
            .get_in("ml", "/api/categories/crop-protection/products?crop=mango")
            .await;
        assert_eq!(response.status(), 422);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["errors"]["crop"][0], "mango എന്ന പേരിൽ ഒരു വിള ഇല്ല.");
        // A repeated parameter is not how lists are asked for (commas are).
        let (status, _) = app
            .get_json("/api/categories/crop-protection/products?brand=a&brand=b")
            .await;
        assert_eq!(status, 400, "{name}");
    }
}
