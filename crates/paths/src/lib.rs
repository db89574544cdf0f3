//! The shop's pages, as the single-page app routes them (`frontend/src/lib/paths.ts`, whose
//! patterns its router registers). Every link the backend writes — breadcrumbs, cart and order
//! lines, the links in mail — is built here, so a route changes in one place.

mod locale;
mod order_key;

use std::fmt;

pub use locale::Locale;
pub use order_key::{ORDER_LINK_DAYS, OrderLinkKey};

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
    /// A crop and what the shop stocks for it, by need.
    Crop {
        slug: &'a str,
    },
    /// An order's own page, which the order mails link to.
    ViewOrder {
        uuid: &'a str,
    },
    /// An order's page by a message's link, which opens it without signing in ([`OrderLinkKey`]).
    SignedOrder {
        uuid: &'a str,
        key: &'a str,
    },
    /// The page an order placed just now opens on.
    OrderConfirmation {
        uuid: &'a str,
    },
    FindOrder,
    Checkout,
    /// The shopper's account: details, addresses, orders.
    Account,
    /// The back office.
    Admin,
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
            Page::Search { term } => write!(f, "/search?search={}", encode(term)),
            Page::Brand { slug } => write!(f, "/dealer/{}", encode(slug)),
            Page::Category { parent, slug } => {
                f.write_str("/category")?;
                if let Some(parent) = parent {
                    write!(f, "/{}", encode(parent))?;
                }
                write!(f, "/{}", encode(slug))
            }
            Page::CategoryProduct {
                parent,
                category,
                product,
            } => write!(
                f,
                "{}/{}",
                Page::Category {
                    parent,
                    slug: category
                },
                encode(product)
            ),
            Page::Product { brand, slug } => {
                write!(f, "/dealer/{}/{}", encode(brand), encode(slug))
            }
            Page::Crop { slug } => write!(f, "/crop/{}", encode(slug)),
            Page::ViewOrder { uuid } => write!(f, "/view-order/{}", encode(uuid)),
            Page::SignedOrder { uuid, key } => {
                write!(f, "{}?key={}", Page::ViewOrder { uuid }, encode(key))
            }
            Page::OrderConfirmation { uuid } => {
                write!(f, "/order-confirmation/{}", encode(uuid))
            }
            Page::FindOrder => f.write_str("/find-order"),
            Page::Checkout => f.write_str("/checkout"),
            Page::Account => f.write_str("/user"),
            Page::Admin => f.write_str("/admin"),
            Page::VerifyEmail { token } => write!(f, "/verify-email?token={}", encode(token)),
            Page::ResetPassword { token, email } => write!(
                f,
                "/reset-password?token={}&email={}",
                encode(token),
                encode(email)
            ),
        }
    }
}

/// The pages crawlers are asked to leave alone (`robots.txt`): one shopper's or staff's screens.
/// A path ending in `/` stands for every page under it (`/view-order/` for every order).
pub fn private_paths() -> [String; 6] {
    [
        Page::Checkout.path(),
        Page::Account.path(),
        Page::OrderConfirmation { uuid: "" }.path(),
        Page::ViewOrder { uuid: "" }.path(),
        Page::FindOrder.path(),
        Page::Admin.path(),
    ]
}

/// The page a renamed product's old address moves to: the same route (under its brand or its
/// category, in the same language), its last segment the product's new slug.
pub fn renamed_product(old_path: &str, new_slug: &str) -> String {
    let (parent, _) = old_path
        .trim_end_matches('/')
        .rsplit_once('/')
        .unwrap_or_default();
    format!("{parent}/{}", encode(new_slug))
}

/// Percent-encodes a path segment or a query value, as the web app's builders do
/// (`frontend/src/lib/paths.ts`): RFC 3986's unreserved characters stay, every other byte is
/// `%XX`. A slug cannot reach into the next segment, and an e-mail address may hold `+`, `&`, `=`.
fn encode(value: &str) -> String {
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

    /// Each page, the path it builds, and the route pattern of the web app that answers it (as
    /// `frontend/src/lib/paths.ts` writes it).
    fn pages() -> Vec<(Page<'static>, &'static str, &'static str)> {
        vec![
            (Page::Home, "/", "/"),
            (Page::About, "/about", "/about"),
            (Page::Contact, "/contact", "/contact"),
            (
                Page::Terms,
                "/terms-and-conditions",
                "/terms-and-conditions",
            ),
            (Page::Privacy, "/privacy-policy", "/privacy-policy"),
            (
                Page::Search { term: "neem oil" },
                "/search?search=neem%20oil",
                "/search",
            ),
            (
                Page::Brand { slug: "wellroot" },
                "/dealer/wellroot",
                "/dealer/:brandSlug",
            ),
            (
                Page::Category {
                    parent: None,
                    slug: "crop-protection",
                },
                "/category/crop-protection",
                "/category/:categorySlug",
            ),
            (
                Page::Category {
                    parent: Some("crop-protection"),
                    slug: "fungicides",
                },
                "/category/crop-protection/fungicides",
                "/category/:parentSlug/:slug",
            ),
            (
                Page::CategoryProduct {
                    parent: Some("crop-protection"),
                    category: "fungicides",
                    product: "copper-oxychloride",
                },
                "/category/crop-protection/fungicides/copper-oxychloride",
                "/category/:parentSlug/:categorySlug/:productSlug",
            ),
            (
                Page::Product {
                    brand: "wellroot",
                    slug: "neem-cake-powder",
                },
                "/dealer/wellroot/neem-cake-powder",
                "/dealer/:brandSlug/:productSlug",
            ),
            (
                Page::Crop {
                    slug: "passion-fruit",
                },
                "/crop/passion-fruit",
                "/crop/:cropSlug",
            ),
            (
                Page::ViewOrder { uuid: "0b5e" },
                "/view-order/0b5e",
                "/view-order/:uuid",
            ),
            (
                Page::SignedOrder {
                    uuid: "0b5e",
                    key: "1800000000.ab12",
                },
                "/view-order/0b5e?key=1800000000.ab12",
                "/view-order/:uuid",
            ),
            (
                Page::OrderConfirmation { uuid: "0b5e" },
                "/order-confirmation/0b5e",
                "/order-confirmation/:uuid",
            ),
            (Page::FindOrder, "/find-order", "/find-order"),
            (Page::Checkout, "/checkout", "/checkout"),
            (Page::Account, "/user", "/user"),
            (Page::Admin, "/admin", "/admin"),
            (
                Page::VerifyEmail { token: "abc" },
                "/verify-email?token=abc",
                "/verify-email",
            ),
            (
                Page::ResetPassword {
                    token: "abc",
                    email: "a+b@x.in",
                },
                "/reset-password?token=abc&email=a%2Bb%40x.in",
                "/reset-password",
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

    /// The web app's router answers every path the backend links to: each pattern is one of
    /// `paths.ts`, and the web app's own test (`src/app/routes.test.tsx`) checks that its router
    /// registers every pattern there.
    #[test]
    fn every_page_is_a_route_of_the_web_app() {
        let shop = include_str!("../../../frontend/src/lib/paths.ts");
        for (page, _, route) in pages() {
            assert!(
                shop.contains(&format!("'{route}'")),
                "{page:?}: no `'{route}'` in frontend/src/lib/paths.ts"
            );
        }
    }

    #[test]
    fn a_slug_or_token_cannot_reach_out_of_its_place() {
        let brand = Page::Brand { slug: "a/b?c#d" };
        assert_eq!(brand.path(), "/dealer/a%2Fb%3Fc%23d");
        let product = Page::Product {
            brand: "ഏലം",
            slug: "x y",
        };
        assert_eq!(product.path(), "/dealer/%E0%B4%8F%E0%B4%B2%E0%B4%82/x%20y");
        let order = Page::ViewOrder { uuid: "../admin" };
        assert_eq!(order.path(), "/view-order/..%2Fadmin");
        let verify = Page::VerifyEmail { token: "a&next=b" };
        assert_eq!(verify.path(), "/verify-email?token=a%26next%3Db");
    }

    #[test]
    fn crawlers_are_kept_from_every_private_screen() {
        assert_eq!(
            private_paths(),
            [
                "/checkout",
                "/user",
                "/order-confirmation/",
                "/view-order/",
                "/find-order",
                "/admin"
            ]
        );
        let order = Page::ViewOrder { uuid: "0b5e" }.path();
        assert!(
            private_paths()
                .iter()
                .any(|p| order.starts_with(p.as_str()))
        );
    }

    #[test]
    fn a_renamed_product_keeps_its_route_and_language() {
        assert_eq!(
            renamed_product("/dealer/wellroot/neem-oil", "neem-oil-1l"),
            "/dealer/wellroot/neem-oil-1l"
        );
        assert_eq!(
            renamed_product("/ml/category/tools/old-knife/", "banana-knife"),
            "/ml/category/tools/banana-knife"
        );
        assert_eq!(
            renamed_product("/ta/category/a/b/old", "new"),
            "/ta/category/a/b/new"
        );
    }
}
