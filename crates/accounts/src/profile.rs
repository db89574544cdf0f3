use chrono::NaiveDateTime;
use db::schema::{sessions, users};
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use crate::input::{Email, FormErrors, NewPassword, PersonName, PhoneNumber};
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::{User, email_taken, password_hash};
use crate::{AccountError, MailContext, PasswordHasher, find_user};

/// A profile edit as it arrived. A new e-mail address needs the current password.
#[derive(Debug)]
pub struct ProfileChange<'a> {
    pub name: &'a str,
    pub phone: &'a str,
    pub email: Option<&'a str>,
    pub current_password: Option<&'a str>,
}

pub fn update_profile(
    conn: &mut DbConnection,
    user_id: i64,
    change: &ProfileChange,
    hasher: PasswordHasher,
    mail: &MailContext,
) -> Result<User, AccountError> {
    let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
    let mut errors = FormErrors::default();
    let name = errors.check("name", PersonName::parse(change.name));
    let phone = errors.check("phone", PhoneNumber::parse(change.phone));
    let new_email = match change.email.map(Email::parse) {
        Some(Ok(email)) if email.as_str() != user.email => Some(email),
        Some(Err(message)) => {
            errors.add("email", message);
            None
        }
        _ => None,
    };
    if let Some(email) = &new_email {
        if email_taken(conn, email.as_str(), Some(user_id))? {
            errors.add("email", "The email has already been taken.".into());
        }
        let hash = password_hash(conn, user_id)?;
        if !hasher.verify(change.current_password.unwrap_or_default(), Some(&hash)) {
            errors.add(
                "current_password",
                "The current password is incorrect.".into(),
            );
        }
    }
    errors.into_result()?;
    let (Some(name), Some(phone)) = (name, phone) else {
        return Err(AccountError::field("form", "The given data was invalid."));
    };
    write_transaction(conn, |conn| {
        diesel::update(users::table.find(user_id))
            .set((
                users::name.eq(name.as_str()),
                users::phone.eq(phone.as_str()),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        if let Some(email) = &new_email {
            diesel::update(users::table.find(user_id))
                .set((
                    users::email.eq(email.as_str()),
                    users::email_verified_at.eq(None::<NaiveDateTime>),
                ))
                .execute(conn)?;
            let token = tokens::issue(conn, user_id, Purpose::VerifyEmail)?;
            outbox::enqueue(
                conn,
                &mail.verification(email.as_str(), name.as_str(), &token),
            )?;
        }
        find_user(conn, user_id)?.ok_or(AccountError::NotFound)
    })
}

/// Changes the password after checking the current one, and ends every session of the account
/// (the shell then starts a fresh one for the current browser).
pub fn change_password(
    conn: &mut DbConnection,
    user_id: i64,
    current: &str,
    password: &str,
    confirmation: Option<&str>,
    hasher: PasswordHasher,
) -> Result<(), AccountError> {
    let mut errors = FormErrors::default();
    let hash = password_hash(conn, user_id)?;
    if !hasher.verify(current, Some(&hash)) {
        errors.add(
            "current_password",
            "The current password is incorrect.".into(),
        );
    }
    let password = errors.check("password", NewPassword::parse(password, confirmation));
    errors.into_result()?;
    let Some(password) = password else {
        return Err(AccountError::field(
            "password",
            "The given data was invalid.",
        ));
    };
    let new_hash = hasher.hash(password.as_str())?;
    write_transaction(conn, |conn| {
        diesel::update(users::table.find(user_id))
            .set((
                users::password_hash.eq(&new_hash),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)?;
        Ok(())
    })
}
