use std::collections::HashSet;

use catalog::view::ProductCard;
use paths::Page;
use serde_json::json;

use super::{Draft, Missing, Written, card_preview, first_image, list_key, to_json};
use crate::head_texts::HeadText;
use crate::json_ld::{self, Crumb};
use crate::list_choice::ListChoice;

/// A crop's page: its products by need and by the problems they treat, the first of them as the
/// preview, and the whole page as first data (the API's answer for `GET /api/crops/{slug}`).
pub(super) fn crop(page: &mut Draft, slug: &str, list: &ListChoice) -> Written {
    let Ok(crop) = page.catalog().crop_list(slug, &list.filter, list.sort) else {
        return Err(Missing);
    };
    let shop_name = page.shop().name.as_str();
    page.head.title = page.titled(crop.name);
    page.head.description = page.texts.fill(
        HeadText::CropDescription,
        &[("name", crop.name), ("shop", shop_name)],
    );
    let page_url = page.url(Page::Crop { slug });
    page.head.canonical = Some(page_url.clone());
    // The page shows the needs first, then the problems: its first card is the first need's.
    let cards: Vec<_> = crop
        .groups
        .iter()
        .flat_map(|group| &group.products)
        .chain(crop.problems.iter().flat_map(|problem| &problem.products))
        .collect();
    page.head.image = cards
        .first()
        .and_then(|card| card_preview(page.public_url(), card));
    let first_shown: &[ProductCard] = crop
        .groups
        .first()
        .map(|group| &group.products[..])
        .or_else(|| crop.problems.first().map(|problem| &problem.products[..]))
        .unwrap_or_default();
    page.head.preload_image = first_image(first_shown);
    let crumbs = [
        page.home_crumb(),
        Crumb {
            name: crop.name.to_owned(),
            url: page_url,
        },
    ];
    page.structured.push(json_ld::breadcrumb_list(&crumbs));
    // Each product once, in the order the page shows them, at its canonical address.
    let mut seen = HashSet::new();
    let items: Vec<Crumb> = cards
        .iter()
        .filter(|card| seen.insert(card.slug))
        .map(|card| Crumb {
            name: card.name.to_owned(),
            url: page.url(Page::Product {
                brand: card.brand_slug,
                slug: card.slug,
            }),
        })
        .collect();
    if !items.is_empty() {
        page.structured.push(json_ld::item_list(crop.name, &items));
    }
    page.data.query(
        list_key(vec![json!("crops"), json!(slug)], list),
        to_json(&crop),
    );
    Ok(())
}
