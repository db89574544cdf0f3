use db::schema::users;
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;

use fields::{Email, FieldErrors, PersonName, PhoneNumber};

use crate::NewPassword;
use crate::mails::AccountMails;
use crate::phone_codes::CodePurpose;
use crate::phone_sign_in::{Asker, PHONE_TAKEN, PhoneCodes, UNREACHABLE, send_code};
use crate::tokens::{self, Purpose};
use crate::users::{User, email_taken, phone_taken};
use crate::{AccountError, MailContext, PasswordHasher};

const EMAIL_TAKEN: &str = "The email has already been taken.";

/// A checked registration form: a name and a mobile number; an e-mail address and a password
/// when the shopper wants them (without a password they sign in with codes to the phone).
#[derive(Debug)]
pub struct Registration {
    pub name: PersonName,
    pub phone: PhoneNumber,
    pub email: Option<Email>,
    pub password: Option<NewPassword>,
}

/// A registration that failed its checks, with "taken" added when the address or the number
/// (if it could be read) already belongs to an account, so the shopper hears every problem at
/// once.
pub fn refuse_registration(
    conn: &mut DbConnection,
    email: Option<&Email>,
    phone: Option<&PhoneNumber>,
    mut errors: FieldErrors,
) -> AccountError {
    let mut taken = |field: &str, message: &str| {
        errors
            .entry(field.to_owned())
            .or_default()
            .push(message.to_owned());
    };
    if let Some(email) = email {
        match email_taken(conn, email.as_str(), None) {
            Ok(true) => taken("email", EMAIL_TAKEN),
            Ok(false) => {}
            Err(error) => return error.into(),
        }
    }
    if let Some(phone) = phone {
        match phone_taken(conn, phone.as_str(), None) {
            Ok(true) => taken("phone", PHONE_TAKEN),
            Ok(false) => {}
            Err(error) => return error.into(),
        }
    }
    AccountError::Invalid(errors)
}

/// Creates the account and, in one transaction, queues the code that verifies the phone (unless
/// a cap refuses it: the shopper asks again from their profile) and, with an e-mail address, the
/// verification and welcome mails. The account reads its messages in `locale`, the language of
/// the page the shopper registered on.
pub fn register(
    conn: &mut DbConnection,
    form: &Registration,
    asker: Asker<'_>,
    hasher: PasswordHasher,
    mail: &MailContext,
    codes: &PhoneCodes,
) -> Result<User, AccountError> {
    let Registration {
        name,
        phone,
        email,
        password,
    } = form;
    let mut errors = FieldErrors::new();
    let mut refuse = |field: &str, message: &str| {
        errors
            .entry(field.to_owned())
            .or_default()
            .push(message.to_owned());
    };
    let to = codes.reachable(phone);
    if to.is_none() {
        refuse("phone", UNREACHABLE);
    }
    if phone_taken(conn, phone.as_str(), None)? {
        refuse("phone", PHONE_TAKEN);
    }
    if let Some(email) = email
        && email_taken(conn, email.as_str(), None)?
    {
        refuse("email", EMAIL_TAKEN);
    }
    let Some(to) = to.filter(|_| errors.is_empty()) else {
        return Err(AccountError::Invalid(errors));
    };
    // Hash outside the transaction: it is slow on purpose.
    let hash = password
        .as_ref()
        .map(|password| hasher.hash(password.as_str()))
        .transpose()?;
    let locale = asker.locale;
    write_transaction(conn, |conn| {
        let id: UserId = diesel::insert_into(users::table)
            .values((
                users::name.eq(name.as_str()),
                users::email.eq(email.as_ref().map(Email::as_str)),
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
                ) => AccountError::field("email", EMAIL_TAKEN),
                other => other.into(),
            })?;
        let user = crate::find_user(conn, id)?.ok_or(AccountError::NotFound)?;
        send_code(conn, &user, &to, CodePurpose::Verify, asker, codes, mail)?;
        if let Some(email) = email {
            let token = tokens::issue(conn, id, Purpose::VerifyEmail)?;
            outbox::enqueue(
                conn,
                &mail.verification(locale, email.as_str(), name.as_str(), &token),
            )?;
            outbox::enqueue(conn, &mail.welcome(locale, email.as_str(), name.as_str()))?;
        }
        Ok(user)
    })
}
