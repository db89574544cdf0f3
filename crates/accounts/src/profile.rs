use chrono::NaiveDateTime;
use db::schema::{sessions, users};
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;

use fields::{Email, FormErrors, PersonName, PhoneNumber};
use paths::Locale;

use crate::NewPassword;
use crate::mails::AccountMails;
use crate::phone_sign_in::PHONE_TAKEN;
use crate::staff::events;
use crate::tokens::{self, Purpose};
use crate::users::{User, email_taken, password_hash, phone_taken};
use crate::{AccountError, MailContext, PasswordHasher, find_user};

/// A checked profile edit. A new e-mail address or mobile number needs the current password
/// (when the account has one); a new number is unverified until a code sent to it is entered.
#[derive(Debug)]
pub struct ProfileChange {
    pub name: PersonName,
    /// None keeps the number.
    pub phone: Option<PhoneNumber>,
    /// None keeps the address.
    pub email: Option<Email>,
    pub current_password: Option<String>,
    /// The language of the shopper's mail; none keeps it.
    pub locale: Option<Locale>,
}

pub fn update_profile(
    conn: &mut DbConnection,
    user_id: UserId,
    change: &ProfileChange,
    hasher: PasswordHasher,
    mail: &MailContext,
) -> Result<User, AccountError> {
    let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
    let mut errors = FormErrors::default();
    let name = &change.name;
    let new_email = change
        .email
        .as_ref()
        .filter(|email| Some(email.as_str()) != user.email.as_deref());
    let new_phone = change
        .phone
        .as_ref()
        .filter(|phone| Some(phone.as_str()) != user.phone.as_deref());
    if let Some(email) = &new_email
        && email_taken(conn, email.as_str(), Some(user_id))?
    {
        errors.add("email", "The email has already been taken.".into());
    }
    if let Some(phone) = &new_phone
        && phone_taken(conn, phone.as_str(), Some(user_id))?
    {
        errors.add("phone", PHONE_TAKEN.into());
    }
    if new_email.is_some() || new_phone.is_some() {
        // Who holds a session must not move the account to their own address or number.
        if let Some(hash) = password_hash(conn, user_id)?
            && !hasher.verify(
                change.current_password.as_deref().unwrap_or_default(),
                Some(&hash),
            )
        {
            errors.add(
                "current_password",
                "The current password is incorrect.".into(),
            );
        }
    }
    if !errors.is_empty() {
        return Err(AccountError::Invalid(errors.into_errors()));
    }
    write_transaction(conn, |conn| {
        diesel::update(users::table.find(user_id))
            .set((
                users::name.eq(name.as_str()),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        if let Some(locale) = change.locale {
            write_language(conn, user_id, locale)?;
        }
        if let Some(phone) = new_phone {
            diesel::update(users::table.find(user_id))
                .set((
                    users::phone.eq(phone.as_str()),
                    users::phone_verified_at.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
        }
        if let Some(email) = new_email {
            diesel::update(users::table.find(user_id))
                .set((
                    users::email.eq(email.as_str()),
                    users::email_verified_at.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
            let moved = serde_json::json!({ "from": user.email, "to": email.as_str() });
            events::record_for_staff(conn, user_id, "user.email_change", Some(moved))?;
            let token = tokens::issue(conn, user_id, Purpose::VerifyEmail)?;
            let locale = change
                .locale
                .unwrap_or_else(|| user.mail_locale(Locale::En));
            outbox::enqueue(
                conn,
                &mail.verification(locale, email.as_str(), name.as_str(), &token),
            )?;
        }
        find_user(conn, user_id)?.ok_or(AccountError::NotFound)
    })
}

/// Keeps the language the shopper chose in the shop (their mail's language).
pub fn set_language(
    conn: &mut DbConnection,
    user_id: UserId,
    locale: Locale,
) -> Result<User, AccountError> {
    write_transaction(conn, |conn| {
        write_language(conn, user_id, locale)?;
        find_user(conn, user_id)?.ok_or(AccountError::NotFound)
    })
}

fn write_language(conn: &mut DbConnection, user_id: UserId, locale: Locale) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set(users::locale.eq(locale.code()))
        .execute(conn)?;
    Ok(())
}

/// Changes the password after checking the current one, and ends every session of the account
/// (the shell then starts a fresh one for the current browser).
pub fn change_password(
    conn: &mut DbConnection,
    user_id: UserId,
    current: &str,
    password: &NewPassword,
    hasher: PasswordHasher,
) -> Result<(), AccountError> {
    // An account opened with a phone has no password yet: it sets one without a current one.
    if let Some(hash) = password_hash(conn, user_id)?
        && !hasher.verify(current, Some(&hash))
    {
        return Err(AccountError::field(
            "current_password",
            "The current password is incorrect.",
        ));
    }
    let new_hash = hasher.hash(password.as_str())?;
    write_transaction(conn, |conn| {
        diesel::update(users::table.find(user_id))
            .set((
                users::password_hash.eq(&new_hash),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)?;
        password_changed(conn, user_id, "user.password_change")?;
        Ok(())
    })
}

/// After a new password: the account's second-factor lock lifts (whoever guessed codes no
/// longer has the password), and a member of staff's audit log says so.
pub(crate) fn password_changed(
    conn: &mut DbConnection,
    user_id: UserId,
    action: &str,
) -> QueryResult<()> {
    crate::staff::lockout::clear(conn, user_id)?;
    events::record_for_staff(conn, user_id, action, None)
}
