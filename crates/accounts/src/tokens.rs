//! One-time tokens for e-mail verification and password reset: 256 random bits, sent only in
//! the mail, stored as a SHA-256 hash, valid once and for a limited time.

use chrono::{Duration, Utc};
use db::schema::user_tokens;
use db::{DbConnection, UserId};
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::VerifyEmail => "verify_email",
            Self::ResetPassword => "reset_password",
        }
    }

    fn lifetime(self) -> Duration {
        match self {
            Self::VerifyEmail => Duration::hours(24),
            Self::ResetPassword => Duration::minutes(60),
        }
    }
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Makes a token for the user, retiring their earlier unused ones of the same purpose.
pub fn issue(conn: &mut DbConnection, user_id: UserId, purpose: Purpose) -> QueryResult<String> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let now = Utc::now().naive_utc();
    diesel::update(
        user_tokens::table
            .filter(user_tokens::user_id.eq(user_id))
            .filter(user_tokens::purpose.eq(purpose.as_str()))
            .filter(user_tokens::used_at.is_null()),
    )
    .set(user_tokens::used_at.eq(now))
    .execute(conn)?;
    diesel::insert_into(user_tokens::table)
        .values((
            user_tokens::user_id.eq(user_id),
            user_tokens::purpose.eq(purpose.as_str()),
            user_tokens::token_hash.eq(hash(&token)),
            user_tokens::expires_at.eq(now + purpose.lifetime()),
        ))
        .execute(conn)?;
    Ok(token)
}

/// Uses a token: the user it belongs to, if it is valid, unused and unexpired. It cannot be used
/// again. `user_id` narrows it to one user when the caller knows who it should be.
pub fn consume(
    conn: &mut DbConnection,
    token: &str,
    purpose: Purpose,
    user_id: Option<UserId>,
) -> QueryResult<Option<UserId>> {
    let now = Utc::now().naive_utc();
    let mut query = user_tokens::table
        .filter(user_tokens::token_hash.eq(hash(token.trim())))
        .filter(user_tokens::purpose.eq(purpose.as_str()))
        .filter(user_tokens::used_at.is_null())
        .filter(user_tokens::expires_at.gt(now))
        .select((user_tokens::id, user_tokens::user_id))
        .into_boxed();
    if let Some(user_id) = user_id {
        query = query.filter(user_tokens::user_id.eq(user_id));
    }
    let Some((id, owner)) = query.first::<(i64, UserId)>(conn).optional()? else {
        return Ok(None);
    };
    let used = diesel::update(
        user_tokens::table
            .find(id)
            .filter(user_tokens::used_at.is_null()),
    )
    .set(user_tokens::used_at.eq(now))
    .execute(conn)?;
    Ok((used == 1).then_some(owner))
}
