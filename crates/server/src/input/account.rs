//! Account forms: registration, sign-in, profile, passwords, verification.

use accounts::{Credentials, Login, NewPassword, ProfileChange, Registration};
use fields::{Email, FieldErrors, FormErrors, PersonName, PhoneNumber};
use paths::Locale;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

/// A name and a mobile number; an e-mail address and a password are optional (without a
/// password the shopper signs in with codes sent to the phone).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterBody {
    #[schema(example = "Anitha Joseph")]
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    #[schema(example = "+91 98470 12345")]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub phone: Option<String>,
    #[schema(example = "anitha@example.in", max_length = 254)]
    pub email: Option<String>,
    /// When given, 8 to 64 characters, confirmed.
    #[schema(min_length = 8, max_length = 64)]
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

impl RegisterBody {
    /// The address, when it reads as one.
    pub fn email(&self) -> Option<Email> {
        given(&self.email).and_then(|raw| Email::parse(raw).ok())
    }

    /// The number, when it reads as one.
    pub fn phone(&self) -> Option<PhoneNumber> {
        given(&self.phone).and_then(|raw| PhoneNumber::parse(raw).ok())
    }
}

impl CheckBody for RegisterBody {
    type Checked = Registration;

    fn check(self) -> Result<Registration, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        let email = errors.optional("email", self.email.as_deref(), Email::parse);
        let password = match given(&self.password) {
            Some(_) => {
                new_password(&mut errors, &self.password, &self.password_confirmation).map(Some)
            }
            None => Some(None),
        };
        let form = (|| {
            Some(Registration {
                name: name?,
                phone: phone?,
                email: email?,
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

/// An e-mail address or a mobile number (exactly one), and the password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    #[schema(min_length = 3, max_length = 254)]
    pub email: Option<String>,
    /// A customer's mobile number, instead of `email` (staff sign in by e-mail).
    #[schema(example = "+91 98470 12345")]
    pub phone: Option<String>,
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

const ONE_OF: &str = "Give your e-mail address or your mobile number, not both.";

/// Exactly one of an address and a number: the sign-in's account.
fn login(errors: &mut FormErrors, email: &Option<String>, phone: &Option<String>) -> Option<Login> {
    match (given(email), given(phone)) {
        (Some(_), Some(_)) => {
            errors.add("email", ONE_OF.to_owned());
            errors.add("phone", ONE_OF.to_owned());
            None
        }
        (None, Some(phone)) => errors
            .check("phone", PhoneNumber::parse(phone))
            .map(Login::Phone),
        (email, None) => errors
            .required("email", email, Email::parse)
            .map(Login::Email),
    }
}

impl CheckBody for LoginBody {
    type Checked = SignIn;

    fn check(self) -> Result<SignIn, FieldErrors> {
        let mut errors = FormErrors::default();
        let login = login(&mut errors, &self.email, &self.phone);
        let password = errors.required("password", self.password.as_deref(), |raw| {
            Ok(raw.to_owned())
        });
        let remember = self.remember.unwrap_or(false);
        let sign_in = (|| {
            Some(SignIn {
                credentials: Credentials {
                    login: login?,
                    password: password?,
                },
                remember,
            })
        })();
        errors.finish(sign_in)
    }
}

/// A mobile number to send a sign-in code to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequestBody {
    #[schema(required = true, value_type = String, example = "+91 98470 12345")]
    pub phone: Option<String>,
}

impl CheckBody for CodeRequestBody {
    type Checked = PhoneNumber;

    fn check(self) -> Result<PhoneNumber, FieldErrors> {
        let mut errors = FormErrors::default();
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        errors.finish(phone)
    }
}

/// A sign-in with the code sent to a mobile number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeSignInBody {
    #[schema(required = true, value_type = String, example = "+91 98470 12345")]
    pub phone: Option<String>,
    /// The 6 digits from the message.
    #[schema(required = true, value_type = String, example = "042137")]
    pub code: Option<String>,
    /// "Keep me signed in", as for `POST /api/login`.
    pub remember: Option<bool>,
}

/// A code sign-in's checked form.
pub struct CodeSignIn {
    pub phone: PhoneNumber,
    pub code: String,
    pub remember: bool,
}

impl CheckBody for CodeSignInBody {
    type Checked = CodeSignIn;

    fn check(self) -> Result<CodeSignIn, FieldErrors> {
        let mut errors = FormErrors::default();
        let phone = errors.required("phone", given(&self.phone), PhoneNumber::parse);
        let code = errors.required("code", given(&self.code), |raw| Ok(raw.to_owned()));
        let remember = self.remember.unwrap_or(false);
        let form = (|| {
            Some(CodeSignIn {
                phone: phone?,
                code: code?,
                remember,
            })
        })();
        errors.finish(form)
    }
}

/// The code sent to the signed-in account's number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneCodeBody {
    #[schema(required = true, value_type = String, example = "042137")]
    pub code: Option<String>,
}

impl CheckBody for PhoneCodeBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        let mut errors = FormErrors::default();
        let code = errors.required("code", given(&self.code), |raw| Ok(raw.to_owned()));
        errors.finish(code)
    }
}

/// Whether the shopper wants order news on WhatsApp or SMS at their number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneUpdatesBody {
    #[schema(required = true, value_type = bool)]
    pub order_updates_on_phone: Option<bool>,
}

impl CheckBody for PhoneUpdatesBody {
    type Checked = bool;

    fn check(self) -> Result<bool, FieldErrors> {
        let mut errors = FormErrors::default();
        if self.order_updates_on_phone.is_none() {
            errors.add(
                "order_updates_on_phone",
                fields::required_message("order_updates_on_phone"),
            );
        }
        errors.finish(self.order_updates_on_phone)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileBody {
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    /// Left out or blank, it stays as it is. A new number needs `current_password` (when the
    /// account has a password) and is unverified until a code sent to it is entered.
    pub phone: Option<String>,
    /// Left out, it stays as it is. A new address needs `current_password` (when the account
    /// has a password), and is verified anew.
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
        let phone = errors.optional("phone", self.phone.as_deref(), PhoneNumber::parse);
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
    /// Left out when the account has no password yet (opened with a phone): it sets one.
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
