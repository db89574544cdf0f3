//! The shop's languages and where their pages live: English at the specification's routes,
//! Malayalam under `/ml/` and Tamil under `/ta/` with the same route table
//! (`frontend/src/lib/locales.ts`).

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    #[default]
    En,
    Ml,
    Ta,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Ml, Locale::Ta];

    /// The language's code (`en`, `ml`, `ta`): the cookie's value, `<html lang>`, `hreflang`.
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Ml => "ml",
            Self::Ta => "ta",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|locale| locale.code().eq_ignore_ascii_case(code.trim()))
    }

    /// Open Graph's locale (`ml_IN`).
    pub fn og_locale(self) -> &'static str {
        match self {
            Self::En => "en_IN",
            Self::Ml => "ml_IN",
            Self::Ta => "ta_IN",
        }
    }

    /// The path prefix of the language's pages: none for English, `/ml` for Malayalam.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::En => "",
            Self::Ml => "/ml",
            Self::Ta => "/ta",
        }
    }

    /// `path` (from the site's root, as [`crate::Page::path`] writes it) in this language.
    pub fn localize(self, path: &str) -> String {
        format!("{}{path}", self.prefix())
    }

    /// The language a request path is in, and the path without its prefix (`/ml/search` is
    /// Malayalam's `/search`; `/ml` is its home).
    pub fn split_path(path: &str) -> (Self, &str) {
        for locale in [Self::Ml, Self::Ta] {
            if let Some(rest) = path.strip_prefix(locale.prefix()) {
                if rest.is_empty() {
                    return (locale, "/");
                }
                if rest.starts_with('/') {
                    return (locale, rest);
                }
            }
        }
        (Self::En, path)
    }

    /// The shop language an `Accept-Language` header prefers most (by its q-values, then its
    /// order), if it names one: `ml-IN,ml;q=0.9,en;q=0.8` is Malayalam.
    pub fn from_accept_language(header: &str) -> Option<Self> {
        let mut best: Option<(Self, f32)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let language = tag.split('-').next().unwrap_or("");
            let Some(locale) = Self::parse(language) else {
                continue;
            };
            if quality > 0.0 && best.is_none_or(|(_, q)| quality > q) {
                best = Some((locale, quality));
            }
        }
        best.map(|(locale, _)| locale)
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_carry_their_language_in_the_first_segment() {
        assert_eq!(Locale::split_path("/ml/search"), (Locale::Ml, "/search"));
        assert_eq!(Locale::split_path("/ta"), (Locale::Ta, "/"));
        assert_eq!(Locale::split_path("/ta/"), (Locale::Ta, "/"));
        assert_eq!(Locale::split_path("/mlx"), (Locale::En, "/mlx"));
        assert_eq!(Locale::split_path("/about"), (Locale::En, "/about"));
        assert_eq!(Locale::Ml.localize("/"), "/ml/");
        assert_eq!(Locale::En.localize("/dealer/a"), "/dealer/a");
        assert_eq!(Locale::Ta.localize("/dealer/a"), "/ta/dealer/a");
    }

    #[test]
    fn accept_language_picks_the_most_wanted_shop_language() {
        let pick = Locale::from_accept_language;
        assert_eq!(
            pick("ml-IN,ml;q=0.9,en-US;q=0.8,en;q=0.7"),
            Some(Locale::Ml)
        );
        assert_eq!(pick("en-IN,en;q=0.9,ta;q=0.8"), Some(Locale::En));
        assert_eq!(pick("ta;q=0.5, ml;q=0.7"), Some(Locale::Ml));
        assert_eq!(pick("hi-IN,hi;q=0.9,ta;q=0.4"), Some(Locale::Ta));
        assert_eq!(pick("fr-FR, de"), None);
        assert_eq!(pick("ta;q=0"), None);
        assert_eq!(pick(""), None);
    }
}
