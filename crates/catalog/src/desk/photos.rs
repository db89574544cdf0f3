//! A product's photos (added, described, reordered, removed) and the one picture of a brand (its
//! logo) or an award. The files are written before these run (see the `media` crate); these
//! record them, in one transaction with the audit row, and bump the owner's `updated_at` so the
//! catalogue snapshot sees the change.

use db::schema::*;
use db::write_transaction;
use db::{DbConnection, ProductId, UserId};
use diesel::prelude::*;
use media::Renditions;
use serde::Serialize;

use super::{DeskError, audit, now};
use crate::MediaUrls;
use crate::media::Picture;

/// A product's photo as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffPhoto {
    pub id: i64,
    /// The widest copy.
    pub url: String,
    #[schema(required = true)]
    pub srcset: Option<String>,
    pub alt: String,
    pub width: i32,
    pub height: i32,
    pub position: i32,
}

#[derive(Debug, Clone, Serialize, Queryable, Selectable)]
#[diesel(table_name = product_images)]
struct PhotoRow {
    id: i64,
    path: String,
    alt: String,
    width: i32,
    height: i32,
    position: i32,
    renditions: String,
}

impl PhotoRow {
    fn view(self, media: &MediaUrls) -> StaffPhoto {
        StaffPhoto {
            id: self.id,
            url: media.url(&self.path),
            srcset: media.srcset(&self.renditions),
            alt: self.alt,
            width: self.width,
            height: self.height,
            position: self.position,
        }
    }
}

/// Whose picture: a brand's logo or an award's picture.
#[derive(Debug, Clone, Copy)]
pub enum PictureOwner {
    Brand(i64),
    Award(i64),
}

impl PictureOwner {
    /// The folder under `MEDIA_DIR` its files go in.
    pub fn folder(self) -> &'static str {
        match self {
            Self::Brand(_) => "brands",
            Self::Award(_) => "awards",
        }
    }
}

/// The longest alt text taken: a sentence, not an essay.
pub const ALT_MAX_CHARS: usize = 200;

/// A product's photos in the shop's order.
pub fn list_photos(
    conn: &mut DbConnection,
    media: &MediaUrls,
    product_id: ProductId,
) -> Result<Vec<StaffPhoto>, DeskError> {
    find_product(conn, product_id)?;
    Ok(rows(conn, product_id)?
        .into_iter()
        .map(|row| row.view(media))
        .collect())
}

/// Adds photos (already written) after the product's others; the alt text starts as the
/// product's name. Returns every photo of the product.
pub fn add_photos(
    conn: &mut DbConnection,
    media: &MediaUrls,
    actor: UserId,
    product_id: ProductId,
    photos: Vec<Renditions>,
) -> Result<Vec<StaffPhoto>, DeskError> {
    write_transaction(conn, |conn| {
        let name = find_product(conn, product_id)?;
        let mut position = rows(conn, product_id)?
            .iter()
            .map(|r| r.position + 1)
            .max()
            .unwrap_or(0);
        for renditions in &photos {
            let Some(widest) = renditions.widest() else {
                continue;
            };
            let id: i64 = diesel::insert_into(product_images::table)
                .values((
                    product_images::product_id.eq(product_id),
                    product_images::path.eq(&widest.path),
                    product_images::alt.eq(&name),
                    product_images::width.eq(widest.width),
                    product_images::height.eq(widest.height),
                    product_images::position.eq(position),
                    product_images::renditions.eq(renditions.to_text()),
                ))
                .returning(product_images::id)
                .get_result(conn)?;
            let added = find_photo(conn, product_id, id)?;
            audit(
                conn,
                actor,
                "product.photo.add",
                "product_image",
                id,
                None,
                Some(&added),
            )?;
            position += 1;
        }
        touch_product(conn, product_id)?;
        Ok(rows(conn, product_id)?
            .into_iter()
            .map(|row| row.view(media))
            .collect())
    })
}

/// Sets a photo's alt text.
pub fn describe_photo(
    conn: &mut DbConnection,
    media: &MediaUrls,
    actor: UserId,
    product_id: ProductId,
    photo_id: i64,
    alt: String,
) -> Result<StaffPhoto, DeskError> {
    write_transaction(conn, |conn| {
        let before = find_photo(conn, product_id, photo_id)?;
        diesel::update(product_images::table.find(photo_id))
            .set(product_images::alt.eq(&alt))
            .execute(conn)?;
        let after = find_photo(conn, product_id, photo_id)?;
        audit(
            conn,
            actor,
            "product.photo.describe",
            "product_image",
            photo_id,
            Some(&before),
            Some(&after),
        )?;
        touch_product(conn, product_id)?;
        Ok(after.view(media))
    })
}

/// Puts the product's photos in the given order; `ids` must name each of them once.
pub fn reorder_photos(
    conn: &mut DbConnection,
    media: &MediaUrls,
    actor: UserId,
    product_id: ProductId,
    ids: Vec<i64>,
) -> Result<Vec<StaffPhoto>, DeskError> {
    write_transaction(conn, |conn| {
        find_product(conn, product_id)?;
        let before = rows(conn, product_id)?;
        let mut current: Vec<i64> = before.iter().map(|r| r.id).collect();
        let mut wanted = ids.clone();
        current.sort_unstable();
        wanted.sort_unstable();
        if current != wanted {
            return Err(DeskError::invalid(
                "ids",
                "List each of the product's photos once.",
            ));
        }
        for (position, id) in ids.iter().enumerate() {
            diesel::update(product_images::table.find(id))
                .set(product_images::position.eq(i32::try_from(position).unwrap_or(i32::MAX)))
                .execute(conn)?;
        }
        let old: Vec<i64> = before.iter().map(|r| r.id).collect();
        audit(
            conn,
            actor,
            "product.photo.reorder",
            "product",
            product_id,
            Some(&old),
            Some(&ids),
        )?;
        touch_product(conn, product_id)?;
        Ok(rows(conn, product_id)?
            .into_iter()
            .map(|row| row.view(media))
            .collect())
    })
}

/// Removes a photo from the product. Its files stay (another row may share their content name).
pub fn delete_photo(
    conn: &mut DbConnection,
    actor: UserId,
    product_id: ProductId,
    photo_id: i64,
) -> Result<(), DeskError> {
    write_transaction(conn, |conn| {
        let before = find_photo(conn, product_id, photo_id)?;
        diesel::delete(product_images::table.find(photo_id)).execute(conn)?;
        audit(
            conn,
            actor,
            "product.photo.delete",
            "product_image",
            photo_id,
            Some(&before),
            None,
        )?;
        touch_product(conn, product_id)
    })
}

/// Sets (or, with none, removes) a brand's logo or an award's picture.
pub fn set_picture(
    conn: &mut DbConnection,
    media: &MediaUrls,
    actor: UserId,
    owner: PictureOwner,
    picture: Option<Renditions>,
) -> Result<Option<Picture>, DeskError> {
    let path = picture
        .as_ref()
        .and_then(|r| r.widest().map(|w| w.path.clone()));
    let renditions = picture.unwrap_or_default().to_text();
    write_transaction(conn, |conn| {
        let (entity, id, before) = match owner {
            PictureOwner::Brand(id) => {
                let before: Option<String> = brands::table
                    .find(id)
                    .select(brands::image_path)
                    .first(conn)
                    .optional()?
                    .ok_or(DeskError::NotFound("Brand"))?;
                diesel::update(brands::table.find(id))
                    .set((
                        brands::image_path.eq(&path),
                        brands::image_renditions.eq(&renditions),
                        brands::updated_at.eq(now()),
                    ))
                    .execute(conn)?;
                ("brand", id, before)
            }
            PictureOwner::Award(id) => {
                let before: Option<String> = awards::table
                    .find(id)
                    .select(awards::image_path)
                    .first(conn)
                    .optional()?
                    .ok_or(DeskError::NotFound("Award"))?;
                diesel::update(awards::table.find(id))
                    .set((
                        awards::image_path.eq(&path),
                        awards::image_renditions.eq(&renditions),
                        awards::updated_at.eq(now()),
                    ))
                    .execute(conn)?;
                ("award", id, before)
            }
        };
        let action = format!("{entity}.picture");
        // As every audit row: the fields before and after, as an object.
        let values = |image_path: Option<String>| serde_json::json!({ "image_path": image_path });
        audit(
            conn,
            actor,
            &action,
            entity,
            id,
            Some(&values(before)),
            Some(&values(path.clone())),
        )?;
        Ok(media.picture(path.as_deref(), &renditions))
    })
}

fn find_product(conn: &mut DbConnection, id: ProductId) -> Result<String, DeskError> {
    products::table
        .find(id)
        .select(products::name)
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Product"))
}

fn rows(conn: &mut DbConnection, product_id: ProductId) -> Result<Vec<PhotoRow>, DeskError> {
    Ok(product_images::table
        .filter(product_images::product_id.eq(product_id))
        .order((product_images::position, product_images::id))
        .select(PhotoRow::as_select())
        .load(conn)?)
}

fn find_photo(
    conn: &mut DbConnection,
    product_id: ProductId,
    photo_id: i64,
) -> Result<PhotoRow, DeskError> {
    product_images::table
        .find(photo_id)
        .filter(product_images::product_id.eq(product_id))
        .select(PhotoRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(DeskError::NotFound("Photo"))
}

/// The snapshot's fingerprint counts image rows but not their order or text: the product's
/// `updated_at` carries those changes.
fn touch_product(conn: &mut DbConnection, product_id: ProductId) -> Result<(), DeskError> {
    diesel::update(products::table.find(product_id))
        .set(products::updated_at.eq(now()))
        .execute(conn)?;
    Ok(())
}
