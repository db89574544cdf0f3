//! A product card as the snapshots keep it: what reads the same in every language (its
//! addresses, picture and prices) once for all three, and per language only its names. The
//! card the API answers ([`ProductCard`]) borrows from it when asked for.

use std::sync::Arc;

use db::ProductId;
use pricing::Paise;

use crate::shared_text::{SharedList, SharedText};
use crate::view::ProductCard;

/// What a card shows that no translation changes.
#[derive(Debug, PartialEq, Eq)]
pub struct CardFacts {
    pub id: ProductId,
    pub slug: SharedText,
    pub brand_slug: SharedText,
    pub image_url: Option<SharedText>,
    pub image_width: Option<i32>,
    pub image_height: Option<i32>,
    pub image_srcset: Option<SharedText>,
    pub mrp: Option<Paise>,
    pub retail_price: Paise,
}

/// A card in one language.
pub struct StoredCard {
    pub facts: Arc<CardFacts>,
    pub name: SharedText,
    pub brand_name: SharedText,
    pub categories: SharedList,
    pub variant_names: SharedList,
}

impl StoredCard {
    pub fn slug(&self) -> &str {
        &self.facts.slug
    }

    pub fn brand_slug(&self) -> &str {
        &self.facts.brand_slug
    }

    /// The card as the API answers it.
    pub fn view(&self) -> ProductCard<'_> {
        let facts = &*self.facts;
        ProductCard {
            id: facts.id,
            name: &self.name,
            slug: &facts.slug,
            brand_slug: &facts.brand_slug,
            brand_name: &self.brand_name,
            image_url: facts.image_url.as_deref(),
            image_width: facts.image_width,
            image_height: facts.image_height,
            image_srcset: facts.image_srcset.as_deref(),
            categories: &self.categories,
            mrp: facts.mrp,
            retail_price: facts.retail_price,
            variant_names: &self.variant_names,
        }
    }
}
