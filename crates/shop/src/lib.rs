//! The shop's own facts as shoppers and search engines read them: its name, address, contacts,
//! opening hours, photos and the words of its profile in each language. They are part of the
//! shop profile in configuration (the server's `shop::ShopProfile` holds them with what orders
//! need besides); the drawn pages (`pages`) and the API's answers both read them here.

use std::collections::HashMap;

use paths::Locale;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize)]
pub struct ShopFacts {
    pub name: String,
    pub legal_name: String,
    pub tagline: String,
    pub blurb: String,
    pub founded_year: u16,
    pub address: Address,
    pub phone: String,
    pub whatsapp: String,
    pub email: String,
    pub hours: String,
    /// The same hours for search engines, in schema.org's form (`Mo-Sa 09:00-18:30`).
    #[serde(default)]
    pub opening_hours: Vec<String>,
    pub gstin: String,
    pub home_state: String,
    pub social: Social,
    pub photos: Photos<PhotoFile>,
    /// Whom shoppers write to about their personal data (DPDP Act, 2023, s. 8(10)); the privacy
    /// notice names them.
    pub grievance_officer: GrievanceOfficer,
    /// The profile's own words in Malayalam and Tamil (`ml`, `ta`): each field left out reads as
    /// English.
    #[serde(default)]
    pub translations: HashMap<String, ShopText>,
}

/// The profile's words a shopper reads, in one language.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ShopText {
    pub tagline: Option<String>,
    pub blurb: Option<String>,
    pub hours: Option<String>,
    #[serde(default)]
    pub photos: PhotoAlts,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct PhotoAlts {
    pub inside_alt: Option<String>,
    pub outside_alt: Option<String>,
}

/// The shop's grievance officer for personal data.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GrievanceOfficer {
    pub name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ShopAddress)]
pub struct Address {
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub district: String,
    pub state: String,
    pub pincode: String,
    pub country: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Social {
    pub facebook: String,
    pub whatsapp_chat: String,
    pub instagram: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Photos<T> {
    pub inside: T,
    pub outside: T,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PhotoFile {
    pub path: String,
    pub alt: String,
}

/// A shop photo as the API answers it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Photo {
    pub url: String,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

/// The shop's photos are drawn at this size.
pub const PHOTO_SIZE: (u32, u32) = (800, 600);

impl ShopFacts {
    fn text(&self, locale: Locale) -> Option<&ShopText> {
        self.translations.get(locale.code())
    }

    /// The tagline in `locale` (English where the profile has none).
    pub fn tagline_in(&self, locale: Locale) -> &str {
        self.text(locale)
            .and_then(|t| t.tagline.as_deref())
            .unwrap_or(&self.tagline)
    }

    /// The opening hours in `locale` (English where the profile has none).
    pub fn hours_in(&self, locale: Locale) -> &str {
        self.text(locale)
            .and_then(|t| t.hours.as_deref())
            .unwrap_or(&self.hours)
    }

    /// The blurb in `locale` (English where the profile has none).
    pub fn blurb_in(&self, locale: Locale) -> &str {
        self.text(locale)
            .and_then(|t| t.blurb.as_deref())
            .unwrap_or(&self.blurb)
    }

    /// The outside photo's alternative text in `locale`.
    pub fn outside_alt_in(&self, locale: Locale) -> &str {
        self.text(locale)
            .and_then(|t| t.photos.outside_alt.as_deref())
            .unwrap_or(&self.photos.outside.alt)
    }

    /// The inside photo's alternative text in `locale`.
    pub fn inside_alt_in(&self, locale: Locale) -> &str {
        self.text(locale)
            .and_then(|t| t.photos.inside_alt.as_deref())
            .unwrap_or(&self.photos.inside.alt)
    }

    /// The photos as the API answers them, at `url` of each file.
    pub fn photos_in(&self, locale: Locale, url: impl Fn(&str) -> String) -> Photos<Photo> {
        let photo = |file: &PhotoFile, alt: &str| Photo {
            url: url(&file.path),
            alt: alt.to_owned(),
            width: PHOTO_SIZE.0,
            height: PHOTO_SIZE.1,
        };
        Photos {
            inside: photo(&self.photos.inside, self.inside_alt_in(locale)),
            outside: photo(&self.photos.outside, self.outside_alt_in(locale)),
        }
    }

    /// The shop's customer-care contact, which product pages declare.
    pub fn customer_care(&self) -> catalog::view::CustomerCare {
        let a = &self.address;
        let address = [
            &a.line1,
            &a.line2,
            &a.city,
            &a.district,
            &a.state,
            &a.pincode,
        ]
        .iter()
        .filter(|part| !part.is_empty())
        .map(|part| part.as_str())
        .collect::<Vec<_>>()
        .join(", ");
        catalog::view::CustomerCare {
            name: self.legal_name.clone(),
            address,
            phone: self.phone.clone(),
            email: self.email.clone(),
        }
    }
}
