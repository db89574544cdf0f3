//! Add to cart as a plain HTML form (`POST /cart/add`, outside the API): what a drawn page's
//! form sends when the shopper taps before the app's code has come. It answers like a page, never
//! with JSON: a 303 back to the page she was on with `#cart` (the app opens the cart there), or
//! a short page that says what was wrong, with a link back.
//!
//! A drawn page is cached and shared, so its form cannot carry the session's anti-forgery token
//! (the API's `X-XSRF-TOKEN`). Instead the browser's own word on where the form came from is
//! required: `Sec-Fetch-Site: same-origin`, or, from a browser that does not send it, an `Origin`
//! that is the shop's own. The session cookie is `SameSite=Lax`, so a form posted from another
//! site does not carry it either. This is the only state-changing route outside `/api`; a GET
//! of it changes nothing (it is an unknown page).

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use db::{ProductId, VariantId};
use orders::cart::{self, CartError, LineTarget, Quantity};
use pages::escape_html as escape;
use paths::Locale;

use crate::messages;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::ApiError;
use crate::extractors::SessionCart;
use crate::handlers::cart::cart_for_change;
use crate::state::AppState;

/// The form's address (`frontend/src/features/catalog/components/PurchasePanel.tsx`).
pub const PATH: &str = "/cart/add";

/// Why a form post was not taken, as the shopper reads it.
#[derive(Debug, PartialEq, Eq)]
enum Refusal {
    /// Not from the shop's own page (or the browser would not say).
    ElsewhereSent,
    /// A field missing or not a number.
    Unreadable(&'static str),
    Cart(String, StatusCode),
}

pub async fn add(
    state: web::Data<AppState>,
    request: HttpRequest,
    session: Session,
    cart: SessionCart,
    body: web::Bytes,
) -> HttpResponse {
    let fields = std::str::from_utf8(&body)
        .ok()
        .and_then(|text| web::Query::<HashMap<String, String>>::from_query(text).ok())
        .map(web::Query::into_inner)
        .unwrap_or_default();
    let back = back_to(fields.get("back").map(String::as_str));
    if !sent_from_the_shop(&request, &state.config.public_url, state.config.is_https()) {
        return refused(&Refusal::ElsewhereSent, &back);
    }
    let line = match read_line(&fields) {
        Ok(line) => line,
        Err(refusal) => return refused(&refusal, &back),
    };
    let cart = match cart_for_change(&session, cart) {
        Ok(cart) => cart,
        Err(error) => {
            tracing::error!(%error, "a form's cart could not be kept in the session");
            return refused(
                &Refusal::Cart(
                    "The cart could not be kept; please try again.".into(),
                    StatusCode::SERVICE_UNAVAILABLE,
                ),
                &back,
            );
        }
    };
    let (target, quantity) = line;
    // The cart's own refusal is kept apart from the pool's (which `with_conn` answers as an API
    // error), so each can be told to the shopper in its own words.
    let added = state
        .with_conn(move |conn| Ok::<_, ApiError>(cart::add(conn, &cart, target, quantity)))
        .await;
    match added {
        Ok(Ok(())) => HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("{back}#cart")))
            .cached(CachePolicy::NoStore)
            .finish(),
        Ok(Err(error)) => refused(&cart_refusal(error), &back),
        Err(error) => {
            tracing::error!(%error, "a form's Add to cart found no database connection");
            refused(
                &Refusal::Cart(
                    "The cart could not be changed just now; please try again.".into(),
                    StatusCode::SERVICE_UNAVAILABLE,
                ),
                &back,
            )
        }
    }
}

/// The browser says the form was sent from a page of this shop: `Sec-Fetch-Site: same-origin`,
/// or (a browser without fetch metadata) an `Origin` that is the shop's address or the host the
/// request was sent to. Anything else, including no word at all, is refused.
fn sent_from_the_shop(request: &HttpRequest, public_url: &str, https: bool) -> bool {
    let header_text = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
    };
    match header_text("sec-fetch-site") {
        Some("same-origin") => return true,
        Some(_) => return false,
        None => {}
    }
    let Some(origin) = header_text(header::ORIGIN.as_str()) else {
        return false;
    };
    let own_host = header_text(header::HOST.as_str())
        .map(|host| format!("{}://{host}", if https { "https" } else { "http" }));
    origin == public_url.trim_end_matches('/') || own_host.is_some_and(|own| origin == own)
}

/// Where to send the shopper back: the page she posted from, when it is a path of this site.
fn back_to(back: Option<&str>) -> String {
    match back {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains(['\\', '#', '\r', '\n'])
                && path.len() <= 512 =>
        {
            path.to_owned()
        }
        _ => "/".to_owned(),
    }
}

fn read_line(fields: &HashMap<String, String>) -> Result<(LineTarget, Quantity), Refusal> {
    let number = |name: &str| fields.get(name).map(|value| value.trim().parse::<i64>());
    let product_id = match number("product_id") {
        Some(Ok(id)) if id > 0 => ProductId(id),
        _ => return Err(Refusal::Unreadable("Which product to add was not sent.")),
    };
    let variant_id = match number("variant_id") {
        None => None,
        Some(Ok(id)) if id > 0 => Some(VariantId(id)),
        Some(_) => {
            return Err(Refusal::Unreadable(
                "The pack size sent is not one of ours.",
            ));
        }
    };
    let quantity = number("quantity")
        .and_then(Result::ok)
        .and_then(|value| Quantity::new(value).ok())
        .ok_or(Refusal::Unreadable(
            "The quantity must be a whole number from 1 to 9,999.",
        ))?;
    Ok((
        LineTarget {
            product_id,
            variant_id,
        },
        quantity,
    ))
}

fn cart_refusal(error: CartError) -> Refusal {
    let status = match &error {
        CartError::ProductNotFound => StatusCode::NOT_FOUND,
        CartError::VariantNotFound | CartError::VariantRequired => StatusCode::UNPROCESSABLE_ENTITY,
        CartError::InsufficientStock { .. } | CartError::LineLimit | CartError::TooLarge => {
            StatusCode::CONFLICT
        }
        CartError::NotInCart => StatusCode::NOT_FOUND,
        CartError::Database(_) | CartError::InvalidData(_) => {
            tracing::error!(%error, "a form's Add to cart failed");
            return Refusal::Cart(
                "The cart could not be changed just now; please try again.".into(),
                StatusCode::SERVICE_UNAVAILABLE,
            );
        }
    };
    Refusal::Cart(error.to_string(), status)
}

/// A short page that says why, with a link back to the page the form was on.
fn refused(refusal: &Refusal, back: &str) -> HttpResponse {
    let (status, message) = match refusal {
        Refusal::ElsewhereSent => (
            StatusCode::FORBIDDEN,
            "This form can only be sent from the shop's own pages. Please open the product again and tap Add to cart there.",
        ),
        Refusal::Unreadable(message) => (StatusCode::UNPROCESSABLE_ENTITY, *message),
        Refusal::Cart(message, status) => (*status, message.as_str()),
    };
    // In the language of the page the form was on (the catalogues of `crate::messages`).
    let locale = Locale::split_path(back).0;
    let words = |text: &str| escape(&messages::translate(locale, text));
    let title = words("Not added to the cart");
    let body = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title></head>\
         <body style=\"font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem\">\
         <h1>{title}</h1><p role=\"alert\">{}</p>\
         <p><a href=\"{}\">{}</a></p></body></html>",
        words(message),
        escape(back),
        words("Back to the page"),
        lang = locale.code(),
    );
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .cached(CachePolicy::NoStore)
        .body(body)
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    const SHOP: &str = "https://shop.example";

    fn from(headers: &[(&str, &str)]) -> bool {
        let mut request = TestRequest::post().insert_header(("host", "shop.example"));
        for header in headers {
            request = request.insert_header(*header);
        }
        sent_from_the_shop(&request.to_http_request(), SHOP, true)
    }

    #[test]
    fn only_the_shops_own_pages_may_post_the_form() {
        assert!(from(&[("sec-fetch-site", "same-origin")]));
        assert!(from(&[("origin", SHOP)]));
        assert!(!from(&[]), "no word from the browser");
        assert!(!from(&[("origin", "https://evil.example")]));
        assert!(!from(&[("origin", "null")]));
        assert!(!from(&[("sec-fetch-site", "cross-site"), ("origin", SHOP)]));
        assert!(!from(&[("sec-fetch-site", "same-site")]));
        assert!(
            !from(&[("origin", "http://shop.example")]),
            "not the scheme served"
        );
    }

    #[test]
    fn the_way_back_stays_on_the_site() {
        assert_eq!(
            back_to(Some("/ml/dealer/a/b?pack=25-kg")),
            "/ml/dealer/a/b?pack=25-kg"
        );
        for elsewhere in [
            None,
            Some("https://evil.example/"),
            Some("//evil.example"),
            Some("/\\evil"),
            Some("x"),
        ] {
            assert_eq!(back_to(elsewhere), "/");
        }
    }
}
