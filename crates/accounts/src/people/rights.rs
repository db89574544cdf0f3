//! A person's rights over their data under India's Digital Personal Data Protection Act 2023:
//! a copy of what the shop holds about them (s. 11, right to access) and its erasure (s. 12(3),
//! right to erasure), asked for by the person from their profile or by staff on their behalf.
//!
//! What erasure keeps, and why. Section 8(7) of the Act asks for erasure "unless retention is
//! necessary for compliance with any law"; these laws ask the shop to keep its sale records:
//! - CGST Act 2017 s. 35 and 36, CGST Rules 2017 r. 56: accounts (invoices, bills of supply,
//!   credit notes) kept 72 months from the due date of the annual return for the year;
//! - CGST Rules r. 46: a tax invoice shows the buyer's name and address, the state (with its
//!   code) and their GSTIN when registered; for an unregistered buyer also the delivery address
//!   (r. 46(f), for ₹50,000 or more; below that only when asked, r. 46(g));
//! - Insecticides Rules 1971 and the Fertiliser (Control) Order 1985: a dealer keeps stock and
//!   sale records for inspection (we have not checked the rule and clause numbers or how long;
//!   the 72 months of the GST rules is the longer we know of).
//!
//! So an erased person's orders keep the name, the billing and delivery addresses (without the
//! phone number the checkout copied into them), the state and the GSTIN; everything else goes:
//! the phone and e-mail on the orders, the shopper's order note, the account's e-mail, phone,
//! password, sessions, tokens, saved addresses, cart, consents, contact messages, staff's note
//! and the messages the outbox holds for them. The account row stays (orders and the audit log
//! point at it) with a placeholder name and no way to sign in.
//!
//! Not sure, and said so: whether the sale records of the Insecticides Rules or the Fertiliser
//! (Control) Order need the buyer's phone (we read them as asking for name and address), and whether the delivery
//! address of an order below ₹50,000 could go too (kept: r. 46(g) allows it on the invoice, and
//! the invoice is printed from the order). The audit log is append-only (refused by triggers) and
//! keeps what staff did, which may name the person; it is the shop's record of processing.

use chrono::Utc;
use db::schema::{
    addresses, carts, contact_messages, customer_notes, erased_orders, order_lines, orders, outbox,
    phone_codes, phone_consents, sessions, user_tokens, users,
};
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;
use serde_json::{Value, json};

use super::directory::{OrderFacts, account_note_key, guest_note_key, order_key};
use super::{CustomerRef, Person, PersonKind, find, order_ids, record};
use crate::AccountError;
use crate::passwords::PasswordHasher;
use crate::phone_codes::{CodeKey, CodePurpose, consume};
use crate::users::password_hash;

/// What an erased account is called from then on.
pub const ERASED_NAME: &str = "Erased customer";

/// Who asked: the person themselves, or a member of staff on their behalf.
#[derive(Debug, Clone, Copy)]
pub enum Asker {
    Themselves(UserId),
    Staff(UserId),
}

impl Asker {
    fn actor(self) -> UserId {
        match self {
            Self::Themselves(id) | Self::Staff(id) => id,
        }
    }
}

/// How a shopper confirms they mean to erase their account.
#[derive(Debug, Clone)]
pub enum Confirmation {
    Password(String),
    /// A sign-in code sent to the account's verified number (`POST /api/login/code-request`).
    Code(String),
}

/// Everything the shop holds about the person, as one JSON document (DPDP Act 2023, s. 11).
/// Audited as `customer.export`.
pub fn export(
    conn: &mut DbConnection,
    asker: Asker,
    target: &CustomerRef,
) -> Result<Value, AccountError> {
    let (person, orders) = find(conn, target)?;
    let (emails, phones) = contacts(conn, &person, &orders)?;
    let profile = match target {
        CustomerRef::Account(id) => account_profile(conn, *id)?,
        CustomerRef::Guest(_) => Value::Null,
    };
    let saved_addresses = match target {
        CustomerRef::Account(id) => saved_addresses(conn, *id)?,
        CustomerRef::Guest(_) => Vec::new(),
    };
    let document = json!({
        "exported_at": stamp(Utc::now().naive_utc()),
        "kind": person.kind,
        "name": person.name,
        "profile": profile,
        "addresses": saved_addresses,
        "orders": order_documents(conn, &orders)?,
        "messages": messages(conn, &emails, &phones)?,
        "consents": consents(conn, &phones)?,
        "staff_note": person.note,
    });
    record(
        conn,
        Some(asker.actor()),
        "customer.export",
        target,
        None,
        None,
    )?;
    Ok(document)
}

/// The account's and its orders' e-mail addresses and phone numbers.
fn contacts(
    conn: &mut DbConnection,
    person: &Person,
    orders: &[OrderFacts],
) -> QueryResult<(Vec<String>, Vec<String>)> {
    let mut emails: Vec<String> = orders.iter().filter_map(|o| o.email.clone()).collect();
    let mut phones: Vec<String> = orders
        .iter()
        .map(|o| o.phone.clone())
        .filter(|p| !p.is_empty())
        .collect();
    if let Some(id) = person.id {
        let (email, phone): (Option<String>, Option<String>) = users::table
            .find(id)
            .select((users::email, users::phone))
            .first(conn)?;
        emails.extend(email);
        phones.extend(phone);
        phones.extend(
            addresses::table
                .filter(addresses::user_id.eq(id))
                .select(addresses::phone)
                .load::<String>(conn)?,
        );
    }
    for list in [&mut emails, &mut phones] {
        list.sort();
        list.dedup();
    }
    Ok((emails, phones))
}

fn account_profile(conn: &mut DbConnection, id: UserId) -> QueryResult<Value> {
    type Row = (
        String,
        Option<String>,
        Option<String>,
        Option<chrono::NaiveDateTime>,
        Option<chrono::NaiveDateTime>,
        Option<String>,
        chrono::NaiveDateTime,
    );
    let (name, email, phone, email_verified, phone_verified, locale, created): Row = users::table
        .find(id)
        .select((
            users::name,
            users::email,
            users::phone,
            users::email_verified_at,
            users::phone_verified_at,
            users::locale,
            users::created_at,
        ))
        .first(conn)?;
    let at = |t: Option<chrono::NaiveDateTime>| t.map(stamp);
    Ok(json!({
        "name": name,
        "email": email,
        "email_verified_at": at(email_verified),
        "phone": phone,
        "phone_verified_at": at(phone_verified),
        "language": locale,
        "created_at": stamp(created),
    }))
}

fn saved_addresses(conn: &mut DbConnection, id: UserId) -> QueryResult<Vec<Value>> {
    type Row = (
        Option<String>,
        String,
        String,
        String,
        Option<String>,
        String,
        String,
        String,
        String,
    );
    let rows: Vec<Row> = addresses::table
        .filter(addresses::user_id.eq(id))
        .order(addresses::id.asc())
        .select((
            addresses::label,
            addresses::name,
            addresses::phone,
            addresses::line1,
            addresses::line2,
            addresses::city,
            addresses::district,
            addresses::state,
            addresses::pincode,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(label, name, phone, line1, line2, city, district, state, pincode)| {
                json!({
                    "label": label, "name": name, "phone": phone, "line1": line1,
                    "line2": line2, "city": city, "district": district, "state": state,
                    "pincode": pincode,
                })
            },
        )
        .collect())
}

/// A time as the API writes them (RFC 3339, UTC).
fn stamp(at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)
}

fn parsed(raw: &str) -> Value {
    serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_owned()))
}

fn rupees(paise: i64) -> Value {
    json!(pricing::Paise::new(paise))
}

fn order_documents(conn: &mut DbConnection, facts: &[OrderFacts]) -> QueryResult<Vec<Value>> {
    type Row = (
        i64,
        String,
        String,
        String,
        Option<String>,
        String,
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        i64,
        chrono::NaiveDateTime,
    );
    let rows: Vec<Row> = orders::table
        .filter(orders::id.eq_any(order_ids(facts)))
        .order((orders::created_at.asc(), orders::id.asc()))
        .select((
            orders::id,
            orders::number,
            orders::status,
            orders::contact_name,
            orders::contact_email,
            orders::contact_phone,
            orders::shipping_address,
            orders::billing_address,
            orders::gstin,
            orders::business_name,
            orders::notes,
            orders::total_paise,
            orders::created_at,
        ))
        .load(conn)?;
    let mut documents = Vec::with_capacity(rows.len());
    for (id, number, status, name, email, phone, ship, bill, gstin, business, notes, total, at) in
        rows
    {
        let lines: Vec<(String, Option<String>, i32, i64, i64)> = order_lines::table
            .filter(order_lines::order_id.eq(id))
            .order(order_lines::position.asc())
            .select((
                order_lines::product_name,
                order_lines::variant_name,
                order_lines::quantity,
                order_lines::unit_price_paise,
                order_lines::total_paise,
            ))
            .load(conn)?;
        let lines: Vec<Value> = lines
            .into_iter()
            .map(|(product, variant, quantity, unit, line_total)| {
                json!({
                    "product": product, "variant": variant, "quantity": quantity,
                    "unit_price": rupees(unit), "total": rupees(line_total),
                })
            })
            .collect();
        documents.push(json!({
            "number": number,
            "status": status,
            "placed_at": stamp(at),
            "contact": { "name": name, "email": email, "phone": phone },
            "shipping_address": parsed(&ship),
            "billing_address": parsed(&bill),
            "gstin": gstin,
            "business_name": business,
            "note": notes,
            "total": rupees(total),
            "lines": lines,
        }));
    }
    Ok(documents)
}

fn messages(
    conn: &mut DbConnection,
    emails: &[String],
    phones: &[String],
) -> QueryResult<Vec<Value>> {
    type Row = (
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        String,
        chrono::NaiveDateTime,
    );
    let rows: Vec<Row> = contact_messages::table
        .filter(
            contact_messages::email
                .eq_any(emails)
                .or(contact_messages::phone.eq_any(phones)),
        )
        .order(contact_messages::id.asc())
        .select((
            contact_messages::name,
            contact_messages::email,
            contact_messages::phone,
            contact_messages::subject,
            contact_messages::message,
            contact_messages::created_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(name, email, phone, subject, message, at)| {
            json!({
                "name": name, "email": email, "phone": phone, "subject": subject,
                "message": message, "sent_at": stamp(at),
            })
        })
        .collect())
}

fn consents(conn: &mut DbConnection, phones: &[String]) -> QueryResult<Vec<Value>> {
    let rows: Vec<(String, bool, String, chrono::NaiveDateTime, String)> = phone_consents::table
        .filter(phone_consents::phone.eq_any(phones))
        .select((
            phone_consents::phone,
            phone_consents::order_updates,
            phone_consents::notice_version,
            phone_consents::decided_at,
            phone_consents::via,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(phone, yes, notice, at, via)| {
            json!({
                "phone": phone, "order_updates_on_phone": yes, "notice_version": notice,
                "decided_at": stamp(at), "via": via,
            })
        })
        .collect())
}

/// An address snapshot on an order without the phone number checkout copied into it. An
/// unreadable snapshot is left as it is (nothing of ours wrote one).
fn without_phone(raw: &str) -> String {
    match serde_json::from_str::<Value>(raw) {
        Ok(Value::Object(mut address)) => {
            if address.contains_key("phone") {
                address.insert("phone".into(), Value::String(String::new()));
            }
            Value::Object(address).to_string()
        }
        _ => raw.to_owned(),
    }
}

/// What erasure did, without anything about the person.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Erasure {
    /// The orders kept for the tax and sale-record rules, with the buyer's name, addresses,
    /// state and GSTIN only.
    pub orders_kept: Vec<String>,
}

/// Erases the person's data, keeping their orders as the law requires (see the module), in one
/// transaction with its `customer.erase` audit row. The account can never sign in again.
pub fn erase(
    conn: &mut DbConnection,
    asker: Asker,
    target: &CustomerRef,
) -> Result<Erasure, AccountError> {
    write_transaction(conn, |conn| erase_in(conn, asker, target))
}

fn erase_in(
    conn: &mut DbConnection,
    asker: Asker,
    target: &CustomerRef,
) -> Result<Erasure, AccountError> {
    let (person, facts) = find(conn, target)?;
    let (emails, phones) = contacts(conn, &person, &facts)?;
    let now = Utc::now().naive_utc();
    let ids = order_ids(&facts);

    type Addresses = (i64, String, String);
    let snapshots: Vec<Addresses> = orders::table
        .filter(orders::id.eq_any(&ids))
        .select((
            orders::id,
            orders::shipping_address,
            orders::billing_address,
        ))
        .load(conn)?;
    for (id, shipping, billing) in snapshots {
        diesel::update(orders::table.find(id))
            .set((
                orders::contact_email.eq(None::<String>),
                orders::contact_phone.eq(""),
                orders::notes.eq(None::<String>),
                orders::shipping_address.eq(without_phone(&shipping)),
                orders::billing_address.eq(without_phone(&billing)),
            ))
            .execute(conn)?;
        diesel::insert_into(erased_orders::table)
            .values((
                erased_orders::order_id.eq(id),
                erased_orders::erased_at.eq(now),
            ))
            .execute(conn)?;
    }

    let mut addressed = emails.clone();
    addressed.extend(phones.iter().cloned());
    // WhatsApp and SMS rows may hold the number without its `+`.
    addressed.extend(phones.iter().map(|p| p.trim_start_matches('+').to_owned()));
    diesel::delete(
        outbox::table.filter(
            outbox::to_address
                .eq_any(&addressed)
                .or(outbox::order_id.eq_any(&ids)),
        ),
    )
    .execute(conn)?;
    diesel::delete(phone_consents::table.filter(phone_consents::phone.eq_any(&phones)))
        .execute(conn)?;
    diesel::delete(phone_codes::table.filter(phone_codes::phone.eq_any(&phones))).execute(conn)?;
    diesel::delete(
        contact_messages::table.filter(
            contact_messages::email
                .eq_any(&emails)
                .or(contact_messages::phone.eq_any(&phones)),
        ),
    )
    .execute(conn)?;
    let mut note_keys: Vec<String> = facts
        .iter()
        .map(|order| guest_note_key(&order_key(&order.uuid)))
        .collect();

    if let (PersonKind::Account, Some(id)) = (person.kind, person.id) {
        note_keys.push(account_note_key(id));
        diesel::delete(sessions::table.filter(sessions::user_id.eq(id))).execute(conn)?;
        diesel::delete(user_tokens::table.filter(user_tokens::user_id.eq(id))).execute(conn)?;
        diesel::delete(addresses::table.filter(addresses::user_id.eq(id))).execute(conn)?;
        // Cart lines go with their cart (ON DELETE CASCADE).
        diesel::delete(carts::table.filter(carts::user_id.eq(id))).execute(conn)?;
        diesel::update(users::table.find(id))
            .set((
                users::name.eq(ERASED_NAME),
                users::email.eq(None::<String>),
                users::phone.eq(None::<String>),
                users::password_hash.eq(None::<String>),
                users::email_verified_at.eq(None::<chrono::NaiveDateTime>),
                users::phone_verified_at.eq(None::<chrono::NaiveDateTime>),
                users::locale.eq(None::<String>),
                users::disabled_at.eq(Some(now)),
                users::erased_at.eq(Some(now)),
                users::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    diesel::delete(customer_notes::table.filter(customer_notes::customer_key.eq_any(&note_keys)))
        .execute(conn)?;

    let kept: Vec<String> = facts.iter().map(|order| order.number.clone()).collect();
    let by = match asker {
        Asker::Themselves(_) => "themselves",
        Asker::Staff(_) => "staff",
    };
    record(
        conn,
        Some(asker.actor()),
        "customer.erase",
        target,
        None,
        Some(json!({ "asked_by": by, "orders_kept": kept })),
    )?;
    Ok(Erasure { orders_kept: kept })
}

/// A shopper erases their own account after confirming with their password or a sign-in code
/// sent to their verified number. A wrong password or code is the usual 422 on its field; the
/// tries a wrong code counts are kept. The caller ends the session.
pub fn erase_own_account(
    conn: &mut DbConnection,
    id: UserId,
    confirmation: &Confirmation,
    hasher: PasswordHasher,
    key: &CodeKey,
) -> Result<Erasure, AccountError> {
    let target = CustomerRef::Account(id);
    let confirmed = write_transaction(conn, |conn| match confirmation {
        Confirmation::Password(password) => {
            let hash = password_hash(conn, id)?;
            Ok::<_, AccountError>(hasher.verify(password, hash.as_deref()))
        }
        Confirmation::Code(code) => {
            let (phone, verified): (Option<String>, Option<chrono::NaiveDateTime>) = users::table
                .find(id)
                .select((users::phone, users::phone_verified_at))
                .first(conn)?;
            match (phone, verified) {
                (Some(phone), Some(_)) => {
                    Ok(consume(conn, key, &phone, CodePurpose::SignIn, code)?)
                }
                _ => Ok(false),
            }
        }
    })?;
    if !confirmed {
        return Err(match confirmation {
            Confirmation::Password(_) => {
                AccountError::field("password", "The current password is incorrect.")
            }
            Confirmation::Code(_) => {
                AccountError::field("code", "The code is wrong or has expired.")
            }
        });
    }
    erase(conn, Asker::Themselves(id), &target)
}
