use catalog::PageRequest;

use crate::list_choice::ListChoice;
use paths::Page;
use serde_json::json;

use super::{Draft, Missing, Written, card_preview, describe, first_image, list_key, to_json};
use crate::head_texts::HeadText;
use crate::json_ld::{self, Crumb};

/// A category's or sub-category's page: its first product as the preview, the path down from
/// the home page as breadcrumbs, its first products as first data.
pub(super) fn category(page: &mut Draft, slug: &str, list: &ListChoice) -> Written {
    let catalog = page.catalog();
    let (Ok(category), Ok(products)) = (
        catalog.category(slug),
        catalog.category_list(slug, &list.filter, list.sort, PageRequest::default()),
    ) else {
        return Err(Missing);
    };
    let shop_name = page.shop().name.as_str();
    let fallback = page.texts.fill(
        HeadText::CategoryDescription,
        &[("name", &category.name), ("shop", shop_name)],
    );
    page.head.title = page.titled(&category.name);
    page.head.description = describe(&category.description, &fallback);
    let parent = category.parent.as_ref();
    let page_url = page.url(Page::Category {
        parent: parent.map(|p| p.slug.as_str()),
        slug,
    });
    page.head.canonical = Some(page_url.clone());
    page.head.image = products
        .data
        .first()
        .and_then(|card| card_preview(page.public_url(), card));
    page.head.preload_image = first_image(&products.data);
    let mut crumbs = vec![page.home_crumb()];
    if let Some(parent) = parent {
        crumbs.push(Crumb {
            name: parent.name.clone(),
            url: page.url(Page::Category {
                parent: None,
                slug: &parent.slug,
            }),
        });
    }
    crumbs.push(Crumb {
        name: category.name.clone(),
        url: page_url,
    });
    page.structured.push(json_ld::breadcrumb_list(&crumbs));
    page.data
        .query(json!(["categories", slug]), to_json(category));
    page.data.first_page(
        list_key(
            vec![json!("categories"), json!(slug), json!("products")],
            list,
        ),
        &products,
    );
    Ok(())
}
