//! The catalogue's Malayalam and Tamil words as staff keep them beside the English: read into the
//! desk's answers (and so into every audit row's before and after) and written in the same
//! transaction as the entity's own fields. A blank field is stored as NULL, and the shop shows the
//! English one there; a language left with nothing is removed. The shop reads these tables
//! through [`crate::translations`].

use std::collections::HashMap;

use db::schema::{
    award_translations, brand_translations, category_translations, product_translations,
    variant_translations,
};
use db::{DbConnection, ProductId, VariantId};
use diesel::prelude::*;
use paths::Locale;
use serde::Serialize;

use super::now;
use crate::search_terms::split_search_terms;

/// One value per language the catalogue is translated into (English is the entity's own).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ByLocale<T> {
    /// Malayalam.
    pub ml: T,
    /// Tamil.
    pub ta: T,
}

impl<T> ByLocale<T> {
    pub fn get_mut(&mut self, locale: Locale) -> Option<&mut T> {
        match locale {
            Locale::Ml => Some(&mut self.ml),
            Locale::Ta => Some(&mut self.ta),
            Locale::En => None,
        }
    }

    fn each(&self) -> [(Locale, &T); 2] {
        [(Locale::Ml, &self.ml), (Locale::Ta, &self.ta)]
    }
}

/// What staff send for each language: `None` leaves that language as it is.
pub type WordEdits<T> = ByLocale<Option<T>>;

/// A product's words in one language; a null field stands for "as in English".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ProductWords {
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    /// Words shoppers type for it in this language or its Latin spelling ("elam", "ഏലം"); found
    /// on every page, whatever its language.
    pub search_terms: Vec<String>,
    #[schema(required = true)]
    pub country_of_origin: Option<String>,
    /// Shown only where the English best-before is given.
    #[schema(required = true)]
    pub best_before: Option<String>,
}

/// A variant's (pack size's) name in one language; a product's only, unnamed variant shows none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct VariantWords {
    #[schema(required = true)]
    pub variant_name: Option<String>,
}

/// A brand's or category's words in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct NamedWords {
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub description: Option<String>,
}

/// An award's words in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct AwardWords {
    #[schema(required = true)]
    pub title: Option<String>,
    #[schema(required = true)]
    pub description: Option<String>,
}

impl ProductWords {
    fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

/// Stored blank text reads as absent.
fn given(text: Option<String>) -> Option<String> {
    text.filter(|t| !t.trim().is_empty())
}

/// The product's words in each language (empty where it has none).
pub(super) fn read_product(
    conn: &mut DbConnection,
    id: ProductId,
) -> QueryResult<ByLocale<ProductWords>> {
    type Row = (
        String,
        Option<String>,
        Option<String>,
        String,
        Option<String>,
        Option<String>,
    );
    let rows: Vec<Row> = product_translations::table
        .filter(product_translations::product_id.eq(id))
        .select((
            product_translations::locale,
            product_translations::name,
            product_translations::description,
            product_translations::search_terms,
            product_translations::country_of_origin,
            product_translations::best_before,
        ))
        .load(conn)?;
    let mut words = ByLocale::<ProductWords>::default();
    for (code, name, description, terms, country_of_origin, best_before) in rows {
        if let Some(slot) = Locale::parse(&code).and_then(|l| words.get_mut(l)) {
            *slot = ProductWords {
                name: given(name),
                description: given(description),
                search_terms: split_search_terms(&terms),
                country_of_origin: given(country_of_origin),
                best_before: given(best_before),
            };
        }
    }
    Ok(words)
}

/// Replaces the product's words in each language given.
pub(super) fn write_product(
    conn: &mut DbConnection,
    id: ProductId,
    edits: &WordEdits<ProductWords>,
) -> QueryResult<()> {
    for (locale, words) in edits.each() {
        let Some(words) = words else { continue };
        let code = locale.code();
        diesel::delete(product_translations::table.find((id, code))).execute(conn)?;
        if !words.is_empty() {
            diesel::insert_into(product_translations::table)
                .values((
                    product_translations::product_id.eq(id),
                    product_translations::locale.eq(code),
                    product_translations::name.eq(words.name.as_deref()),
                    product_translations::description.eq(words.description.as_deref()),
                    product_translations::search_terms.eq(words.search_terms.join("\n")),
                    product_translations::country_of_origin.eq(words.country_of_origin.as_deref()),
                    product_translations::best_before.eq(words.best_before.as_deref()),
                    product_translations::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// These variants' names in each language, by variant.
pub(super) fn read_variants(
    conn: &mut DbConnection,
    ids: &[VariantId],
) -> QueryResult<HashMap<VariantId, ByLocale<VariantWords>>> {
    let rows: Vec<(VariantId, String, Option<String>)> = variant_translations::table
        .filter(variant_translations::variant_id.eq_any(ids))
        .select((
            variant_translations::variant_id,
            variant_translations::locale,
            variant_translations::name,
        ))
        .load(conn)?;
    let mut found: HashMap<VariantId, ByLocale<VariantWords>> = HashMap::new();
    for (id, code, name) in rows {
        if let Some(slot) =
            Locale::parse(&code).and_then(|l| found.entry(id).or_default().get_mut(l))
        {
            slot.variant_name = given(name);
        }
    }
    Ok(found)
}

/// Replaces the variant's name in each language given.
pub(super) fn write_variant(
    conn: &mut DbConnection,
    id: VariantId,
    edits: &WordEdits<VariantWords>,
) -> QueryResult<()> {
    for (locale, words) in edits.each() {
        let Some(words) = words else { continue };
        let code = locale.code();
        diesel::delete(variant_translations::table.find((id, code))).execute(conn)?;
        if let Some(name) = &words.variant_name {
            diesel::insert_into(variant_translations::table)
                .values((
                    variant_translations::variant_id.eq(id),
                    variant_translations::locale.eq(code),
                    variant_translations::name.eq(name),
                    variant_translations::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Reading and writing the words of an entity whose translated columns are all optional text
/// named as its words' fields (brands, categories, awards).
macro_rules! text_words {
    ($read:ident, $write:ident, $table:ident, $owner:ident, $words:ident { $($field:ident),+ }) => {
        /// The words of every row (or of the one with id `only`) in each language, by its id.
        pub(super) fn $read(conn: &mut DbConnection, only: Option<i64>) -> QueryResult<HashMap<i64, ByLocale<$words>>> {
            let mut query = $table::table
                .select(($table::$owner, $table::locale, $($table::$field),+))
                .into_boxed();
            if let Some(id) = only {
                query = query.filter($table::$owner.eq(id));
            }
            let rows = query.load::<(i64, String, $(text_words!(@text $field)),+)>(conn)?;
            let mut found: HashMap<i64, ByLocale<$words>> = HashMap::new();
            for (id, code, $($field),+) in rows {
                if let Some(slot) = Locale::parse(&code).and_then(|l| found.entry(id).or_default().get_mut(l)) {
                    *slot = $words { $($field: given($field)),+ };
                }
            }
            Ok(found)
        }

        /// Replaces the row's words in each language given.
        pub(super) fn $write(conn: &mut DbConnection, id: i64, edits: &WordEdits<$words>) -> QueryResult<()> {
            for (locale, words) in edits.each() {
                let Some(words) = words else { continue };
                let code = locale.code();
                diesel::delete($table::table.find((id, code))).execute(conn)?;
                if words != &$words::default() {
                    diesel::insert_into($table::table)
                        .values((
                            $table::$owner.eq(id),
                            $table::locale.eq(code),
                            $($table::$field.eq(words.$field.as_deref()),)+
                            $table::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                }
            }
            Ok(())
        }
    };
    (@text $field:ident) => { Option<String> };
}

text_words!(
    read_brands,
    write_brand,
    brand_translations,
    brand_id,
    NamedWords { name, description }
);
text_words!(
    read_categories,
    write_category,
    category_translations,
    category_id,
    NamedWords { name, description }
);
text_words!(
    read_awards,
    write_award,
    award_translations,
    award_id,
    AwardWords { title, description }
);
