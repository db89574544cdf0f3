use chrono::Utc;
use db::schema::users;
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;
use paths::Locale;

use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::User;
use crate::{AccountError, MailContext, find_user};

pub(crate) const NO_EMAIL: &str = "Add your e-mail address to your profile first.";

/// Marks the token's owner's address as verified.
pub fn verify_email(conn: &mut DbConnection, token: &str) -> Result<User, AccountError> {
    write_transaction(conn, |conn| {
        let user_id = tokens::consume(conn, token, Purpose::VerifyEmail, None)?
            .ok_or(AccountError::InvalidToken)?;
        diesel::update(
            users::table
                .find(user_id)
                .filter(users::email_verified_at.is_null()),
        )
        .set(users::email_verified_at.eq(Utc::now().naive_utc()))
        .execute(conn)?;
        find_user(conn, user_id)?.ok_or(AccountError::NotFound)
    })
}

/// Sends a fresh verification link, in the account's language (else the request's,
/// `asked_in`); returns false when the address is already verified. An account without an
/// address is told to add one (no mail goes to nobody).
pub fn resend_verification(
    conn: &mut DbConnection,
    user_id: UserId,
    asked_in: Locale,
    mail: &MailContext,
) -> Result<bool, AccountError> {
    write_transaction(conn, |conn| {
        let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
        let Some(email) = user.email.as_deref() else {
            return Err(AccountError::field("email", NO_EMAIL));
        };
        if user.email_verified_at.is_some() {
            return Ok(false);
        }
        let token = tokens::issue(conn, user.id, Purpose::VerifyEmail)?;
        let locale = user.mail_locale(asked_in);
        outbox::enqueue(conn, &mail.verification(locale, email, &user.name, &token))?;
        Ok(true)
    })
}
