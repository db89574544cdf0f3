//! The shop's pages, as the single-page app routes them (`frontend/src/app/router.tsx` and the
//! specification's route table). Every link the backend writes — breadcrumbs, cart and order
//! lines, the links in mail — is built here, so a route changes in one place.

mod locale;

use std::fmt;

pub use locale::Locale;

/// A page of the shop that the backend links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page<'a> {
    Home,
    About,
    Contact,
    Terms,
    Privacy,
    /// The search results for a term.
    Search {
        term: &'a str,
    },
    /// A brand (dealer) and its products.
    Brand {
        slug: &'a str,
    },
    /// A top-level category (`parent` none) or a sub-category under its parent.
    Category {
        parent: Option<&'a str>,
        slug: &'a str,
    },
    /// A product reached through its category (and that category's parent, if any).
    CategoryProduct {
        parent: Option<&'a str>,
        category: &'a str,
        product: &'a str,
    },
    /// A product under its brand (dealer): the product's canonical link.
    Product {
        brand: &'a str,
        slug: &'a str,
    },
    ViewOrder {
        uuid: &'a str,
    },
    VerifyEmail {
        token: &'a str,
    },
    ResetPassword {
        token: &'a str,
        email: &'a str,
    },
}

impl Page<'_> {
    /// The path (and query) of the page, from the site's root: `/dealer/acme/neem-oil`.
    pub fn path(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Page<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Page::Home => f.write_str("/"),
            Page::About => f.write_str("/about"),
            Page::Contact => f.write_str("/contact"),
            Page::Terms => f.write_str("/terms-and-conditions"),
            Page::Privacy => f.write_str("/privacy-policy"),
            Page::Search { term } => write!(f, "/search?search={}", encode_query(term)),
            Page::Brand { slug } => write!(f, "/dealer/{slug}"),
            Page::Category { parent, slug } => {
                f.write_str("/category")?;
                if let Some(parent) = parent {
                    write!(f, "/{parent}")?;
                }
                write!(f, "/{slug}")
            }
            Page::CategoryProduct {
                parent,
                category,
                product,
            } => write!(
                f,
                "{}/{product}",
                Page::Category {
                    parent,
                    slug: category
                }
            ),
            Page::Product { brand, slug } => write!(f, "/dealer/{brand}/{slug}"),
            Page::ViewOrder { uuid } => write!(f, "/view-order/{uuid}"),
            Page::VerifyEmail { token } => write!(f, "/verify-email?token={token}"),
            Page::ResetPassword { token, email } => write!(
                f,
                "/reset-password?token={token}&email={}",
                encode_query(email)
            ),
        }
    }
}

/// Percent-encodes a query value (an e-mail address may hold `+`, `&` or `=`).
fn encode_query(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each page, the path it builds, and the route of the web app that answers it.
    fn pages() -> Vec<(Page<'static>, &'static str, &'static str)> {
        vec![
            (Page::Home, "/", "<Route index "),
            (Page::About, "/about", "path=\"about\""),
            (Page::Contact, "/contact", "path=\"contact\""),
            (
                Page::Terms,
                "/terms-and-conditions",
                "path=\"terms-and-conditions\"",
            ),
            (Page::Privacy, "/privacy-policy", "path=\"privacy-policy\""),
            (
                Page::Search { term: "neem oil" },
                "/search?search=neem%20oil",
                "path=\"search\"",
            ),
            (
                Page::Brand { slug: "wellroot" },
                "/dealer/wellroot",
                "path=\"dealer/:brandSlug\"",
            ),
            (
                Page::Category {
                    parent: None,
                    slug: "crop-protection",
                },
                "/category/crop-protection",
                "path=\"category/:categorySlug\"",
            ),
            (
                Page::Category {
                    parent: Some("crop-protection"),
                    slug: "fungicides",
                },
                "/category/crop-protection/fungicides",
                "path=\"category/:parentSlug/:slug\"",
            ),
            (
                Page::CategoryProduct {
                    parent: Some("crop-protection"),
                    category: "fungicides",
                    product: "copper-oxychloride",
                },
                "/category/crop-protection/fungicides/copper-oxychloride",
                "path=\"category/:parentSlug/:categorySlug/:productSlug\"",
            ),
            (
                Page::Product {
                    brand: "wellroot",
                    slug: "neem-cake-powder",
                },
                "/dealer/wellroot/neem-cake-powder",
                "path=\"dealer/:brandSlug/:productSlug\"",
            ),
            (
                Page::ViewOrder { uuid: "0b5e" },
                "/view-order/0b5e",
                "path=\"view-order/:uuid\"",
            ),
            (
                Page::VerifyEmail { token: "abc" },
                "/verify-email?token=abc",
                "path=\"verify-email\"",
            ),
            (
                Page::ResetPassword {
                    token: "abc",
                    email: "a+b@x.in",
                },
                "/reset-password?token=abc&email=a%2Bb%40x.in",
                "path=\"reset-password\"",
            ),
        ]
    }

    #[test]
    fn paths_of_every_page() {
        for (page, path, _) in pages() {
            assert_eq!(page.path(), path, "{page:?}");
        }
    }

    #[test]
    fn a_product_without_a_parent_category_sits_under_its_category() {
        let page = Page::CategoryProduct {
            parent: None,
            category: "tools",
            product: "banana-bunch-knife",
        };
        assert_eq!(page.path(), "/category/tools/banana-bunch-knife");
    }

    /// The web app's router answers every path the backend links to.
    #[test]
    fn every_page_is_a_route_of_the_web_app() {
        let router = include_str!("../../../frontend/src/app/router.tsx");
        for (page, _, route) in pages() {
            assert!(
                router.contains(route),
                "{page:?}: no `{route}` in router.tsx"
            );
        }
    }
}
