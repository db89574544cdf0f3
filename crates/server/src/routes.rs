//! Every path the binary answers, in one table. Its API part is the contract as well: each
//! `service` below registers a handler and adds its `#[utoipa::path]` to the OpenAPI document
//! (utoipa-actix-web's `scope` and `ServiceConfig` take only documented handlers), in this order.
//! What a whole scope answers, whichever handler runs (the staff check's 401 and 403, the
//! anti-forgery check's 419), is said on the scope, not on each handler (`api_doc::answers`).

use actix_web::body::MessageBody;
use actix_web::dev::{HttpServiceFactory, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::from_fn;
use actix_web::{HttpRequest, HttpResponse, web};
use utoipa_actix_web::OpenApiFactory;
use utoipa_actix_web::scope::{Scope, scope};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api_doc::answers::{self, answering};
use crate::api_doc::{self, Document};
use crate::config::Config;
use crate::error::ApiError;
use crate::handlers::*;
use crate::static_files;

/// The API and probes (the document's operations), then the web app's files and drawn pages.
pub fn configure(cfg: &mut ServiceConfig, config: &Config) {
    api(cfg);
    cfg.map(|cfg| {
        static_files::configure(cfg, &config.media_dir, &config.static_dir);
        cfg
    });
}

pub(crate) fn api(cfg: &mut ServiceConfig) {
    cfg.app_data(crate::input::payload_config())
        .app_data(web::QueryConfig::default().error_handler(|error, _| {
            // Queries are read as text and checked by their own `parse`, which names the field;
            // this is a query serde cannot split at all. Its words (Rust's types) stay in the log.
            tracing::debug!(%error, "unreadable query string");
            ApiError::BadRequest("The query string could not be read.".into()).into()
        }))
        .app_data(web::PathConfig::default().error_handler(|error, _| {
            // What cannot name anything (`/api/addresses/null`) is not there, as with slugs.
            tracing::debug!(%error, "unreadable path");
            ApiError::NotFound("There is nothing at this address.".into()).into()
        }))
        // Outside `/api`: probes for the proxy or orchestrator, and the metrics (only with
        // METRICS_TOKEN here; see `metrics.rs`), which are not part of the contract.
        .service(health::healthz)
        .service(health::readyz)
        // Another method on a probe: 405 with `Allow`, as under `/api`.
        .route("/healthz", web::route().to(api_fallback))
        .route("/readyz", web::route().to(api_fallback))
        // A drawn page's Add to cart before the app has come: a plain form that answers like a
        // page (303 or a page saying why), so it is no part of the API's contract.
        .route(
            crate::handlers::cart_form::PATH,
            web::post().to(crate::handlers::cart_form::add),
        )
        .route(
            "/metrics",
            web::get().to(crate::handlers::metrics::on_main_port),
        )
        // Providers' webhooks, before `/api` (whose anti-forgery answer they do not give): each
        // proves itself with a signature or a secret instead (`handlers::webhooks`).
        .service(
            scope("/api/webhooks")
                .app_data(web::PayloadConfig::new(
                    crate::request_guard::WEBHOOK_MAX_BYTES,
                ))
                .service(webhooks::whatsapp_check)
                .service(webhooks::whatsapp_delivery)
                .service(webhooks::msg91_report)
                .default_service(web::to(api_fallback)),
        )
        .service(answering(
            answers::API,
            scope("/api")
                .wrap(from_fn(crate::language_vary::vary_on_language))
                // A staff session's limits hold on every API route.
                .wrap(from_fn(crate::staff_limits::enforce))
                .service(shop::show)
                .service(brands::list)
                .service(brands::show)
                .service(brands::products)
                .service(categories::list)
                .service(categories::show)
                .service(categories::products)
                .service(crops::list)
                .service(crops::show)
                .service(featured::list)
                .service(awards::list)
                .service(products::show)
                .service(search::search)
                .service(search::facets)
                .service(csrf::issue)
                .service(cart::show)
                .service(cart::add)
                .service(cart::update)
                .service(cart::remove)
                .service(cart::clear)
                .service(account::register::register)
                .service(account::sign_in::login)
                .service(account::sign_in::two_factor)
                .service(account::phone::request_code)
                .service(account::phone::sign_in_with_code)
                .service(account::phone::send_code)
                .service(account::phone::verify)
                .service(account::phone::phone_updates)
                .service(account::sign_in::logout)
                .service(account::profile::show)
                .service(account::profile::update)
                .service(account::profile::change_password)
                .service(account::profile::set_language)
                .service(account::data_rights::export)
                .service(account::data_rights::erase)
                .service(account::password_reset::forgot)
                .service(account::password_reset::reset)
                .service(account::verification::verify)
                .service(account::verification::resend)
                .service(contact::submit)
                .service(checkout::place)
                .service(orders::list)
                .service(orders::find)
                .service(orders::show)
                .service(orders::upi_qr)
                .service(addresses::list)
                .service(addresses::create)
                .service(addresses::update)
                .service(addresses::remove)
                .service(states::list)
                .service(pincodes::show)
                .service(delivery::quote)
                .service(api_doc::serve)
                // Setting up the second factor: for a password step still pending (`Enrolling`),
                // so not behind the staff check. Before `/admin`, which would take its paths.
                .service(
                    scope("/admin/two-factor")
                        .service(admin::two_factor::setup)
                        .service(admin::two_factor::confirm)
                        .default_service(web::to(api_fallback)),
                )
                // The back office. Which role may use which route is the table in
                // `handlers/admin/access.rs`, checked by `staff_only`'s middleware.
                .service(staff_only(
                    scope("/admin")
                        .service(admin::staff::list)
                        .service(admin::staff::invite)
                        .service(admin::staff::update)
                        .service(admin::staff::disable)
                        .service(admin::staff::enable)
                        .service(admin::audit::list)
                        .service(admin::dashboard::show)
                        .service(admin::dashboard::new_orders)
                        .service(admin::customers::list)
                        .service(admin::customers::show)
                        .service(admin::customers::order_list)
                        .service(admin::customers::password_reset)
                        .service(admin::customers::account_note)
                        .service(admin::customers::account_export)
                        .service(admin::customers::account_erase)
                        .service(admin::customers::guest)
                        .service(admin::customers::guest_note)
                        .service(admin::customers::guest_export)
                        .service(admin::customers::guest_erase)
                        .service(admin::messages::list)
                        .service(admin::messages::show)
                        .service(admin::messages::set_handled)
                        // The catalogue desk.
                        .service(
                            scope("/catalog")
                                .service(admin::catalog::products::list)
                                .service(admin::catalog::products::create)
                                .service(admin::catalog::products::show)
                                .service(admin::catalog::products::update)
                                .service(admin::catalog::products::remove)
                                .service(admin::catalog::products::gst_rates)
                                .service(admin::catalog::variants::create)
                                .service(admin::catalog::variants::update)
                                .service(admin::catalog::stock::adjust)
                                .service(admin::catalog::stock::movements)
                                .service(admin::catalog::stock::low_stock)
                                .service(admin::catalog::stock::count_list)
                                .service(admin::catalog::stock::count)
                                .service(admin::catalog::bulk::export)
                                .service(admin::catalog::bulk::preview)
                                .service(admin::catalog::bulk::apply)
                                .service(admin::catalog::brands::list)
                                .service(admin::catalog::brands::create)
                                .service(admin::catalog::brands::update)
                                .service(admin::catalog::brands::remove)
                                .service(admin::catalog::categories::list)
                                .service(admin::catalog::categories::create)
                                .service(admin::catalog::categories::update)
                                .service(admin::catalog::categories::remove)
                                .service(admin::catalog::crops::list)
                                .service(admin::catalog::crops::create)
                                .service(admin::catalog::crops::update)
                                .service(admin::catalog::crops::remove)
                                .service(admin::catalog::problems::list)
                                .service(admin::catalog::problems::create)
                                .service(admin::catalog::problems::update)
                                .service(admin::catalog::problems::remove)
                                .service(admin::catalog::synonyms::list)
                                .service(admin::catalog::synonyms::create)
                                .service(admin::catalog::synonyms::update)
                                .service(admin::catalog::synonyms::remove)
                                .service(admin::catalog::crop_links::show)
                                .service(admin::catalog::crop_links::update)
                                .service(admin::catalog::awards::list)
                                .service(admin::catalog::awards::create)
                                .service(admin::catalog::awards::update)
                                .service(admin::catalog::awards::remove)
                                .service(admin::catalog::photos::list)
                                .service(admin::catalog::photos::upload)
                                .service(admin::catalog::photos::remove)
                                // `PUT /photos/order` before `PUT /photos/{photo_id}`, which
                                // would take `order` for a photo id.
                                .service(admin::catalog::photos::reorder)
                                .service(admin::catalog::photos::describe)
                                .service(admin::catalog::pictures::brand_logo)
                                .service(admin::catalog::pictures::remove_brand_logo)
                                .service(admin::catalog::pictures::award_picture)
                                .service(admin::catalog::pictures::remove_award_picture)
                                .default_service(web::to(api_fallback)),
                        )
                        // The orders desk.
                        .service(
                            scope("/orders")
                                .service(admin::orders::list)
                                // Before `/{number}`, which would take these for an order.
                                .service(admin::order_batches::move_many)
                                .service(admin::phone_orders::find_caller)
                                .service(admin::phone_orders::place)
                                .service(admin::orders::show)
                                .service(admin::orders::move_order)
                                .service(admin::orders::add_note)
                                .service(admin::orders::record_payment)
                                .service(admin::orders::record_refund)
                                .service(admin::orders::take_return)
                                .default_service(web::to(api_fallback)),
                        )
                        // Stock by batch.
                        .service(admin::receipts::record)
                        .service(admin::receipts::list)
                        // Before `/stock/receipts/{id}`, which would take `sheet` for a receipt.
                        .service(admin::receipts::preview_sheet)
                        .service(admin::receipts::apply_sheet)
                        .service(admin::receipts::show)
                        .service(admin::batches::of_product)
                        .service(admin::batches::redate)
                        .service(admin::batches::dispose)
                        .service(admin::batches::expiring)
                        .service(admin::batches::expired)
                        .service(admin::batches::undated)
                        .service(admin::gst::overview)
                        .service(admin::gst::download)
                        .service(admin::gst::gstr3b_figures)
                        .service(admin::gst::gstr3b_download)
                        .service(admin::gst::register_download)
                        // The packing desk: orders without prices, for packers too.
                        .service(
                            scope("/packing")
                                .service(admin::packing::list)
                                .service(admin::packing::show)
                                .service(admin::packing::mark_packed)
                                .service(admin::packing::ship)
                                .default_service(web::to(api_fallback)),
                        )
                        .service(admin::reports::sales)
                        .service(admin::reports::sales_csv)
                        .service(admin::reports::products)
                        .service(admin::reports::products_csv)
                        .service(admin::reports::categories)
                        .service(admin::reports::categories_csv)
                        .service(admin::reports::waiting)
                        .service(admin::reports::waiting_csv)
                        .service(admin::reports::stock_value)
                        .service(admin::reports::stock_value_csv)
                        .service(admin::reports::margin)
                        .service(admin::reports::margin_csv)
                        .service(admin::registers::sales_record)
                        .service(admin::registers::sales_record_csv)
                        .service(admin::registers::monthly_return)
                        .service(admin::registers::monthly_return_csv)
                        .service(admin::registers::recipients)
                        .service(admin::registers::send_recall)
                        .default_service(web::to(api_fallback)),
                ))
                .default_service(web::to(api_fallback)),
        ));
}

/// Staff only: [`admin::actor::require_staff`] runs as middleware, before any extractor (so no
/// body is read for a shopper), and the document says what it answers on every route.
fn staff_only<T, B>(scope: Scope<T>) -> impl HttpServiceFactory + OpenApiFactory
where
    T: ServiceFactory<
            ServiceRequest,
            Config = (),
            Response = ServiceResponse<B>,
            Error = actix_web::Error,
            InitError = (),
        > + 'static,
    B: MessageBody + 'static,
{
    answering(
        answers::STAFF,
        scope.wrap(from_fn(admin::actor::require_staff)),
    )
}

/// An `/api` request no handler took (each nested scope falls back here too, or actix would
/// answer its bare 404): 405 with `Allow` when the path exists for other methods
/// (as the contract lists them), else 404.
async fn api_fallback(
    request: HttpRequest,
    document: web::Data<Document>,
) -> Result<HttpResponse, ApiError> {
    let allowed = document.allowed_methods(request.path());
    if allowed.is_empty() {
        return Err(ApiError::NotFound(
            "There is nothing at this address.".into(),
        ));
    }
    Err(ApiError::MethodNotAllowed(allowed.join(", ")))
}

#[cfg(test)]
mod tests {
    use utoipa_actix_web::AppExt;

    use super::*;

    #[test]
    fn allowed_methods_follow_the_contract() {
        let (_, document) = actix_web::App::new()
            .into_utoipa_app()
            .openapi(api_doc::base())
            .configure(api)
            .split_for_parts();
        let document = Document::new(document);
        let allowed = |path| document.allowed_methods(path);
        assert_eq!(allowed("/api/cart/add"), ["POST"]);
        assert_eq!(allowed("/api/addresses/12"), ["PUT", "DELETE"]);
        assert_eq!(allowed("/api/brands/acme"), ["GET", "HEAD"]);
        assert_eq!(
            allowed("/api/admin/catalog/products/1/photos/order"),
            ["PUT"]
        );
        assert_eq!(allowed("/healthz"), ["GET", "HEAD"]);
        assert!(allowed("/api/nothing-here").is_empty());
    }
}
