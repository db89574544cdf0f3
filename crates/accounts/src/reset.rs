use db::schema::{sessions, users};
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use fields::Email;
use paths::Locale;

use crate::NewPassword;
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::find_with_hash;
use crate::{AccountError, MailContext, PasswordHasher};

/// Queues a reset link when the address has an account, in the account's language (else the
/// request's, `asked_in`). The caller answers the same either way.
pub fn request_password_reset(
    conn: &mut DbConnection,
    email: &Email,
    asked_in: Locale,
    mail: &MailContext,
) -> Result<(), AccountError> {
    write_transaction(conn, |conn| {
        if let Some((user, _)) = find_with_hash(conn, email.as_str())? {
            let token = tokens::issue(conn, user.id, Purpose::ResetPassword)?;
            let locale = user.mail_locale(asked_in);
            outbox::enqueue(
                conn,
                &mail.password_reset(locale, email.as_str(), &user.name, &token),
            )?;
        }
        Ok(())
    })
}

/// Sets a new password with a reset token, and signs the account out everywhere.
pub fn reset_password(
    conn: &mut DbConnection,
    token: &str,
    email: &Email,
    password: &NewPassword,
    hasher: PasswordHasher,
) -> Result<(), AccountError> {
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
        crate::profile::password_changed(conn, user.id, "user.password_reset")?;
        Ok(())
    })
}
