//! Customers for the back office: found by name, e-mail or phone, opened, and sent a password
//! reset mail. Staff never see or set a password; only shopper accounts (role `customer`) are
//! customers here, staff accounts stay on the staff page.

use chrono::NaiveDateTime;
use db::audit::{self, AuditEntry};
use db::schema::users;
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;
use serde::Serialize;

use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::{AccountError, MailContext};

const CUSTOMER: &str = "customer";

/// A customer as the back office shows them: never a password hash or token.
#[derive(Debug, Clone, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = users)]
pub struct Customer {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub name: String,
    /// `null` for an account opened with a mobile number alone.
    #[schema(required = true)]
    pub email: Option<String>,
    /// As given at registration (`+919847012345`); `null` when none was given.
    #[schema(required = true)]
    pub phone: Option<String>,
    /// When a code sent to the number was entered; `null` while it is not.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub phone_verified_at: Option<NaiveDateTime>,
    /// When the address was confirmed; `null` while it is not.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub email_verified_at: Option<NaiveDateTime>,
    /// When the account was disabled; `null` while it may sign in.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub disabled_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// What to look for: words matched anywhere in the name or e-mail (any case), and the digits
/// in the phone number. Built with [`CustomerSearch::parse`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CustomerSearch {
    /// Lower-case text; `None` lists everyone.
    text: Option<String>,
    /// The search's digits, when it has at least three (`98470 12345` finds `+919847012345`).
    digits: Option<String>,
    /// As typed (trimmed), for the audit log.
    typed: String,
}

impl CustomerSearch {
    pub const MAX_CHARS: usize = 100;

    /// A search as typed: blank means everyone; more than 100 characters is refused.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let raw = raw.trim();
        if raw.chars().count() > Self::MAX_CHARS {
            return Err(format!(
                "The search may be at most {} characters.",
                Self::MAX_CHARS
            ));
        }
        if fields::text::has_control(raw) {
            return Err("The search may not contain control characters.".into());
        }
        if raw.is_empty() {
            return Ok(Self::default());
        }
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        Ok(Self {
            text: Some(raw.to_lowercase()),
            digits: (digits.len() >= 3).then_some(digits),
            typed: raw.to_owned(),
        })
    }

    pub(crate) fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    pub(crate) fn digits(&self) -> Option<&str> {
        self.digits.as_deref()
    }

    pub(crate) fn typed(&self) -> &str {
        &self.typed
    }
}

/// Opens a customer's details for `actor` (a member of staff), and records that they did:
/// who read whose personal data is kept (the Digital Personal Data Protection Act 2023 asks
/// the shop to protect it and account for its use).
pub fn open_customer(
    conn: &mut DbConnection,
    actor: UserId,
    id: UserId,
    what: CustomerRead,
) -> Result<Customer, AccountError> {
    let customer = find_customer(conn, id)?;
    let action = match what {
        CustomerRead::Details => "customer.view",
        CustomerRead::Orders => "customer.orders_view",
    };
    let id = id.to_string();
    record_read(conn, actor, action, ("user", &id), serde_json::json!({}))?;
    Ok(customer)
}

/// Which of a customer's pages a member of staff opened.
#[derive(Debug, Clone, Copy)]
pub enum CustomerRead {
    /// Their details and addresses.
    Details,
    /// Their orders.
    Orders,
}

fn record_read(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    (entity, entity_id): (&str, &str),
    values: serde_json::Value,
) -> QueryResult<()> {
    let values = values.to_string();
    audit::record(
        conn,
        &AuditEntry {
            actor_id: Some(actor),
            action,
            entity,
            entity_id,
            old_values: None,
            new_values: Some(&values),
        },
    )
}

/// The customer with this id; [`AccountError::NotFound`] for no account or a staff account.
pub fn find_customer(conn: &mut DbConnection, id: UserId) -> Result<Customer, AccountError> {
    users::table
        .find(id)
        .filter(users::role.eq(CUSTOMER))
        .filter(users::erased_at.is_null())
        .select(Customer::as_select())
        .first(conn)
        .optional()?
        .ok_or(AccountError::NotFound)
}

/// The language of the customer's mail (English when they never chose one).
fn customer_locale(conn: &mut DbConnection, id: UserId) -> QueryResult<paths::Locale> {
    let code: Option<String> = users::table.find(id).select(users::locale).first(conn)?;
    Ok(code
        .as_deref()
        .and_then(paths::Locale::parse)
        .unwrap_or_default())
}

/// Mails the customer a link to choose a new password (the same mail and one-hour token as
/// "Forgot password", retiring earlier links), and records who sent it; 409 for a customer
/// without an e-mail address. The password itself
/// stays as it is until the customer uses the link.
pub fn send_password_reset(
    conn: &mut DbConnection,
    actor: UserId,
    id: UserId,
    mail: &MailContext,
) -> Result<Customer, AccountError> {
    write_transaction(conn, |conn| {
        let customer = find_customer(conn, id)?;
        let Some(email) = customer.email.as_deref() else {
            return Err(AccountError::Conflict(
                "This customer has no e-mail address: they sign in with a code sent to their phone."
                    .into(),
            ));
        };
        let token = tokens::issue(conn, customer.id, Purpose::ResetPassword)?;
        let locale = customer_locale(conn, customer.id)?;
        outbox::enqueue(
            conn,
            &mail.password_reset(locale, email, &customer.name, &token),
        )?;
        let sent_to = serde_json::json!({ "email": customer.email }).to_string();
        audit::record(
            conn,
            &AuditEntry {
                actor_id: Some(actor),
                action: "customer.password_reset",
                entity: "user",
                entity_id: &customer.id.to_string(),
                old_values: None,
                new_values: Some(&sent_to),
            },
        )?;
        Ok(customer)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_lower_case_and_keeps_the_digits() {
        let search = CustomerSearch::parse("  50%_Off\\ ").unwrap();
        assert_eq!(search.text.as_deref(), Some("50%_off\\"));
        assert_eq!(search.digits, None);
        let search = CustomerSearch::parse("+91 98470 12345").unwrap();
        assert_eq!(search.digits.as_deref(), Some("919847012345"));
        assert_eq!(
            CustomerSearch::parse("   ").unwrap(),
            CustomerSearch::default()
        );
        assert!(CustomerSearch::parse(&"a".repeat(101)).is_err());
    }
}
