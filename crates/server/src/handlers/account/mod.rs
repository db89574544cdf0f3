//! Registration, sign-in and out, the signed-in user, password reset and e-mail verification.

pub mod password_reset;
pub mod profile;
pub mod register;
pub mod sign_in;
pub mod verification;
