use catalog::view::ProductDetail;
use paths::Page;
use serde_json::json;

use super::{DESCRIPTION_LENGTH, Draft, Written, to_json};
use crate::head::{MAIN_SIZES, PreloadImage, PreviewImage, summary};
use crate::head_texts::HeadText;
use crate::json_ld::{self, Crumb};

/// A product's page: described with its brand and price, its first photo as the preview and the
/// preload, the product with its offers and its breadcrumbs as structured data, and the
/// product's answer (with its stock) as first data.
pub(super) fn product(page: &mut Draft, slug: &str, detail: &ProductDetail) -> Written {
    page.head.title = page.titled(&detail.name);
    page.head.og_type = "product";
    let price = pricing::format_inr(detail.retail_price);
    page.head.description = summary(
        &page.texts.fill(
            HeadText::ProductDescription,
            &[
                ("name", &detail.name),
                ("brand", &detail.brand.name),
                ("price", &price),
                ("description", &detail.description),
            ],
        ),
        DESCRIPTION_LENGTH,
    );
    let page_url = page.url(Page::Product {
        brand: &detail.brand.slug,
        slug,
    });
    page.head.canonical = Some(page_url.clone());
    page.head.price = Some(detail.retail_price);
    let images: Vec<String> = detail
        .images
        .iter()
        .map(|image| page.absolute(&image.url))
        .collect();
    page.head.image = detail.first_image.as_ref().map(|image| PreviewImage {
        url: page.absolute(&image.url),
        alt: if image.alt.is_empty() {
            detail.name.clone()
        } else {
            image.alt.clone()
        },
        width: Some(image.width),
        height: Some(image.height),
    });
    page.head.preload_image = detail.first_image.as_ref().map(|image| PreloadImage {
        href: image.url.clone(),
        srcset: image.srcset.clone(),
        sizes: MAIN_SIZES,
    });
    page.structured
        .push(json_ld::product(detail, &page_url, &images, page.shop()));
    // The catalogue's crumbs name the page's own categories (already in its language) under an
    // English "Home", at English paths.
    let home = page.texts.text(HeadText::Home);
    let crumbs: Vec<Crumb> = detail
        .breadcrumb
        .iter()
        .map(|crumb| Crumb {
            name: if crumb.href == Page::Home.path() {
                home.to_owned()
            } else {
                crumb.name.clone()
            },
            url: page.absolute(&page.locale().localize(&crumb.href)),
        })
        .collect();
    page.structured.push(json_ld::breadcrumb_list(&crumbs));
    page.data.query(json!(["products", slug]), to_json(detail));
    Ok(())
}
