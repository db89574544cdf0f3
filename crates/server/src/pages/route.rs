//! Which page a path is, decided from the in-memory catalogue as the web app's router would
//! (`frontend/src/app/router.tsx`), so that an unknown product, brand or category answers 404.

use catalog::CatalogSnapshot;

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
    /// A screen of the app with nothing public to say (sign-in, checkout, orders, the account, the
    /// back office).
    App,
    NotFound,
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
        ["dealer", brand, product]
            if catalog.brand(brand).is_ok() && catalog.product(product).is_some() =>
        {
            page(
                PageKind::Product {
                    slug: owned(product),
                },
                "src/app/routes/product.tsx",
            )
        }
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
        ["category", category, product]
            if catalog.category(category).is_ok() && catalog.product(product).is_some() =>
        {
            page(
                PageKind::Product {
                    slug: owned(product),
                },
                "src/app/routes/category-child.tsx",
            )
        }
        ["category", parent, category, product]
            if is_child(catalog, parent, category) && catalog.product(product).is_some() =>
        {
            page(
                PageKind::Product {
                    slug: owned(product),
                },
                "src/app/routes/product.tsx",
            )
        }
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
