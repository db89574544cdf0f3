//! The API contract, generated from the handlers' `#[utoipa::path]` attributes and the types
//! they take and answer. `openapi.json` beside the crate is its committed snapshot (checked by
//! `tests/openapi.rs`), and the web app's types are generated from that file.

use std::sync::LazyLock;

use actix_web::get;

use utoipa::OpenApi;
use utoipa::openapi::path::{Operation, PathItem};

use crate::handlers::admin::catalog as admin_catalog;
use crate::handlers::{
    account, addresses, admin, awards, brands, cart, categories, checkout, contact, csrf, delivery,
    featured, health, orders, pincodes, products, search, shop, states,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Storefront API",
        description = "The shop's JSON API. Money is in rupees (numbers, two decimals at most); \
GST rates are fractions (0.18). Errors answer `{\"message\", \"errors\"?}`. Every state-changing \
call must echo the anti-forgery token (the `XSRF-TOKEN` cookie, or the `X-XSRF-TOKEN` header of \
`GET /api/csrf-cookie` and of a sign-in) in `X-XSRF-TOKEN`, or it answers 419.",
        version = "1"
    ),
    paths(
        health::healthz, health::readyz,
        shop::show,
        brands::list, brands::show, brands::products,
        categories::list, categories::show, categories::products,
        featured::list, awards::list, products::show, search::search,
        csrf::issue,
        cart::show, cart::add, cart::update, cart::remove, cart::clear,
        account::register::register,
        account::sign_in::login, account::sign_in::two_factor, account::sign_in::logout,
        account::profile::show, account::profile::update, account::profile::change_password, account::profile::set_language,
        account::password_reset::forgot, account::password_reset::reset,
        account::verification::verify, account::verification::resend,
        contact::submit,
        checkout::place,
        orders::list, orders::find, orders::show, orders::upi_qr,
        addresses::list, addresses::create, addresses::update, addresses::remove,
        states::list, pincodes::show, delivery::quote,
        serve,
        admin::two_factor::setup, admin::two_factor::confirm,
        admin::staff::list, admin::staff::invite, admin::staff::update,
        admin::staff::disable, admin::staff::enable,
        admin::audit::list,
        admin::dashboard::show, admin::dashboard::new_orders,
        admin::customers::list, admin::customers::show, admin::customers::order_list,
        admin::customers::password_reset,
        admin::messages::list, admin::messages::show, admin::messages::set_handled,
        admin_catalog::products::list, admin_catalog::products::create,
        admin_catalog::products::show, admin_catalog::products::update,
        admin_catalog::products::remove, admin_catalog::products::gst_rates,
        admin_catalog::variants::create, admin_catalog::variants::update,
        admin_catalog::stock::adjust, admin_catalog::stock::movements,
        admin_catalog::stock::low_stock,
        admin_catalog::bulk::export, admin_catalog::bulk::preview, admin_catalog::bulk::apply,
        admin_catalog::brands::list, admin_catalog::brands::create, admin_catalog::brands::update,
        admin_catalog::brands::remove,
        admin_catalog::categories::list, admin_catalog::categories::create, admin_catalog::categories::update,
        admin_catalog::categories::remove,
        admin_catalog::awards::list, admin_catalog::awards::create, admin_catalog::awards::update,
        admin_catalog::awards::remove,
        admin_catalog::photos::list, admin_catalog::photos::upload,
        admin_catalog::photos::describe, admin_catalog::photos::reorder,
        admin_catalog::photos::remove,
        admin_catalog::pictures::brand_logo, admin_catalog::pictures::remove_brand_logo,
        admin_catalog::pictures::award_picture, admin_catalog::pictures::remove_award_picture,
        admin::orders::list, admin::orders::show, admin::orders::move_order,
        admin::orders::add_note, admin::orders::record_payment, admin::orders::record_refund,
        admin::gst::overview, admin::gst::download,
    ),
    // Named by a query parameter only, so not reached from any body or answer.
    components(schemas(accounts::inbox::InboxFilter)),
    tags(
        (name = "catalogue", description = "Brands, categories, products, search, featured products and awards"),
        (name = "cart", description = "The session's cart, priced by the server"),
        (name = "checkout", description = "Placing an order, and where the shop delivers (PIN codes, delivery zones and fees)"),
        (name = "orders", description = "A shopper's orders"),
        (name = "accounts", description = "Registration, sign-in and the shopper's account"),
        (name = "addresses", description = "A signed-in shopper's address book"),
        (name = "session", description = "The anti-forgery token"),
        (name = "shop", description = "The shop's own facts"),
        (name = "pages", description = "The contact form"),
        (name = "admin", description = "The back office: the dashboard, customers, the contact inbox, staff, their second factor, the audit log (staff and admins only)"),
        (name = "admin-catalogue", description = "The catalogue desk, for staff: products, variants, stock, photos"),
        (name = "admin-orders", description = "The orders desk, for staff: finding orders, moving them, notes, payments and refunds"),
        (name = "admin-gst", description = "The GST return, for admins: a period's GSTR-1 figures and files"),
        (name = "meta", description = "Liveness, readiness and this document"),
    )
)]
struct ApiDoc;

/// The document as the binary serves it: handlers under `/api` (the scope in `routes.rs`), each
/// operation with an id made from its method and path.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    let paths = std::mem::take(&mut document.paths.paths);
    for (path, mut item) in paths {
        let path = if path == "/healthz" || path == "/readyz" {
            path
        } else {
            format!("/api{path}")
        };
        name_operations(&path, &mut item);
        unreadable_requests(&mut item);
        document.paths.paths.insert(path, item);
    }
    document
}

// Served from here, not from `handlers`, which the document lists.
/// This document: the API's OpenAPI 3.1 contract, generated from the code.
#[utoipa::path(
    tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json"))
)]
#[get("/openapi.json")]
pub async fn serve() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(document_json())
}

/// The document as pretty JSON with a final newline (what `openapi.json` holds).
pub fn document_json() -> &'static str {
    static JSON: LazyLock<String> = LazyLock::new(|| {
        let mut json = document().to_pretty_json().unwrap_or_default();
        json.push('\n');
        json
    });
    &JSON
}

/// The methods the contract lists for a concrete path (`/api/brands/acme` matches
/// `/api/brands/{slug}`), upper-case; empty for a path it does not know.
pub fn allowed_methods(path: &str) -> Vec<&'static str> {
    static ROUTES: LazyLock<Vec<(Vec<String>, Vec<&'static str>)>> = LazyLock::new(|| {
        document()
            .paths
            .paths
            .iter()
            .map(|(template, item)| {
                let segments = template.split('/').map(str::to_owned).collect();
                let methods = [
                    ("GET", item.get.is_some()),
                    ("HEAD", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("DELETE", item.delete.is_some()),
                ];
                let methods = methods
                    .iter()
                    .filter(|(_, on)| *on)
                    .map(|(m, _)| *m)
                    .collect();
                (segments, methods)
            })
            .collect()
    });
    let wanted: Vec<&str> = path.split('/').collect();
    let is_parameter = |t: &String| t.starts_with('{') && t.ends_with('}');
    // The most literal template wins, as in the router: `/photos/order` before `/photos/{id}`.
    ROUTES
        .iter()
        .filter(|(template, _)| {
            template.len() == wanted.len()
                && template
                    .iter()
                    .zip(&wanted)
                    .all(|(t, w)| t == w || (is_parameter(t) && !w.is_empty()))
        })
        .min_by_key(|(template, _)| template.iter().filter(|t| is_parameter(t)).count())
        .map(|(_, methods)| methods.clone())
        .unwrap_or_default()
}

fn name_operations(path: &str, item: &mut PathItem) {
    let operations: [(&str, &mut Option<Operation>); 4] = [
        ("get", &mut item.get),
        ("post", &mut item.post),
        ("put", &mut item.put),
        ("delete", &mut item.delete),
    ];
    for (method, operation) in operations {
        if let Some(operation) = operation {
            operation.operation_id = Some(operation_id(method, path));
        }
    }
}

/// What any operation may answer before its handler runs, said once here rather than on each:
/// 400 when a body or query string cannot be read as its shape (not JSON, a number too large,
/// a broken multipart form), 413 when a body is larger than the server takes, 415 when a body
/// is not the declared media type.
fn unreadable_requests(item: &mut PathItem) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let error = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build()
    };
    for operation in [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.delete,
    ]
    .into_iter()
    .flatten()
    {
        let has_query = operation.parameters.iter().flatten().any(|parameter| {
            matches!(
                parameter.parameter_in,
                utoipa::openapi::path::ParameterIn::Query
            )
        });
        let has_body = operation.request_body.is_some();
        let responses = &mut operation.responses.responses;
        if has_body || has_query {
            responses.entry("400".into()).or_insert_with(|| {
                error("The body or query string cannot be read (not JSON, or not of its shape)")
                    .into()
            });
        }
        if has_body {
            responses
                .entry("413".into())
                .or_insert_with(|| error("The body is larger than the server takes").into());
            responses
                .entry("415".into())
                .or_insert_with(|| error("The body is not of the declared media type").into());
        }
    }
}

/// `GET /api/brands/{slug}/products` is `getBrandsSlugProducts`.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_owned();
    for word in path
        .trim_start_matches("/api")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            id.push(first.to_ascii_uppercase());
            id.extend(chars);
        }
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_methods_follow_the_contract() {
        assert_eq!(allowed_methods("/api/cart/add"), ["POST"]);
        assert_eq!(allowed_methods("/api/addresses/12"), ["PUT", "DELETE"]);
        assert_eq!(allowed_methods("/api/brands/acme"), ["GET", "HEAD"]);
        assert_eq!(
            allowed_methods("/api/admin/catalog/products/1/photos/order"),
            ["PUT"]
        );
        assert_eq!(allowed_methods("/healthz"), ["GET", "HEAD"]);
        assert!(allowed_methods("/api/nothing-here").is_empty());
    }

    #[test]
    fn operation_ids_come_from_method_and_path() {
        assert_eq!(
            operation_id("get", "/api/brands/{slug}/products"),
            "getBrandsSlugProducts"
        );
        assert_eq!(
            operation_id("post", "/api/email/verification-notification"),
            "postEmailVerificationNotification"
        );
    }
}
