//! Who may use which part of the back office: one table of route groups and the roles each
//! group is open to, read by [`super::actor::require_staff`] on every `/api/admin` request
//! before any handler or extractor runs.
//!
//! A route no group lists is open to `admin` and `staff` only: what the staff scope has always
//! meant. Packers and accountants are default-denied: a route someone adds later stays closed
//! to them until its `(method, path)` is added to a group here, one line. Routes are named as
//! the API document names them (`/api/admin/orders/{number}`), and a test checks every entry
//! still names a documented operation, so a renamed route cannot leave a stale grant behind.

use accounts::Role::{self, Accountant, Admin, Packer, Staff};

/// A part of the back office: its routes and who may use them.
pub struct Group {
    pub name: &'static str,
    pub roles: &'static [Role],
    /// `(method, path)` as in the API document; `GET` also covers `HEAD`.
    pub routes: &'static [(&'static str, &'static str)],
}

/// Routes no group lists.
pub const UNLISTED: &[Role] = &[Admin, Staff];

const READERS: &[Role] = &[Admin, Staff, Accountant];

/// The table. A packer sees orders only through the packing desk, which carries no prices
/// except the cash to collect, and no customer but the delivery name, address and phone.
pub const GROUPS: &[Group] = &[
    Group {
        name: "the day's figures",
        roles: READERS,
        routes: &[
            ("GET", "/api/admin/dashboard"),
            ("GET", "/api/admin/dashboard/new-orders"),
        ],
    },
    Group {
        name: "the reports",
        roles: READERS,
        routes: &[
            ("GET", "/api/admin/reports/sales"),
            ("GET", "/api/admin/reports/sales.csv"),
            ("GET", "/api/admin/reports/products"),
            ("GET", "/api/admin/reports/products.csv"),
            ("GET", "/api/admin/reports/categories"),
            ("GET", "/api/admin/reports/categories.csv"),
            ("GET", "/api/admin/reports/waiting"),
            ("GET", "/api/admin/reports/waiting.csv"),
        ],
    },
    Group {
        name: "reading orders",
        roles: READERS,
        routes: &[
            ("GET", "/api/admin/orders"),
            ("GET", "/api/admin/orders/{number}"),
        ],
    },
    Group {
        name: "the packing desk",
        roles: &[Admin, Staff, Packer],
        routes: &[
            ("GET", "/api/admin/packing/orders"),
            ("GET", "/api/admin/packing/orders/{number}"),
            ("POST", "/api/admin/packing/orders/{number}/packed"),
            ("POST", "/api/admin/packing/orders/{number}/shipped"),
        ],
    },
    Group {
        name: "reading customers",
        roles: READERS,
        routes: &[
            ("GET", "/api/admin/customers"),
            ("GET", "/api/admin/customers/{id}"),
            ("GET", "/api/admin/customers/{id}/orders"),
            ("GET", "/api/admin/guests/{key}"),
        ],
    },
    Group {
        name: "reading the catalogue",
        roles: READERS,
        routes: &[
            ("GET", "/api/admin/catalog/products"),
            ("GET", "/api/admin/catalog/products/{id}"),
            ("GET", "/api/admin/catalog/gst-rates"),
            ("GET", "/api/admin/catalog/variants/{id}/stock-movements"),
            ("GET", "/api/admin/catalog/low-stock"),
            ("GET", "/api/admin/catalog/stock-counts/list"),
            ("GET", "/api/admin/catalog/export.csv"),
            ("GET", "/api/admin/catalog/brands"),
            ("GET", "/api/admin/catalog/categories"),
            ("GET", "/api/admin/catalog/awards"),
            ("GET", "/api/admin/catalog/crops"),
            ("GET", "/api/admin/catalog/problems"),
            ("GET", "/api/admin/catalog/synonyms"),
            ("GET", "/api/admin/catalog/products/{id}/crops"),
            ("GET", "/api/admin/catalog/products/{id}/photos"),
        ],
    },
    Group {
        name: "the GST returns",
        roles: &[Admin, Accountant],
        routes: &[
            ("GET", "/api/admin/gst/gstr1"),
            ("GET", "/api/admin/gst/gstr1.zip"),
            ("GET", "/api/admin/gst/gstr3b"),
            ("GET", "/api/admin/gst/gstr3b.csv"),
            ("GET", "/api/admin/gst/register.csv"),
        ],
    },
    Group {
        name: "the insecticide registers, the stock's value and the margin",
        roles: &[Admin, Accountant],
        routes: &[
            ("GET", "/api/admin/registers/insecticide-sales"),
            ("GET", "/api/admin/registers/insecticide-sales.csv"),
            ("GET", "/api/admin/registers/monthly-return"),
            ("GET", "/api/admin/registers/monthly-return.csv"),
            ("GET", "/api/admin/reports/stock-value"),
            ("GET", "/api/admin/reports/stock-value.csv"),
            ("GET", "/api/admin/reports/margin"),
            ("GET", "/api/admin/reports/margin.csv"),
        ],
    },
    Group {
        name: "recalling a batch",
        roles: &[Admin],
        routes: &[("POST", "/api/admin/batches/{id}/recall")],
    },
    Group {
        name: "managing staff",
        roles: &[Admin],
        routes: &[
            ("GET", "/api/admin/staff"),
            ("POST", "/api/admin/staff"),
            ("PUT", "/api/admin/staff/{id}"),
            ("POST", "/api/admin/staff/{id}/disable"),
            ("POST", "/api/admin/staff/{id}/enable"),
        ],
    },
    Group {
        name: "erasing a customer's data",
        roles: &[Admin],
        routes: &[
            ("POST", "/api/admin/customers/{id}/erase"),
            ("POST", "/api/admin/guests/{key}/erase"),
        ],
    },
    Group {
        name: "the audit log",
        roles: &[Admin],
        routes: &[("GET", "/api/admin/audit")],
    },
];

/// The group a route belongs to, if any. `path` is the route's template.
pub fn group_of(method: &str, path: &str) -> Option<&'static Group> {
    let method = if method == "HEAD" { "GET" } else { method };
    GROUPS
        .iter()
        .find(|group| group.routes.contains(&(method, path)))
}

/// The roles that may use a route.
pub fn roles_for(method: &str, path: &str) -> &'static [Role] {
    group_of(method, path).map_or(UNLISTED, |group| group.roles)
}

/// Whether `role` may use the route.
pub fn may(role: Role, method: &str, path: &str) -> bool {
    roles_for(method, path).contains(&role)
}

/// The refusal's words: the member's role and what it does not include.
pub fn refusal(role: Role, method: &str, path: &str) -> String {
    let what = group_of(method, path).map_or("this part of the back office", |group| group.name);
    format!(
        "Your role ({}) does not include {what}. An admin can change your role.",
        role.as_str()
    )
}

#[cfg(test)]
mod tests {
    use utoipa_actix_web::AppExt;

    use super::*;

    #[test]
    fn every_grant_names_a_documented_operation() {
        let (_, document) = actix_web::App::new()
            .into_utoipa_app()
            .openapi(crate::api_doc::base())
            .configure(crate::routes::api)
            .split_for_parts();
        let document = crate::api_doc::Document::new(document);
        for group in GROUPS {
            for (method, path) in group.routes {
                assert!(
                    document.documents(method, path),
                    "{} lists {method} {path}, which the API document does not have",
                    group.name
                );
            }
        }
    }

    #[test]
    fn writes_are_never_granted_to_accountants() {
        for group in GROUPS {
            for (method, path) in group.routes {
                if *method != "GET" {
                    assert!(
                        !group.roles.contains(&Accountant),
                        "{method} {path} is a write"
                    );
                }
            }
        }
    }

    #[test]
    fn new_routes_are_closed_to_packers_and_accountants() {
        for role in [Packer, Accountant] {
            assert!(!may(role, "POST", "/api/admin/orders/{number}/bulk"));
        }
        assert!(may(Staff, "POST", "/api/admin/orders/{number}/bulk"));
        assert!(may(Accountant, "HEAD", "/api/admin/gst/gstr1"));
        assert!(!may(Staff, "GET", "/api/admin/gst/gstr1"));
    }
}
