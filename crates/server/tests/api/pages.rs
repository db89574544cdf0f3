//! The app's pages as the server fills them in: head tags, link previews, structured data, the
//! embedded first data, real 404s, the sitemaps and robots.txt.

use diesel::prelude::*;
use quick_xml::events::Event;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_apps};

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8",
        "{path}"
    );
    (status, response.text().await.unwrap())
}

/// The `content` of `<meta {attr}="{key}" content="…">`.
fn meta<'a>(html: &'a str, attr: &str, key: &str) -> Option<&'a str> {
    let start = html.find(&format!("<meta {attr}=\"{key}\" content=\""))?;
    let rest = &html[start..];
    let value = &rest[rest.find("content=\"")? + 9..];
    Some(&value[..value.find('"')?])
}

/// Every `<script type="{kind}">` body, parsed.
fn scripts(html: &str, kind: &str) -> Vec<Value> {
    let open = format!("<script type=\"{kind}\"");
    html.match_indices(&open)
        .map(|(start, _)| {
            let rest = &html[start..];
            let body = &rest[rest.find('>').unwrap() + 1..];
            serde_json::from_str(&body[..body.find("</script>").unwrap()]).unwrap()
        })
        .collect()
}

fn json_ld(html: &str, kind: &str) -> Value {
    scripts(html, "application/ld+json")
        .into_iter()
        .find(|v| v["@type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in the page"))
}

/// The embedded first data for one react-query key.
fn initial(html: &str, key: Value) -> Value {
    let data = scripts(html, "application/json")
        .pop()
        .expect("no initial data");
    data["queries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["key"] == key)
        .unwrap_or_else(|| panic!("no {key} in the initial data"))
        .clone()
}

#[actix_web::test]
async fn a_product_page_has_its_title_preview_structured_data_and_first_data() {
    for app in spawn_apps().await {
        let (_, product) = app.get_json("/api/products/neem-cake-powder").await;
        let brand = product["brand"]["slug"].as_str().unwrap();
        let path = format!("/dealer/{brand}/neem-cake-powder");
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, 200, "{}", app.name());

        assert!(html.contains("<title>Neem Cake Powder | WellRoot Agri Inputs</title>"));
        let canonical = format!("http://127.0.0.1{path}");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{canonical}\">")));
        assert_eq!(
            meta(&html, "property", "og:title").unwrap(),
            "Neem Cake Powder | WellRoot Agri Inputs"
        );
        assert_eq!(meta(&html, "property", "og:type").unwrap(), "product");
        let image = meta(&html, "property", "og:image").unwrap();
        assert_eq!(
            image,
            format!(
                "http://127.0.0.1{}",
                product["first_image"]["url"].as_str().unwrap()
            )
        );
        assert_eq!(meta(&html, "name", "twitter:image").unwrap(), image);
        let price = format!("{:.2}", product["retail_price"].as_f64().unwrap());
        assert_eq!(
            meta(&html, "property", "product:price:amount").unwrap(),
            price
        );
        assert_eq!(
            meta(&html, "property", "product:price:currency").unwrap(),
            "INR"
        );
        assert!(
            meta(&html, "name", "description")
                .unwrap()
                .starts_with("Neem Cake Powder from ")
        );
        assert!(meta(&html, "name", "robots").is_none());

        let ld = json_ld(&html, "Product");
        assert_eq!(ld["@context"], "https://schema.org");
        assert_eq!(ld["name"], "Neem Cake Powder");
        assert_eq!(ld["url"], canonical.as_str());
        assert_eq!(ld["brand"]["name"], product["brand"]["name"]);
        assert_eq!(ld["image"][0], image);
        let offers = if ld["offers"].is_array() {
            ld["offers"][0].clone()
        } else {
            ld["offers"].clone()
        };
        assert_eq!(offers["@type"], "Offer");
        assert_eq!(offers["priceCurrency"], "INR");
        assert_eq!(offers["price"], price.as_str());
        let availability = match product["stock_state"].as_str().unwrap() {
            "in_stock" => "InStock",
            "low_stock" => "LimitedAvailability",
            _ => "OutOfStock",
        };
        assert_eq!(
            offers["availability"],
            format!("https://schema.org/{availability}")
        );
        let crumbs = json_ld(&html, "BreadcrumbList");
        assert_eq!(crumbs["itemListElement"][0]["item"], "http://127.0.0.1/");
        assert_eq!(
            crumbs["itemListElement"].as_array().unwrap().len(),
            product["breadcrumb"].as_array().unwrap().len()
        );

        // Exactly what the API answers, under the key the product screen asks for.
        let embedded = initial(&html, serde_json::json!(["products", "neem-cake-powder"]));
        assert_eq!(embedded["data"], product);
        let (_, shop) = app.get_json("/api/shop").await;
        assert_eq!(initial(&html, serde_json::json!(["shop"]))["data"], shop);
        // Its picture is fetched with the HTML, and the shop profile is not preloaded twice.
        assert!(html.contains(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">",
            product["first_image"]["url"].as_str().unwrap()
        )));
    }
}

#[actix_web::test]
async fn catalogue_text_cannot_break_out_of_the_page() {
    for app in spawn_apps().await {
        let hostile = "Neem </script><script>alert(1)</script> \"Gold\" & <b>co</b>";
        {
            use db::schema::products::dsl::*;
            let pool = app.database.pool();
            diesel::update(products.filter(slug.eq("neem-cake-powder")))
                .set((name.eq(hostile), updated_at.eq(diesel::dsl::now)))
                .execute(&mut pool.get().unwrap())
                .unwrap();
        }
        server::catalog_refresh::refresh_if_changed(&app.state)
            .await
            .unwrap();
        let (_, product) = app.get_json("/api/products/neem-cake-powder").await;
        let brand = product["brand"]["slug"].as_str().unwrap();
        let (status, html) = page(&app, &format!("/dealer/{brand}/neem-cake-powder")).await;
        assert_eq!(status, 200, "{}", app.name());
        assert!(!html.contains("<script>alert(1)"), "{}", app.name());
        assert!(html.contains(
            "<title>Neem &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Gold&quot; &amp; &lt;b&gt;co&lt;/b&gt; | WellRoot Agri Inputs</title>"
        ));
        assert_eq!(json_ld(&html, "Product")["name"], hostile);
        let embedded = initial(&html, serde_json::json!(["products", "neem-cake-powder"]));
        assert_eq!(embedded["data"]["name"], hostile);
    }
}

#[actix_web::test]
async fn catalogue_pages_have_breadcrumbs_and_their_first_page_of_products() {
    for app in spawn_apps().await {
        let (status, html) = page(&app, "/category/fertilisers/micronutrients").await;
        assert_eq!(status, 200, "{}", app.name());
        let (_, category) = app.get_json("/api/categories/micronutrients").await;
        let name = category["name"].as_str().unwrap();
        assert!(html.contains(&format!("<title>{name} | WellRoot Agri Inputs</title>")));
        let crumbs = json_ld(&html, "BreadcrumbList");
        let items = crumbs["itemListElement"].as_array().unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!(
            items[2]["item"],
            "http://127.0.0.1/category/fertilisers/micronutrients"
        );
        assert_eq!(
            initial(&html, serde_json::json!(["categories", "micronutrients"]))["data"],
            category
        );
        let (_, products) = app
            .get_json("/api/categories/micronutrients/products")
            .await;
        let first = initial(
            &html,
            serde_json::json!(["categories", "micronutrients", "products"]),
        );
        assert_eq!(first["page"], products);

        let (_, brands) = app.get_json("/api/brands").await;
        let slug = brands["brands"][0]["slug"].as_str().unwrap();
        let (status, html) = page(&app, &format!("/dealer/{slug}")).await;
        assert_eq!(status, 200);
        assert_eq!(
            json_ld(&html, "BreadcrumbList")["itemListElement"][1]["name"],
            brands["brands"][0]["name"]
        );
        let (_, brand_products) = app.get_json(&format!("/api/brands/{slug}/products")).await;
        assert_eq!(
            initial(&html, serde_json::json!(["brands", slug, "products"]))["page"],
            brand_products
        );
    }
}

#[actix_web::test]
async fn the_home_page_describes_the_shop_as_a_store() {
    for app in spawn_apps().await {
        let (status, html) = page(&app, "/").await;
        assert_eq!(status, 200, "{}", app.name());
        // The app's home screen's own title (`home.title`), so the tab keeps it when the app
        // takes over.
        assert!(html.contains(
            "<title>Plantation inputs for Kerala and Tamil Nadu | WellRoot Agri Inputs</title>"
        ));
        let store = json_ld(&html, "Store");
        assert_eq!(store["name"], "WellRoot Agri Inputs");
        assert_eq!(store["telephone"], "+91 94470 20070");
        assert_eq!(store["address"]["postalCode"], "685508");
        assert_eq!(store["address"]["addressLocality"], "Kattappana");
        assert_eq!(store["openingHours"][0], "Mo-Sa 09:00-18:30");
        assert!(
            meta(&html, "property", "og:image")
                .unwrap()
                .starts_with("http://127.0.0.1/media/")
        );
        let (_, featured) = app.get_json("/api/featured-products").await;
        assert_eq!(
            initial(&html, serde_json::json!(["featured-products"]))["data"],
            featured
        );
    }
}

#[actix_web::test]
async fn unknown_products_categories_brands_and_paths_answer_404_with_the_app() {
    for app in spawn_apps().await {
        let (_, product) = app.get_json("/api/products/neem-cake-powder").await;
        let brand = product["brand"]["slug"].as_str().unwrap().to_owned();
        for path in [
            format!("/dealer/{brand}/no-such-product"),
            "/dealer/no-such-brand".into(),
            "/category/no-such-category".into(),
            "/category/fertilisers/no-such-thing".into(),
            "/category/fertilisers/micronutrients/no-such-product".into(),
            "/category/no-such/micronutrients/no-such-product".into(),
            "/no-such-page".into(),
            "/about/us/again".into(),
            "/view-order".into(),
        ] {
            let (status, html) = page(&app, &path).await;
            assert_eq!(status, 404, "{}: {path}", app.name());
            assert!(
                html.contains("id=\"initial-data\""),
                "{path}: the app is served"
            );
            assert_eq!(meta(&html, "name", "robots"), Some("noindex, follow"));
        }
        for path in [
            "/",
            "/about",
            "/contact",
            "/terms-and-conditions",
            "/privacy-policy",
            "/search?search=neem",
            "/category/fertilisers",
            "/category/fertilisers/micronutrients",
            "/category/fertilisers/neem-cake-powder",
            &format!("/dealer/{brand}"),
            "/sign-in",
            "/checkout",
            "/find-order",
            "/view-order/0b5e7c1e-0000-4000-8000-000000000000",
        ] {
            let (status, _) = page(&app, path).await;
            assert_eq!(status, 200, "{}: {path}", app.name());
        }
        // The back office's screens are the app's to route; none is for search engines.
        for path in ["/admin", "/admin/products/12", "/admin/audit"] {
            let (status, html) = page(&app, path).await;
            assert_eq!(status, 200, "{}: {path}", app.name());
            assert_eq!(
                meta(&html, "name", "robots"),
                Some("noindex, follow"),
                "{path}"
            );
        }
    }
}

#[actix_web::test]
async fn search_pages_embed_their_results_but_are_not_indexed() {
    for app in spawn_apps().await {
        let (status, html) = page(&app, "/search?search=neem%20cake").await;
        assert_eq!(status, 200, "{}", app.name());
        assert_eq!(meta(&html, "name", "robots"), Some("noindex, follow"));
        assert!(html.contains("<title>Results for “neem cake” | WellRoot Agri Inputs</title>"));
        let results = initial(&html, serde_json::json!(["search", "results", "neem cake"]));
        assert_eq!(results["page"]["data"][0]["slug"], "neem-cake-powder");
    }
}

#[actix_web::test]
async fn pages_are_revalidated_by_etag_and_sent_compressed() {
    for app in spawn_apps().await {
        let raw = reqwest::Client::builder().no_gzip().build().unwrap();
        let url = format!("{}/category/fertilisers", app.address);
        let response = raw
            .get(&url)
            .header("Accept-Encoding", "br")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{}", app.name());
        assert_eq!(response.headers()["content-encoding"], "br");
        assert_eq!(response.headers()["cache-control"], "no-cache");
        let etag = response.headers()["etag"].clone();
        let again = raw
            .get(&url)
            .header("If-None-Match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304);
    }
}

#[actix_web::test]
async fn a_client_that_takes_no_compression_gets_the_whole_page() {
    for app in spawn_apps().await {
        let path = "/dealer/wellroot-organics/neem-cake-powder";
        let (_, compressed) = page(&app, path).await;
        let raw = reqwest::Client::builder().no_gzip().build().unwrap();
        // The first answer may draw the page; the second comes from the cache, kept compressed.
        for _ in 0..2 {
            let response = raw
                .get(format!("{}{path}", app.address))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{}", app.name());
            assert!(response.headers().get("content-encoding").is_none());
            let plain = response.text().await.unwrap();
            assert!(plain.contains("Neem Cake Powder"), "{}", app.name());
            assert_eq!(plain, compressed, "{}", app.name());
        }
    }
}

/// The sitemaps.org 0.9 schema, checked by hand: the root and namespace, each entry's children
/// (`loc` first and required, absolute, at most 2,048 characters; `lastmod` a W3C datetime), at
/// most 50,000 entries. Answers the `loc`s.
fn check_sitemap(xml: &str, root: &str, entry: &str) -> Vec<String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut stack: Vec<String> = Vec::new();
    let mut locs = Vec::new();
    let mut seen_in_entry: Vec<String> = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Decl(_) => {}
            Event::Start(start) => {
                let name = String::from_utf8(start.name().as_ref().to_vec()).unwrap();
                match stack.len() {
                    0 => {
                        assert_eq!(name, root);
                        let namespace = start
                            .try_get_attribute("xmlns")
                            .unwrap()
                            .expect("a namespace");
                        assert_eq!(
                            &*namespace.value,
                            b"http://www.sitemaps.org/schemas/sitemap/0.9"
                        );
                    }
                    1 => {
                        assert_eq!(name, entry);
                        seen_in_entry.clear();
                    }
                    2 => {
                        assert!(
                            ["loc", "lastmod", "changefreq", "priority"].contains(&name.as_str()),
                            "{name}"
                        );
                        assert!(!seen_in_entry.contains(&name), "{name} twice");
                        if name != "loc" {
                            assert!(
                                seen_in_entry.contains(&"loc".to_owned()),
                                "{name} before loc"
                            );
                        }
                        seen_in_entry.push(name.clone());
                    }
                    _ => panic!("nested too deep: {name}"),
                }
                stack.push(name);
            }
            Event::Text(text) => {
                let text = text.xml10_content().unwrap().into_owned();
                match stack.last().map(String::as_str) {
                    Some("loc") => {
                        assert!(text.starts_with("http://127.0.0.1/"), "{text}");
                        assert!(text.len() <= 2048);
                        locs.push(text);
                    }
                    Some("lastmod") => {
                        chrono::DateTime::parse_from_rfc3339(&text)
                            .unwrap_or_else(|_| panic!("not a W3C datetime: {text}"));
                    }
                    other => panic!("text in {other:?}"),
                }
            }
            Event::End(_) => {
                if stack.len() == 2 {
                    assert_eq!(seen_in_entry.first().map(String::as_str), Some("loc"));
                }
                stack.pop();
            }
            Event::Eof => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(stack.is_empty());
    assert!(locs.len() <= 50_000);
    locs
}

#[actix_web::test]
async fn the_sitemap_index_lists_sitemaps_of_every_product_category_brand_and_crop() {
    for app in spawn_apps().await {
        let response = app.get("/sitemap.xml").await;
        assert_eq!(response.status(), 200, "{}", app.name());
        assert_eq!(
            response.headers()["content-type"],
            "application/xml; charset=utf-8"
        );
        let index = response.text().await.unwrap();
        assert!(index.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
        let sitemaps = check_sitemap(&index, "sitemapindex", "sitemap");
        assert_eq!(sitemaps.len(), 5, "{sitemaps:?}");

        let mut urls = Vec::new();
        for sitemap in &sitemaps {
            let path = sitemap.trim_start_matches("http://127.0.0.1");
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            urls.extend(check_sitemap(
                &response.text().await.unwrap(),
                "urlset",
                "url",
            ));
        }
        let catalog = app.state.catalog();
        for prefix in ["", "/ml", "/ta"] {
            let products = urls.iter().filter(|u| {
                u.starts_with(&format!("http://127.0.0.1{prefix}/dealer/"))
                    && u.matches('/').count() == 5 + usize::from(!prefix.is_empty())
            });
            assert_eq!(
                products.count(),
                catalog.product_count(),
                "every product in language {prefix:?}"
            );
        }
        let (_, product) = app.get_json("/api/products/neem-cake-powder").await;
        let canonical = format!(
            "http://127.0.0.1/dealer/{}/neem-cake-powder",
            product["brand"]["slug"].as_str().unwrap()
        );
        assert!(urls.contains(&canonical));
        let in_tamil = canonical.replace("http://127.0.0.1/", "http://127.0.0.1/ta/");
        assert!(urls.contains(&in_tamil), "{in_tamil}");
        assert!(urls.contains(&"http://127.0.0.1/ml/".to_owned()));
        assert!(urls.contains(&"http://127.0.0.1/category/fertilisers/micronutrients".to_owned()));
        assert!(urls.contains(&"http://127.0.0.1/".to_owned()));
        let (_, crops) = app.get_json("/api/crops").await;
        let crops = crops.as_array().unwrap();
        assert!(!crops.is_empty());
        for crop in crops {
            for prefix in ["", "/ml", "/ta"] {
                let url = format!(
                    "http://127.0.0.1{prefix}/crop/{}",
                    crop["slug"].as_str().unwrap()
                );
                assert!(urls.contains(&url), "{url}");
            }
        }
        // Every listed address is a page.
        for url in urls.iter().step_by(17) {
            let (status, _) = page(&app, url.trim_start_matches("http://127.0.0.1")).await;
            assert_eq!(status, 200, "{url}");
        }
        assert_eq!(app.get("/sitemaps/no-such.xml").await.status(), 404);
    }
}

#[actix_web::test]
async fn robots_txt_names_the_sitemap() {
    for app in spawn_apps().await {
        let response = app.get("/robots.txt").await;
        assert_eq!(response.status(), 200, "{}", app.name());
        let body = response.text().await.unwrap();
        assert!(body.contains("User-agent: *"));
        assert!(body.contains("Sitemap: http://127.0.0.1/sitemap.xml"));
        assert!(
            body.contains("Disallow: /admin\n"),
            "the back office is not crawled"
        );
    }
}

#[actix_web::test]
async fn malayalam_and_tamil_pages_live_under_their_prefix_and_name_their_alternates() {
    for app in spawn_apps().await {
        let name = app.name();
        let base = app.state.config.public_url.clone();
        for (path, lang, bare) in [
            ("/ml/", "ml", "/"),
            ("/ta", "ta", "/"),
            ("/ml/dealer/anamalai-tools", "ml", "/dealer/anamalai-tools"),
            ("/ta/about", "ta", "/about"),
        ] {
            let (status, html) = page(&app, path).await;
            assert_eq!(status, 200, "{name}: {path}");
            assert!(
                html.contains(&format!("<html lang=\"{lang}\"")),
                "{name}: {path}"
            );
            assert_eq!(
                meta(&html, "property", "og:locale"),
                Some(&*format!("{lang}_IN"))
            );
            let localized = |prefix: &str| {
                let path = if bare == "/" && !prefix.is_empty() {
                    "/".to_owned()
                } else {
                    bare.to_owned()
                };
                format!("{base}{prefix}{path}")
            };
            for (hreflang, prefix) in [("en", ""), ("x-default", ""), ("ml", "/ml"), ("ta", "/ta")]
            {
                let link = format!(
                    "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\">",
                    localized(prefix)
                );
                assert!(html.contains(&link), "{name}: {path} lacks {link}");
            }
            let canonical = format!(
                "<link rel=\"canonical\" href=\"{}\">",
                localized(&format!("/{lang}"))
            );
            assert!(
                html.contains(&canonical),
                "{name}: {path} lacks {canonical}"
            );
        }
        let (status, html) = page(&app, "/ml/dealer/no-such-dealer").await;
        assert_eq!(status, 404, "{name}");
        assert!(html.contains("<html lang=\"ml\""), "{name}");
        let (status, _) = page(&app, "/mlx/").await;
        assert_eq!(status, 404, "{name}: not a language");
    }
}

#[actix_web::test]
async fn english_addresses_follow_the_chosen_language_or_on_a_first_visit_the_browsers() {
    for app in spawn_apps().await {
        let name = app.name();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let get = |path: &str, language: &str, cookie: Option<&str>| {
            let mut request = client
                .get(format!("{}{path}", app.address))
                .header("Accept-Language", language);
            if let Some(cookie) = cookie {
                request = request.header("Cookie", cookie);
            }
            request.send()
        };
        let response = get("/search?search=elam", "ml-IN,ml;q=0.9,en;q=0.8", None)
            .await
            .unwrap();
        assert_eq!(response.status(), 302, "{name}");
        assert_eq!(response.headers()["location"], "/ml/search?search=elam");
        let response = get("/", "ta-IN,ta;q=0.9", None).await.unwrap();
        assert_eq!(response.headers()["location"], "/ta/", "{name}");
        // A chosen language stands, and English browsers stay in English.
        for (language, cookie) in [
            ("ta-IN,ta;q=0.9", Some("lang=en")),
            ("en-IN,en;q=0.9,ml;q=0.5", None),
            ("", None),
        ] {
            let response = get("/", language, cookie).await.unwrap();
            assert_eq!(response.status(), 200, "{name}: {language} {cookie:?}");
            assert!(
                response.headers()["vary"]
                    .to_str()
                    .unwrap()
                    .contains("Accept-Language"),
                "{name}"
            );
        }
        // A language chosen earlier takes an English address (a link shared in English) there.
        let response = get("/dealer/anamalai-tools", "en-IN", Some("lang=ml"))
            .await
            .unwrap();
        assert_eq!(response.status(), 302, "{name}");
        assert_eq!(response.headers()["location"], "/ml/dealer/anamalai-tools");
        // An address already in a language is never moved.
        let response = get("/ml/", "ta", None).await.unwrap();
        assert_eq!(response.status(), 200, "{name}");
    }
}

#[actix_web::test]
async fn malayalam_and_tamil_pages_have_their_titles_descriptions_and_breadcrumbs_in_their_language()
 {
    let shop = "WellRoot Agri Inputs";
    for app in spawn_apps().await {
        let name = app.name();
        let base = app.state.config.public_url.clone();
        for (lang, home, about, contact, terms, privacy, search) in [
            (
                "ml",
                "ഹോം",
                "ഞങ്ങളെക്കുറിച്ച്",
                "ബന്ധപ്പെടുക",
                "നിബന്ധനകളും വ്യവസ്ഥകളും",
                "സ്വകാര്യതാ നയം",
                "“ഏലം” എന്നതിനുള്ള ഫലങ്ങൾ",
            ),
            (
                "ta",
                "முகப்பு",
                "எங்களைப் பற்றி",
                "தொடர்புகொள்ள",
                "விதிமுறைகள் மற்றும் நிபந்தனைகள்",
                "தனியுரிமைக் கொள்கை",
                "“ஏலம்” – தேடல் முடிவுகள்",
            ),
        ] {
            let reader = app.shopper_reading(lang).await;
            let (_, product) = reader.get_json("/api/products/banana-bunch-knife").await;
            let (_, brand) = reader.get_json("/api/brands/anamalai-tools").await;
            let (_, top) = reader.get_json("/api/categories/fertilisers").await;
            let (_, sub) = reader.get_json("/api/categories/micronutrients").await;
            let product_path = format!(
                "/{lang}/dealer/{}/banana-bunch-knife",
                product["brand"]["slug"].as_str().unwrap()
            );
            let text = |v: &Value| v.as_str().unwrap().to_owned();
            let pages = [
                (format!("/{lang}/about"), about.to_owned()),
                (format!("/{lang}/contact"), contact.to_owned()),
                (format!("/{lang}/terms-and-conditions"), terms.to_owned()),
                (format!("/{lang}/privacy-policy"), privacy.to_owned()),
                (
                    format!(
                        "/{lang}/search?search={}",
                        if lang == "ml" {
                            "ഏലം"
                        } else {
                            "ஏலம்"
                        }
                    ),
                    search.to_owned(),
                ),
                (
                    format!("/{lang}/dealer/anamalai-tools"),
                    text(&brand["name"]),
                ),
                (format!("/{lang}/category/fertilisers"), text(&top["name"])),
                (
                    format!("/{lang}/category/fertilisers/micronutrients"),
                    text(&sub["name"]),
                ),
                (product_path.clone(), text(&product["name"])),
            ];
            for (path, title) in pages {
                let (status, html) = page(&app, &path).await;
                assert_eq!(status, 200, "{name}: {path}");
                assert!(
                    html.contains(&format!("<title>{title} | {shop}</title>")),
                    "{name}: {path} is not titled {title:?}"
                );
                let description = meta(&html, "name", "description").unwrap();
                if path.ends_with("/contact") {
                    // The shop's address stays as the post office writes it; the rest is
                    // the page's language.
                    let call = if lang == "ml" {
                        "വിളിക്കുക"
                    } else {
                        "அழைக்கவும்"
                    };
                    assert!(description.contains(call), "{name}: {description}");
                } else {
                    let english: Vec<&str> = description
                        .split(|c: char| !c.is_ascii_alphabetic())
                        .filter(|w| w.len() > 2 && !shop.contains(w))
                        .collect();
                    assert!(
                        english.len() <= 2,
                        "{name}: {path} describes itself in English: {description}"
                    );
                }
                let crumbs = scripts(&html, "application/ld+json")
                    .into_iter()
                    .find(|v| v["@type"] == "BreadcrumbList");
                if let Some(crumbs) = crumbs {
                    let items = crumbs["itemListElement"].as_array().unwrap();
                    assert_eq!(items[0]["name"], home, "{name}: {path}");
                    assert_eq!(
                        items[0]["item"],
                        format!("{base}/{lang}/"),
                        "{name}: {path}"
                    );
                    for item in items {
                        let url = item["item"].as_str().unwrap();
                        assert!(
                            url.starts_with(&format!("{base}/{lang}/")),
                            "{name}: {path}: {url}"
                        );
                    }
                } else {
                    assert!(
                        !path.contains("/dealer/") && !path.contains("/category/"),
                        "{name}: {path} has no breadcrumb"
                    );
                }
            }
            let (status, html) = page(&app, &format!("/{lang}/no-such-page")).await;
            assert_eq!(status, 404, "{name}");
            assert!(!html.contains("Page not found"), "{name}: {lang} 404 title");
        }
        // English pages keep their English words: the app's own (`nav.aboutUs`).
        let (_, html) = page(&app, "/about").await;
        assert!(
            html.contains(&format!("<title>About Us | {shop}</title>")),
            "{name}"
        );
        let (_, html) = page(&app, "/category/fertilisers/micronutrients").await;
        let crumbs = json_ld(&html, "BreadcrumbList");
        assert_eq!(crumbs["itemListElement"][0]["name"], "Home", "{name}");
        assert_eq!(
            crumbs["itemListElement"][0]["item"],
            format!("{}/", app.state.config.public_url),
            "{name}"
        );
    }
}

/// A client that does not follow redirects, to see them.
fn unfollowing() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[actix_web::test]
async fn other_spellings_of_a_page_and_products_under_the_wrong_brand_move_for_good() {
    for app in spawn_apps().await {
        let name = app.name();
        let client = unfollowing();
        let brand = "wellroot-organics";
        let product = format!("/dealer/{brand}/neem-cake-powder");
        for (asked, canonical) in [
            ("/about/", "/about".to_owned()),
            ("//about", "/about".to_owned()),
            ("/about//", "/about".to_owned()),
            ("/ml", "/ml/".to_owned()),
            ("/ml//", "/ml/".to_owned()),
            ("/ta//about/", "/ta/about".to_owned()),
            // Never a `//host` a browser would take for another site.
            ("//evil.example/x", "/evil.example/x".to_owned()),
            (
                "/search/?search=neem&ref=x",
                "/search?search=neem&ref=x".to_owned(),
            ),
            (
                "/dealer///wellroot-organics//neem-cake-powder/",
                product.clone(),
            ),
            // Any brand with any product is not a page of its own.
            ("/dealer/sahyadri-biogrow/neem-cake-powder", product.clone()),
            ("/dealer/no-such-brand/neem-cake-powder", product.clone()),
            (
                "/ml/dealer/malabar-agrochem/neem-cake-powder",
                format!("/ml{product}"),
            ),
            // Nor any category with any product.
            (
                "/category/crop-protection/neem-cake-powder",
                product.clone(),
            ),
            (
                "/category/crop-protection/fungicides/neem-cake-powder",
                product.clone(),
            ),
            (
                "/category/no-such/micronutrients/neem-cake-powder",
                product.clone(),
            ),
        ] {
            let response = client
                .get(format!("{}{asked}", app.address))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 301, "{name}: {asked}");
            assert_eq!(
                response.headers()["location"],
                canonical.as_str(),
                "{name}: {asked}"
            );
        }
        // The canonical spellings are pages, not redirects.
        for path in [
            "/",
            "/ml/",
            "/about",
            "/search?search=neem",
            &product,
            "/category/fertilisers/neem-cake-powder",
            "/category/fertilisers/organic-manures/neem-cake-powder",
        ] {
            let response = client
                .get(format!("{}{path}", app.address))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{name}: {path}");
        }
    }
}

/// `storefront_page_cache_lookups_total{result="hit"}`.
fn cache_hits(app: &TestApp) -> u64 {
    app.state
        .metrics
        .encode()
        .lines()
        .find_map(|line| line.strip_prefix("storefront_page_cache_lookups_total{result=\"hit\"} "))
        .map_or(0, |count| count.parse().unwrap())
}

#[actix_web::test]
async fn search_and_not_found_pages_never_push_the_catalogues_pages_out_of_the_cache() {
    for database in db::testing::test_databases() {
        // About 25 product pages' worth.
        let app = TestApp::spawn_with(database, |config| config.page_cache_mb = 1).await;
        let name = app.name();
        let product = "/dealer/wellroot-organics/neem-cake-powder";
        for path in ["/", "/about", product] {
            assert_eq!(app.get(path).await.status(), 200, "{name}: {path}");
        }
        // A flood of new addresses, more than the whole cache holds.
        for i in 0..150 {
            let search = app.get(&format!("/search?search=flood{i}")).await;
            assert_eq!(search.status(), 200);
            search.bytes().await.unwrap();
            let unknown = app.get(&format!("/flood-{i}/x")).await;
            assert_eq!(unknown.status(), 404);
            unknown.bytes().await.unwrap();
        }
        let before = cache_hits(&app);
        for path in ["/", "/about"] {
            assert_eq!(app.get(path).await.status(), 200, "{name}: {path}");
        }
        assert_eq!(
            cache_hits(&app),
            before + 2,
            "{name}: the catalogue's pages were pushed out"
        );
    }
}

#[actix_web::test]
async fn a_query_the_page_does_not_use_changes_neither_its_cache_key_nor_the_page() {
    for app in spawn_apps().await {
        let name = app.name();
        let (_, plain) = page(&app, "/about").await;
        let before = cache_hits(&app);
        let (status, tagged) = page(&app, "/about?ref=whatsapp-1234&utm_source=x").await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(cache_hits(&app), before + 1, "{name}: not the cached page");
        assert_eq!(tagged, plain, "{name}");
        let (_, searched) = page(&app, "/search?search=neem").await;
        let before = cache_hits(&app);
        let (_, tagged) = page(&app, "/search?ref=whatsapp-1234&search=neem").await;
        assert_eq!(
            cache_hits(&app),
            before + 1,
            "{name}: not the cached search"
        );
        assert_eq!(tagged, searched, "{name}");
    }
}

/// The stock a product page embeds for its first variant.
fn embedded_stock(html: &str, slug: &str) -> i64 {
    initial(html, serde_json::json!(["products", slug]))["data"]["variants"][0]["stock"]
        .as_i64()
        .unwrap()
}

#[actix_web::test]
async fn a_product_pages_stock_is_read_again_behind_the_answer_not_while_the_shopper_waits() {
    // `pages::PRODUCT_STOCK_TTL`: how long a product page's stock may be reused.
    const STOCK_TTL: std::time::Duration = std::time::Duration::from_secs(5);
    for app in spawn_apps().await {
        let name = app.name();
        let slug = "neem-cake-powder";
        let (_, product) = app.get_json(&format!("/api/products/{slug}")).await;
        let brand = product["brand"]["slug"].as_str().unwrap();
        let path = format!("/dealer/{brand}/{slug}");
        let (_, html) = page(&app, &path).await;
        let before = embedded_stock(&html, slug);
        let variant = product["variants"][0]["id"].as_i64().unwrap();
        crate::checkout::set_stock(&app, variant, before as i32 + 7);

        tokio::time::sleep(STOCK_TTL + std::time::Duration::from_millis(200)).await;
        // The first visit after the stock is due gets the page as it was, at once...
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(
            embedded_stock(&html, slug),
            before,
            "{name}: the visitor waited for the page to be drawn again"
        );
        // ...and the page is drawn again behind it: later visits see the new stock.
        let mut seen = before;
        for _ in 0..50 {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            seen = embedded_stock(&page(&app, &path).await.1, slug);
            if seen != before {
                break;
            }
        }
        assert_eq!(
            seen,
            before + 7,
            "{name}: the new stock never reached the page"
        );
    }
}

#[actix_web::test]
async fn a_crop_page_in_each_language_has_its_head_structured_data_and_first_data() {
    for app in spawn_apps().await {
        for (prefix, language) in [("", "en"), ("/ml", "ml"), ("/ta", "ta")] {
            let response = app.get_in(language, "/api/crops/cardamom").await;
            assert_eq!(response.status(), 200, "{}", app.name());
            let crop: Value = response.json().await.unwrap();
            let name = crop["name"].as_str().unwrap();
            let path = format!("{prefix}/crop/cardamom");
            let (status, html) = page(&app, &path).await;
            assert_eq!(status, 200, "{path} on {}", app.name());
            assert!(
                html.contains(&format!("<html lang=\"{language}\"")),
                "{path}"
            );

            let title = format!("{name} | WellRoot Agri Inputs");
            assert!(html.contains(&format!("<title>{title}</title>")), "{path}");
            assert_eq!(meta(&html, "property", "og:title").unwrap(), title);
            let description = meta(&html, "name", "description").unwrap();
            assert!(description.contains(name), "{path}: {description}");
            let canonical = format!("http://127.0.0.1{path}");
            assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{canonical}\">")));
            assert_eq!(meta(&html, "property", "og:url").unwrap(), canonical);
            for (other, other_prefix) in [("en", ""), ("ml", "/ml"), ("ta", "/ta")] {
                assert!(
                    html.contains(&format!(
                        "<link rel=\"alternate\" hreflang=\"{other}\" href=\"http://127.0.0.1{other_prefix}/crop/cardamom\">"
                    )),
                    "{path}: no {other} alternate"
                );
            }
            // The first product's picture is the link preview.
            let first = &crop["groups"][0]["products"][0];
            assert_eq!(
                meta(&html, "property", "og:image").unwrap(),
                format!("http://127.0.0.1{}", first["image_url"].as_str().unwrap())
            );

            let crumbs = json_ld(&html, "BreadcrumbList");
            let crumbs = crumbs["itemListElement"].as_array().unwrap();
            assert_eq!(crumbs.len(), 2);
            assert_eq!(crumbs[1]["name"], name);
            assert_eq!(crumbs[1]["item"], canonical.as_str());
            let items = json_ld(&html, "ItemList");
            assert_eq!(items["name"], name);
            let mut slugs: Vec<&str> = crop["groups"]
                .as_array()
                .unwrap()
                .iter()
                .chain(crop["problems"].as_array().unwrap())
                .flat_map(|group| group["products"].as_array().unwrap())
                .map(|card| card["slug"].as_str().unwrap())
                .collect();
            slugs.sort_unstable();
            slugs.dedup();
            assert_eq!(items["numberOfItems"], slugs.len());
            assert_eq!(
                items["itemListElement"][0]["url"],
                format!(
                    "http://127.0.0.1{prefix}/dealer/{}/{}",
                    first["brandSlug"].as_str().unwrap(),
                    first["slug"].as_str().unwrap()
                )
            );

            // Exactly what the API answers in the page's language, under the crop screen's key.
            assert_eq!(
                initial(&html, serde_json::json!(["crops", "cardamom"]))["data"],
                crop,
                "{path}"
            );
        }
    }
}

#[actix_web::test]
async fn an_unknown_crop_answers_404_in_every_language() {
    for app in spawn_apps().await {
        for path in [
            "/crop/no-such-crop",
            "/ml/crop/no-such-crop",
            "/ta/crop/no-such-crop",
        ] {
            let (status, html) = page(&app, path).await;
            assert_eq!(status, 404, "{path} on {}", app.name());
            assert_eq!(
                meta(&html, "name", "robots"),
                Some("noindex, follow"),
                "{path}"
            );
        }
        assert_eq!(app.get("/api/crops/no-such-crop").await.status(), 404);
    }
}

#[actix_web::test]
async fn a_filtered_list_is_drawn_with_its_first_page_under_one_key_and_not_indexed() {
    use serde_json::json;
    for app in spawn_apps().await {
        let name = app.name();
        let (_, all) = app
            .get_json("/api/categories/crop-protection/products")
            .await;
        let brand = all["facets"]["brands"][0]["slug"].as_str().unwrap();
        let filters = format!("brand={brand}&sort=price-asc&stock=in");
        let (_, api) = app
            .get_json(&format!(
                "/api/categories/crop-protection/products?{filters}"
            ))
            .await;
        // Asked in another order, with a brand twice and a parameter lists do not take.
        let asked = format!(
            "/category/crop-protection?stock=in&utm_source=whatsapp&brand={brand},{brand}&sort=price-asc"
        );
        let (status, html) = page(&app, &asked).await;
        assert_eq!(status, 200, "{name}");
        let first = initial(
            &html,
            json!(["categories", "crop-protection", "products", filters]),
        );
        assert_eq!(first["page"], api, "{name}");
        assert_eq!(meta(&html, "name", "robots"), Some("noindex, follow"));
        assert!(
            html.contains(
                "<link rel=\"canonical\" href=\"http://127.0.0.1/category/crop-protection\">"
            ),
            "{name}: the canonical link is the whole list"
        );
        assert!(!html.contains("utm_source"), "{name}");
        // The same list spelled otherwise is the same page, from the cache.
        let before = cache_hits(&app);
        let (_, again) = page(
            &app,
            &format!("/category/crop-protection?sort=price-asc&brand={brand}&stock=in&fbclid=1"),
        )
        .await;
        assert_eq!(cache_hits(&app), before + 1, "{name}: not the cached page");
        assert_eq!(again, html, "{name}");

        // Values the shop does not have are dropped: the list as it comes, indexed.
        let (status, plain) = page(&app, "/category/crop-protection?brand=nope&sort=cheap").await;
        assert_eq!(status, 200);
        assert_eq!(meta(&plain, "name", "robots"), None, "{name}");
        initial(&plain, json!(["categories", "crop-protection", "products"]));

        // In Malayalam, and on a brand's page.
        let (_, html) = page(&app, &format!("/ml/category/crop-protection?{filters}")).await;
        let first = initial(
            &html,
            json!(["categories", "crop-protection", "products", filters]),
        );
        assert_eq!(first["page"]["total"], api["total"], "{name}");
        let (_, html) = page(&app, "/dealer/wellroot-organics?price=under-200").await;
        let first = initial(
            &html,
            json!(["brands", "wellroot-organics", "products", "price=under-200"]),
        );
        assert!(
            first["page"]["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["retail_price"].as_f64().unwrap() < 200.0),
            "{name}"
        );

        // A crop's page takes no crop filter; a search takes one.
        let (_, html) = page(
            &app,
            &format!("/crop/cardamom?crop=black-pepper&brand={brand}"),
        )
        .await;
        let (_, crop) = app
            .get_json(&format!("/api/crops/cardamom?brand={brand}"))
            .await;
        assert_eq!(
            initial(
                &html,
                json!(["crops", "cardamom", format!("brand={brand}")])
            )["data"],
            crop,
            "{name}"
        );
        let (_, html) = page(&app, "/ta/search?search=neem&crop=cardamom").await;
        assert_eq!(meta(&html, "name", "robots"), Some("noindex, follow"));
        let results = initial(&html, json!(["search", "results", "neem", "crop=cardamom"]));
        let facets = initial(&html, json!(["search", "facets", "neem", "crop=cardamom"]));
        assert_eq!(results["page"]["total"], facets["data"]["total"], "{name}");
        assert!(facets["data"]["facets"]["crops"][0]["selected"].is_boolean());
    }
}
