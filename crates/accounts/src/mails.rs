//! The mail accounts send, each in plain text and HTML. Links point at the shop's own pages.

use db::outbox::NewMail;
use mail::{Button, MailContext};
use paths::Page;

/// The mails of accounts, composed in the shop's common layout.
pub trait AccountMails {
    fn verification(&self, to: &str, name: &str, token: &str) -> NewMail;
    fn password_reset(&self, to: &str, name: &str, token: &str) -> NewMail;
    fn welcome(&self, to: &str, name: &str) -> NewMail;
    fn staff_invitation(&self, to: &str, name: &str, token: &str) -> NewMail;
}

impl AccountMails for MailContext {
    fn verification(&self, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link(Page::VerifyEmail { token });
        self.compose(
            to,
            &format!("Verify your e-mail address for {}", self.shop_name),
            &format!("Hello {name},"),
            &["Please confirm that this is your e-mail address, so that we can send you order updates.", "The link works once and for 24 hours."],
            Some(Button { label: "Verify e-mail address", url: &url }),
        )
    }

    fn password_reset(&self, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link(Page::ResetPassword { token, email: to });
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

    fn welcome(&self, to: &str, name: &str) -> NewMail {
        let url = self.link(Page::Home);
        self.compose(
            to,
            &format!("Welcome to {}", self.shop_name),
            &format!("Welcome, {name}!"),
            &["Your account is ready. You can now order growth stimulants, fertilisers, crop protection, irrigation and tools for your plantation, and follow your orders from your account page."],
            Some(Button { label: "Visit the shop", url: &url }),
        )
    }

    fn staff_invitation(&self, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link(Page::ResetPassword { token, email: to });
        self.compose(
            to,
            &format!("Your staff account at {}", self.shop_name),
            &format!("Hello {name},"),
            &[
                "You have been given a staff account for the shop's back office. Please choose your password with the button below; then sign in and set up an authenticator app for your second factor.",
                "The link works once and for 60 minutes. When it has expired, ask for a new one with \"Forgot password\" on the sign-in page.",
            ],
            Some(Button { label: "Choose your password", url: &url }),
        )
    }
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
