use chrono::Utc;
use db::schema::users;
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::User;
use crate::{AccountError, MailContext, find_user};

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

/// Sends a fresh verification link; returns false when the address is already verified.
pub fn resend_verification(
    conn: &mut DbConnection,
    user_id: i64,
    mail: &MailContext,
) -> Result<bool, AccountError> {
    write_transaction(conn, |conn| {
        let user = find_user(conn, user_id)?.ok_or(AccountError::NotFound)?;
        if user.email_verified_at.is_some() {
            return Ok(false);
        }
        let token = tokens::issue(conn, user.id, Purpose::VerifyEmail)?;
        outbox::enqueue(conn, &mail.verification(&user.email, &user.name, &token))?;
        Ok(true)
    })
}
