//! Brands, categories (two levels) and awards: created, edited (with their Malayalam and Tamil
//! words), reordered (`sort_order` or `position`), moved (a category's `parent_id`) and removed
//! where nothing depends on them.

use std::collections::HashMap;

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, UserId};
use diesel::dsl::count_star;
use diesel::prelude::*;
use serde::Serialize;

use super::translation_fields::{self, AwardWords, ByLocale, NamedWords, WordEdits};
use super::{DeskError, audit, now};
use crate::slugify;

#[derive(Debug, Clone)]
pub struct BrandDraft {
    pub name: String,
    pub description: String,
    pub is_house_brand: bool,
    pub sort_order: i32,
    pub translations: WordEdits<NamedWords>,
}

#[derive(Debug, Clone)]
pub struct CategoryDraft {
    pub name: String,
    /// A top-level category, or none to be one.
    pub parent_id: Option<i64>,
    pub description: String,
    pub sort_order: i32,
    pub translations: WordEdits<NamedWords>,
}

#[derive(Debug, Clone)]
pub struct AwardDraft {
    pub title: String,
    pub description: Option<String>,
    pub position: i32,
    pub translations: WordEdits<AwardWords>,
}

/// The columns of a row as staff see it, and the answer made of it with its words.
macro_rules! staff_record {
    ($(#[$doc:meta])* $staff:ident, $row:ident, $table:ident, $words:ident { $($(#[$attr:meta])* $field:ident: $ty:ty),+ $(,)? }) => {
        #[derive(Queryable, Selectable)]
        #[diesel(table_name = $table)]
        struct $row {
            $($field: $ty),+
        }

        $(#[$doc])*
        #[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
        pub struct $staff {
            $($(#[$attr])* pub $field: $ty,)+
            /// Its words in Malayalam and Tamil (null: the English ones).
            pub translations: ByLocale<$words>,
        }

        impl $staff {
            fn new(row: $row, translations: ByLocale<$words>) -> Self {
                Self { $($field: row.$field,)+ translations }
            }
        }
    };
}

staff_record!(
    /// A brand as staff see it.
    StaffBrand, BrandRecord, brands, NamedWords {
        id: i64,
        name: String,
        slug: String,
        description: String,
        is_house_brand: bool,
        sort_order: i32,
    }
);

staff_record!(
    /// A category as staff see it.
    StaffCategory, CategoryRecord, categories, NamedWords {
        id: i64,
        #[schema(required = true)]
        parent_id: Option<i64>,
        name: String,
        slug: String,
        description: String,
        sort_order: i32,
    }
);

staff_record!(
    /// An award as staff see it.
    StaffAward, AwardRecord, awards, AwardWords {
        id: i64,
        title: String,
        #[schema(required = true)]
        description: Option<String>,
        position: i32,
    }
);

/// Rows with their words, in the rows' order.
fn with_words<R, S, W: Default>(
    rows: Vec<R>,
    mut words: HashMap<i64, ByLocale<W>>,
    id: impl Fn(&R) -> i64,
    new: impl Fn(R, ByLocale<W>) -> S,
) -> Vec<S> {
    rows.into_iter()
        .map(|row| {
            let found = words.remove(&id(&row)).unwrap_or_default();
            new(row, found)
        })
        .collect()
}

/// Every brand, in the shop's order (house brands are flagged, not sorted apart).
pub fn list_brands(conn: &mut DbConnection) -> Result<Vec<StaffBrand>, DeskError> {
    let rows = brands::table
        .order((brands::sort_order, brands::name))
        .select(BrandRecord::as_select())
        .load(conn)?;
    let words = translation_fields::read_brands(conn, None)?;
    Ok(with_words(rows, words, |r| r.id, StaffBrand::new))
}

/// Every category, top-level and sub-categories alike, each level in its order.
pub fn list_categories(conn: &mut DbConnection) -> Result<Vec<StaffCategory>, DeskError> {
    let rows = categories::table
        .order((categories::sort_order, categories::name))
        .select(CategoryRecord::as_select())
        .load(conn)?;
    let words = translation_fields::read_categories(conn, None)?;
    Ok(with_words(rows, words, |r| r.id, StaffCategory::new))
}

/// Every award, in the order the About page shows them.
pub fn list_awards(conn: &mut DbConnection) -> Result<Vec<StaffAward>, DeskError> {
    let rows = awards::table
        .order((awards::position, awards::id))
        .select(AwardRecord::as_select())
        .load(conn)?;
    let words = translation_fields::read_awards(conn, None)?;
    Ok(with_words(rows, words, |r| r.id, StaffAward::new))
}

/// Creates (`id` none) or replaces a brand; its slug follows its name and must be free.
pub fn save_brand(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    draft: BrandDraft,
) -> Result<StaffBrand, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_brand(conn, id)).transpose()?;
        let slug = slugify(&draft.name);
        let taken: Option<i64> = brands::table
            .filter(brands::slug.eq(&slug))
            .select(brands::id)
            .first(conn)
            .optional()?;
        if slug.is_empty() || taken.is_some_and(|other| Some(other) != id) {
            return Err(DeskError::invalid(
                "name",
                "Another brand already has this name.",
            ));
        }
        let values = (
            brands::name.eq(&draft.name),
            brands::slug.eq(&slug),
            brands::description.eq(&draft.description),
            brands::is_house_brand.eq(draft.is_house_brand),
            brands::sort_order.eq(draft.sort_order),
        );
        let id = match id {
            Some(id) => {
                diesel::update(brands::table.find(id))
                    .set((values, brands::updated_at.eq(now())))
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(brands::table)
                .values(values)
                .returning(brands::id)
                .get_result(conn)?,
        };
        translation_fields::write_brand(conn, id, &draft.translations)?;
        let after = find_brand(conn, id)?;
        let action = if before.is_some() {
            "brand.update"
        } else {
            "brand.create"
        };
        audit(
            conn,
            actor,
            action,
            "brand",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes a brand no product belongs to.
pub fn delete_brand(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_brand(conn, id)?;
        let products: i64 = products::table
            .filter(products::brand_id.eq(id))
            .select(count_star())
            .first(conn)?;
        if products > 0 {
            return Err(DeskError::Conflict(format!(
                "{products} products belong to this brand; move or delete them first."
            )));
        }
        diesel::delete(brands::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "brand.delete",
            "brand",
            id,
            Some(&before),
            None,
        )
    })
}

/// Creates or replaces a category: two levels, so a parent must be top-level, and a category
/// with sub-categories stays top-level.
pub fn save_category(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    draft: CategoryDraft,
) -> Result<StaffCategory, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_category(conn, id)).transpose()?;
        if let Some(parent) = draft.parent_id {
            let parent = find_category(conn, parent)
                .map_err(|_| DeskError::invalid("parent_id", "There is no such category."))?;
            if parent.parent_id.is_some() || Some(parent.id) == id {
                return Err(DeskError::invalid(
                    "parent_id",
                    "Choose a top-level category: categories have two levels.",
                ));
            }
            if let Some(id) = id {
                let children: i64 = categories::table
                    .filter(categories::parent_id.eq(id))
                    .select(count_star())
                    .first(conn)?;
                if children > 0 {
                    return Err(DeskError::invalid(
                        "parent_id",
                        "This category has sub-categories, so it stays top-level.",
                    ));
                }
            }
        }
        let slug = slugify(&draft.name);
        let taken: Option<i64> = categories::table
            .filter(categories::slug.eq(&slug))
            .select(categories::id)
            .first(conn)
            .optional()?;
        if slug.is_empty() || taken.is_some_and(|other| Some(other) != id) {
            return Err(DeskError::invalid(
                "name",
                "Another category already has this name.",
            ));
        }
        let values = (
            categories::parent_id.eq(draft.parent_id),
            categories::name.eq(&draft.name),
            categories::slug.eq(&slug),
            categories::description.eq(&draft.description),
            categories::sort_order.eq(draft.sort_order),
        );
        let id = match id {
            Some(id) => {
                diesel::update(categories::table.find(id))
                    .set((values, categories::updated_at.eq(now())))
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(categories::table)
                .values(values)
                .returning(categories::id)
                .get_result(conn)?,
        };
        translation_fields::write_category(conn, id, &draft.translations)?;
        let after = find_category(conn, id)?;
        let action = if before.is_some() {
            "category.update"
        } else {
            "category.create"
        };
        audit(
            conn,
            actor,
            action,
            "category",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes a category with no sub-categories and no products.
pub fn delete_category(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_category(conn, id)?;
        let children: i64 = categories::table
            .filter(categories::parent_id.eq(id))
            .select(count_star())
            .first(conn)?;
        let products: i64 = product_categories::table
            .filter(product_categories::category_id.eq(id))
            .select(count_star())
            .first(conn)?;
        if children > 0 || products > 0 {
            return Err(DeskError::Conflict(format!(
                "This category has {children} sub-categories and {products} products; \
                 move them first."
            )));
        }
        diesel::delete(categories::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "category.delete",
            "category",
            id,
            Some(&before),
            None,
        )
    })
}

/// Creates or replaces an award.
pub fn save_award(
    conn: &mut DbConnection,
    actor: UserId,
    id: Option<i64>,
    draft: AwardDraft,
) -> Result<StaffAward, DeskError> {
    write_transaction(conn, |conn| {
        let before = id.map(|id| find_award(conn, id)).transpose()?;
        // Titles are unique (the About page lists them by title): say so rather than let the
        // constraint fail.
        let taken: Option<i64> = awards::table
            .filter(awards::title.eq(&draft.title))
            .select(awards::id)
            .first(conn)
            .optional()?;
        if taken.is_some_and(|other| Some(other) != id) {
            return Err(DeskError::invalid(
                "title",
                "Another award already has this title.",
            ));
        }
        let values = (
            awards::title.eq(&draft.title),
            awards::description.eq(draft.description.as_deref()),
            awards::position.eq(draft.position),
        );
        let id = match id {
            Some(id) => {
                diesel::update(awards::table.find(id))
                    .set((values, awards::updated_at.eq(now())))
                    .execute(conn)?;
                id
            }
            None => diesel::insert_into(awards::table)
                .values(values)
                .returning(awards::id)
                .get_result(conn)?,
        };
        translation_fields::write_award(conn, id, &draft.translations)?;
        let after = find_award(conn, id)?;
        let action = if before.is_some() {
            "award.update"
        } else {
            "award.create"
        };
        audit(
            conn,
            actor,
            action,
            "award",
            id,
            before.as_ref(),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Removes an award (nothing depends on one).
pub fn delete_award(conn: &mut DbConnection, actor: UserId, id: i64) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_award(conn, id)?;
        diesel::delete(awards::table.find(id)).execute(conn)?;
        audit(
            conn,
            actor,
            "award.delete",
            "award",
            id,
            Some(&before),
            None,
        )
    })
}

fn find_brand(conn: &mut DbConnection, id: i64) -> Result<StaffBrand, DeskError> {
    let row = brands::table
        .find(id)
        .select(BrandRecord::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Brand"))?;
    let words = translation_fields::read_brands(conn, Some(id))?
        .remove(&id)
        .unwrap_or_default();
    Ok(StaffBrand::new(row, words))
}

fn find_category(conn: &mut DbConnection, id: i64) -> Result<StaffCategory, DeskError> {
    let row = categories::table
        .find(id)
        .select(CategoryRecord::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Category"))?;
    let words = translation_fields::read_categories(conn, Some(id))?
        .remove(&id)
        .unwrap_or_default();
    Ok(StaffCategory::new(row, words))
}

fn find_award(conn: &mut DbConnection, id: i64) -> Result<StaffAward, DeskError> {
    let row = awards::table
        .find(id)
        .select(AwardRecord::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Award"))?;
    let words = translation_fields::read_awards(conn, Some(id))?
        .remove(&id)
        .unwrap_or_default();
    Ok(StaffAward::new(row, words))
}
