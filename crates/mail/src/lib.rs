//! The layout every mail of the shop shares: a greeting, paragraphs and an optional button, in
//! plain text and HTML, signed with the shop's name and address. The domains write what a mail
//! says; this crate gives it the shop's look and hands back an outbox row
//! ([`db::outbox::NewMail`]) for them to queue in their own transaction.

use db::outbox::NewMail;
use paths::Page;

/// What every mail needs to know about the shop.
#[derive(Debug, Clone)]
pub struct MailContext {
    /// Where shoppers reach the shop, without a trailing slash.
    pub public_url: String,
    pub shop_name: String,
    /// The shop's own address: staff notifications go here.
    pub shop_email: String,
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

impl MailContext {
    /// A mail with a greeting, paragraphs and an optional button (also given as a plain link).
    pub fn compose(
        &self,
        to: &str,
        subject: &str,
        greeting: &str,
        paragraphs: &[&str],
        button: Option<Button>,
    ) -> NewMail {
        self.compose_with_picture(to, subject, greeting, paragraphs, None, button)
    }

    /// [`compose`](Self::compose) with a picture after the paragraphs.
    pub fn compose_with_picture(
        &self,
        to: &str,
        subject: &str,
        greeting: &str,
        paragraphs: &[&str],
        picture: Option<Picture>,
        button: Option<Button>,
    ) -> NewMail {
        let mut text = format!("{greeting}\n\n");
        let mut html = format!(
            "<!doctype html><html><body style=\"font-family:Arial,sans-serif;color:#1f2937;line-height:1.5\">\
             <div style=\"max-width:560px;margin:0 auto;padding:24px\">\
             <h1 style=\"color:#166534;font-size:20px\">{}</h1><p>{}</p>",
            escape(&self.shop_name),
            escape(greeting)
        );
        for paragraph in paragraphs {
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
                 <p style=\"font-size:13px;color:#6b7280\">If the button does not work, open this link: {url}</p>",
                url = escape(button.url),
                label = escape(button.label)
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
            subject: subject.to_owned(),
            text_body: text,
            html_body: html,
        }
    }

    /// The absolute address of one of the shop's pages, for a mail's button.
    pub fn link(&self, page: Page) -> String {
        format!("{}{}", self.public_url, page.path())
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
}
