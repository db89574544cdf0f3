use chrono::NaiveDateTime;
use db::schema::{phone_consents, users};
use db::{DbConnection, UserId};
use diesel::prelude::*;
use paths::Locale;
use serde::Serialize;

/// A shopper's account as the API shows it (never the password hash).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct User {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub name: String,
    /// None for an account opened with a mobile number alone.
    #[schema(required = true)]
    pub email: Option<String>,
    /// E.164 (`+919847012345`); none for an account opened with an e-mail alone.
    #[schema(required = true, example = "+919847012345")]
    pub phone: Option<String>,
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub email_verified_at: Option<NaiveDateTime>,
    /// When a code sent to the number was entered; until then the number is unverified.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub phone_verified_at: Option<NaiveDateTime>,
    /// False for an account opened with a phone and no password (it signs in by code).
    pub has_password: bool,
    /// Whether the shopper wants order news on WhatsApp or SMS at their number (no choice yet is
    /// a no). Sign-in codes go whatever this says.
    pub order_updates_on_phone: bool,
    pub role: String,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
    /// The language the shopper reads the shop's mail in (`en`, `ml`, `ta`): set at
    /// registration from the page's language, and when they switch or edit it; none for
    /// accounts from before the shop spoke three languages.
    #[schema(required = true, pattern = "^(en|ml|ta)$", example = "ml")]
    pub locale: Option<String>,
}

/// The columns of a [`User`]; the consent is read from `phone_consents`.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    id: UserId,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    email_verified_at: Option<NaiveDateTime>,
    phone_verified_at: Option<NaiveDateTime>,
    #[diesel(select_expression = users::password_hash.is_not_null())]
    #[diesel(select_expression_type = diesel::dsl::IsNotNull<users::password_hash>)]
    has_password: bool,
    role: String,
    created_at: NaiveDateTime,
    locale: Option<String>,
}

impl UserRow {
    pub(crate) fn id(&self) -> UserId {
        self.id
    }

    /// The API's user: the row and what its phone's owner chose about order news.
    pub(crate) fn into_user(self, conn: &mut DbConnection) -> QueryResult<User> {
        let order_updates_on_phone = match &self.phone {
            Some(phone) => wants_order_updates(conn, phone)?,
            None => false,
        };
        Ok(User {
            id: self.id,
            name: self.name,
            email: self.email,
            phone: self.phone,
            email_verified_at: self.email_verified_at,
            phone_verified_at: self.phone_verified_at,
            has_password: self.has_password,
            order_updates_on_phone,
            role: self.role,
            created_at: self.created_at,
            locale: self.locale,
        })
    }
}

impl User {
    /// The language of this account's mail: its own, else `fallback` (the language of the
    /// request that asked for the mail).
    pub fn mail_locale(&self, fallback: Locale) -> Locale {
        self.locale
            .as_deref()
            .and_then(Locale::parse)
            .unwrap_or(fallback)
    }

    /// What the account signs in with when a browser is remembered for it: the e-mail address,
    /// else the mobile number.
    pub fn sign_in_name(&self) -> &str {
        self.email
            .as_deref()
            .or(self.phone.as_deref())
            .unwrap_or_default()
    }
}

/// Whether `phone`'s owner said yes to order news on their phone (`phone_consents`, written by
/// `orders::order::consent`; no choice is a no).
fn wants_order_updates(conn: &mut DbConnection, phone: &str) -> QueryResult<bool> {
    Ok(phone_consents::table
        .find(phone)
        .select(phone_consents::order_updates)
        .first(conn)
        .optional()?
        .unwrap_or(false))
}

pub fn find_user(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
        .optional()?
        .map(|row| row.into_user(conn))
        .transpose()
}

/// The account with this (already normalised) address and its password hash, if it has one.
pub(crate) fn find_with_hash(
    conn: &mut DbConnection,
    email: &str,
) -> QueryResult<Option<(User, Option<String>)>> {
    let found: Option<(UserRow, Option<String>)> = users::table
        .filter(users::email.eq(email))
        .select((UserRow::as_select(), users::password_hash))
        .first(conn)
        .optional()?;
    found
        .map(|(row, hash)| Ok((row.into_user(conn)?, hash)))
        .transpose()
}

/// The account a mobile number (E.164) names: the one that verified it, else the one account
/// that gave it unverified (none when several did: the number proves none of them).
pub(crate) fn find_by_phone(
    conn: &mut DbConnection,
    phone: &str,
) -> QueryResult<Option<(UserRow, Option<String>)>> {
    let verified = users::table
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_not_null())
        .select((UserRow::as_select(), users::password_hash))
        .first(conn)
        .optional()?;
    if verified.is_some() {
        return Ok(verified);
    }
    let mut unverified: Vec<(UserRow, Option<String>)> = users::table
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_null())
        .select((UserRow::as_select(), users::password_hash))
        .limit(2)
        .load(conn)?;
    Ok(match unverified.len() {
        1 => unverified.pop(),
        _ => None,
    })
}

/// The account a code sent to a mobile number (E.164) may open: the one that verified it, else
/// the one account that gave it unverified and has no other way in (no password, no e-mail).
/// An unverified number proves nothing about who registered it: an account someone else could
/// open with a password or a mailed link is never handed to whoever holds the number.
pub(crate) fn find_for_code(
    conn: &mut DbConnection,
    phone: &str,
) -> QueryResult<Option<(UserRow, bool)>> {
    let found = find_by_phone(conn, phone)?;
    let Some((row, hash)) = found else {
        return Ok(None);
    };
    let (verified, email): (Option<NaiveDateTime>, Option<String>) = users::table
        .find(row.id())
        .select((users::phone_verified_at, users::email))
        .first(conn)?;
    if verified.is_some() {
        return Ok(Some((row, true)));
    }
    Ok((hash.is_none() && email.is_none()).then_some((row, false)))
}

pub(crate) fn password_hash(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<String>> {
    users::table
        .find(id)
        .select(users::password_hash)
        .first(conn)
}

pub(crate) fn email_taken(
    conn: &mut DbConnection,
    email: &str,
    except: Option<UserId>,
) -> QueryResult<bool> {
    let mut query = users::table
        .filter(users::email.eq(email))
        .select(users::id)
        .into_boxed();
    if let Some(id) = except {
        query = query.filter(users::id.ne(id));
    }
    Ok(query.first::<UserId>(conn).optional()?.is_some())
}

/// Whether another account than `except` has verified this number.
pub(crate) fn phone_taken(
    conn: &mut DbConnection,
    phone: &str,
    except: Option<UserId>,
) -> QueryResult<bool> {
    let mut query = users::table
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_not_null())
        .select(users::id)
        .into_boxed();
    if let Some(id) = except {
        query = query.filter(users::id.ne(id));
    }
    Ok(query.first::<UserId>(conn).optional()?.is_some())
}
