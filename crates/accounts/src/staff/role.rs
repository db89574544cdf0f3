use chrono::NaiveDateTime;
use db::schema::{user_totp, users};
use db::{DbConnection, UserId};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::AccountError;

/// What a member of staff may do: `staff` keeps the shop, `admin` also manages staff, a
/// `packer` packs and ships orders (no prices, customers or catalogue), an `accountant` reads the
/// books (GST returns, reports) and writes nothing. What each reaches is the server's
/// `handlers/admin/access.rs`. Shoppers (`customer`) have no role here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Staff,
    Admin,
    Packer,
    Accountant,
}

impl Role {
    pub const ALL: [Self; 4] = [Self::Admin, Self::Staff, Self::Packer, Self::Accountant];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Staff => "staff",
            Self::Admin => "admin",
            Self::Packer => "packer",
            Self::Accountant => "accountant",
        }
    }

    /// The role stored in `users.role`; `None` for a shopper (or anything else).
    pub fn from_column(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.as_str() == raw)
    }
}

/// Where an account stands for signing in to the back office, read anew on every staff request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInStatus {
    /// `None` for a shopper.
    pub role: Option<Role>,
    pub disabled: bool,
    /// A TOTP secret has been confirmed with a first code.
    pub two_factor_enrolled: bool,
}

/// The account's role, whether it is disabled and whether its second factor is set up;
/// `None` when there is no such account.
pub fn sign_in_status(
    conn: &mut DbConnection,
    user_id: UserId,
) -> Result<Option<SignInStatus>, AccountError> {
    let Some((role, disabled_at)) = users::table
        .find(user_id)
        .select((users::role, users::disabled_at))
        .first::<(String, Option<NaiveDateTime>)>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let confirmed: Option<Option<NaiveDateTime>> = user_totp::table
        .find(user_id)
        .select(user_totp::confirmed_at)
        .first(conn)
        .optional()?;
    Ok(Some(SignInStatus {
        role: Role::from_column(&role),
        disabled: disabled_at.is_some(),
        two_factor_enrolled: matches!(confirmed, Some(Some(_))),
    }))
}
