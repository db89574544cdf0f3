//! The sitemaps (sitemaps.org 0.9): `sitemap.xml` is an index of one sitemap per kind of page,
//! each split into files of at most 50,000 URLs, listing every active product, category and
//! brand at its canonical address in each language with when it last changed, and every crop's
//! page.

use std::collections::HashMap;
use std::fmt::Write;

use bytes::Bytes;
use catalog::CatalogSnapshot;
use chrono::NaiveDateTime;
use paths::{Locale, Page};

use super::head::escape;

/// The protocol's limit of URLs in one sitemap file.
pub const MAX_URLS: usize = 50_000;

const NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The index and its sitemaps, by file name (`products-1.xml`), built once per catalogue.
pub struct Sitemaps {
    pub index: Bytes,
    pub files: HashMap<String, Bytes>,
}

struct Entry {
    path: String,
    lastmod: Option<NaiveDateTime>,
}

/// Each page at its address in every language (English, `/ml/…`, `/ta/…`), the languages of one
/// page side by side.
fn in_every_language(entries: Vec<Entry>) -> Vec<Entry> {
    entries
        .into_iter()
        .flat_map(|entry| {
            Locale::ALL.map(|locale| Entry {
                path: locale.localize(&entry.path),
                lastmod: entry.lastmod,
            })
        })
        .collect()
}

impl Sitemaps {
    pub fn build(catalog: &CatalogSnapshot, public_url: &str, max_urls: usize) -> Self {
        let pages = [
            Page::Home,
            Page::About,
            Page::Contact,
            Page::Terms,
            Page::Privacy,
        ]
        .iter()
        .map(|page| Entry {
            path: page.path(),
            lastmod: None,
        })
        .collect();
        let products = catalog
            .products_with_dates()
            .map(|(brand, slug, date)| Entry {
                path: Page::Product { brand, slug }.path(),
                lastmod: Some(date),
            })
            .collect();
        let categories = catalog
            .categories_with_dates()
            .map(|(category, date)| Entry {
                path: Page::Category {
                    parent: category.parent.as_ref().map(|p| p.slug.as_str()),
                    slug: &category.slug,
                }
                .path(),
                lastmod: Some(date),
            })
            .collect();
        let brands = catalog
            .brands_with_dates()
            .map(|(brand, date)| Entry {
                path: Page::Brand {
                    slug: &brand.summary.slug,
                }
                .path(),
                lastmod: Some(date),
            })
            .collect();
        let crops = crop_slugs(catalog)
            .into_iter()
            .map(|slug| Entry {
                path: Page::Crop { slug: &slug }.path(),
                lastmod: None,
            })
            .collect();

        let mut files = HashMap::new();
        let mut index = String::new();
        let _ = write!(
            index,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{NAMESPACE}\">\n"
        );
        let kinds: [(&str, Vec<Entry>); 5] = [
            ("pages", pages),
            ("products", products),
            ("categories", categories),
            ("brands", brands),
            ("crops", crops),
        ];
        for (kind, entries) in kinds {
            let entries = in_every_language(entries);
            for (number, chunk) in entries.chunks(max_urls.max(1)).enumerate() {
                let name = format!("{kind}-{}.xml", number + 1);
                let _ = write!(
                    index,
                    "<sitemap><loc>{}</loc>",
                    escape(&format!("{public_url}/sitemaps/{name}"))
                );
                if let Some(latest) = chunk.iter().filter_map(|e| e.lastmod).max() {
                    let _ = write!(index, "<lastmod>{}</lastmod>", w3c(latest));
                }
                index.push_str("</sitemap>\n");
                files.insert(name, Bytes::from(urlset(chunk, public_url)));
            }
        }
        index.push_str("</sitemapindex>\n");
        Self {
            index: Bytes::from(index),
            files,
        }
    }
}

/// Every crop's slug, in the crop list's order (as `GET /api/crops` lists them).
fn crop_slugs(catalog: &CatalogSnapshot) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Listed {
        slug: String,
    }
    serde_json::from_slice::<Vec<Listed>>(&catalog.crops_json())
        .map(|crops| crops.into_iter().map(|crop| crop.slug).collect())
        .unwrap_or_default()
}

fn urlset(entries: &[Entry], public_url: &str) -> String {
    let mut xml = String::with_capacity(entries.len() * 120 + 200);
    let _ = write!(
        xml,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{NAMESPACE}\">\n"
    );
    for entry in entries {
        let _ = write!(
            xml,
            "<url><loc>{}</loc>",
            escape(&format!("{public_url}{}", entry.path))
        );
        if let Some(date) = entry.lastmod {
            let _ = write!(xml, "<lastmod>{}</lastmod>", w3c(date));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// A W3C datetime in UTC, as sitemaps want it: `2026-03-01T09:30:00+00:00`.
fn w3c(date: NaiveDateTime) -> String {
    date.format("%Y-%m-%dT%H:%M:%S+00:00").to_string()
}

/// `robots.txt`: everything may be crawled but the private screens, and where the sitemap is.
pub fn robots(public_url: &str) -> String {
    let mut robots = String::from("User-agent: *\nAllow: /\n");
    for path in paths::private_paths() {
        let _ = writeln!(robots, "Disallow: {path}");
    }
    let _ = write!(robots, "\nSitemap: {public_url}/sitemap.xml\n");
    robots
}
