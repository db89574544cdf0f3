//! The staff list and its changes. Every change is written to the audit log in its own
//! transaction, with values that never include a password, secret or token.

use chrono::{NaiveDateTime, Utc};
use db::audit::{self, AuditEntry};
use db::schema::{sessions, user_totp, users};
use db::{DbConnection, UserId, outbox, write_transaction};
use diesel::prelude::*;
use fields::{Email, PersonName};
use serde::Serialize;

use super::Role;
use crate::mails::AccountMails;
use crate::tokens::{self, Purpose};
use crate::{AccountError, MailContext};

/// A password hash no password matches: an invited account signs in only after it sets one.
const NO_PASSWORD: &str = "!unset";

/// A member of staff as the back office lists them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffMember {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
    /// Their authenticator app is set up.
    pub two_factor_enrolled: bool,
    /// When the account was disabled; `null` while it may sign in.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub disabled_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// A new member of staff: they get a mail with a link to choose their password.
#[derive(Debug)]
pub struct StaffInvite {
    pub name: PersonName,
    pub email: Email,
    pub role: Role,
}

type MemberRow = (
    UserId,
    String,
    Option<String>,
    String,
    Option<NaiveDateTime>,
    NaiveDateTime,
    Option<NaiveDateTime>,
);

fn member(row: MemberRow) -> Option<StaffMember> {
    let (id, name, email, role, disabled_at, created_at, confirmed) = row;
    Some(StaffMember {
        id,
        name,
        // Staff are made with an address (invited or created by it).
        email: email.unwrap_or_default(),
        role: Role::from_column(&role)?,
        two_factor_enrolled: confirmed.is_some(),
        disabled_at,
        created_at,
    })
}

fn members(conn: &mut DbConnection, only: Option<UserId>) -> QueryResult<Vec<StaffMember>> {
    let mut query = users::table
        .left_join(user_totp::table)
        .filter(users::role.eq_any(Role::ALL.map(Role::as_str)))
        .select((
            users::id,
            users::name,
            users::email,
            users::role,
            users::disabled_at,
            users::created_at,
            user_totp::confirmed_at.nullable(),
        ))
        .order(users::id)
        .into_boxed();
    if let Some(id) = only {
        query = query.filter(users::id.eq(id));
    }
    Ok(query
        .load::<MemberRow>(conn)?
        .into_iter()
        .filter_map(member)
        .collect())
}

/// Everyone with a back-office role, disabled ones included, oldest first.
pub fn list_staff(conn: &mut DbConnection) -> Result<Vec<StaffMember>, AccountError> {
    Ok(members(conn, None)?)
}

fn find_member(conn: &mut DbConnection, id: UserId) -> Result<StaffMember, AccountError> {
    members(conn, Some(id))?.pop().ok_or(AccountError::NotFound)
}

/// Admins who can sign in: enabled, with a password chosen (an invited admin who never set
/// one cannot reach the back office, so does not count).
fn active_admins(conn: &mut DbConnection) -> QueryResult<Vec<UserId>> {
    users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::disabled_at.is_null())
        .filter(users::password_hash.ne(NO_PASSWORD))
        .select(users::id)
        .load(conn)
}

/// The key of the PostgreSQL advisory lock that changes to the admins take.
const ADMINS_LOCK: i64 = 0x5354_4146_4641_444d; // "STAFFADM"

/// Serialises the changes that could leave the shop without an admin, for the rest of the
/// transaction: two admins demoting each other at once would otherwise both count two admins
/// (PostgreSQL's READ COMMITTED reads the count before either write lands). SQLite already has
/// one writer at a time (`BEGIN IMMEDIATE`).
fn lock_admins(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<diesel::sql_types::BigInt, _>(ADMINS_LOCK)
            .execute(pg)?;
    }
    Ok(())
}

/// Refuses a change that takes away `before`'s admin rights when it is the last admin who can
/// sign in.
fn keep_an_admin(conn: &mut DbConnection, before: &StaffMember) -> Result<(), AccountError> {
    let active = active_admins(conn)?;
    if active.contains(&before.id) && active.len() <= 1 {
        return Err(AccountError::Conflict(
            "The shop needs at least one admin: make someone else an admin first.".into(),
        ));
    }
    Ok(())
}

fn values(member: &StaffMember) -> String {
    serde_json::json!({
        "name": member.name,
        "email": member.email,
        "role": member.role,
        "disabled": member.disabled_at.is_some(),
    })
    .to_string()
}

fn record(
    conn: &mut DbConnection,
    actor: Option<UserId>,
    action: &str,
    before: Option<&StaffMember>,
    after: &StaffMember,
) -> QueryResult<()> {
    let (old, new) = (before.map(values), values(after));
    audit::record(
        conn,
        &AuditEntry {
            actor_id: actor,
            action,
            entity: "user",
            entity_id: &after.id.to_string(),
            old_values: old.as_deref(),
            new_values: Some(&new),
        },
    )
}

/// Creates a staff account and mails it a link to choose a password. An address that already
/// has an account is refused (422 on `email`).
pub fn invite_staff(
    conn: &mut DbConnection,
    actor: UserId,
    invite: &StaffInvite,
    mail: &MailContext,
) -> Result<StaffMember, AccountError> {
    write_transaction(conn, |conn| {
        if crate::users::email_taken(conn, invite.email.as_str(), None)? {
            return Err(AccountError::field(
                "email",
                "An account with this address exists already.",
            ));
        }
        let id: UserId = diesel::insert_into(users::table)
            .values((
                users::name.eq(invite.name.as_str()),
                users::email.eq(invite.email.as_str()),
                users::phone.eq(""),
                users::password_hash.eq(NO_PASSWORD),
                users::role.eq(invite.role.as_str()),
            ))
            .returning(users::id)
            .get_result(conn)?;
        let token = tokens::issue(conn, id, Purpose::ResetPassword)?;
        outbox::enqueue(
            conn,
            &mail.staff_invitation(invite.email.as_str(), invite.name.as_str(), &token),
        )?;
        let created = find_member(conn, id)?;
        record(conn, Some(actor), "staff.invite", None, &created)?;
        Ok(created)
    })
}

/// Gives a member of staff another role. The last active admin cannot become staff.
pub fn set_role(
    conn: &mut DbConnection,
    actor: UserId,
    id: UserId,
    role: Role,
) -> Result<StaffMember, AccountError> {
    write_transaction(conn, |conn| {
        lock_admins(conn)?;
        let before = find_member(conn, id)?;
        if before.role == role {
            return Ok(before);
        }
        keep_an_admin(conn, &before)?;
        diesel::update(users::table.find(id))
            .set((
                users::role.eq(role.as_str()),
                users::updated_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        let after = find_member(conn, id)?;
        record(conn, Some(actor), "staff.role", Some(&before), &after)?;
        Ok(after)
    })
}

/// Disables a member of staff: they cannot sign in and every session of theirs ends. The last
/// active admin cannot be disabled.
pub fn disable_staff(
    conn: &mut DbConnection,
    actor: UserId,
    id: UserId,
) -> Result<StaffMember, AccountError> {
    write_transaction(conn, |conn| {
        lock_admins(conn)?;
        let before = find_member(conn, id)?;
        if before.disabled_at.is_some() {
            return Ok(before);
        }
        keep_an_admin(conn, &before)?;
        let now = Utc::now().naive_utc();
        diesel::update(users::table.find(id))
            .set((users::disabled_at.eq(now), users::updated_at.eq(now)))
            .execute(conn)?;
        diesel::delete(sessions::table.filter(sessions::user_id.eq(id))).execute(conn)?;
        let after = find_member(conn, id)?;
        record(conn, Some(actor), "staff.disable", Some(&before), &after)?;
        Ok(after)
    })
}

/// Lets a disabled member of staff sign in again.
pub fn enable_staff(
    conn: &mut DbConnection,
    actor: UserId,
    id: UserId,
) -> Result<StaffMember, AccountError> {
    write_transaction(conn, |conn| {
        let before = find_member(conn, id)?;
        if before.disabled_at.is_none() {
            return Ok(before);
        }
        diesel::update(users::table.find(id))
            .set((
                users::disabled_at.eq(None::<NaiveDateTime>),
                users::updated_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        let after = find_member(conn, id)?;
        record(conn, Some(actor), "staff.enable", Some(&before), &after)?;
        Ok(after)
    })
}

/// The command line's first admin: a new account, or an existing one made admin (and enabled).
/// With `password_hash` the password is set; without it a link to choose one is mailed.
/// Returns the member and whether the account is new.
pub fn create_admin(
    conn: &mut DbConnection,
    email: &Email,
    name: &PersonName,
    password_hash: Option<&str>,
    mail: &MailContext,
) -> Result<(StaffMember, bool), AccountError> {
    write_transaction(conn, |conn| {
        let existing: Option<UserId> = users::table
            .filter(users::email.eq(email.as_str()))
            .select(users::id)
            .first(conn)
            .optional()?;
        let now = Utc::now().naive_utc();
        let (id, before) = match existing {
            Some(id) => {
                let before = members(conn, Some(id))?.pop();
                // A shopper's sessions end: a staff session begins only with a second factor.
                if before.is_none() {
                    diesel::delete(sessions::table.filter(sessions::user_id.eq(id)))
                        .execute(conn)?;
                }
                diesel::update(users::table.find(id))
                    .set((
                        users::role.eq(Role::Admin.as_str()),
                        users::disabled_at.eq(None::<NaiveDateTime>),
                        users::updated_at.eq(now),
                    ))
                    .execute(conn)?;
                (id, before)
            }
            None => {
                let id = diesel::insert_into(users::table)
                    .values((
                        users::name.eq(name.as_str()),
                        users::email.eq(email.as_str()),
                        users::phone.eq(""),
                        users::password_hash.eq(NO_PASSWORD),
                        users::role.eq(Role::Admin.as_str()),
                    ))
                    .returning(users::id)
                    .get_result(conn)?;
                (id, None)
            }
        };
        match password_hash {
            Some(hash) => {
                diesel::update(users::table.find(id))
                    .set((
                        users::password_hash.eq(hash),
                        users::email_verified_at.eq(now),
                    ))
                    .execute(conn)?;
                // A new password ends the account's other sessions, as everywhere else.
                diesel::delete(sessions::table.filter(sessions::user_id.eq(id))).execute(conn)?;
            }
            None => {
                let token = tokens::issue(conn, id, Purpose::ResetPassword)?;
                outbox::enqueue(
                    conn,
                    &mail.staff_invitation(email.as_str(), name.as_str(), &token),
                )?;
            }
        }
        let after = find_member(conn, id)?;
        record(conn, None, "staff.create_admin", before.as_ref(), &after)?;
        Ok((after, existing.is_none()))
    })
}
