//! The catalogue's rows as one language reads them, without copying the catalogue: the few
//! brand, category and award rows are copied with their translations laid over them; products
//! and pack sizes stay as read, each with its name in this language beside it.

use std::collections::HashMap;

use db::VariantId;
use paths::Locale;

use crate::models::{
    AwardRow, BrandRow, CatalogRows, CategoryRow, ImageRow, ListedProductRow, ListedVariantRow,
    ProductCategoryRow,
};
use crate::translations::{Translations, overlay};

/// A product with its name in the language.
pub struct LocalProduct<'a> {
    pub row: &'a ListedProductRow,
    pub name: &'a str,
}

pub struct LocalRows<'a> {
    pub locale: Locale,
    pub brands: Vec<BrandRow>,
    pub categories: Vec<CategoryRow>,
    pub awards: Vec<AwardRow>,
    /// The active products in the order a reader of this language expects: by the name they read.
    pub products: Vec<LocalProduct<'a>>,
    pub links: &'a [ProductCategoryRow],
    pub variants: &'a [ListedVariantRow],
    pub images: &'a [ImageRow],
    /// The pack sizes' names in this language, where they are translated.
    variant_names: HashMap<VariantId, &'a str>,
}

impl<'a> LocalRows<'a> {
    /// `rows` as `locale` reads them: each translated field in place of the English one (English
    /// where the language has none).
    pub fn new(rows: &'a CatalogRows, translations: &'a Translations, locale: Locale) -> Self {
        let mut local = Self {
            locale,
            brands: rows.brands.clone(),
            categories: rows.categories.clone(),
            awards: rows.awards.clone(),
            products: rows
                .products
                .iter()
                .map(|row| LocalProduct {
                    row,
                    name: row.name.as_str(),
                })
                .collect(),
            links: &rows.links,
            variants: &rows.variants,
            images: &rows.images,
            variant_names: HashMap::new(),
        };
        if locale == Locale::En {
            return local;
        }
        for product in &mut local.products {
            if let Some(name) = translations
                .products
                .get(&(product.row.id, locale))
                .and_then(|text| text.name.as_deref())
            {
                product.name = name;
            }
        }
        local.variant_names = translations
            .variants
            .iter()
            .filter(|((_, language), _)| *language == locale)
            .map(|((id, _), name)| (*id, name.as_str()))
            .collect();
        for brand in &mut local.brands {
            if let Some(text) = translations.brands.get(&(brand.id, locale)) {
                overlay(&mut brand.name, text.name.as_ref());
                overlay(&mut brand.description, text.description.as_ref());
            }
        }
        for category in &mut local.categories {
            if let Some(text) = translations.categories.get(&(category.id, locale)) {
                overlay(&mut category.name, text.name.as_ref());
                overlay(&mut category.description, text.description.as_ref());
            }
        }
        for award in &mut local.awards {
            if let Some(text) = translations.awards.get(&(award.id, locale)) {
                overlay(&mut award.title, text.name.as_ref());
                if text.description.is_some() {
                    award.description.clone_from(&text.description);
                }
            }
        }
        local
            .products
            .sort_by_cached_key(|p| (crate::text::normalise(p.name), p.row.id));
        local
    }

    /// A pack size's name in this language; none for a product's only pack, which is not a
    /// choice (a translation does not make it one).
    pub fn variant_name(&self, variant: &'a ListedVariantRow) -> Option<&'a str> {
        let english = variant.name.as_deref()?;
        Some(
            self.variant_names
                .get(&variant.id)
                .copied()
                .unwrap_or(english),
        )
    }
}
