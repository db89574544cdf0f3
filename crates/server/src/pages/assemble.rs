//! One page's HTML: the template with the route's head tags, structured data and first data
//! (exactly the API's answers, for react-query to start with: see `frontend/src/main.tsx`).

use actix_web::http::StatusCode;
use catalog::view::{ProductCard, ProductDetail};
use catalog::{CatalogSnapshot, PageRequest};
use paths::{Locale, Page};
use serde::Serialize;
use serde_json::{Value, json};

use super::head::{CARD_SIZES, Head, MAIN_SIZES, PreloadImage, PreviewImage, json_script, summary};
use super::json_ld::{self, Crumb};
use super::route::{PageKind, Resolved};
use super::template::Template;
use super::words::{HeadWords, fill};
use bytes::Bytes;
use catalog::MediaUrls;

use crate::shop::{PHOTO_SIZE, ShopProfile};

/// Descriptions longer than this are cut (search engines show about this much).
const DESCRIPTION_LENGTH: usize = 160;

/// The first data of a page: react-query keys and the API's answers for them.
#[derive(Default)]
struct InitialData(Vec<(Value, &'static str, String)>);

impl InitialData {
    /// A plain query's data.
    fn query(&mut self, key: Value, json: impl AsRef<[u8]>) {
        let json = String::from_utf8_lossy(json.as_ref()).into_owned();
        self.0.push((key, "data", json));
    }

    /// The first page of an infinite list (a `Paged` answer).
    fn first_page(&mut self, key: Value, paged: &impl Serialize) {
        if let Ok(json) = serde_json::to_string(paged) {
            self.0.push((key, "page", json));
        }
    }

    fn to_json(&self) -> String {
        let entries: Vec<String> = self
            .0
            .iter()
            .map(|(key, field, json)| format!("{{\"key\":{key},\"{field}\":{json}}}"))
            .collect();
        format!("{{\"queries\":[{}]}}", entries.join(","))
    }
}

pub struct Assembled {
    pub status: StatusCode,
    pub html: String,
    /// The embedded first data (`#initial-data`), which the server render draws from too.
    pub initial_data: String,
}

/// What every page is made of besides its catalogue: the shop and where things are served.
pub struct Site<'a> {
    pub shop: &'a ShopProfile,
    pub public_url: &'a str,
    /// Where the app asks the API, when not the page's own origin.
    pub api_url: Option<&'a str>,
    /// `GET /api/shop`'s answer in the page's language.
    pub shop_json: Bytes,
    pub media: &'a MediaUrls,
}

pub fn page(
    site: &Site,
    template: &Template,
    catalog: &CatalogSnapshot,
    resolved: &Resolved,
    product: Option<&ProductDetail>,
    locale: Locale,
) -> Assembled {
    let shop = site.shop;
    let public = site.public_url;
    let url = |page: Page| format!("{public}{}", locale.localize(&page.path()));
    let titled = |title: &str| format!("{title} | {}", shop.name);
    let words = HeadWords::of(locale);
    let shop_name = [("shop", shop.name.as_str())];
    let mut data = InitialData::default();
    data.query(json!(["shop"]), &site.shop_json);
    data.query(json!(["categories"]), catalog.categories_json());
    data.query(json!(["brands"]), catalog.brands_json());
    let mut head = Head {
        locale,
        site_name: shop.name.clone(),
        og_type: "website",
        modules: template.chunk_files(resolved.module),
        api_origin: site.api_url.map(str::to_owned),
        ..Head::default()
    };
    if locale != Locale::En {
        // A language's catalogue and font faces come with the HTML: the app renders only once it
        // has the words, and the letters draw from their first paint.
        let code = locale.code();
        head.modules
            .extend(template.chunk_files(&format!("src/locales/{code}.json")));
        for sheet in template.chunk_files(&format!("src/styles/fonts-{code}.css")) {
            match template.style(&sheet) {
                Some(css) => head.styles.push(css.to_owned()),
                None => head.stylesheets.push(sheet),
            }
        }
    }
    let mut structured: Vec<Value> = Vec::new();
    let first_page = PageRequest::default();

    match (&resolved.kind, product) {
        (PageKind::Home, _) => {
            head.title = format!("{} | {}", shop.name, shop.tagline_in(locale));
            head.description = summary(shop.blurb_in(locale), DESCRIPTION_LENGTH);
            head.canonical = Some(url(Page::Home));
            let photo = absolute(public, &site.media.url(&shop.photos.outside.path));
            head.image = Some(PreviewImage {
                url: photo.clone(),
                alt: shop.photos.outside.alt.clone(),
                width: Some(PHOTO_SIZE.0 as i32),
                height: Some(PHOTO_SIZE.1 as i32),
            });
            // The hero picture the home screen opens with (`frontend/src/features/home/hero-art.ts`).
            head.preload_image = Some(PreloadImage::single(site.media.url("site/hero.svg")));
            structured.push(json_ld::store(shop, &url(Page::Home), &photo));
            data.query(json!(["featured-products"]), catalog.featured_json());
            data.query(json!(["awards"]), catalog.awards_json());
        }
        (PageKind::About, _) => {
            head.title = titled(words.about);
            head.description = summary(shop.blurb_in(locale), DESCRIPTION_LENGTH);
            head.canonical = Some(url(Page::About));
        }
        (PageKind::Contact, _) => {
            head.title = titled(words.contact);
            head.description = contact_description(shop, locale);
            head.canonical = Some(url(Page::Contact));
        }
        (PageKind::Terms, _) => {
            head.title = titled(words.terms);
            head.description = fill(words.terms_description, &shop_name);
            head.canonical = Some(url(Page::Terms));
        }
        (PageKind::Privacy, _) => {
            head.title = titled(words.privacy);
            head.description = fill(words.privacy_description, &shop_name);
            head.canonical = Some(url(Page::Privacy));
        }
        (PageKind::Search { term }, _) => {
            head.noindex = true;
            if term.is_empty() {
                head.title = titled(words.search);
            } else {
                head.title = titled(&fill(words.search_results, &[("term", term)]));
                let results = catalog.search(term, first_page);
                head.preload_image = first_image(&results.data);
                data.first_page(json!(["search", "results", term]), &results);
            }
            head.description = fill(words.search_description, &shop_name);
        }
        (PageKind::Brand { slug }, _) => {
            let (Ok(brand), Ok(products)) = (
                catalog.brand(slug),
                catalog.brand_products(slug, first_page),
            ) else {
                return not_found(template, head, data, shop);
            };
            let name = &brand.summary.name;
            let named = [("name", name.as_str()), ("shop", shop.name.as_str())];
            head.title = titled(name);
            head.description = describe(&brand.description, &fill(words.brand_description, &named));
            let page_url = url(Page::Brand { slug });
            head.canonical = Some(page_url.clone());
            head.image = brand.summary.image_url.as_ref().map(|image| PreviewImage {
                url: absolute(public, image),
                alt: name.clone(),
                width: None,
                height: None,
            });
            head.preload_image = first_image(&products.data);
            structured.push(json_ld::breadcrumb_list(&[
                home_crumb(public, locale),
                Crumb {
                    name: name.clone(),
                    url: page_url,
                },
            ]));
            data.query(json!(["brands", slug]), to_json(brand));
            data.first_page(json!(["brands", slug, "products"]), &products);
        }
        (PageKind::Category { slug } | PageKind::SubCategory { slug, .. }, _) => {
            let (Ok(category), Ok(products)) = (
                catalog.category(slug),
                catalog.category_products(slug, first_page),
            ) else {
                return not_found(template, head, data, shop);
            };
            head.title = titled(&category.name);
            head.description = describe(
                &category.description,
                &fill(
                    words.category_description,
                    &[("name", &category.name), ("shop", &shop.name)],
                ),
            );
            let parent = category.parent.as_ref();
            let page_url = url(Page::Category {
                parent: parent.map(|p| p.slug.as_str()),
                slug,
            });
            head.canonical = Some(page_url.clone());
            head.image = products
                .data
                .first()
                .and_then(|card| card_preview(public, card));
            head.preload_image = first_image(&products.data);
            let mut crumbs = vec![home_crumb(public, locale)];
            if let Some(parent) = parent {
                crumbs.push(Crumb {
                    name: parent.name.clone(),
                    url: url(Page::Category {
                        parent: None,
                        slug: &parent.slug,
                    }),
                });
            }
            crumbs.push(Crumb {
                name: category.name.clone(),
                url: page_url,
            });
            structured.push(json_ld::breadcrumb_list(&crumbs));
            data.query(json!(["categories", slug]), to_json(category));
            data.first_page(json!(["categories", slug, "products"]), &products);
        }
        (PageKind::Product { slug }, Some(detail)) => {
            head.title = titled(&detail.name);
            head.og_type = "product";
            let price = pricing::format_inr(detail.retail_price);
            head.description = summary(
                &fill(
                    words.product_description,
                    &[
                        ("name", &detail.name),
                        ("brand", &detail.brand.name),
                        ("price", &price),
                        ("description", &detail.description),
                    ],
                ),
                DESCRIPTION_LENGTH,
            );
            let page_url = url(Page::Product {
                brand: &detail.brand.slug,
                slug,
            });
            head.canonical = Some(page_url.clone());
            head.price = Some(detail.retail_price);
            let images: Vec<String> = detail
                .images
                .iter()
                .map(|image| absolute(public, &image.url))
                .collect();
            head.image = detail.first_image.as_ref().map(|image| PreviewImage {
                url: absolute(public, &image.url),
                alt: if image.alt.is_empty() {
                    detail.name.clone()
                } else {
                    image.alt.clone()
                },
                width: Some(image.width),
                height: Some(image.height),
            });
            head.preload_image = detail.first_image.as_ref().map(|i| PreloadImage {
                href: i.url.clone(),
                srcset: i.srcset.clone(),
                sizes: MAIN_SIZES,
            });
            structured.push(json_ld::product(detail, &page_url, &images, shop));
            // The catalogue's crumbs name the page's own categories (already in its language)
            // under an English "Home", at English paths.
            let crumbs: Vec<Crumb> = detail
                .breadcrumb
                .iter()
                .map(|crumb| Crumb {
                    name: if crumb.href == Page::Home.path() {
                        words.home.to_owned()
                    } else {
                        crumb.name.clone()
                    },
                    url: absolute(public, &locale.localize(&crumb.href)),
                })
                .collect();
            structured.push(json_ld::breadcrumb_list(&crumbs));
            data.query(json!(["products", slug]), to_json(detail));
        }
        (PageKind::App, _) | (PageKind::Product { .. }, None) => {
            head.title = shop.name.clone();
            head.description = shop.tagline_in(locale).to_owned();
            head.noindex = true;
        }
        // A moved page answers 301 before it is assembled.
        (PageKind::NotFound | PageKind::Moved { .. }, _) => {
            return not_found(template, head, data, shop);
        }
    }
    head.alternates = alternates(public, locale, head.canonical.as_deref());
    finish(template, head, data, &structured, StatusCode::OK)
}

/// The page in every language, from its canonical link in this one.
fn alternates(public: &str, locale: Locale, canonical: Option<&str>) -> Vec<(Locale, String)> {
    let Some(path) = canonical.and_then(|url| url.strip_prefix(public)) else {
        return Vec::new();
    };
    let bare = path.strip_prefix(locale.prefix()).unwrap_or(path);
    Locale::ALL
        .into_iter()
        .map(|other| (other, format!("{public}{}", other.localize(bare))))
        .collect()
}

fn finish(
    template: &Template,
    head: Head,
    data: InitialData,
    structured: &[Value],
    status: StatusCode,
) -> Assembled {
    let mut scripts = String::new();
    for value in structured {
        scripts.push_str(&json_script(
            "application/ld+json",
            None,
            &value.to_string(),
        ));
    }
    let initial_data = data.to_json();
    scripts.push_str(&json_script(
        "application/json",
        Some("initial-data"),
        &initial_data,
    ));
    Assembled {
        status,
        html: template.fill(head.locale.code(), &head.render(), &scripts),
        initial_data,
    }
}

fn not_found(template: &Template, head: Head, data: InitialData, shop: &ShopProfile) -> Assembled {
    finish(
        template,
        not_found_head(head, shop),
        data,
        &[],
        StatusCode::NOT_FOUND,
    )
}

fn not_found_head(mut head: Head, shop: &ShopProfile) -> Head {
    let words = HeadWords::of(head.locale);
    head.title = format!("{} | {}", words.not_found, shop.name);
    head.description = fill(words.not_found_description, &[("shop", &shop.name)]);
    head.noindex = true;
    head.canonical = None;
    head
}

fn contact_description(shop: &ShopProfile, locale: Locale) -> String {
    let address = &shop.address;
    let place = format!("{}, {}, {}", address.line1, address.city, address.state);
    summary(
        &fill(
            HeadWords::of(locale).contact_description,
            &[
                ("phone", &shop.phone),
                ("whatsapp", &shop.whatsapp),
                ("address", &place),
                ("hours", shop.hours_in(locale)),
            ],
        ),
        DESCRIPTION_LENGTH,
    )
}

fn describe(description: &str, fallback: &str) -> String {
    if description.trim().is_empty() {
        fallback.to_owned()
    } else {
        summary(description, DESCRIPTION_LENGTH)
    }
}

fn home_crumb(public: &str, locale: Locale) -> Crumb {
    Crumb {
        name: HeadWords::of(locale).home.into(),
        url: format!("{public}{}", locale.localize(&Page::Home.path())),
    }
}

/// The first card's picture: the listing's largest paint on a phone.
fn first_image(cards: &[ProductCard<'_>]) -> Option<PreloadImage> {
    let card = cards.first()?;
    Some(PreloadImage {
        href: card.image_url?.to_owned(),
        srcset: card.image_srcset.map(str::to_owned),
        sizes: CARD_SIZES,
    })
}

fn card_preview(public: &str, card: &ProductCard) -> Option<PreviewImage> {
    Some(PreviewImage {
        url: absolute(public, card.image_url?),
        alt: card.name.to_owned(),
        width: card.image_width,
        height: card.image_height,
    })
}

/// A URL as a link preview needs it: media URLs are site-relative unless `MEDIA_BASE_URL` is
/// absolute.
pub fn absolute(public: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else if url.starts_with('/') {
        format!("{public}{url}")
    } else {
        format!("{public}/{url}")
    }
}

fn to_json(value: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec())
}
