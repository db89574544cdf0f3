//! The catalogue in Malayalam and Tamil: per entity and language, the fields that read
//! differently, falling back to English field by field. The snapshot of each language is built
//! from the rows with its translations laid over them ([`Translations::localize`]); search reads
//! every language's names and search words whatever the page's language, so a query typed in
//! Malayalam script or its Latin spelling finds the product on any page.

use std::collections::HashMap;

use db::schema::{
    award_translations, brand_translations, category_translations, product_translations,
    variant_translations,
};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use paths::Locale;

use crate::search_terms::{search_term_lines, split_search_terms};

/// A product's name and search words in one language (`None`: as in English); its page reads
/// the rest of its text for itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductText {
    pub name: Option<String>,
    /// Extra words shoppers search for it by, one per line.
    pub search_terms: Vec<String>,
}

/// A brand's, category's or award's text in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntityText {
    pub name: Option<String>,
    pub description: Option<String>,
}

/// Every translation of the catalogue, by (id, language).
#[derive(Debug, Default)]
pub struct Translations {
    pub products: HashMap<(ProductId, Locale), ProductText>,
    pub variants: HashMap<(VariantId, Locale), String>,
    pub brands: HashMap<(i64, Locale), EntityText>,
    pub categories: HashMap<(i64, Locale), EntityText>,
    pub awards: HashMap<(i64, Locale), EntityText>,
}

/// product id, language, name, search words.
type ProductTranslationRow = (ProductId, String, Option<String>, String);

/// A product's name, description, country of origin and best-before in one language.
type DeclaredText = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A text that says something (blank stands for "as in English").
fn given(text: Option<String>) -> Option<String> {
    text.filter(|t| !t.trim().is_empty())
}

fn locale_of(code: &str) -> Option<Locale> {
    Locale::parse(code).filter(|l| *l != Locale::En)
}

impl Translations {
    pub fn read(conn: &mut DbConnection) -> QueryResult<Self> {
        let mut all = Self::default();
        let products: Vec<ProductTranslationRow> = product_translations::table
            .select((
                product_translations::product_id,
                product_translations::locale,
                product_translations::name,
                product_translations::search_terms,
            ))
            .load(conn)?;
        for (id, code, name, terms) in products {
            if let Some(locale) = locale_of(&code) {
                all.products.insert(
                    (id, locale),
                    ProductText {
                        name: given(name),
                        search_terms: split_search_terms(&terms),
                    },
                );
            }
        }
        let variants: Vec<(VariantId, String, Option<String>)> = variant_translations::table
            .select((
                variant_translations::variant_id,
                variant_translations::locale,
                variant_translations::name,
            ))
            .load(conn)?;
        for (id, code, name) in variants {
            if let (Some(locale), Some(name)) = (locale_of(&code), given(name)) {
                all.variants.insert((id, locale), name);
            }
        }
        let entity = |rows: Vec<(i64, String, Option<String>, Option<String>)>| {
            rows.into_iter()
                .filter_map(|(id, code, name, description)| {
                    let locale = locale_of(&code)?;
                    Some((
                        (id, locale),
                        EntityText {
                            name: given(name),
                            description: given(description),
                        },
                    ))
                })
                .collect::<HashMap<_, _>>()
        };
        all.brands = entity(
            brand_translations::table
                .select((
                    brand_translations::brand_id,
                    brand_translations::locale,
                    brand_translations::name,
                    brand_translations::description,
                ))
                .load(conn)?,
        );
        all.categories = entity(
            category_translations::table
                .select((
                    category_translations::category_id,
                    category_translations::locale,
                    category_translations::name,
                    category_translations::description,
                ))
                .load(conn)?,
        );
        all.awards = entity(
            award_translations::table
                .select((
                    award_translations::award_id,
                    award_translations::locale,
                    award_translations::title,
                    award_translations::description,
                ))
                .load(conn)?,
        );
        Ok(all)
    }

    /// Every product's names and search words in every language (English from `products`), for
    /// the search index: found whatever language the page is in, by its English name too.
    pub fn search_words<'a>(
        &'a self,
        products: &'a [crate::models::ListedProductRow],
    ) -> HashMap<ProductId, Vec<&'a str>> {
        let mut words: HashMap<ProductId, Vec<&str>> = products
            .iter()
            .map(|p| (p.id, search_term_lines(&p.search_terms).collect()))
            .collect();
        for ((id, _), text) in &self.products {
            words
                .entry(*id)
                .or_default()
                .extend(text.search_terms.iter().map(String::as_str));
        }
        words
    }

    /// Each product's names in every language: a shopper who types a product's English name on
    /// the Malayalam shop means that product as much as one who types its Malayalam name.
    pub fn names<'a>(
        &'a self,
        products: &'a [crate::models::ListedProductRow],
    ) -> HashMap<ProductId, Vec<&'a str>> {
        let mut names: HashMap<ProductId, Vec<&str>> = products
            .iter()
            .map(|p| (p.id, vec![p.name.as_str()]))
            .collect();
        for ((id, _), text) in &self.products {
            names.entry(*id).or_default().extend(text.name.as_deref());
        }
        names
    }
}

/// The rows a product's page is made from, as `locale` reads them (read for this product alone).
pub(crate) struct ProductRows<'a> {
    pub product: &'a mut crate::models::ProductRow,
    pub brand: &'a mut crate::models::BrandRow,
    pub variants: &'a mut [crate::models::VariantRow],
    pub categories: &'a mut [crate::models::CategoryRow],
}

impl ProductRows<'_> {
    pub(crate) fn localize(self, conn: &mut DbConnection, locale: Locale) -> QueryResult<()> {
        if locale == Locale::En {
            return Ok(());
        }
        let code = locale.code();
        let product: Option<DeclaredText> = product_translations::table
            .find((self.product.id, code))
            .select((
                product_translations::name,
                product_translations::description,
                product_translations::country_of_origin,
                product_translations::best_before,
            ))
            .first(conn)
            .optional()?;
        if let Some((name, description, origin, best_before)) = product {
            overlay(&mut self.product.name, given(name).as_ref());
            overlay(&mut self.product.description, given(description).as_ref());
            overlay(&mut self.product.country_of_origin, given(origin).as_ref());
            if let (Some(field), Some(text)) =
                (self.product.best_before.as_mut(), given(best_before))
            {
                *field = text;
            }
        }
        let brand: Option<(Option<String>, Option<String>)> = brand_translations::table
            .find((self.brand.id, code))
            .select((brand_translations::name, brand_translations::description))
            .first(conn)
            .optional()?;
        if let Some((name, description)) = brand {
            overlay(&mut self.brand.name, given(name).as_ref());
            overlay(&mut self.brand.description, given(description).as_ref());
        }
        let variant_ids: Vec<VariantId> = self.variants.iter().map(|v| v.id).collect();
        let names: HashMap<VariantId, Option<String>> = variant_translations::table
            .filter(variant_translations::variant_id.eq_any(&variant_ids))
            .filter(variant_translations::locale.eq(code))
            .select((variant_translations::variant_id, variant_translations::name))
            .load::<(VariantId, Option<String>)>(conn)?
            .into_iter()
            .collect();
        // A variant without a name (a product's only one) stays without: it is not a choice.
        for variant in self.variants.iter_mut().filter(|v| v.name.is_some()) {
            if let Some(name) = names.get(&variant.id).cloned().and_then(given) {
                variant.name = Some(name);
            }
        }
        localize_categories(conn, locale, self.categories)
    }
}

/// Products', pack sizes' and brands' names in one language, for lines that name them (a cart).
#[derive(Debug, Default)]
pub struct Names {
    pub products: HashMap<ProductId, String>,
    pub variants: HashMap<VariantId, String>,
    /// By the brand's slug.
    pub brands: HashMap<String, String>,
}

/// The names these products, variants and brands have in `locale` (none for English, or where
/// a name is not translated).
pub fn names_in(
    conn: &mut DbConnection,
    locale: Locale,
    product_ids: &[ProductId],
    variant_ids: &[VariantId],
    brand_slugs: &[String],
) -> QueryResult<Names> {
    if locale == Locale::En {
        return Ok(Names::default());
    }
    let code = locale.code();
    let products = present(
        product_translations::table
            .filter(product_translations::product_id.eq_any(product_ids))
            .filter(product_translations::locale.eq(code))
            .select((product_translations::product_id, product_translations::name))
            .load(conn)?,
    );
    let variants = present(
        variant_translations::table
            .filter(variant_translations::variant_id.eq_any(variant_ids))
            .filter(variant_translations::locale.eq(code))
            .select((variant_translations::variant_id, variant_translations::name))
            .load(conn)?,
    );
    let brands = brand_translations::table
        .inner_join(db::schema::brands::table)
        .filter(db::schema::brands::slug.eq_any(brand_slugs))
        .filter(brand_translations::locale.eq(code))
        .select((db::schema::brands::slug, brand_translations::name))
        .load::<(String, Option<String>)>(conn)?
        .into_iter()
        .filter_map(|(slug, name)| Some((slug, given(name)?)))
        .collect();
    Ok(Names {
        products,
        variants,
        brands,
    })
}

/// The rows that have a name, by id.
fn present<K: std::hash::Hash + Eq>(rows: Vec<(K, Option<String>)>) -> HashMap<K, String> {
    rows.into_iter()
        .filter_map(|(id, name)| Some((id, given(name)?)))
        .collect()
}

/// Categories as `locale` reads them (read for these alone).
pub(crate) fn localize_categories(
    conn: &mut DbConnection,
    locale: Locale,
    categories: &mut [crate::models::CategoryRow],
) -> QueryResult<()> {
    if locale == Locale::En {
        return Ok(());
    }
    let ids: Vec<i64> = categories.iter().map(|c| c.id).collect();
    let found: HashMap<i64, (Option<String>, Option<String>)> = category_translations::table
        .filter(category_translations::category_id.eq_any(&ids))
        .filter(category_translations::locale.eq(locale.code()))
        .select((
            category_translations::category_id,
            (
                category_translations::name,
                category_translations::description,
            ),
        ))
        .load::<(i64, (Option<String>, Option<String>))>(conn)?
        .into_iter()
        .collect();
    for category in categories.iter_mut() {
        if let Some((name, description)) = found.get(&category.id).cloned() {
            overlay(&mut category.name, given(name).as_ref());
            overlay(&mut category.description, given(description).as_ref());
        }
    }
    Ok(())
}

pub(crate) fn overlay(field: &mut String, translated: Option<&String>) {
    if let Some(text) = translated {
        field.clone_from(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_words_are_lines_or_commas() {
        assert_eq!(
            split_search_terms("elam\n elakka ,ഏലം\n\n,"),
            ["elam", "elakka", "ഏലം"]
        );
        assert!(split_search_terms("  \n").is_empty());
    }
}
