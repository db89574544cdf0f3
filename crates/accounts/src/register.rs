use db::schema::users;
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;

use fields::{Email, FieldErrors, PersonName, PhoneNumber};
use paths::Locale;

use crate::NewPassword;
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::{User, email_taken};
use crate::{AccountError, MailContext, PasswordHasher};

/// A checked registration form.
#[derive(Debug)]
pub struct Registration {
    pub name: PersonName,
    pub email: Email,
    pub phone: PhoneNumber,
    pub password: NewPassword,
}

/// A registration that failed its checks, with "taken" added when the address (if it could be
/// read) already has an account, so the shopper hears every problem at once.
pub fn refuse_registration(
    conn: &mut DbConnection,
    email: Option<&Email>,
    mut errors: FieldErrors,
) -> AccountError {
    match email.map(|email| email_taken(conn, email.as_str(), None)) {
        Some(Ok(true)) => errors
            .entry("email".to_owned())
            .or_default()
            .push("The email has already been taken.".to_owned()),
        Some(Err(error)) => return error.into(),
        _ => {}
    }
    AccountError::Invalid(errors)
}

/// Creates the account and queues the verification and welcome mails in one transaction. The
/// account reads its mail in `locale`, the language of the page the shopper registered on.
pub fn register(
    conn: &mut DbConnection,
    form: &Registration,
    locale: Locale,
    hasher: PasswordHasher,
    mail: &MailContext,
) -> Result<User, AccountError> {
    let Registration {
        name,
        email,
        phone,
        password,
    } = form;
    if email_taken(conn, email.as_str(), None)? {
        return Err(AccountError::field(
            "email",
            "The email has already been taken.",
        ));
    }
    // Hash outside the transaction: it is slow on purpose.
    let hash = hasher.hash(password.as_str())?;
    write_transaction(conn, |conn| {
        let id: UserId = diesel::insert_into(users::table)
            .values((
                users::name.eq(name.as_str()),
                users::email.eq(email.as_str()),
                users::phone.eq(phone.as_str()),
                users::password_hash.eq(&hash),
                users::locale.eq(locale.code()),
            ))
            .returning(users::id)
            .get_result(conn)
            .map_err(|e| match e {
                // Two registrations for one address at once: the second loses here.
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                ) => AccountError::field("email", "The email has already been taken."),
                other => other.into(),
            })?;
        let token = tokens::issue(conn, id, Purpose::VerifyEmail)?;
        outbox::enqueue(
            conn,
            &mail.verification(locale, email.as_str(), name.as_str(), &token),
        )?;
        outbox::enqueue(conn, &mail.welcome(locale, email.as_str(), name.as_str()))?;
        crate::find_user(conn, id)?.ok_or(AccountError::NotFound)
    })
}
