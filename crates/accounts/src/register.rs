use db::schema::users;
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;

use crate::input::{Email, FormErrors, NewPassword, PersonName, PhoneNumber};
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::users::{User, email_taken};
use crate::{AccountError, MailContext, PasswordHasher};

/// A registration form as it arrived.
#[derive(Debug)]
pub struct Registration<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub password: &'a str,
    pub password_confirmation: Option<&'a str>,
}

/// Creates the account and queues the verification and welcome mails in one transaction.
pub fn register(
    conn: &mut DbConnection,
    form: &Registration,
    hasher: PasswordHasher,
    mail: &MailContext,
) -> Result<User, AccountError> {
    let mut errors = FormErrors::default();
    let name = errors.check("name", PersonName::parse(form.name));
    let email = errors.check("email", Email::parse(form.email));
    let phone = errors.check("phone", PhoneNumber::parse(form.phone));
    let password = errors.check(
        "password",
        NewPassword::parse(form.password, form.password_confirmation),
    );
    if let Some(email) = &email
        && email_taken(conn, email.as_str(), None)?
    {
        errors.add("email", "The email has already been taken.".into());
    }
    errors.into_result()?;
    let (Some(name), Some(email), Some(phone), Some(password)) = (name, email, phone, password)
    else {
        return Err(AccountError::field("form", "The given data was invalid."));
    };
    // Hash outside the transaction: it is slow on purpose.
    let hash = hasher.hash(password.as_str())?;
    write_transaction(conn, |conn| {
        let id: i64 = diesel::insert_into(users::table)
            .values((
                users::name.eq(name.as_str()),
                users::email.eq(email.as_str()),
                users::phone.eq(phone.as_str()),
                users::password_hash.eq(&hash),
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
            &mail.verification(email.as_str(), name.as_str(), &token),
        )?;
        outbox::enqueue(conn, &mail.welcome(email.as_str(), name.as_str()))?;
        crate::find_user(conn, id)?.ok_or(AccountError::NotFound)
    })
}
