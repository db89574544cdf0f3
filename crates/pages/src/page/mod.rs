//! One page's HTML: the template with the route's head tags, structured data and first data
//! (exactly the API's answers, for react-query to start with: see `frontend/src/main.tsx`). Each
//! kind of page is written by a function of its own, on a [`Draft`] that starts with what every
//! page has.

mod app;
mod brand;
mod category;
mod crop;
mod home;
mod not_found;
mod product;
mod search;
mod shop_pages;

use catalog::CatalogSnapshot;
use catalog::view::{ProductCard, ProductDetail};
use paths::{Locale, Page};
use serde::Serialize;
use serde_json::{Value, json};
use shop::ShopFacts;

use crate::head::{CARD_SIZES, Head, PreloadImage, PreviewImage, json_script, summary};
use crate::head_texts::{HeadText, HeadTexts};
use crate::json_ld::Crumb;
use crate::list_choice::ListChoice;
use crate::route::{PageKind, Resolved};
use crate::{Assembled, Sources, Status};

/// Descriptions longer than this are cut (search engines show about this much).
const DESCRIPTION_LENGTH: usize = 160;

/// The page `resolved` names, drawn from `sources`; a product page from its `product` (read by
/// the caller, with its stock: a product page without it is the bare app).
pub fn assemble(
    sources: &Sources,
    resolved: &Resolved,
    product: Option<&ProductDetail>,
    list: &ListChoice,
) -> Assembled {
    let mut draft = Draft::new(sources, resolved.module);
    if !list.is_default() {
        // A narrowed or reordered list: shared and followed, never a page of its own in an
        // index (its canonical link is the list as it comes).
        draft.head.noindex = true;
    }
    let found = match (&resolved.kind, product) {
        (PageKind::Home, _) => home::home(&mut draft),
        (PageKind::About, _) => shop_pages::about(&mut draft),
        (PageKind::Contact, _) => shop_pages::contact(&mut draft),
        (PageKind::Terms, _) => shop_pages::terms(&mut draft),
        (PageKind::Privacy, _) => shop_pages::privacy(&mut draft),
        (PageKind::Search { term }, _) => search::search(&mut draft, term, list),
        (PageKind::Brand { slug }, _) => brand::brand(&mut draft, slug, list),
        (PageKind::Category { slug } | PageKind::SubCategory { slug, .. }, _) => {
            category::category(&mut draft, slug, list)
        }
        (PageKind::Crop { slug }, _) => crop::crop(&mut draft, slug, list),
        (PageKind::Product { slug }, Some(detail)) => product::product(&mut draft, slug, detail),
        (PageKind::App, _) | (PageKind::Product { .. }, None) => {
            app::app(&mut draft, resolved.module)
        }
        // A moved page answers 301 before it is assembled.
        (PageKind::NotFound | PageKind::Moved { .. }, _) => Err(Missing),
    };
    match found {
        Ok(()) => draft.finish(Status::Ok),
        Err(Missing) => not_found::not_found(draft),
    }
}

/// A page's kind, written: or what it names is not in the catalogue.
type Written = Result<(), Missing>;

/// What a page names is not in the catalogue: the page is the not-found page.
struct Missing;

/// A page being written: its head, structured data and first data.
struct Draft<'a> {
    sources: &'a Sources<'a>,
    texts: HeadTexts,
    head: Head,
    data: InitialData,
    structured: Vec<Value>,
}

impl<'a> Draft<'a> {
    /// What every page has: the shop, the catalogue's categories and brands as first data, its
    /// route's code, and in Malayalam or Tamil that language's words and font faces.
    fn new(sources: &'a Sources<'a>, module: &str) -> Self {
        let (site, template, locale) = (sources.site, sources.template, sources.locale);
        let mut data = InitialData::default();
        data.query(json!(["shop"]), &site.shop_json);
        data.query(json!(["categories"]), sources.catalog.categories_json());
        data.query(json!(["brands"]), sources.catalog.brands_json());
        let mut head = Head {
            locale,
            site_name: site.shop.name.clone(),
            og_type: "website",
            modules: template.chunk_files(module),
            api_origin: site.api_url.map(str::to_owned),
            ..Head::default()
        };
        if locale != Locale::En {
            // A language's catalogue and font faces come with the HTML: the app renders only once
            // it has the words, and the letters draw from their first paint.
            let code = locale.code();
            head.modules
                .extend(template.chunk_files(&format!("src/locales/{code}.json")));
            let faces = template.font_faces(code);
            for sheet in faces.stylesheets {
                match template.style(&sheet) {
                    Some(css) => {
                        head.styles.push(css.to_owned());
                        // The app's `import()` of the same sheet finds it here and does not
                        // fetch it again.
                        head.inlined_stylesheets.push(sheet);
                    }
                    None => head.stylesheets.push(sheet),
                }
            }
            // The regular face starts loading with the HTML, not once the text is laid out;
            // the bold one (headings) follows when the page's text asks for it.
            head.fonts = faces
                .fonts
                .into_iter()
                .filter(|font| font.contains("-400-"))
                .collect();
        }
        Self {
            sources,
            texts: HeadTexts::of(locale),
            head,
            data,
            structured: Vec::new(),
        }
    }

    fn shop(&self) -> &'a ShopFacts {
        self.sources.site.shop
    }

    fn catalog(&self) -> &'a CatalogSnapshot {
        self.sources.catalog
    }

    fn locale(&self) -> Locale {
        self.sources.locale
    }

    fn public_url(&self) -> &'a str {
        self.sources.site.public_url
    }

    /// A page's absolute address in this page's language.
    fn url(&self, page: Page) -> String {
        format!(
            "{}{}",
            self.public_url(),
            self.locale().localize(&page.path())
        )
    }

    /// `title | shop`, as the app titles its screens (`frontend/src/lib/document-title.ts`).
    fn titled(&self, title: &str) -> String {
        format!("{title} | {}", self.shop().name)
    }

    /// A head text with the shop's name for `{shop}`.
    fn about_shop(&self, text: HeadText) -> String {
        self.texts.fill(text, &[("shop", &self.shop().name)])
    }

    /// A URL as a link preview needs it: media URLs are site-relative unless `MEDIA_BASE_URL` is
    /// absolute.
    fn absolute(&self, url: &str) -> String {
        absolute(self.public_url(), url)
    }

    fn home_crumb(&self) -> Crumb {
        Crumb {
            name: self.texts.text(HeadText::Home).into(),
            url: self.url(Page::Home),
        }
    }

    /// The page in every language, from its canonical link in this one.
    fn alternates(&self) -> Vec<(Locale, String)> {
        let public = self.public_url();
        let Some(path) = self
            .head
            .canonical
            .as_deref()
            .and_then(|url| url.strip_prefix(public))
        else {
            return Vec::new();
        };
        let bare = path.strip_prefix(self.locale().prefix()).unwrap_or(path);
        Locale::ALL
            .into_iter()
            .map(|other| (other, format!("{public}{}", other.localize(bare))))
            .collect()
    }

    fn finish(mut self, status: Status) -> Assembled {
        self.head.alternates = self.alternates();
        let mut scripts = String::new();
        for value in &self.structured {
            scripts.push_str(&json_script(
                "application/ld+json",
                None,
                &value.to_string(),
            ));
        }
        let initial_data = self.data.to_json();
        scripts.push_str(&json_script(
            "application/json",
            Some("initial-data"),
            &initial_data,
        ));
        Assembled {
            status,
            html: self.sources.template.fill(
                self.head.locale.code(),
                &self.head.render(),
                &scripts,
            ),
            initial_data,
        }
    }
}

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

/// A list's react-query key: the list's own, and its filters' spelling when it has any (as
/// `frontend/src/lib/list-filters.ts` keys it).
fn list_key(mut key: Vec<Value>, list: &ListChoice) -> Value {
    let query = list.query();
    if !query.is_empty() {
        key.push(Value::String(query));
    }
    Value::Array(key)
}

/// A catalogue text cut for a description, or `fallback` when it is empty.
fn describe(description: &str, fallback: &str) -> String {
    if description.trim().is_empty() {
        fallback.to_owned()
    } else {
        summary(description, DESCRIPTION_LENGTH)
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
fn absolute(public: &str, url: &str) -> String {
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
