//! The words of the head tags and structured data the server writes itself (the catalogue's and
//! the shop's own texts come translated from their tables): titles, descriptions and the
//! breadcrumb's "Home", in each language. They are the web app's own catalogues
//! (`frontend/src/locales/{en,ml,ta}.json`), read when the binary is built: a title is the
//! words the app's screen sets, so the tab does not change when the app takes over, and the
//! descriptions only the server writes are the catalogues' `head` section, which the app never
//! downloads (`DEFERRED_MESSAGES` in `frontend/vite.config.ts`).

use std::sync::LazyLock;

use paths::Locale;
use texts::Texts;

static APP_TEXTS: LazyLock<Texts> = LazyLock::new(|| {
    Texts::load(
        "the web app",
        include_str!("../../../frontend/src/locales/en.json"),
        include_str!("../../../frontend/src/locales/ml.json"),
        include_str!("../../../frontend/src/locales/ta.json"),
    )
});

/// A text of the app's catalogues that the server writes into a page's head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadText {
    /// The breadcrumb's first crumb.
    Home,
    /// The home screen's title (`HomeScreen.tsx`).
    HomeTitle,
    About,
    Contact,
    Terms,
    Privacy,
    /// The search screen without a term: every product.
    SearchAll,
    /// `{term}`.
    SearchFor,
    NotFound,
    /// `{shop}`.
    SearchDescription,
    /// `{shop}`.
    TermsDescription,
    /// `{shop}`.
    PrivacyDescription,
    /// `{shop}`.
    NotFoundDescription,
    /// `{name}`, `{shop}`: a brand without a description of its own.
    BrandDescription,
    /// `{name}`, `{shop}`: a category without a description of its own.
    CategoryDescription,
    /// `{name}`, `{shop}`: a crop's page.
    CropDescription,
    /// `{name}`, `{brand}`, `{price}`, `{description}`.
    ProductDescription,
    /// `{phone}`, `{whatsapp}`, `{address}`, `{hours}`.
    ContactDescription,
    /// The titles of the app's screens without public content, which the server titles the same
    /// way so the tab does not change when the app takes over.
    CheckoutTitle,
    FindOrderTitle,
    AccountTitle,
    OrderConfirmationTitle,
    SignInTitle,
    RegisterTitle,
    ForgotPasswordTitle,
    ResetPasswordTitle,
    VerifyEmailTitle,
}

impl HeadText {
    pub const ALL: [Self; 27] = [
        Self::Home,
        Self::HomeTitle,
        Self::About,
        Self::Contact,
        Self::Terms,
        Self::Privacy,
        Self::SearchAll,
        Self::SearchFor,
        Self::NotFound,
        Self::SearchDescription,
        Self::TermsDescription,
        Self::PrivacyDescription,
        Self::NotFoundDescription,
        Self::BrandDescription,
        Self::CategoryDescription,
        Self::CropDescription,
        Self::ProductDescription,
        Self::ContactDescription,
        Self::CheckoutTitle,
        Self::FindOrderTitle,
        Self::AccountTitle,
        Self::OrderConfirmationTitle,
        Self::SignInTitle,
        Self::RegisterTitle,
        Self::ForgotPasswordTitle,
        Self::ResetPasswordTitle,
        Self::VerifyEmailTitle,
    ];

    /// The key in the app's catalogues (the one its screen uses for the same words).
    pub const fn key(self) -> &'static str {
        match self {
            Self::Home => "nav.home",
            Self::HomeTitle => "home.title",
            Self::About => "nav.aboutUs",
            Self::Contact => "nav.contactUs",
            Self::Terms => "nav.terms",
            Self::Privacy => "nav.privacy",
            Self::SearchAll => "searchPage.titleAll",
            Self::SearchFor => "searchPage.titleFor",
            Self::NotFound => "notFound.title",
            Self::SearchDescription => "head.searchDescription",
            Self::TermsDescription => "head.termsDescription",
            Self::PrivacyDescription => "head.privacyDescription",
            Self::NotFoundDescription => "head.notFoundDescription",
            Self::BrandDescription => "head.brandDescription",
            Self::CategoryDescription => "head.categoryDescription",
            Self::CropDescription => "head.cropDescription",
            Self::ProductDescription => "head.productDescription",
            Self::ContactDescription => "head.contactDescription",
            Self::CheckoutTitle => "checkout.title",
            Self::FindOrderTitle => "order.find.title",
            Self::AccountTitle => "account.title",
            Self::OrderConfirmationTitle => "order.confirmation.title",
            Self::SignInTitle => "auth.signIn.title",
            Self::RegisterTitle => "auth.register.title",
            Self::ForgotPasswordTitle => "auth.forgot.title",
            Self::ResetPasswordTitle => "auth.reset.title",
            Self::VerifyEmailTitle => "auth.verify.title",
        }
    }
}

/// The head texts in one language.
#[derive(Debug, Clone, Copy)]
pub struct HeadTexts {
    locale: Locale,
}

impl HeadTexts {
    pub fn of(locale: Locale) -> Self {
        Self { locale }
    }

    pub fn text(self, text: HeadText) -> &'static str {
        APP_TEXTS.text(self.locale, text.key())
    }

    /// The text with its `{placeholders}` filled.
    pub fn fill(self, text: HeadText, args: &[(&str, &str)]) -> String {
        APP_TEXTS.fill(self.locale, text.key(), args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written as ICU MessageFormat for the app: the server fills plain `{name}` placeholders
    /// only, so a text it uses must have no plural, number or quoted part.
    fn plain_for_the_server(text: &str) -> bool {
        texts::placeholders(text)
            .iter()
            .all(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            && !text.contains('\'')
    }

    #[test]
    fn every_head_text_is_in_each_language_with_the_same_plain_placeholders() {
        let mut problems = Vec::new();
        for text in HeadText::ALL {
            let english = APP_TEXTS.text(Locale::En, text.key());
            if english == text.key() {
                problems.push(format!("{} is not in en.json", text.key()));
                continue;
            }
            for locale in Locale::ALL {
                let written = HeadTexts::of(locale).text(text);
                if !plain_for_the_server(written) {
                    problems.push(format!(
                        "{locale}: {} is not plain: {written:?}",
                        text.key()
                    ));
                }
                if texts::placeholders(written) != texts::placeholders(english) {
                    problems.push(format!("{locale}: {} has other placeholders", text.key()));
                }
                if locale == Locale::En {
                    continue;
                }
                let latin: Vec<_> = texts::latin_words(written)
                    .into_iter()
                    .filter(|word| *word != "WhatsApp")
                    .collect();
                if written.trim().is_empty() || !latin.is_empty() {
                    problems.push(format!(
                        "{locale}: {} is not written in it: {written:?}",
                        text.key()
                    ));
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn titles_are_the_app_screens_own_words() {
        // The app's About screen is titled `nav.aboutUs`: the drawn page's title must not drift
        // from it (it once read "About us" against the app's "About Us").
        assert_eq!(HeadTexts::of(Locale::En).text(HeadText::About), "About Us");
        assert_eq!(
            HeadTexts::of(Locale::En).fill(HeadText::SearchFor, &[("term", "neem")]),
            "Results for “neem”"
        );
    }
}
