//! Every path the binary answers, in one table.

use actix_web::{HttpRequest, HttpResponse, web};

use crate::config::Config;
use crate::error::ApiError;
use crate::handlers::*;
use crate::static_files;

pub fn configure(cfg: &mut web::ServiceConfig, config: &Config) {
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
        // METRICS_TOKEN here; see `metrics.rs`).
        .service(health::healthz)
        .service(health::readyz)
        // Another method on a probe: 405 with `Allow`, as under `/api`.
        .route("/healthz", web::route().to(api_fallback))
        .route("/readyz", web::route().to(api_fallback))
        .route(
            "/metrics",
            web::get().to(crate::handlers::metrics::on_main_port),
        )
        .service(
            web::scope("/api")
                .wrap(actix_web::middleware::from_fn(
                    crate::language_vary::vary_on_language,
                ))
                // A staff session's limits hold on every API route.
                .wrap(actix_web::middleware::from_fn(crate::staff_limits::enforce))
                .service(shop::show)
                .service(brands::list)
                .service(brands::show)
                .service(brands::products)
                .service(categories::list)
                .service(categories::show)
                .service(categories::products)
                .service(featured::list)
                .service(awards::list)
                .service(products::show)
                .service(search::search)
                .service(csrf::issue)
                .service(cart::show)
                .service(cart::add)
                .service(cart::update)
                .service(cart::remove)
                .service(cart::clear)
                .service(account::register::register)
                .service(account::sign_in::login)
                .service(account::sign_in::two_factor)
                .service(account::sign_in::logout)
                .service(account::profile::show)
                .service(account::profile::update)
                .service(account::profile::change_password)
                .service(account::profile::set_language)
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
                .service(crate::api_doc::serve)
                // The catalogue desk: the staff check runs as middleware, before any extractor.
                .service(
                    web::scope("/admin/catalog")
                        .wrap(actix_web::middleware::from_fn(admin::actor::require_staff))
                        .service(admin::catalog::products::list)
                        .service(admin::catalog::products::create)
                        .service(admin::catalog::products::show)
                        .service(admin::catalog::products::update)
                        .service(admin::catalog::products::remove)
                        .service(admin::catalog::products::gst_rates)
                        // `/photos/order` before `/photos/{photo_id}`.
                        .service(admin::catalog::photos::reorder)
                        .service(admin::catalog::photos::list)
                        .service(admin::catalog::photos::upload)
                        .service(admin::catalog::photos::describe)
                        .service(admin::catalog::photos::remove)
                        .service(admin::catalog::variants::create)
                        .service(admin::catalog::variants::update)
                        .service(admin::catalog::stock::adjust)
                        .service(admin::catalog::stock::movements)
                        .service(admin::catalog::stock::low_stock)
                        .service(admin::catalog::bulk::export)
                        .service(admin::catalog::bulk::preview)
                        .service(admin::catalog::bulk::apply)
                        .service(admin::catalog::brands::list)
                        .service(admin::catalog::brands::create)
                        .service(admin::catalog::brands::update)
                        .service(admin::catalog::brands::remove)
                        .service(admin::catalog::pictures::brand_logo)
                        .service(admin::catalog::pictures::remove_brand_logo)
                        .service(admin::catalog::categories::list)
                        .service(admin::catalog::categories::create)
                        .service(admin::catalog::categories::update)
                        .service(admin::catalog::categories::remove)
                        .service(admin::catalog::awards::list)
                        .service(admin::catalog::awards::create)
                        .service(admin::catalog::awards::update)
                        .service(admin::catalog::awards::remove)
                        .service(admin::catalog::pictures::award_picture)
                        .service(admin::catalog::pictures::remove_award_picture)
                        .default_service(web::to(api_fallback)),
                )
                // The orders desk, staff only as on the catalogue desk.
                .service(
                    web::scope("/admin/orders")
                        .wrap(actix_web::middleware::from_fn(admin::actor::require_staff))
                        .service(admin::orders::list)
                        .service(admin::orders::show)
                        .service(admin::orders::move_order)
                        .service(admin::orders::add_note)
                        .service(admin::orders::record_payment)
                        .service(admin::orders::record_refund)
                        .default_service(web::to(api_fallback)),
                )
                // Setting up the second factor: for a password step still pending (`Enrolling`).
                .service(
                    web::scope("/admin/two-factor")
                        .service(admin::two_factor::setup)
                        .service(admin::two_factor::confirm)
                        .default_service(web::to(api_fallback)),
                )
                // The rest of the back office: staff only, checked before any extractor as on the
                // desk (the dashboard, customers, the contact inbox); staff management and the
                // audit log then ask for an admin (`Admin`).
                .service(
                    web::scope("/admin")
                        .wrap(actix_web::middleware::from_fn(admin::actor::require_staff))
                        .service(admin::dashboard::show)
                        .service(admin::dashboard::new_orders)
                        .service(admin::customers::list)
                        .service(admin::customers::show)
                        .service(admin::customers::order_list)
                        .service(admin::customers::password_reset)
                        .service(admin::messages::list)
                        .service(admin::messages::show)
                        .service(admin::messages::set_handled)
                        .service(admin::staff::list)
                        .service(admin::staff::invite)
                        .service(admin::staff::update)
                        .service(admin::staff::disable)
                        .service(admin::staff::enable)
                        .service(admin::audit::list)
                        .service(admin::gst::overview)
                        .service(admin::gst::download)
                        .default_service(web::to(api_fallback)),
                )
                .default_service(web::to(api_fallback)),
        );
    static_files::configure(cfg, &config.media_dir, &config.static_dir);
}

/// An `/api` request no handler took (each nested scope falls back here too, or actix would
/// answer its bare 404): 405 with `Allow` when the path exists for other methods
/// (as the contract lists them), else 404.
async fn api_fallback(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let allowed = crate::api_doc::allowed_methods(request.path());
    if allowed.is_empty() {
        return Err(ApiError::NotFound(
            "There is nothing at this address.".into(),
        ));
    }
    Err(ApiError::MethodNotAllowed(allowed.join(", ")))
}
