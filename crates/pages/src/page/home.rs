use catalog::MediaUrls;
use paths::Page;
use serde_json::json;
use shop::PHOTO_SIZE;

use super::{DESCRIPTION_LENGTH, Draft, Written};
use crate::head::{PreloadImage, PreviewImage, summary};
use crate::head_texts::HeadText;
use crate::json_ld;

/// The home page: titled as the app's home screen, previewed with the shop's photo, the shop as
/// a store in structured data, and the featured products and awards as first data.
pub(super) fn home(page: &mut Draft) -> Written {
    let (shop, locale) = (page.shop(), page.locale());
    let media: &MediaUrls = page.sources.site.media;
    page.head.title = page.titled(page.texts.text(HeadText::HomeTitle));
    page.head.description = summary(shop.blurb_in(locale), DESCRIPTION_LENGTH);
    let home = page.url(Page::Home);
    page.head.canonical = Some(home.clone());
    let photo = page.absolute(&media.url(&shop.photos.outside.path));
    page.head.image = Some(PreviewImage {
        url: photo.clone(),
        alt: shop.outside_alt_in(locale).to_owned(),
        width: Some(PHOTO_SIZE.0 as i32),
        height: Some(PHOTO_SIZE.1 as i32),
    });
    // The hero picture the home screen opens with (`frontend/src/features/home/hero-art.ts`).
    page.head.preload_image = Some(PreloadImage::single(media.url("site/hero.svg")));
    page.structured
        .push(json_ld::store(shop, locale, &home, &photo));
    let catalog = page.catalog();
    page.data
        .query(json!(["featured-products"]), catalog.featured_json());
    page.data.query(json!(["awards"]), catalog.awards_json());
    Ok(())
}
