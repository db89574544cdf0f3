//! Links in messages that open an order without signing in, for 30 days
//! ([`paths::OrderLinkKey`]): a shopper reading an SMS on a phone that is not signed in still
//! reaches her order and its invoice. Past that, or with a key that is not the server's, the
//! order opens only as any order does (its account, or a guest order by its UUID).

use chrono::{Duration, Utc};
use db::schema::orders;
use db::{DbConnection, OrderId, UserId};
use diesel::prelude::*;
use mail::MailContext;
use paths::{Locale, ORDER_LINK_DAYS, OrderLinkKey, Page};

use super::{OrderError, OrderView, order_by_id, order_for_viewer};

/// Where on the order's page its tax invoice is (`frontend/src/components/order-paper/`).
const INVOICE_ANCHOR: &str = "#tax-invoice";

/// A key that opens the order `uuid` for the next 30 days.
pub fn order_key(links: &OrderLinkKey, uuid: &str) -> String {
    let expires = Utc::now() + Duration::days(ORDER_LINK_DAYS);
    links.sign(uuid, expires.timestamp())
}

/// The address of the order's page in `locale` that opens without signing in.
pub fn order_link(mail: &MailContext, locale: Locale, uuid: &str) -> String {
    let key = order_key(&mail.order_links, uuid);
    mail.link_in(locale, Page::SignedOrder { uuid, key: &key })
}

/// The same, at the order's tax invoice.
pub fn invoice_link(mail: &MailContext, locale: Locale, uuid: &str) -> String {
    order_link(mail, locale, uuid) + INVOICE_ANCHOR
}

/// The order with this UUID for a viewer who may hold a link's `key`: a key that opens it opens
/// it for anyone; otherwise (none, wrong, expired) the order opens as [`order_for_viewer`] says.
pub fn order_by_link(
    conn: &mut DbConnection,
    links: &OrderLinkKey,
    uuid: &str,
    key: Option<&str>,
    viewer: Option<UserId>,
) -> Result<OrderView, OrderError> {
    match key {
        Some(key) if links.opens(uuid, key, Utc::now().timestamp()) => {
            let id: OrderId = orders::table
                .filter(orders::uuid.eq(uuid))
                .select(orders::id)
                .first(conn)
                .optional()?
                .ok_or(OrderError::NotFound)?;
            order_by_id(conn, id)
        }
        _ => order_for_viewer(conn, uuid, viewer),
    }
}
