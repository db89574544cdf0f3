use db::schema::{sessions, users};
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use crate::input::{Email, FormErrors, NewPassword};
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::find_with_hash;
use crate::{AccountError, MailContext, PasswordHasher};

/// Queues a reset link when the address has an account. The caller answers the same either way.
pub fn request_password_reset(
    conn: &mut DbConnection,
    email: &str,
    mail: &MailContext,
) -> Result<(), AccountError> {
    let Ok(email) = Email::parse(email) else {
        return Ok(());
    };
    write_transaction(conn, |conn| {
        if let Some((user, _)) = find_with_hash(conn, email.as_str())? {
            let token = tokens::issue(conn, user.id, Purpose::ResetPassword)?;
            outbox::enqueue(conn, &mail.password_reset(&user.email, &user.name, &token))?;
        }
        Ok(())
    })
}

/// Sets a new password with a reset token, and signs the account out everywhere.
pub fn reset_password(
    conn: &mut DbConnection,
    token: &str,
    email: &str,
    password: &str,
    confirmation: Option<&str>,
    hasher: PasswordHasher,
) -> Result<(), AccountError> {
    let mut errors = FormErrors::default();
    let email = errors.check("email", Email::parse(email));
    let password = errors.check("password", NewPassword::parse(password, confirmation));
    errors.into_result()?;
    let (Some(email), Some(password)) = (email, password) else {
        return Err(AccountError::InvalidToken);
    };
    let hash = hasher.hash(password.as_str())?;
    write_transaction(conn, |conn| {
        let user = find_with_hash(conn, email.as_str())?
            .map(|(user, _)| user)
            .ok_or(AccountError::InvalidToken)?;
        tokens::consume(conn, token, Purpose::ResetPassword, Some(user.id))?
            .ok_or(AccountError::InvalidToken)?;
        diesel::update(users::table.find(user.id))
            .set((
                users::password_hash.eq(&hash),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        diesel::delete(sessions::table.filter(sessions::user_id.eq(user.id))).execute(conn)?;
        Ok(())
    })
}
