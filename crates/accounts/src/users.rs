use chrono::NaiveDateTime;
use db::schema::users;
use db::{DbConnection, UserId};
use diesel::prelude::*;
use paths::Locale;
use serde::Serialize;

/// A shopper's account as the API shows it (never the password hash).
#[derive(Debug, Clone, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = users)]
pub struct User {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub phone: String,
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub email_verified_at: Option<NaiveDateTime>,
    pub role: String,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
    /// The language the shopper reads the shop's mail in (`en`, `ml`, `ta`): set at
    /// registration from the page's language, and when they switch or edit it; none for
    /// accounts from before the shop spoke three languages.
    #[schema(required = true, pattern = "^(en|ml|ta)$", example = "ml")]
    pub locale: Option<String>,
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
}

pub fn find_user(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()
}

/// The account with this (already normalised) address and its password hash.
pub(crate) fn find_with_hash(
    conn: &mut DbConnection,
    email: &str,
) -> QueryResult<Option<(User, String)>> {
    users::table
        .filter(users::email.eq(email))
        .select((User::as_select(), users::password_hash))
        .first(conn)
        .optional()
}

pub(crate) fn password_hash(conn: &mut DbConnection, id: UserId) -> QueryResult<String> {
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
