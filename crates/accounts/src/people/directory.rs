//! Everyone who bought from the shop, as one list: shopper accounts and guests (orders placed
//! without an account).
//!
//! The merging rules:
//! - An account's orders are those placed while signed in, and the guest orders placed with its
//!   *verified* number or its *verified* e-mail address (an unverified one proves nothing: anyone
//!   may type someone else's number at checkout).
//! - The guest orders left over are one guest per group of orders sharing a number or an e-mail
//!   address (a phone typed once and an e-mail another time chain the orders together).
//! - Orders whose buyer was erased (`erased_orders`) count for nobody, and erased accounts are
//!   not listed: the list never finds a person who asked to be forgotten.
//!
//! A guest is named by an opaque key (a hash of their first order's secret UUID), never by a
//! number or a phone, so links and logs carry nothing guessable or personal.
//!
//! The merging runs in memory over the customers and guest orders: simple and exact on both
//! databases, and quick for a shop of some thousands of customers. A shop with hundreds of
//! thousands would want the groups kept in a table instead.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDateTime;
use db::schema::{customer_notes, erased_orders, orders, users};
use db::{DbConnection, UserId};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;
use sha2::{Digest, Sha256};

const CUSTOMER: &str = "customer";
const CANCELLED: &str = "cancelled";

/// Whether a person has an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PersonKind {
    Account,
    Guest,
}

/// One line of the customers list: an account or a guest, with what they bought.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Person {
    pub kind: PersonKind,
    /// The account's id; `null` for a guest.
    #[schema(required = true, value_type = Option<i64>)]
    pub id: Option<UserId>,
    /// The guest's key for their page (`/api/admin/guests/{key}`); `null` for an account.
    #[schema(required = true)]
    pub guest_key: Option<String>,
    /// The account's name, or the name on the guest's latest order.
    pub name: String,
    #[schema(required = true)]
    pub email: Option<String>,
    /// E.164 (`+919847012345`).
    #[schema(required = true)]
    pub phone: Option<String>,
    /// Every order, cancelled ones included.
    pub order_count: i64,
    /// What the orders not cancelled came to, in rupees.
    #[schema(value_type = f64)]
    pub total_spent: Paise,
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub last_order_at: Option<NaiveDateTime>,
    /// Staff's note on this customer; `null` when there is none.
    #[schema(required = true)]
    pub note: Option<String>,
    /// When the account was opened, or the guest's first order placed.
    #[serde(serialize_with = "fields::utc::serialize")]
    pub since: NaiveDateTime,
    /// When the account was disabled; `null` for a guest or an account that may sign in.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub disabled_at: Option<NaiveDateTime>,
}

impl Person {
    /// The key of this person's note (`customer_notes.customer_key`).
    pub fn note_key(&self) -> String {
        match (&self.id, &self.guest_key) {
            (Some(id), _) => account_note_key(*id),
            (None, Some(key)) => guest_note_key(key),
            (None, None) => String::new(),
        }
    }

    /// Whether `search` finds this person: words in the name or e-mail (any case), digits in
    /// the phone number.
    fn matches(&self, text: Option<&str>, digits: Option<&str>) -> bool {
        let Some(text) = text else { return true };
        let in_words = self.name.to_lowercase().contains(text)
            || self
                .email
                .as_deref()
                .is_some_and(|email| email.to_lowercase().contains(text));
        let in_phone = digits.is_some_and(|digits| {
            self.phone
                .as_deref()
                .is_some_and(|phone| phone.contains(digits))
        });
        in_words || in_phone
    }
}

pub(crate) fn account_note_key(id: UserId) -> String {
    format!("user:{id}")
}

pub(crate) fn guest_note_key(key: &str) -> String {
    format!("guest:{key}")
}

/// A guest order's key: 24 hex digits of SHA-256 over its UUID. The UUID is random and known only
/// to the buyer and the shop, so the key cannot be guessed, and it does not give the UUID away
/// (which opens the order for whoever holds it).
pub(crate) fn order_key(uuid: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"storefront guest customer\0")
        .chain_update(uuid.as_bytes())
        .finalize();
    hex::encode(&digest[..12])
}

/// An order as the merging reads it.
#[derive(Debug, Clone, Queryable)]
pub(crate) struct OrderFacts {
    pub id: i64,
    pub uuid: String,
    pub number: String,
    pub user_id: Option<UserId>,
    pub name: String,
    pub email: Option<String>,
    pub phone: String,
    pub status: String,
    pub total_paise: i64,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable)]
struct AccountFacts {
    id: UserId,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    email_verified_at: Option<NaiveDateTime>,
    phone_verified_at: Option<NaiveDateTime>,
    disabled_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

/// Every customer and every order, grouped.
pub(crate) struct Directory {
    /// Accounts and guests with their orders (oldest first).
    pub people: Vec<(Person, Vec<OrderFacts>)>,
}

fn live_orders(conn: &mut DbConnection) -> QueryResult<Vec<OrderFacts>> {
    let erased = erased_orders::table.select(erased_orders::order_id);
    orders::table
        .filter(orders::id.ne_all(erased))
        .order((orders::created_at.asc(), orders::id.asc()))
        .select((
            orders::id,
            orders::uuid,
            orders::number,
            orders::user_id,
            orders::contact_name,
            orders::contact_email,
            orders::contact_phone,
            orders::status,
            orders::total_paise,
            orders::created_at,
        ))
        .load(conn)
}

/// The e-mail address as merging compares it: trimmed, any case.
fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

impl Directory {
    pub(crate) fn load(conn: &mut DbConnection) -> QueryResult<Self> {
        let accounts: Vec<AccountFacts> = users::table
            .filter(users::role.eq(CUSTOMER))
            .filter(users::erased_at.is_null())
            .select((
                users::id,
                users::name,
                users::email,
                users::phone,
                users::email_verified_at,
                users::phone_verified_at,
                users::disabled_at,
                users::created_at,
            ))
            .load(conn)?;
        let notes: HashMap<String, String> = customer_notes::table
            .select((customer_notes::customer_key, customer_notes::body))
            .load::<(String, String)>(conn)?
            .into_iter()
            .collect();
        let all = live_orders(conn)?;

        let mut by_account: BTreeMap<UserId, Vec<OrderFacts>> = BTreeMap::new();
        let mut verified_phone: HashMap<&str, UserId> = HashMap::new();
        let mut verified_email: HashMap<String, UserId> = HashMap::new();
        for account in &accounts {
            by_account.insert(account.id, Vec::new());
            if let (Some(phone), Some(_)) = (&account.phone, account.phone_verified_at) {
                verified_phone.insert(phone, account.id);
            }
            if let (Some(email), Some(_)) = (&account.email, account.email_verified_at) {
                verified_email.insert(email_key(email), account.id);
            }
        }
        let mut guests: Vec<OrderFacts> = Vec::new();
        for order in all {
            let owner = order.user_id.or_else(|| {
                verified_phone
                    .get(order.phone.as_str())
                    .copied()
                    .or_else(|| {
                        order
                            .email
                            .as_deref()
                            .and_then(|email| verified_email.get(&email_key(email)).copied())
                    })
            });
            match owner.and_then(|id| by_account.get_mut(&id)) {
                Some(orders) => orders.push(order),
                // A staff member's own order, or an erased account's, is nobody's here.
                None if order.user_id.is_some() => {}
                None => guests.push(order),
            }
        }

        let mut people = Vec::with_capacity(accounts.len());
        for account in accounts {
            let orders = by_account.remove(&account.id).unwrap_or_default();
            let mut person = Person {
                kind: PersonKind::Account,
                id: Some(account.id),
                guest_key: None,
                name: account.name,
                email: account.email,
                phone: account.phone,
                order_count: 0,
                total_spent: Paise::ZERO,
                last_order_at: None,
                note: None,
                since: account.created_at,
                disabled_at: account.disabled_at,
            };
            person.note = notes.get(&person.note_key()).cloned();
            tally(&mut person, &orders);
            people.push((person, orders));
        }
        for group in group_guests(guests) {
            let (Some(first), Some(last)) = (group.first(), group.last()) else {
                continue;
            };
            let key = order_key(&first.uuid);
            let mut person = Person {
                kind: PersonKind::Guest,
                id: None,
                name: last.name.clone(),
                email: group.iter().rev().find_map(|order| order.email.clone()),
                phone: Some(last.phone.clone()).filter(|phone| !phone.is_empty()),
                order_count: 0,
                total_spent: Paise::ZERO,
                last_order_at: None,
                note: None,
                since: first.created_at,
                disabled_at: None,
                guest_key: Some(key),
            };
            // A group may have grown out of several (a later order sharing an e-mail with one
            // guest and a phone with another): a note kept under any member's key is theirs.
            person.note = group
                .iter()
                .rev()
                .find_map(|order| notes.get(&guest_note_key(&order_key(&order.uuid))))
                .cloned();
            tally(&mut person, &group);
            people.push((person, group));
        }
        Ok(Self { people })
    }

    /// The guest whose key is `key` (the key of any of their orders opens them too).
    pub(crate) fn guest(self, key: &str) -> Option<(Person, Vec<OrderFacts>)> {
        self.people.into_iter().find(|(person, orders)| {
            person.kind == PersonKind::Guest
                && orders.iter().any(|order| order_key(&order.uuid) == key)
        })
    }

    /// The account `id`, with its own orders and the guest orders it took up.
    pub(crate) fn account(self, id: UserId) -> Option<(Person, Vec<OrderFacts>)> {
        self.people
            .into_iter()
            .find(|(person, _)| person.id == Some(id))
    }
}

fn tally(person: &mut Person, orders: &[OrderFacts]) {
    person.order_count = i64::try_from(orders.len()).unwrap_or(i64::MAX);
    let spent: i64 = orders
        .iter()
        .filter(|order| order.status != CANCELLED)
        .map(|order| order.total_paise)
        .sum();
    person.total_spent = Paise::new(spent);
    person.last_order_at = orders.iter().map(|order| order.created_at).max();
}

/// Guest orders (oldest first) joined into groups that share a phone or an e-mail address,
/// each group oldest first, the groups in the order of their first order.
fn group_guests(orders: Vec<OrderFacts>) -> Vec<Vec<OrderFacts>> {
    let mut parent: Vec<usize> = (0..orders.len()).collect();
    fn root(parent: &mut [usize], mut at: usize) -> usize {
        while parent[at] != at {
            parent[at] = parent[parent[at]];
            at = parent[at];
        }
        at
    }
    let mut first_with: HashMap<String, usize> = HashMap::new();
    for (at, order) in orders.iter().enumerate() {
        let phone = (!order.phone.is_empty()).then(|| format!("p:{}", order.phone));
        let email = order
            .email
            .as_deref()
            .map(|email| format!("e:{}", email_key(email)));
        for mark in [phone, email].into_iter().flatten() {
            match first_with.get(&mark) {
                Some(&other) => {
                    let (a, b) = (root(&mut parent, at), root(&mut parent, other));
                    // The older order stays the root, so a group is named by its first order.
                    parent[a.max(b)] = a.min(b);
                }
                None => {
                    first_with.insert(mark, at);
                }
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<OrderFacts>> = BTreeMap::new();
    for (at, order) in orders.into_iter().enumerate() {
        let top = root(&mut parent, at);
        groups.entry(top).or_default().push(order);
    }
    groups.into_values().collect()
}

/// The people `search` finds, `limit` of them from `offset`, the most recent buyer first
/// (people without orders by when they joined); and how many there are in all.
pub(crate) fn page(
    conn: &mut DbConnection,
    text: Option<&str>,
    digits: Option<&str>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Person>, i64)> {
    let mut found: Vec<Person> = Directory::load(conn)?
        .people
        .into_iter()
        .map(|(person, _)| person)
        .filter(|person| person.matches(text, digits))
        .collect();
    found.sort_by(|a, b| {
        let recent = |p: &Person| p.last_order_at.unwrap_or(p.since).max(p.since);
        recent(b)
            .cmp(&recent(a))
            .then_with(|| b.id.cmp(&a.id))
            .then_with(|| a.guest_key.cmp(&b.guest_key))
    });
    let total = i64::try_from(found.len()).unwrap_or(i64::MAX);
    let start = usize::try_from(offset).unwrap_or(usize::MAX);
    let take = usize::try_from(limit).unwrap_or(0);
    Ok((found.into_iter().skip(start).take(take).collect(), total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(id: i64, phone: &str, email: Option<&str>) -> OrderFacts {
        OrderFacts {
            id,
            uuid: format!("uuid-{id}"),
            number: format!("ORD-{id}"),
            user_id: None,
            name: format!("Buyer {id}"),
            email: email.map(str::to_owned),
            phone: phone.into(),
            status: "placed".into(),
            total_paise: 100,
            created_at: NaiveDateTime::default(),
        }
    }

    #[test]
    fn guests_chain_by_phone_and_by_email_in_any_case() {
        let groups = group_guests(vec![
            order(1, "+919847000001", Some("anu@example.in")),
            order(2, "+919847000002", None),
            // Shares the first's e-mail (in capitals) and the second's phone: all one person.
            order(3, "+919847000002", Some("ANU@example.in ")),
            order(4, "+919847000004", Some("someone@example.in")),
        ]);
        let ids: Vec<Vec<i64>> = groups
            .iter()
            .map(|group| group.iter().map(|order| order.id).collect())
            .collect();
        assert_eq!(ids, [vec![1, 2, 3], vec![4]]);
    }

    #[test]
    fn a_guest_key_is_not_the_uuid_and_stays_the_same() {
        let key = order_key("0b3f5f2e-6a53-4c1e-9d0c-4d1c0f7f9a11");
        assert_eq!(key.len(), 24);
        assert_eq!(key, order_key("0b3f5f2e-6a53-4c1e-9d0c-4d1c0f7f9a11"));
        assert!(!key.contains("0b3f5f2e"));
        assert_ne!(key, order_key("0b3f5f2e-6a53-4c1e-9d0c-4d1c0f7f9a12"));
    }
}
