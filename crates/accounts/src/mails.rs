//! The mail accounts send, each in plain text and HTML. Links point at the shop's own pages.

use db::outbox::NewMail;

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

    pub fn link(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.public_url)
    }

    pub fn verification(&self, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link(&format!("/verify-email?token={token}"));
        self.compose(
            to,
            &format!("Verify your e-mail address for {}", self.shop_name),
            &format!("Hello {name},"),
            &["Please confirm that this is your e-mail address, so that we can send you order updates.", "The link works once and for 24 hours."],
            Some(Button { label: "Verify e-mail address", url: &url }),
        )
    }

    pub fn password_reset(&self, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link(&format!(
            "/reset-password?token={token}&email={}",
            encode_query(to)
        ));
        self.compose(
            to,
            &format!("Reset your {} password", self.shop_name),
            &format!("Hello {name},"),
            &[
                "We received a request to reset the password of your account.",
                "The link works once and for 60 minutes. If you did not ask for this, you can ignore this mail: your password stays as it is.",
            ],
            Some(Button { label: "Choose a new password", url: &url }),
        )
    }

    pub fn welcome(&self, to: &str, name: &str) -> NewMail {
        let url = self.link("/");
        self.compose(
            to,
            &format!("Welcome to {}", self.shop_name),
            &format!("Welcome, {name}!"),
            &["Your account is ready. You can now order growth stimulants, fertilisers, crop protection, irrigation and tools for your plantation, and follow your orders from your account page."],
            Some(Button { label: "Visit the shop", url: &url }),
        )
    }
}

pub(crate) fn escape(text: &str) -> String {
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

/// Percent-encodes a query value (an e-mail address may hold `+`, `&` or `=`).
fn encode_query(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> MailContext {
        MailContext {
            public_url: "https://shop.example.in".into(),
            shop_name: "WellRoot <Agri>".into(),
            shop_email: "hello@shop.example".into(),
        }
    }

    #[test]
    fn reset_links_point_at_the_shop_with_the_address_encoded() {
        let mail = context().password_reset("a+b@x.in", "Anu", "abc");
        assert!(
            mail.text_body
                .contains("https://shop.example.in/reset-password?token=abc&email=a%2Bb%40x.in")
        );
        assert!(mail.html_body.contains("WellRoot &lt;Agri&gt;"));
        assert!(!mail.html_body.contains("<Agri>"));
    }
}
