//! The tags a page carries before any script runs: title, description, canonical link, Open
//! Graph and Twitter cards, preloads; and the escaping that keeps catalogue text inside them.

use std::fmt::Write;

use paths::Locale;
use pricing::Paise;
use unicode_segmentation::UnicodeSegmentation;

/// An image for link previews: an absolute URL.
pub struct PreviewImage {
    pub url: String,
    pub alt: String,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

#[derive(Default)]
pub struct Head {
    /// The page's language.
    pub locale: Locale,
    pub title: String,
    pub description: String,
    /// Absolute; none for pages that are not to be indexed.
    pub canonical: Option<String>,
    /// The same page in each language (absolute), when it has a canonical link.
    pub alternates: Vec<(Locale, String)>,
    pub site_name: String,
    /// `website`, or `product` on product pages.
    pub og_type: &'static str,
    pub image: Option<PreviewImage>,
    pub price: Option<Paise>,
    /// Search results, the not-found page and private screens.
    pub noindex: bool,
    /// The page's largest picture, fetched with the HTML rather than after the script.
    pub preload_image: Option<PreloadImage>,
    /// The route's modules, fetched with the HTML rather than after the entry asks for them.
    pub modules: Vec<String>,
    /// Stylesheets the page needs from its first paint (a language's font faces).
    pub stylesheets: Vec<String>,
    /// The API's origin when it has its own host (`API_URL`): the app reads it from
    /// `<meta name="api-origin">` (so one build serves any host), and the browser connects
    /// early.
    pub api_origin: Option<String>,
    /// The same written into the page (their text), which saves a round trip before it paints.
    pub styles: Vec<String>,
    /// The addresses of `styles` (as disabled links, which the browser does not fetch): the
    /// app's chunk loader finds them and does not fetch them again.
    pub inlined_stylesheets: Vec<String>,
    /// Font files fetched with the HTML (the page's language's regular face), before the text
    /// that needs them is laid out.
    pub fonts: Vec<String>,
}

/// A picture to preload: with its widths and the `sizes` of the `<img>` that shows it, so the
/// browser preloads the very width the page then asks for (not the widest).
#[derive(Debug, Clone, Default)]
pub struct PreloadImage {
    pub href: String,
    pub srcset: Option<String>,
    pub sizes: &'static str,
}

/// The `sizes` of a product card's image (`CARD_SIZES` in frontend/src/components/ProductImage.tsx).
pub const CARD_SIZES: &str = "(min-width: 1024px) 20vw, (min-width: 768px) 33vw, 50vw";
/// The `sizes` of a product page's main image (`MAIN_SIZES` in ProductGallery.tsx). On a phone
/// it shows 288 px wide but is declared as 213 px, so that even a 3× screen takes the 640 copy:
/// on a slow connection the data matters more than the last bit of sharpness.
pub const MAIN_SIZES: &str = "(min-width: 768px) 50vw, (min-width: 640px) 448px, 213px";

impl PreloadImage {
    /// A picture stored in one size (an SVG).
    pub fn single(href: String) -> Self {
        Self {
            href,
            ..Self::default()
        }
    }
}

impl Head {
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(2048);
        let tag = |out: &mut String, html: std::fmt::Arguments| {
            let _ = out.write_fmt(html);
            out.push('\n');
        };
        tag(
            &mut out,
            format_args!("<title>{}</title>", escape(&self.title)),
        );
        let meta = |out: &mut String, attr: &str, key: &str, value: &str| {
            tag(
                out,
                format_args!(
                    "<meta {attr}=\"{key}\" content=\"{}\">",
                    escape(value.trim())
                ),
            );
        };
        meta(&mut out, "name", "description", &self.description);
        if let Some(origin) = &self.api_origin {
            meta(&mut out, "name", "api-origin", origin);
            tag(
                &mut out,
                format_args!(
                    "<link rel=\"preconnect\" href=\"{}\" crossorigin=\"use-credentials\">",
                    escape(origin)
                ),
            );
        }
        if self.noindex {
            meta(&mut out, "name", "robots", "noindex, follow");
        }
        if let Some(url) = &self.canonical {
            tag(
                &mut out,
                format_args!("<link rel=\"canonical\" href=\"{}\">", escape(url)),
            );
            meta(&mut out, "property", "og:url", url);
        }
        for (locale, url) in &self.alternates {
            tag(
                &mut out,
                format_args!(
                    "<link rel=\"alternate\" hreflang=\"{locale}\" href=\"{}\">",
                    escape(url)
                ),
            );
            if *locale == Locale::En {
                tag(
                    &mut out,
                    format_args!(
                        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">",
                        escape(url)
                    ),
                );
            }
        }
        meta(&mut out, "property", "og:type", self.og_type);
        meta(&mut out, "property", "og:site_name", &self.site_name);
        meta(&mut out, "property", "og:title", &self.title);
        meta(&mut out, "property", "og:description", &self.description);
        meta(&mut out, "property", "og:locale", self.locale.og_locale());
        for (locale, _) in &self.alternates {
            if *locale != self.locale {
                meta(
                    &mut out,
                    "property",
                    "og:locale:alternate",
                    locale.og_locale(),
                );
            }
        }
        let card = if self.image.is_some() {
            "summary_large_image"
        } else {
            "summary"
        };
        meta(&mut out, "name", "twitter:card", card);
        meta(&mut out, "name", "twitter:title", &self.title);
        meta(&mut out, "name", "twitter:description", &self.description);
        if let Some(image) = &self.image {
            meta(&mut out, "property", "og:image", &image.url);
            meta(&mut out, "property", "og:image:alt", &image.alt);
            if let (Some(width), Some(height)) = (image.width, image.height) {
                meta(&mut out, "property", "og:image:width", &width.to_string());
                meta(&mut out, "property", "og:image:height", &height.to_string());
            }
            meta(&mut out, "name", "twitter:image", &image.url);
        }
        if let Some(price) = self.price {
            let amount = super::json_ld::rupees(price);
            meta(&mut out, "property", "product:price:amount", &amount);
            meta(&mut out, "property", "product:price:currency", "INR");
        }
        if let Some(image) = &self.preload_image {
            match &image.srcset {
                Some(srcset) => tag(
                    &mut out,
                    format_args!(
                        "<link rel=\"preload\" as=\"image\" href=\"{}\" imagesrcset=\"{}\" imagesizes=\"{}\" fetchpriority=\"high\">",
                        escape(&image.href),
                        escape(srcset),
                        escape(image.sizes)
                    ),
                ),
                None => tag(
                    &mut out,
                    format_args!(
                        "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">",
                        escape(&image.href)
                    ),
                ),
            }
        }
        for font in &self.fonts {
            tag(
                &mut out,
                format_args!(
                    "<link rel=\"preload\" as=\"font\" type=\"font/woff2\" href=\"{}\" crossorigin>",
                    escape(font)
                ),
            );
        }
        for style in &self.styles {
            tag(&mut out, format_args!("<style>{style}</style>"));
        }
        for sheet in &self.inlined_stylesheets {
            tag(
                &mut out,
                format_args!(
                    "<link rel=\"stylesheet\" href=\"{}\" disabled>",
                    escape(sheet)
                ),
            );
        }
        for sheet in &self.stylesheets {
            tag(
                &mut out,
                format_args!("<link rel=\"stylesheet\" href=\"{}\">", escape(sheet)),
            );
        }
        for module in &self.modules {
            tag(
                &mut out,
                format_args!("<link rel=\"modulepreload\" href=\"{}\">", escape(module)),
            );
        }
        out
    }
}

/// Text for HTML content or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A `<script>` holding JSON that no string inside can end early: every `<` is written `\u003c`
/// (which JSON reads back as `<`), so neither `</script>` nor `<!--` can appear in it.
pub fn json_script(kind: &str, id: Option<&str>, json: &str) -> String {
    let id = id.map(|id| format!(" id=\"{id}\"")).unwrap_or_default();
    format!(
        "<script type=\"{kind}\"{id}>{}</script>\n",
        json.replace('<', "\\u003c")
    )
}

/// The first sentences of `text` that fit in about `limit` letters, for a description.
///
/// Letters are counted as drawn (grapheme clusters), not as code points: search engines cut a
/// snippet by its width on the screen, and a Malayalam or Tamil letter (a consonant with its
/// vowel sign or virama, `ക്ഷ` is three code points) is one glyph about as wide as one or two
/// Latin ones. Counting code points cut those descriptions at half the length of English ones,
/// right after the price.
pub fn summary(text: &str, limit: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let letters: Vec<&str> = text.graphemes(true).collect();
    if letters.len() <= limit {
        return text;
    }
    let cut: String = letters[..limit].concat();
    let end = cut.rfind(". ").map(|i| i + 1).or_else(|| cut.rfind(' '));
    match end {
        Some(end) if end >= cut.len() / 2 => format!("{}…", cut[..end].trim_end_matches('.')),
        _ => format!("{cut}…"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_text_cannot_leave_its_tag() {
        assert_eq!(
            escape(r#"Neem "Gold" <b> & 'co'"#),
            "Neem &quot;Gold&quot; &lt;b&gt; &amp; &#39;co&#39;"
        );
        let script = json_script(
            "application/ld+json",
            None,
            r#"{"name":"</script><script>alert(1)</script>"}"#,
        );
        assert_eq!(script.matches("</script>").count(), 1);
        let json = script
            .trim_start_matches("<script type=\"application/ld+json\">")
            .trim_end_matches("</script>\n");
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(value["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_sentence_or_word() {
        assert_eq!(summary("Short  text.", 160), "Short text.");
        let long = "First sentence here. Second sentence is much longer than the limit allows";
        assert_eq!(summary(long, 40), "First sentence here…");
        assert_eq!(summary("aaaa bbbb cccc dddd", 12), "aaaa bbbb…");
    }

    #[test]
    fn malayalam_and_tamil_are_measured_in_letters_as_drawn() {
        // 23 code points, 10 letters on the screen.
        let malayalam = "ഫെർട്ടിഗേഷനും ലക്ഷ്യം";
        assert_eq!(summary(malayalam, 12), malayalam);
        let tamil = "உரப்பாசனம் பயிர்";
        assert_eq!(summary(tamil, 12), tamil);
        assert_eq!(
            summary("ഫെർട്ടിഗേഷനും ലക്ഷ്യം ഏലം കർഷകർ", 12),
            "ഫെർട്ടിഗേഷനും ലക്ഷ്യം…"
        );
    }

    #[test]
    fn a_languages_regular_face_is_fetched_with_the_html() {
        let head = Head {
            locale: Locale::Ml,
            fonts: vec!["/assets/noto-sans-malayalam-400-B.woff2".into()],
            styles: vec!["@font-face{font-display:swap}".into()],
            inlined_stylesheets: vec!["/assets/fonts-ml-C.css".into()],
            ..Head::default()
        }
        .render();
        let preload = head
            .find("<link rel=\"preload\" as=\"font\" type=\"font/woff2\" href=\"/assets/noto-sans-malayalam-400-B.woff2\" crossorigin>")
            .expect(&head);
        assert!(preload < head.find("<style>@font-face").unwrap());
        assert!(
            head.contains("<link rel=\"stylesheet\" href=\"/assets/fonts-ml-C.css\" disabled>")
        );
    }

    #[test]
    fn a_product_head_has_its_preview_and_price() {
        let head = Head {
            title: "Neem Oil | Shop".into(),
            description: "Cold-pressed.".into(),
            canonical: Some("https://shop.in/dealer/a/neem-oil".into()),
            og_type: "product",
            image: Some(PreviewImage {
                url: "https://shop.in/media/neem.webp".into(),
                alt: "A bottle".into(),
                width: Some(800),
                height: Some(800),
            }),
            price: Some(Paise::new(45_000)),
            ..Head::default()
        }
        .render();
        assert!(head.contains("<title>Neem Oil | Shop</title>"));
        assert!(
            head.contains(
                "<meta property=\"og:image\" content=\"https://shop.in/media/neem.webp\">"
            )
        );
        assert!(head.contains("<meta property=\"product:price:amount\" content=\"450.00\">"));
        assert!(
            head.contains("<link rel=\"canonical\" href=\"https://shop.in/dealer/a/neem-oil\">")
        );
        assert!(!head.contains("noindex"));
    }
}
