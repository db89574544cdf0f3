//! The API contract: `routes.rs` registers each handler together with its `#[utoipa::path]`
//! (utoipa-actix-web), so the document holds exactly the operations the app routes; this module
//! adds what no route gives (title, tags), finishes it and serves it. `openapi.json` beside the
//! crate is its committed snapshot (checked by `tests/api/contract.rs`), and the web app's types
//! are generated from that file.

use actix_web::{HttpResponse, get, web};
use utoipa::OpenApi;

pub mod answers;

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
    // Named by a query parameter only, so not reached from any body or answer.
    components(schemas(accounts::inbox::InboxFilter, accounts::staff::AuditArea)),
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
        (name = "admin-stock", description = "Stock by batch, for staff: receipts from suppliers (a form or a CSV sheet), batches, expiry and disposal"),
        (name = "admin-orders", description = "The orders desk, for staff: finding orders, moving them, notes, payments and refunds"),
        (name = "admin-gst", description = "The GST return, for admins and accountants: a period's GSTR-1 figures and files"),
        (name = "admin-packing", description = "The packing desk, for packers and staff: confirmed orders to pack and ship, without prices except the cash to collect on delivery"),
        (name = "admin-reports", description = "Sales by day, week, month, product and category, best-sellers and orders waiting, as JSON and CSV (admins, staff and accountants), counted as the GST return counts them; the stock's value at cost and the margin on a period's sales (admins and accountants)"),
        (name = "admin-registers", description = "The insecticide sales record and monthly return of a month, as JSON and CSV (admins and accountants); a batch's recipients (admins and staff) and its recall (admins only)"),
        (name = "webhooks", description = "The message providers' webhooks: WhatsApp (Meta, signed) and MSG91 (a secret in the path) delivery reports and STOP replies"),
        (name = "meta", description = "Liveness, readiness and this document"),
    )
)]
struct ApiDoc;

/// The document's parts that no route gives: its title and description, the tags' words, the
/// schemas no operation names. `routes.rs` adds every operation as it registers its handler.
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The contract as the app's routes made it, finished (operation ids, the answers to bodies and
/// queries that cannot be read), as JSON, and the methods each path takes, for the 405s.
pub struct Document {
    /// Pretty JSON with a final newline: what `openapi.json` holds.
    json: web::Bytes,
    /// Each path's segments (`{slug}` for a parameter) and its methods, upper-case.
    routes: Vec<(Vec<String>, Vec<&'static str>)>,
}

impl Document {
    pub fn new(mut document: utoipa::openapi::OpenApi) -> Self {
        for (path, item) in document.paths.paths.iter_mut() {
            for (method, operation) in answers::operations_mut(item) {
                operation.operation_id = Some(operation_id(method, path));
            }
            answers::unreadable_requests(item);
        }
        let routes = document
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
                    ("PATCH", item.patch.is_some()),
                    ("DELETE", item.delete.is_some()),
                ];
                let methods = methods
                    .iter()
                    .filter(|(_, on)| *on)
                    .map(|(m, _)| *m)
                    .collect();
                (segments, methods)
            })
            .collect();
        let mut json = document.to_pretty_json().unwrap_or_default();
        json.push('\n');
        Self {
            json: json.into(),
            routes,
        }
    }

    /// Whether the contract has this operation: `method` (upper-case) on the path template
    /// `template` as the document spells it (`/api/admin/orders/{number}`).
    pub fn documents(&self, method: &str, template: &str) -> bool {
        let wanted: Vec<&str> = template.split('/').collect();
        self.routes
            .iter()
            .any(|(segments, methods)| segments == &wanted && methods.contains(&method))
    }

    /// The methods the contract lists for a concrete path (`/api/brands/acme` matches
    /// `/api/brands/{slug}`), upper-case; empty for a path it does not know.
    pub fn allowed_methods(&self, path: &str) -> Vec<&'static str> {
        let wanted: Vec<&str> = path.split('/').collect();
        let is_parameter = |t: &String| t.starts_with('{') && t.ends_with('}');
        // The most literal template wins, as in the router: `/photos/order` before `/photos/{id}`.
        self.routes
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
}

/// This document: the API's OpenAPI 3.1 contract, generated from the code.
#[utoipa::path(
    tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json"))
)]
#[get("/openapi.json")]
pub async fn serve(document: web::Data<Document>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(document.json.clone())
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
