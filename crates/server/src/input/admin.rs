//! The back office's forms: the second factor, staff changes and the audit log's filters.

use accounts::Role;
use accounts::staff::{AuditArea, AuditFilter, SecondFactor, StaffInvite};
use chrono::{NaiveDate, NaiveDateTime};
use db::UserId;
use fields::{Email, FieldErrors, FormErrors, PersonName};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};
use crate::error::ApiError;

/// Six digits from the authenticator app (spaces allowed).
fn six_digits(raw: &str) -> Result<String, String> {
    let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() == 6 && digits.chars().all(|c| c.is_ascii_digit()) {
        Ok(digits)
    } else {
        Err("The code must be the 6 digits your authenticator app shows.".into())
    }
}

/// The second step of a staff sign-in: a code from the app, or one of the recovery codes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorBody {
    /// The 6 digits the authenticator app shows now.
    #[schema(example = "123456")]
    pub code: Option<String>,
    /// One of the recovery codes shown at enrolment (each works once).
    #[schema(example = "3f9a1-07c2e-b5d40-9e1a7")]
    pub recovery_code: Option<String>,
}

impl CheckBody for TwoFactorBody {
    type Checked = SecondFactor;

    fn check(self) -> Result<SecondFactor, FieldErrors> {
        let mut errors = FormErrors::default();
        let factor = match (given(&self.code), given(&self.recovery_code)) {
            (Some(code), None) => errors
                .check("code", six_digits(code))
                .map(SecondFactor::Code),
            (None, Some(recovery)) => Some(SecondFactor::RecoveryCode(recovery.to_owned())),
            (Some(_), Some(_)) => {
                errors.add(
                    "code",
                    "Give either a code or a recovery code, not both.".into(),
                );
                None
            }
            (None, None) => {
                errors.add("code", "The code field is required.".into());
                None
            }
        };
        errors.finish(factor)
    }
}

/// The first code from the newly set-up app, which confirms the enrolment.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorConfirmBody {
    #[schema(required = true, value_type = String, example = "123456")]
    pub code: Option<String>,
}

impl CheckBody for TwoFactorConfirmBody {
    type Checked = String;

    fn check(self) -> Result<String, FieldErrors> {
        let mut errors = FormErrors::default();
        let code = errors.required("code", given(&self.code), six_digits);
        errors.finish(code)
    }
}

fn role(raw: &str) -> Result<Role, String> {
    Role::from_column(raw)
        .ok_or_else(|| "The role must be `staff`, `admin`, `packer` or `accountant`.".into())
}

/// A new member of staff.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteStaffBody {
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    #[schema(required = true, value_type = String, min_length = 3, max_length = 254)]
    pub email: Option<String>,
    /// `staff` (the default), `admin`, `packer` or `accountant`.
    #[schema(value_type = Option<Role>)]
    pub role: Option<String>,
}

impl CheckBody for InviteStaffBody {
    type Checked = StaffInvite;

    fn check(self) -> Result<StaffInvite, FieldErrors> {
        let mut errors = FormErrors::default();
        let name = errors.required("name", given(&self.name), PersonName::parse);
        let email = errors.required("email", given(&self.email), Email::parse);
        let role = match given(&self.role) {
            Some(raw) => errors.check("role", role(raw)),
            None => Some(Role::Staff),
        };
        let invite = (|| {
            Some(StaffInvite {
                name: name?,
                email: email?,
                role: role?,
            })
        })();
        errors.finish(invite)
    }
}

/// A member of staff's new role.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffRoleBody {
    #[schema(required = true, value_type = Role)]
    pub role: Option<String>,
}

impl CheckBody for StaffRoleBody {
    type Checked = Role;

    fn check(self) -> Result<Role, FieldErrors> {
        let mut errors = FormErrors::default();
        let role = errors.required("role", given(&self.role), role);
        errors.finish(role)
    }
}

/// The audit log's filters and page, as they arrive in the query string.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// What kind of thing changed: `user`, `product`, ...
    entity: Option<String>,
    /// Which one (with `entity`).
    entity_id: Option<String>,
    /// Who made the changes (a user id).
    actor_id: Option<String>,
    /// Who made the changes: part of the staff member's name, any case.
    actor: Option<String>,
    /// The part of the shop that changed.
    #[param(value_type = Option<AuditArea>)]
    area: Option<String>,
    /// From this time on: `2026-11-24` or `2026-11-24T09:30:00` (UTC).
    from: Option<String>,
    /// Up to this time: a date includes the whole day.
    to: Option<String>,
    /// From 1.
    page: Option<String>,
    /// 1 to 48.
    per_page: Option<String>,
}

fn moment(field: &str, raw: &str, end_of_day: bool) -> Result<NaiveDateTime, ApiError> {
    let raw = raw.trim();
    if let Ok(date) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let time = if end_of_day {
            date.and_hms_micro_opt(23, 59, 59, 999_999)
        } else {
            date.and_hms_opt(0, 0, 0)
        };
        return time.ok_or_else(|| ApiError::validation(field, "Not a valid date."));
    }
    NaiveDateTime::parse_from_str(raw.trim_end_matches('Z'), "%Y-%m-%dT%H:%M:%S%.f").map_err(|_| {
        ApiError::validation(
            field,
            "Give a date (2026-11-24) or a UTC time (2026-11-24T09:30:00).",
        )
    })
}

impl AuditQuery {
    pub fn parse(&self) -> Result<(AuditFilter, catalog::PageRequest), ApiError> {
        let text = |raw: &Option<String>| given(raw).map(str::to_owned);
        let actor_id = match given(&self.actor_id) {
            Some(raw) => Some(
                raw.parse::<i64>()
                    .map(UserId)
                    .map_err(|_| ApiError::validation("actor_id", "Not a user id."))?,
            ),
            None => None,
        };
        let actor_name = given(&self.actor)
            .map(|raw| {
                if raw.chars().count() > 100 || fields::text::has_control(raw) {
                    Err(ApiError::validation(
                        "actor",
                        "Give part of a name, at most 100 characters.",
                    ))
                } else {
                    Ok(raw.to_owned())
                }
            })
            .transpose()?;
        let area = given(&self.area)
            .map(|raw| {
                AuditArea::parse(raw).ok_or_else(|| {
                    ApiError::validation(
                        "area",
                        "Choose products, stock, orders, payments, staff, customers, messages or shop.",
                    )
                })
            })
            .transpose()?;
        let filter = AuditFilter {
            entity: text(&self.entity),
            entity_id: text(&self.entity_id),
            actor_id,
            actor_name,
            area,
            from: given(&self.from)
                .map(|raw| moment("from", raw, false))
                .transpose()?,
            to: given(&self.to)
                .map(|raw| moment("to", raw, true))
                .transpose()?,
        };
        let page = catalog::PageRequest::parse(self.page.as_deref(), self.per_page.as_deref())?;
        Ok((filter, page))
    }
}
