//! Registration, sign-in and out (by password or by a code sent to the phone), the signed-in user, password reset and e-mail verification.

pub mod data_rights;
pub mod password_reset;
pub mod phone;
pub mod profile;
pub mod register;
pub mod sign_in;
pub mod verification;
