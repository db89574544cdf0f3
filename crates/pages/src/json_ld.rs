//! Structured data (schema.org as JSON-LD) for search engines: the product with its offers, the
//! breadcrumb of catalogue pages, and the shop as a store on the home page.

use catalog::view::{ProductDetail, StockState};
use paths::Locale;
use pricing::Paise;
use serde_json::{Value, json};

use shop::ShopFacts;

/// A link's name and absolute URL.
pub struct Crumb {
    pub name: String,
    pub url: String,
}

pub fn breadcrumb_list(crumbs: &[Crumb]) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(index, crumb)| {
            json!({
                "@type": "ListItem",
                "position": index + 1,
                "name": crumb.name,
                "item": crumb.url,
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

/// A list of pages (a crop's products) by name and address, in the order the page shows them.
pub fn item_list(name: &str, items: &[Crumb]) -> Value {
    let elements: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(index, item)| {
            json!({
                "@type": "ListItem",
                "position": index + 1,
                "name": item.name,
                "url": item.url,
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "name": name,
        "numberOfItems": items.len(),
        "itemListElement": elements,
    })
}

/// A product and what it sells for: one offer, or one per variant when it has named variants.
pub fn product(
    detail: &ProductDetail,
    url: &str,
    image_urls: &[String],
    shop: &ShopFacts,
) -> Value {
    let offer = |name: Option<&str>, sku: Option<&str>, price: Paise, stock: StockState| {
        let mut offer = json!({
            "@type": "Offer",
            "url": url,
            "price": rupees(price),
            "priceCurrency": "INR",
            // Not for sale while the licence its sale needs is not in force.
            "availability": if detail.may_sell { availability(stock) } else { "https://schema.org/OutOfStock" },
            "itemCondition": "https://schema.org/NewCondition",
            "seller": {"@type": "Organization", "name": shop.name},
        });
        if let Some(name) = name {
            offer["name"] = json!(name);
        }
        if let Some(sku) = sku {
            offer["sku"] = json!(sku);
        }
        offer
    };
    let offers = if detail.variants.is_empty() {
        offer(None, None, detail.retail_price, detail.stock_state)
    } else {
        Value::Array(
            detail
                .variants
                .iter()
                .map(|v| {
                    offer(
                        v.variant_name.as_deref(),
                        Some(&v.sku),
                        v.retail_price,
                        v.stock_state,
                    )
                })
                .collect(),
        )
    };
    let mut product = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": detail.name,
        "url": url,
        "brand": {"@type": "Brand", "name": detail.brand.name},
        "offers": offers,
    });
    if !detail.description.is_empty() {
        product["description"] = json!(detail.description);
    }
    if !image_urls.is_empty() {
        product["image"] = json!(image_urls);
    }
    if let Some(category) = detail.categories.first() {
        product["category"] = json!(category.name);
    }
    product
}

/// The shop as a local store in the page's language: where it is, how to call it, when it is
/// open.
pub fn store(shop: &ShopFacts, locale: Locale, url: &str, photo_url: &str) -> Value {
    let address = &shop.address;
    let street = [address.line1.as_str(), address.line2.as_str()]
        .iter()
        .filter(|line| !line.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    let same_as: Vec<&str> = [
        shop.social.facebook.as_str(),
        shop.social.instagram.as_str(),
        shop.social.whatsapp_chat.as_str(),
    ]
    .into_iter()
    .filter(|link| !link.is_empty())
    .collect();
    let mut store = json!({
        "@context": "https://schema.org",
        "@type": "Store",
        "name": shop.name,
        "legalName": shop.legal_name,
        "description": shop.blurb_in(locale),
        "slogan": shop.tagline_in(locale),
        "url": url,
        "image": photo_url,
        "telephone": shop.phone,
        "email": shop.email,
        "foundingDate": shop.founded_year.to_string(),
        "currenciesAccepted": "INR",
        "address": {
            "@type": "PostalAddress",
            "streetAddress": street,
            "addressLocality": address.city,
            "addressRegion": address.state,
            "postalCode": address.pincode,
            "addressCountry": address.country,
        },
        "sameAs": same_as,
    });
    if !shop.opening_hours.is_empty() {
        store["openingHours"] = json!(shop.opening_hours);
    }
    store
}

/// Rupees with two decimals, as schema.org prices are written: `1234.50`.
pub fn rupees(amount: Paise) -> String {
    amount.to_rupees().to_string()
}

fn availability(stock: StockState) -> &'static str {
    match stock {
        StockState::InStock => "https://schema.org/InStock",
        StockState::LowStock => "https://schema.org/LimitedAvailability",
        StockState::OutOfStock => "https://schema.org/OutOfStock",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_rupees_with_two_decimals() {
        assert_eq!(rupees(Paise::new(123_450)), "1234.50");
        assert_eq!(rupees(Paise::new(5)), "0.05");
        assert_eq!(rupees(Paise::new(-100)), "-1.00");
    }

    #[test]
    fn breadcrumbs_are_numbered_from_one() {
        let list = breadcrumb_list(&[
            Crumb {
                name: "Home".into(),
                url: "https://shop.in/".into(),
            },
            Crumb {
                name: "Tools".into(),
                url: "https://shop.in/category/tools".into(),
            },
        ]);
        assert_eq!(list["itemListElement"][1]["position"], 2);
        assert_eq!(
            list["itemListElement"][1]["item"],
            "https://shop.in/category/tools"
        );
    }
}
