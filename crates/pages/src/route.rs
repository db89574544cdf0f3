//! Which page a path is, decided from the in-memory catalogue as the web app's router would
//! (`frontend/src/app/router.tsx`), so that an unknown product, brand or category answers 404,
//! and a product under a brand or category it is not in moves to its own address.

use catalog::CatalogSnapshot;
use paths::{Locale, Page};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageKind {
    Home,
    About,
    Contact,
    Terms,
    Privacy,
    Search {
        term: String,
    },
    Brand {
        slug: String,
    },
    Category {
        slug: String,
    },
    SubCategory {
        parent: String,
        slug: String,
    },
    Product {
        slug: String,
    },
    /// A crop and the products for it, by need and by problem.
    Crop {
        slug: String,
    },
    /// A screen of the app with nothing public to say (sign-in, checkout, orders, the account, the
    /// back office).
    App,
    NotFound,
    /// A product named under a brand or category it is not in: its canonical path (no language
    /// prefix), where it moves for good.
    Moved {
        to: String,
    },
}

impl PageKind {
    /// Whether anyone can make up new addresses of this kind without end: search terms and
    /// unknown paths. Such pages are drawn from a budget and kept apart from the catalogue's.
    pub fn is_open(&self) -> bool {
        match self {
            Self::Search { term } => !term.is_empty(),
            Self::NotFound => true,
            _ => false,
        }
    }
}

/// The canonical spelling of a request path, when it is spelled otherwise: no empty segments
/// (`//`) and no trailing slash, except that a home page is `/`, `/ml/` or `/ta/` (as the
/// canonical links in `head.rs` and `Page::Home` localized write them).
pub fn respelled(path: &str) -> Option<String> {
    let (locale, bare) = Locale::split_path(path);
    let segments: Vec<&str> = bare.split('/').filter(|s| !s.is_empty()).collect();
    let canonical = locale.localize(&format!("/{}", segments.join("/")));
    (canonical != path).then_some(canonical)
}

/// A path's page and the source of the lazy route module the app loads for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub kind: PageKind,
    pub module: &'static str,
}

const SCREENS_WITHOUT_CONTENT: [(&str, &str); 8] = [
    ("sign-in", "src/app/routes/sign-in.tsx"),
    ("register", "src/app/routes/register.tsx"),
    ("forgot-password", "src/app/routes/forgot-password.tsx"),
    ("reset-password", "src/app/routes/reset-password.tsx"),
    ("verify-email", "src/app/routes/verify-email.tsx"),
    ("user", "src/app/routes/user.tsx"),
    ("checkout", "src/app/routes/checkout.tsx"),
    ("find-order", "src/app/routes/find-order.tsx"),
];

pub fn resolve(catalog: &CatalogSnapshot, path: &str, search_term: Option<&str>) -> Resolved {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let page = |kind, module| Resolved { kind, module };
    let not_found = || page(PageKind::NotFound, "src/app/routes/not-found.tsx");
    let owned = |s: &str| s.to_owned();
    // Any brand with any product would otherwise be a page of its own, each drawn and cached.
    let moved = |brand: &str, slug: &str| {
        page(
            PageKind::Moved {
                to: Page::Product { brand, slug }.path(),
            },
            "src/app/routes/product.tsx",
        )
    };
    match segments.as_slice() {
        [] => page(PageKind::Home, "src/app/routes/home.tsx"),
        ["about"] => page(PageKind::About, "src/app/routes/about.tsx"),
        ["contact"] => page(PageKind::Contact, "src/app/routes/contact.tsx"),
        ["terms-and-conditions"] => page(PageKind::Terms, "src/app/routes/terms.tsx"),
        ["privacy-policy"] => page(PageKind::Privacy, "src/app/routes/privacy.tsx"),
        ["search"] => page(
            PageKind::Search {
                term: search_term.unwrap_or_default().trim().to_owned(),
            },
            "src/app/routes/search.tsx",
        ),
        ["dealer", brand] if catalog.brand(brand).is_ok() => page(
            PageKind::Brand { slug: owned(brand) },
            "src/app/routes/brand.tsx",
        ),
        ["dealer", brand, product] => match catalog.product(product) {
            Some(card) if card.brand_slug == *brand => page(
                PageKind::Product {
                    slug: owned(product),
                },
                "src/app/routes/product.tsx",
            ),
            Some(card) => moved(card.brand_slug, product),
            None => not_found(),
        },
        ["category", slug] if catalog.category(slug).is_ok() => page(
            PageKind::Category { slug: owned(slug) },
            "src/app/routes/category.tsx",
        ),
        ["category", parent, slug] if is_child(catalog, parent, slug) => page(
            PageKind::SubCategory {
                parent: owned(parent),
                slug: owned(slug),
            },
            "src/app/routes/category-child.tsx",
        ),
        ["category", category, product] => match catalog.product(product) {
            Some(_) if catalog.category_lists(category, product) => page(
                PageKind::Product {
                    slug: owned(product),
                },
                "src/app/routes/category-child.tsx",
            ),
            Some(card) => moved(card.brand_slug, product),
            None => not_found(),
        },
        ["category", parent, category, product] => match catalog.product(product) {
            Some(_)
                if is_child(catalog, parent, category)
                    && catalog.category_lists(category, product) =>
            {
                page(
                    PageKind::Product {
                        slug: owned(product),
                    },
                    "src/app/routes/product.tsx",
                )
            }
            Some(card) => moved(card.brand_slug, product),
            None => not_found(),
        },
        ["crop", slug] if catalog.has_crop(slug) => page(
            PageKind::Crop { slug: owned(slug) },
            "src/app/routes/crop.tsx",
        ),
        // The back office routes within its own chunk; the app shows its not-found screen.
        ["admin", ..] => page(PageKind::App, "src/app/routes/admin.tsx"),
        [screen] => SCREENS_WITHOUT_CONTENT
            .iter()
            .find(|(path, _)| path == screen)
            .map(|&(_, module)| page(PageKind::App, module))
            .unwrap_or_else(not_found),
        ["order-confirmation", _] => page(PageKind::App, "src/app/routes/order-confirmation.tsx"),
        ["view-order", _] => page(PageKind::App, "src/app/routes/view-order.tsx"),
        _ => not_found(),
    }
}

/// The product slug a path would name were it a product page (`/dealer/b/p`, `/category/c/p`,
/// `/category/a/c/p`), to look up among renamed products' old slugs when the page is not found.
pub fn product_slug(path: &str) -> Option<&str> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["dealer", _, product] | ["category", _, product] | ["category", _, _, product] => {
            Some(product)
        }
        _ => None,
    }
}

/// `/category/a/b` is the sub-category `b` when `b` is a child of `a` (DESIGN: route ambiguity).
fn is_child(catalog: &CatalogSnapshot, parent: &str, slug: &str) -> bool {
    catalog
        .category(slug)
        .is_ok_and(|c| c.parent.as_ref().is_some_and(|p| p.slug == parent))
}

#[cfg(test)]
mod tests {
    use super::respelled;

    #[test]
    fn a_path_has_one_spelling() {
        for (asked, canonical) in [
            ("/about/", Some("/about")),
            ("//", Some("/")),
            ("/dealer//a///b/", Some("/dealer/a/b")),
            ("/ml", Some("/ml/")),
            ("/ta//", Some("/ta/")),
            ("//ml//about", Some("/ml/about")),
            ("//evil.example", Some("/evil.example")),
            ("/", None),
            ("/ml/", None),
            ("/ta/dealer/a", None),
            ("/mlx", None),
        ] {
            assert_eq!(respelled(asked).as_deref(), canonical, "{asked}");
        }
    }
}
