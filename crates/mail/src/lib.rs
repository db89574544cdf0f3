//! The layout every mail of the shop shares: a greeting, paragraphs and an optional button, in
//! plain text and HTML, signed with the shop's name and address. The domains write what a mail
//! says, in the reader's language from their catalogues ([`Texts`]); this crate gives it the
//! shop's look and hands back an outbox row ([`db::outbox::NewMail`]) for them to queue in their
//! own transaction.

mod dates;

use std::sync::LazyLock;

use db::outbox::NewMail;
use paths::{Locale, Page};

pub use dates::long_date;
pub use texts::{Texts, latin_words, placeholders};

/// The layout's own words (the greeting, the line under the button).
static LAYOUT: LazyLock<Texts> = LazyLock::new(|| {
    Texts::load(
        "mail",
        include_str!("../locales/en.json"),
        include_str!("../locales/ml.json"),
        include_str!("../locales/ta.json"),
    )
});

/// The usual greeting: "Hello Anu," in the mail's language.
pub fn hello(locale: Locale, name: &str) -> String {
    LAYOUT.fill(locale, "hello", &[("name", name)])
}

/// What every mail needs to know about the shop.
#[derive(Debug, Clone)]
pub struct MailContext {
    /// Where shoppers reach the shop, without a trailing slash.
    pub public_url: String,
    pub shop_name: String,
    /// The shop's own address: staff notifications go here.
    pub shop_email: String,
    /// Signs the links that open an order without signing in.
    pub order_links: paths::OrderLinkKey,
}

pub struct Button<'a> {
    pub label: &'a str,
    pub url: &'a str,
}

/// A picture shown in the HTML part below the paragraphs (a payment's QR code); the plain-text
/// part gives its link instead.
pub struct Picture<'a> {
    pub url: &'a str,
    pub alt: &'a str,
    /// Shown this many CSS pixels wide and high.
    pub size: u32,
}

/// One mail's words, in its reader's language.
pub struct Letter<'a> {
    pub locale: Locale,
    pub to: &'a str,
    pub subject: String,
    pub greeting: String,
    pub paragraphs: Vec<String>,
    pub picture: Option<Picture<'a>>,
    pub button: Option<Button<'a>>,
}

impl MailContext {
    /// A mail in English (the staff's notices), with a greeting, paragraphs and an optional
    /// button (also given as a plain link).
    pub fn compose(
        &self,
        to: &str,
        subject: &str,
        greeting: &str,
        paragraphs: &[&str],
        button: Option<Button>,
    ) -> NewMail {
        self.write(Letter {
            locale: Locale::En,
            to,
            subject: subject.to_owned(),
            greeting: greeting.to_owned(),
            paragraphs: paragraphs.iter().map(|p| (*p).to_owned()).collect(),
            picture: None,
            button,
        })
    }

    /// The letter in the shop's layout, its HTML marked with its language.
    pub fn write(&self, letter: Letter) -> NewMail {
        let Letter {
            locale,
            to,
            subject,
            greeting,
            paragraphs,
            picture,
            button,
        } = letter;
        let mut text = format!("{greeting}\n\n");
        let mut html = format!(
            "<!doctype html><html lang=\"{}\"><body style=\"font-family:Arial,sans-serif;color:#1f2937;line-height:1.5\">\
             <div style=\"max-width:560px;margin:0 auto;padding:24px\">\
             <h1 style=\"color:#166534;font-size:20px\">{}</h1><p>{}</p>",
            locale.code(),
            escape(&self.shop_name),
            escape(&greeting)
        );
        for paragraph in &paragraphs {
            text.push_str(paragraph);
            text.push_str("\n\n");
            html.push_str(&format!(
                "<p>{}</p>",
                escape(paragraph).replace('\n', "<br>")
            ));
        }
        if let Some(picture) = picture {
            text.push_str(&format!("{}: {}\n\n", picture.alt, picture.url));
            html.push_str(&format!(
                "<p><img src=\"{url}\" alt=\"{alt}\" width=\"{size}\" height=\"{size}\" \
                 style=\"display:block;width:{size}px;height:{size}px\"></p>",
                url = escape(picture.url),
                alt = escape(picture.alt),
                size = picture.size
            ));
        }
        if let Some(button) = button {
            text.push_str(&format!("{}: {}\n\n", button.label, button.url));
            html.push_str(&format!(
                "<p><a href=\"{url}\" style=\"display:inline-block;background:#166534;color:#fff;padding:12px 20px;\
                 border-radius:6px;text-decoration:none\">{label}</a></p>\
                 <p style=\"font-size:13px;color:#6b7280\">{fallback} {url}</p>",
                url = escape(button.url),
                label = escape(button.label),
                fallback = escape(LAYOUT.text(locale, "link_fallback"))
            ));
        }
        text.push_str(&format!("— {}\n{}\n", self.shop_name, self.public_url));
        html.push_str(&format!(
            "<p style=\"color:#6b7280;font-size:13px\">— {}<br>{}</p></div></body></html>",
            escape(&self.shop_name),
            escape(&self.public_url)
        ));
        NewMail {
            to_address: to.to_owned(),
            subject,
            text_body: text,
            html_body: html,
        }
    }

    /// The absolute address of one of the shop's pages, for a mail's button.
    pub fn link(&self, page: Page) -> String {
        self.link_in(Locale::En, page)
    }

    /// The page in the reader's language (`/ml/view-order/…`).
    pub fn link_in(&self, locale: Locale, page: Page) -> String {
        format!("{}{}", self.public_url, locale.localize(&page.path()))
    }
}

/// Escapes text for HTML mail bodies.
fn escape(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_html_say_the_same_and_html_is_escaped() {
        let shop = MailContext {
            public_url: "https://shop.example.in".into(),
            shop_name: "Hill & Estate".into(),
            shop_email: "orders@shop.example.in".into(),
            order_links: paths::OrderLinkKey::derive(b"test"),
        };
        let url = shop.link(Page::ViewOrder { uuid: "u-1" });
        assert_eq!(url, "https://shop.example.in/view-order/u-1");
        let button = Button {
            label: "Open",
            url: &url,
        };
        let mail = shop.compose("a@x.in", "Hi", "Hello <Anu>,", &["One\ntwo"], Some(button));
        assert_eq!(
            (mail.to_address.as_str(), mail.subject.as_str()),
            ("a@x.in", "Hi")
        );
        assert_eq!(
            mail.text_body,
            "Hello <Anu>,\n\nOne\ntwo\n\nOpen: https://shop.example.in/view-order/u-1\n\n\
             — Hill & Estate\nhttps://shop.example.in\n"
        );
        assert!(
            mail.html_body
                .contains("<h1 style=\"color:#166534;font-size:20px\">Hill &amp; Estate</h1>")
        );
        assert!(
            mail.html_body
                .contains("<p>Hello &lt;Anu&gt;,</p><p>One<br>two</p>")
        );
        assert!(
            mail.html_body
                .contains("href=\"https://shop.example.in/view-order/u-1\"")
        );
    }

    #[test]
    fn a_letter_is_marked_with_its_language_and_laid_out_in_it() {
        let shop = MailContext {
            public_url: "https://shop.example.in".into(),
            shop_name: "WellRoot".into(),
            shop_email: "orders@shop.example.in".into(),
            order_links: paths::OrderLinkKey::derive(b"test"),
        };
        let url = shop.link_in(Locale::Ta, Page::ViewOrder { uuid: "u-1" });
        assert_eq!(url, "https://shop.example.in/ta/view-order/u-1");
        let mail = shop.write(Letter {
            locale: Locale::Ta,
            to: "a@x.in",
            subject: "ஆர்டர்".into(),
            greeting: hello(Locale::Ta, "அனு"),
            paragraphs: vec!["நன்றி.".into()],
            picture: None,
            button: Some(Button {
                label: "பார்க்க",
                url: &url,
            }),
        });
        assert!(
            mail.text_body.starts_with(
                "வணக்கம் அனு,\n\nநன்றி.\n\nபார்க்க: https://shop.example.in/ta/view-order/u-1"
            )
        );
        assert!(
            mail.html_body
                .starts_with("<!doctype html><html lang=\"ta\">")
        );
        assert!(mail.html_body.contains("பொத்தான் வேலை செய்யவில்லை"));
        assert!(!mail.html_body.contains("If the button"));
    }

    #[test]
    fn the_layouts_words_exist_in_every_language() {
        let problems = LAYOUT.problems(&[]);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
