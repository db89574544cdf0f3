//! Photos at the catalogue desk: uploads checked by their bytes, turned upright, stripped of
//! their metadata and served in several widths, on both databases.

use std::time::{Duration, Instant};

use image::ImageFormat;
use media::testing::{GPS_MARKER, encode, phone_jpeg, png_16bit_bomb, png_bomb, two_tone};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_apps};

/// Sends files as a phone's browser does, with the remembered anti-forgery token.
async fn upload(
    app: &TestApp,
    method: Method,
    path: &str,
    files: &[(&str, Vec<u8>)],
) -> (u16, Value) {
    let mut form = Form::new();
    for (name, bytes) in files {
        // The declared type is a lie on purpose: the server reads the bytes.
        let part = Part::bytes(bytes.clone())
            .file_name(name.to_string())
            .mime_str("image/jpeg")
            .unwrap();
        form = form.part("files", part);
    }
    let token = app.xsrf_token.lock().unwrap().clone().unwrap_or_default();
    let response = app
        .client
        .request(method, format!("{}{}", app.address, path))
        .header("X-XSRF-TOKEN", token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn a_product(app: &TestApp) -> (i64, String) {
    let (_, results) = app.get_json("/api/search?search=neem").await;
    let card = &results[0];
    (
        card["id"].as_i64().unwrap(),
        card["slug"].as_str().unwrap().to_owned(),
    )
}

fn media_files(app: &TestApp, folder: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(app.config.media_dir.join(folder))
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[actix_web::test]
async fn a_phone_photo_is_upright_in_the_shop_without_its_location() {
    for app in spawn_apps().await {
        let staff = app.with_staff().await;
        let (id, slug) = a_product(&app).await;
        let before = media_files(&app, "products").len();
        let path = format!("/api/admin/catalog/products/{id}/photos");
        let (status, body) = upload(
            &staff,
            Method::POST,
            &path,
            &[("IMG_0001.jpg", phone_jpeg(1200, 800))],
        )
        .await;
        assert_eq!(status, 201, "{}: {body}", app.name());
        let photo = body["data"].as_array().unwrap().last().unwrap().clone();
        // Turned a quarter by its EXIF orientation: 800 wide and 1200 high.
        assert_eq!(
            (photo["width"].as_i64(), photo["height"].as_i64()),
            (Some(800), Some(1200))
        );
        let srcset = photo["srcset"].as_str().unwrap();
        assert!(
            srcset.contains("-320.webp 320w") && srcset.ends_with("-800.webp 800w"),
            "{srcset}"
        );

        // Written whole: five widths (80, 160, 320, 640, its own 800), no temporary file, no
        // metadata in any of them.
        let files = media_files(&app, "products");
        let new: Vec<_> = files
            .iter()
            .filter(|f| f.to_string_lossy().ends_with(".webp"))
            .collect();
        assert_eq!(new.len(), 5, "{files:?}");
        assert_eq!(files.len(), before + 5, "{files:?}");
        for file in new {
            let bytes = std::fs::read(file).unwrap();
            for leak in [&b"Exif"[..], b"EXIF", GPS_MARKER] {
                assert!(!bytes.windows(leak.len()).any(|w| w == leak), "{file:?}");
            }
            let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::WebP).unwrap();
            assert!(decoded.height() > decoded.width());
        }

        // The shop shows it at once, with its widths; the served bytes are the WebP.
        let (_, product) = app.get_json(&format!("/api/products/{slug}")).await;
        let shown = product["images"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(shown["srcset"], photo["srcset"]);
        let served = app.get(shown["url"].as_str().unwrap()).await;
        assert_eq!(served.status(), 200);
        assert!(served.bytes().await.unwrap().starts_with(b"RIFF"));
        assert_eq!(
            app.count_rows("audit_log WHERE action = 'product.photo.add'"),
            1
        );
    }
}

#[actix_web::test]
async fn the_type_comes_from_the_bytes_and_anything_else_is_refused() {
    for app in spawn_apps().await {
        let staff = app.with_staff().await;
        let (id, _) = a_product(&app).await;
        let path = format!("/api/admin/catalog/products/{id}/photos");
        let png = encode(&two_tone(500, 400), ImageFormat::Png);
        let (status, body) = upload(&staff, Method::POST, &path, &[("photo.jpg", png)]).await;
        assert_eq!(status, 201, "a PNG named .jpg is a PNG: {body}");
        let widths: Vec<i64> = body["data"].as_array().unwrap().last().unwrap()["srcset"]
            .as_str()
            .unwrap()
            .split(", ")
            .map(|s| {
                s.rsplit(' ')
                    .next()
                    .unwrap()
                    .trim_end_matches('w')
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(widths, [80, 160, 320, 500], "never enlarged");

        let (status, body) = upload(
            &staff,
            Method::POST,
            &path,
            &[("prices.jpg", b"sku,price\nA-1,300\n".to_vec())],
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            body["errors"]["files[0]"][0],
            "The file is not a JPEG, PNG or WebP picture."
        );

        let started = Instant::now();
        let (status, body) = upload(
            &staff,
            Method::POST,
            &path,
            &[("bomb.png", png_bomb(50_000))],
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert!(started.elapsed() < Duration::from_secs(2));
        assert!(
            body["message"].as_str().unwrap().contains("40 megapixels"),
            "{body}"
        );
        // Under 40 MP, but 16 bits a channel: 288 MB once decoded, refused before it is.
        let (status, body) = upload(
            &staff,
            Method::POST,
            &path,
            &[("deep.png", png_16bit_bomb(6_000, 6_000))],
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("16 bits a channel"),
            "{body}"
        );
        assert!(
            !media_files(&app, "products")
                .iter()
                .any(|f| f.to_string_lossy().contains(".upload-"))
        );

        // A shopper cannot upload at all.
        let shopper = app.another_shopper().await;
        shopper.register("grower@example.in").await;
        let (status, _) = upload(
            &shopper,
            Method::POST,
            &path,
            &[("p.png", encode(&two_tone(50, 50), ImageFormat::Png))],
        )
        .await;
        assert_eq!(status, 403);
    }
}

#[actix_web::test]
async fn photos_are_reordered_described_and_removed_and_the_shop_follows() {
    for app in spawn_apps().await {
        let staff = app.with_staff().await;
        let (id, slug) = a_product(&app).await;
        let path = format!("/api/admin/catalog/products/{id}/photos");
        let files = [
            ("a.png", encode(&two_tone(400, 300), ImageFormat::Png)),
            ("b.webp", encode(&two_tone(300, 400), ImageFormat::WebP)),
        ];
        let (status, body) = upload(&staff, Method::POST, &path, &files).await;
        assert_eq!(status, 201, "{body}");
        let mut ids: Vec<i64> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        let newest = *ids.last().unwrap();
        ids.rotate_right(1);
        let (status, body) = staff
            .send(Method::PUT, &format!("{path}/order"), json!({"ids": ids}))
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = staff
            .send(
                Method::PUT,
                &format!("{path}/{newest}"),
                json!({"alt": "A 300 × 400 test card"}),
            )
            .await;
        assert_eq!(status, 200);
        let (_, product) = app.get_json(&format!("/api/products/{slug}")).await;
        assert_eq!(product["first_image"]["alt"], "A 300 × 400 test card");
        assert_eq!(product["first_image"]["width"], 300);

        let (status, body) = staff
            .send(
                Method::PUT,
                &format!("{path}/order"),
                json!({"ids": [newest]}),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        let (status, _) = staff
            .send(Method::DELETE, &format!("{path}/{newest}"), json!(null))
            .await;
        assert_eq!(status, 204);
        let (_, listed) = staff.get_json(&path).await;
        assert_eq!(listed["data"].as_array().unwrap().len(), ids.len() - 1);
        let (_, product) = app.get_json(&format!("/api/products/{slug}")).await;
        assert_ne!(product["first_image"]["alt"], "A 300 × 400 test card");
    }
}

#[actix_web::test]
async fn a_brand_logo_and_an_award_picture_are_uploaded_and_removed() {
    for app in spawn_apps().await {
        let staff = app.with_staff().await;
        let (_, brands) = app.get_json("/api/brands").await;
        let brand = brands["brands"][0]["id"].as_i64().unwrap();
        let logo = encode(&two_tone(900, 300), ImageFormat::Png);
        let (status, picture) = upload(
            &staff,
            Method::PUT,
            &format!("/api/admin/catalog/brands/{brand}/logo"),
            &[("logo.png", logo.clone())],
        )
        .await;
        assert_eq!(status, 200, "{picture}");
        assert_eq!(picture["width"], 900);
        let (_, brands) = app.get_json("/api/brands").await;
        assert_eq!(brands["brands"][0]["image_srcset"], picture["srcset"]);

        let (_, awards) = app.get_json("/api/awards").await;
        let award = awards[0]["id"]
            .as_i64()
            .or_else(|| awards["data"][0]["id"].as_i64())
            .unwrap();
        let path = format!("/api/admin/catalog/awards/{award}/picture");
        let (status, picture) = upload(&staff, Method::PUT, &path, &[("award.png", logo)]).await;
        assert_eq!(status, 200, "{picture}");
        let (status, _) = staff.send(Method::DELETE, &path, json!(null)).await;
        assert_eq!(status, 204);
        assert_eq!(
            app.count_rows("audit_log WHERE action = 'award.picture'"),
            2
        );
    }
}
