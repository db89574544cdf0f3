//! Whether a phone number's owner wants order updates on their phone (WhatsApp or SMS), as India's
//! Digital Personal Data Protection Act, 2023 asks: given after a notice (s. 5), for this purpose
//! only, and withdrawn as easily as given (s. 6(4)): a switch at checkout or in the profile, or a
//! reply of STOP. The choice is kept with the notice's version, when and where it was made. Sign-in
//! codes are not order updates: they are sent whatever the choice.

use chrono::Utc;
use db::DbConnection;
use db::schema::phone_consents;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};

/// The version of the notice shown beside the choice (`frontend/src/locales/*.json`,
/// `consent.notice`); a new wording gets a new version, so each choice says what it answered.
pub const NOTICE_VERSION: &str = "2026-12-v1";

/// Where a choice was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceVia {
    Checkout,
    Profile,
    /// A reply of STOP to one of the shop's messages.
    StopReply,
    /// Said on a call to the shop, ticked by the staff taking the order.
    PhoneCall,
}

impl ChoiceVia {
    fn as_str(self) -> &'static str {
        match self {
            ChoiceVia::Checkout => "checkout",
            ChoiceVia::Profile => "profile",
            ChoiceVia::StopReply => "stop_reply",
            ChoiceVia::PhoneCall => "phone_call",
        }
    }
}

/// Records the choice for `phone` (E.164), replacing any earlier one.
pub fn record(
    conn: &mut DbConnection,
    phone: &str,
    order_updates: bool,
    via: ChoiceVia,
) -> QueryResult<()> {
    let now = Utc::now().naive_utc();
    let choice = (
        phone_consents::order_updates.eq(order_updates),
        phone_consents::notice_version.eq(NOTICE_VERSION),
        phone_consents::decided_at.eq(now),
        phone_consents::via.eq(via.as_str()),
    );
    // An update, else an insert (the connection serves both databases, so no upsert); when
    // another transaction inserted the number in between, its row is updated instead.
    for _ in 0..2 {
        let updated = diesel::update(phone_consents::table.find(phone))
            .set(choice)
            .execute(conn)?;
        if updated == 1 {
            return Ok(());
        }
        // A savepoint of its own: on PostgreSQL a failed insert would end the whole transaction.
        let inserted = conn.transaction(|conn| {
            diesel::insert_into(phone_consents::table)
                .values((phone_consents::phone.eq(phone), choice))
                .execute(conn)
        });
        match inserted {
            Err(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => continue,
            inserted => return inserted.map(|_| ()),
        }
    }
    Ok(())
}

/// Whether `phone`'s owner said yes to order updates (no choice is a no).
pub fn wants_order_updates(conn: &mut DbConnection, phone: &str) -> QueryResult<bool> {
    Ok(phone_consents::table
        .find(phone)
        .select(phone_consents::order_updates)
        .first(conn)
        .optional()?
        .unwrap_or(false))
}
