//! How the shop reaches an order's customer, so that the desk's words say what really happens
//! when staff move the order ("The customer gets an e-mail and a WhatsApp message", or "send it
//! yourself").

use db::DbConnection;
use serde::Serialize;

use crate::order::phone_news::PhoneChannel;
use crate::order::{OrderView, consent};

/// Who hears of the order's news, and how.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CustomerReach {
    /// Whether the customer gave an e-mail address (each event mails it).
    pub email: bool,
    /// The shop's phone channel.
    pub phone_channel: PhoneChannel,
    /// Whether the customer's number said yes to order updates on the phone (and has not
    /// withdrawn it): only then does the phone channel send them.
    pub phone_consent: bool,
}

impl CustomerReach {
    pub(super) fn of(
        conn: &mut DbConnection,
        order: &OrderView,
        phone_channel: PhoneChannel,
    ) -> diesel::QueryResult<Self> {
        Ok(Self {
            email: order.contact.email.is_some(),
            phone_channel,
            phone_consent: consent::wants_order_updates(conn, &order.contact.phone)?,
        })
    }
}
