//! Shoppers' accounts: registration (a name and a mobile number; e-mail and password optional),
//! sign-in by e-mail or mobile number with a password or a code sent to the phone, e-mail and
//! phone verification, password reset, profile and password changes, and the contact form. Functions take checked types (`fields`, and
//! [`NewPassword`] for the password policy), parsed at the edge; the mail each action sends is
//! written to the outbox in the action's transaction.
//! For the back office: `customers` (find, open, send a reset mail) and `inbox` (the contact
//! messages, marked handled).
//! Knows nothing of HTTP or sessions: the shell renews and ends sessions around these calls.

mod contact;
pub mod customers;
mod error;
pub mod inbox;
mod mails;
mod new_password;
mod passwords;
pub mod people;
mod phone_codes;
mod phone_sign_in;
mod profile;
mod register;
mod reset;
mod sign_in;
pub mod staff;
mod tokens;
mod users;
mod verify;

pub use contact::{ContactMessage, submit_contact};
pub use error::AccountError;
pub use fields::FieldErrors;
pub use mail::MailContext;
pub use mails::AccountMails;
pub use new_password::NewPassword;
pub use passwords::PasswordHasher;
pub use phone_codes::{CODE_MINUTES, CodeCaps, CodeKey, MAX_TRIES, forget_old_codes};
pub use phone_sign_in::{
    Asker, PhoneCodes, request_sign_in_code, send_phone_code, sign_in_with_code, verify_phone,
};
pub use profile::{ProfileChange, change_password, set_language, update_profile};
pub use register::{Registration, refuse_registration, register};
pub use reset::{request_password_reset, reset_password};
pub use sign_in::{Credentials, Login, sign_in};
pub use staff::Role;
pub use users::{User, find_user};
pub use verify::{resend_verification, verify_email};
