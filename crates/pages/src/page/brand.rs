use catalog::PageRequest;

use crate::list_choice::ListChoice;
use paths::Page;
use serde_json::json;

use super::{Draft, Missing, Written, describe, first_image, list_key, to_json};
use crate::head::PreviewImage;
use crate::head_texts::HeadText;
use crate::json_ld::{self, Crumb};

/// A brand's page: its logo as the preview, its first products as first data.
pub(super) fn brand(page: &mut Draft, slug: &str, list: &ListChoice) -> Written {
    let catalog = page.catalog();
    let (Ok(brand), Ok(products)) = (
        catalog.brand(slug),
        catalog.brand_list(slug, &list.filter, list.sort, PageRequest::default()),
    ) else {
        return Err(Missing);
    };
    let name = &brand.summary.name;
    let shop_name = page.shop().name.as_str();
    let fallback = page.texts.fill(
        HeadText::BrandDescription,
        &[("name", name.as_str()), ("shop", shop_name)],
    );
    page.head.title = page.titled(name);
    page.head.description = describe(&brand.description, &fallback);
    let page_url = page.url(Page::Brand { slug });
    page.head.canonical = Some(page_url.clone());
    page.head.image = brand.summary.image_url.as_ref().map(|image| PreviewImage {
        url: page.absolute(image),
        alt: name.clone(),
        width: None,
        height: None,
    });
    page.head.preload_image = first_image(&products.data);
    let crumbs = [
        page.home_crumb(),
        Crumb {
            name: name.clone(),
            url: page_url,
        },
    ];
    page.structured.push(json_ld::breadcrumb_list(&crumbs));
    page.data.query(json!(["brands", slug]), to_json(brand));
    page.data.first_page(
        list_key(vec![json!("brands"), json!(slug), json!("products")], list),
        &products,
    );
    Ok(())
}
