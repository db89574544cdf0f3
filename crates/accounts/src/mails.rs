//! The mail accounts send, each in plain text and HTML, in the reader's language from the
//! catalogues `locales/{en,ml,ta}.json`. Links point at the shop's own pages in that language.
//! The staff invitation stays English, as the back office is.

use std::sync::LazyLock;

use db::outbox::NewMail;
use mail::{Button, Letter, MailContext, Texts, hello};
use paths::{Locale, Page};

static WORDS: LazyLock<Texts> = LazyLock::new(|| {
    Texts::load(
        "accounts",
        include_str!("../locales/en.json"),
        include_str!("../locales/ml.json"),
        include_str!("../locales/ta.json"),
    )
});

/// The account's mail texts, for the contact form's acknowledgement.
pub(crate) fn words() -> &'static Texts {
    &WORDS
}

/// The mails of accounts, composed in the shop's common layout.
pub trait AccountMails {
    fn verification(&self, locale: Locale, to: &str, name: &str, token: &str) -> NewMail;
    fn password_reset(&self, locale: Locale, to: &str, name: &str, token: &str) -> NewMail;
    fn welcome(&self, locale: Locale, to: &str, name: &str) -> NewMail;
    fn staff_invitation(&self, to: &str, name: &str, token: &str) -> NewMail;
    fn second_factor_locked(&self, to: &str, name: &str, wrong_codes: i32, minutes: i64)
    -> NewMail;
}

impl AccountMails for MailContext {
    fn verification(&self, locale: Locale, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link_in(locale, Page::VerifyEmail { token });
        let shop = [("shop", self.shop_name.as_str())];
        self.write(Letter {
            locale,
            to,
            subject: WORDS.fill(locale, "verification.subject", &shop),
            greeting: hello(locale, name),
            paragraphs: vec![
                WORDS.text(locale, "verification.why").to_owned(),
                WORDS.text(locale, "verification.expiry").to_owned(),
            ],
            picture: None,
            button: Some(Button {
                label: WORDS.text(locale, "verification.button"),
                url: &url,
            }),
        })
    }

    fn password_reset(&self, locale: Locale, to: &str, name: &str, token: &str) -> NewMail {
        let url = self.link_in(locale, Page::ResetPassword { token, email: to });
        let shop = [("shop", self.shop_name.as_str())];
        self.write(Letter {
            locale,
            to,
            subject: WORDS.fill(locale, "reset.subject", &shop),
            greeting: hello(locale, name),
            paragraphs: vec![
                WORDS.text(locale, "reset.asked").to_owned(),
                WORDS.text(locale, "reset.expiry").to_owned(),
            ],
            picture: None,
            button: Some(Button {
                label: WORDS.text(locale, "reset.button"),
                url: &url,
            }),
        })
    }

    fn welcome(&self, locale: Locale, to: &str, name: &str) -> NewMail {
        let url = self.link_in(locale, Page::Home);
        self.write(Letter {
            locale,
            to,
            subject: WORDS.fill(locale, "welcome.subject", &[("shop", &self.shop_name)]),
            greeting: WORDS.fill(locale, "welcome.greeting", &[("name", name)]),
            paragraphs: vec![WORDS.text(locale, "welcome.ready").to_owned()],
            picture: None,
            button: Some(Button {
                label: WORDS.text(locale, "welcome.button"),
                url: &url,
            }),
        })
    }

    fn staff_invitation(&self, to: &str, name: &str, token: &str) -> NewMail {
        // The reset page with `invited=1`: a first visit says "Choose your password", not "new".
        let url = format!(
            "{}&invited=1",
            self.link(Page::ResetPassword { token, email: to })
        );
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

    /// Wrong codes locked a member's second step (English, as the back office is).
    fn second_factor_locked(
        &self,
        to: &str,
        name: &str,
        wrong_codes: i32,
        minutes: i64,
    ) -> NewMail {
        let locked = format!(
            "Someone signed in to the back office with your password and then entered {wrong_codes} wrong codes from your authenticator app, so the second step of signing in is locked for {minutes} minutes. Each further lock lasts longer."
        );
        self.compose(
            to,
            &format!("The second step of your sign-in is locked — {}", self.shop_name),
            &format!("Hello {name},"),
            &[
                &locked,
                "If this was not you, someone knows your password: choose a new one now with \"Forgot password\" on the sign-in page, and tell the shop's admin. A new password also lifts the lock.",
            ],
            None,
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
            order_links: paths::OrderLinkKey::derive(b"test"),
        }
    }

    #[test]
    fn reset_links_point_at_the_shop_with_the_address_encoded() {
        let mail = context().password_reset(Locale::En, "a+b@x.in", "Anu", "abc");
        assert!(
            mail.text_body
                .contains("https://shop.example.in/reset-password?token=abc&email=a%2Bb%40x.in")
        );
        assert!(mail.html_body.contains("WellRoot &lt;Agri&gt;"));
        assert!(!mail.html_body.contains("<Agri>"));
    }

    #[test]
    fn every_account_mail_text_exists_in_every_language() {
        let problems = WORDS.problems(&[]);
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn a_malayalam_reader_gets_the_mails_in_malayalam_with_links_to_malayalam_pages() {
        let shop = context();
        let reset = shop.password_reset(Locale::Ml, "a@x.in", "Anu", "abc");
        assert_eq!(reset.subject, "WellRoot <Agri>: പാസ്‌വേഡ് മാറ്റാനുള്ള ലിങ്ക്");
        assert!(reset.text_body.starts_with("നമസ്കാരം Anu,"));
        assert!(
            reset
                .text_body
                .contains("https://shop.example.in/ml/reset-password?token=abc")
        );
        let welcome = shop.welcome(Locale::Ta, "a@x.in", "Anu");
        assert_eq!(welcome.subject, "WellRoot <Agri>-க்கு வரவேற்கிறோம்");
        assert!(welcome.text_body.contains("https://shop.example.in/ta/\n"));
        for mail in [
            reset,
            welcome,
            shop.verification(Locale::Ta, "a@x.in", "Anu", "t"),
        ] {
            let words = mail::latin_words(&mail.text_body);
            let english: Vec<_> = words
                .iter()
                .filter(|w| {
                    ![
                        "Anu", "WellRoot", "Agri", "https", "shop", "example", "in", "ml", "ta",
                        "reset", "password", "token", "abc", "email", "a", "x", "verify", "t",
                    ]
                    .contains(w)
                })
                .collect();
            assert!(english.is_empty(), "{english:?} in {}", mail.text_body);
        }
    }
}
