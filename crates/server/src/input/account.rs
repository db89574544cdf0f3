//! Account forms: registration, sign-in, profile, passwords, verification.

use accounts::{Credentials, NewPassword, ProfileChange, Registration};
use fields::{Email, FieldErrors, FormErrors, PersonName, PhoneNumber};
use paths::Locale;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterBody {
    #[schema(example = "Anitha Joseph")]
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    #[schema(example = "anitha@example.in")]
    #[schema(required = true, value_type = String, min_length = 3, max_length = 254)]
    pub email: Option<String>,
    #[schema(example = "+91 98470 12345")]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub phone: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 64)]
    pub password: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password_confirmation: Option<String>,
}

impl RegisterBody {
    /// The address, when it reads as one.
    pub fn email(&self) -> Option<Email> {
        given(&self.email).and_then(|raw| Email::parse(raw).ok())
    }
}

impl CheckBody for RegisterBody {
    type Checked = Registration;

    fn check(self) -> Result<Registration, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let email = errors.required("email", given(&self.email), Email::parse);
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        let password = new_password(&mut errors, &self.password, &self.password_confirmation);
        let form = (|| {
            Some(Registration {
                name: name?,
                email: email?,
                phone: phone?,
                password: password?,
            })
        })();
        errors.finish(form)
    }
}

fn new_password(
    errors: &mut FormErrors,
    password: &Option<String>,
    confirmation: &Option<String>,
) -> Option<NewPassword> {
    errors.check(
        "password",
        NewPassword::parse(
            password.as_deref().unwrap_or_default(),
            confirmation.as_deref(),
        ),
    )
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    #[schema(required = true, value_type = String, min_length = 3, max_length = 254)]
    pub email: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password: Option<String>,
    /// "Keep me signed in": `true`, the session lasts 30 days; `false` or left out, it ends
    /// when the browser closes or after 2 hours unused.
    pub remember: Option<bool>,
}

/// A sign-in's checked form.
pub struct SignIn {
    pub credentials: Credentials,
    pub remember: bool,
}

impl CheckBody for LoginBody {
    type Checked = SignIn;

    fn check(self) -> Result<SignIn, FieldErrors> {
        let mut errors = FormErrors::default();
        let email = errors.required("email", given(&self.email), Email::parse);
        let password = errors.required("password", self.password.as_deref(), |raw| {
            Ok(raw.to_owned())
        });
        let remember = self.remember.unwrap_or(false);
        let sign_in = (|| {
            Some(SignIn {
                credentials: Credentials {
                    email: email?,
                    password: password?,
                },
                remember,
            })
        })();
        errors.finish(sign_in)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileBody {
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1)]
    pub phone: Option<String>,
    /// A new address needs `current_password`, and is verified anew.
    pub email: Option<String>,
    pub current_password: Option<String>,
    /// The language of the shopper's mail (`en`, `ml`, `ta`); left out, it stays as it is.
    #[schema(pattern = "^(en|ml|ta)$", example = "ml")]
    pub locale: Option<String>,
}

impl CheckBody for ProfileBody {
    type Checked = ProfileChange;

    fn check(self) -> Result<ProfileChange, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        let email = match self.email.as_deref() {
            Some(raw) => errors.check("email", Email::parse(raw)).map(Some),
            None => Some(None),
        };
        let locale = match self.locale.as_deref() {
            Some(raw) => errors.check("locale", language(raw)).map(Some),
            None => Some(None),
        };
        let change = (|| {
            Some(ProfileChange {
                name: name?,
                phone: phone?,
                email: email?,
                current_password: self.current_password,
                locale: locale?,
            })
        })();
        errors.finish(change)
    }
}

/// One of the shop's languages, by its code.
fn language(raw: &str) -> Result<Locale, String> {
    Locale::parse(raw).ok_or_else(|| "Choose en, ml or ta.".to_owned())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LanguageBody {
    #[schema(required = true, value_type = String, pattern = "^(en|ml|ta)$", example = "ml")]
    pub locale: Option<String>,
}

impl CheckBody for LanguageBody {
    type Checked = Locale;

    fn check(self) -> Result<Locale, FieldErrors> {
        let mut errors = FormErrors::default();
        let locale = errors.required("locale", given(&self.locale), language);
        errors.finish(locale)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordChangeBody {
    #[schema(required = true, value_type = String)]
    pub current_password: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 64)]
    pub password: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password_confirmation: Option<String>,
}

/// The current password (checked by the domain against the account) and the new one.
pub struct PasswordChange {
    pub current: String,
    pub password: NewPassword,
}

impl CheckBody for PasswordChangeBody {
    type Checked = PasswordChange;

    fn check(self) -> Result<PasswordChange, FieldErrors> {
        let mut errors = FormErrors::default();
        let password = new_password(&mut errors, &self.password, &self.password_confirmation);
        errors.finish(password.map(|password| PasswordChange {
            current: self.current_password.unwrap_or_default(),
            password,
        }))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotPasswordBody {
    #[schema(required = true, value_type = String, min_length = 3, max_length = 254)]
    pub email: Option<String>,
}

impl CheckBody for ForgotPasswordBody {
    type Checked = Email;

    fn check(self) -> Result<Email, FieldErrors> {
        let mut errors = FormErrors::default();
        let email = errors.required("email", given(&self.email), |raw| {
            Email::parse(raw).map_err(|_| "The email must be a valid email address.".to_owned())
        });
        errors.finish(email)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordBody {
    /// The token from the mailed link.
    #[schema(required = true, value_type = String)]
    pub token: Option<String>,
    #[schema(required = true, value_type = String, min_length = 3, max_length = 254)]
    pub email: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 64)]
    pub password: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password_confirmation: Option<String>,
}

pub struct PasswordReset {
    pub token: String,
    pub email: Email,
    pub password: NewPassword,
}

impl CheckBody for ResetPasswordBody {
    type Checked = PasswordReset;

    fn check(self) -> Result<PasswordReset, FieldErrors> {
        let mut errors = FormErrors::default();
        let email = errors.required("email", given(&self.email), Email::parse);
        let password = new_password(&mut errors, &self.password, &self.password_confirmation);
        let reset = (|| {
            Some(PasswordReset {
                token: self.token.unwrap_or_default(),
                email: email?,
                password: password?,
            })
        })();
        errors.finish(reset)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyEmailBody {
    /// The token from the mailed link.
    #[schema(required = true, value_type = String)]
    pub token: Option<String>,
}

impl CheckBody for VerifyEmailBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        Ok(self.token.unwrap_or_default())
    }
}
