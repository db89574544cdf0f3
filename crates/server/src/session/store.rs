use std::collections::HashMap;

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use actix_web::web;
use anyhow::anyhow;
use chrono::{NaiveDateTime, Utc};
use db::schema::sessions;
use db::{DbPool, UserId};
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::SessionKind;

type State = HashMap<String, String>;

/// Sessions in the `sessions` table. Rows are found by the SHA-256 of the session key, so the
/// table alone does not let anyone take a session over. Keys carry 256 random bits.
///
/// Each row keeps its kind and when it was last used: a browser session (a sign-in without
/// "Keep me signed in") unused longer than `idle` is deleted when it is next presented, and
/// the request goes on without it (so a signed-in call answers 401).
#[derive(Clone)]
pub struct DbSessionStore {
    pool: DbPool,
    idle: chrono::Duration,
}

/// How stale `last_used_at` may get before a request writes it again: at most once a minute per
/// session (a write per page view would cost more than the minute of precision is worth), and
/// at least four times within the idle limit.
fn touch_after(idle: chrono::Duration) -> chrono::Duration {
    (idle / 4).min(chrono::Duration::seconds(60))
}

impl DbSessionStore {
    /// `idle_secs`: how long a browser session may go unused (`SIGN_IN_IDLE_SECS`).
    pub fn new(pool: DbPool, idle_secs: i64) -> Self {
        Self {
            pool,
            idle: chrono::Duration::seconds(idle_secs),
        }
    }

    async fn run<T, F>(&self, work: F) -> anyhow::Result<T>
    where
        F: FnOnce(&mut db::DbConnection) -> anyhow::Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || work(&mut *pool.get()?))
            .await
            .map_err(|e| anyhow!("session store task failed: {e}"))?
    }
}

fn row_id(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn expiry(ttl: &Duration) -> NaiveDateTime {
    Utc::now().naive_utc() + chrono::Duration::seconds(ttl.whole_seconds())
}

/// The signed-in user, when the state names one, so a user's sessions can be ended together.
fn user_id(state: &State) -> Option<UserId> {
    state
        .get("user_id")
        .and_then(|v| v.parse().ok())
        .map(UserId)
}

impl SessionStore for DbSessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let id = row_id(session_key.as_ref());
        let idle = self.idle;
        let stored: Option<String> = self
            .run(move |conn| {
                let now = Utc::now().naive_utc();
                let row: Option<(String, String, NaiveDateTime)> = sessions::table
                    .find(&id)
                    .filter(sessions::expires_at.gt(now))
                    .select((sessions::state, sessions::kind, sessions::last_used_at))
                    .first(conn)
                    .optional()?;
                let Some((state, kind, last_used)) = row else {
                    return Ok(None);
                };
                let unused = now - last_used;
                if SessionKind::parse(&kind) == SessionKind::Browser && unused > idle {
                    diesel::delete(sessions::table.find(&id)).execute(conn)?;
                    return Ok(None);
                }
                if unused >= touch_after(idle) {
                    diesel::update(sessions::table.find(&id))
                        .set(sessions::last_used_at.eq(now))
                        .execute(conn)?;
                }
                Ok(Some(state))
            })
            .await
            .map_err(LoadError::Other)?;
        stored
            .map(|json| {
                serde_json::from_str(&json).map_err(|e| LoadError::Deserialization(e.into()))
            })
            .transpose()
    }

    async fn save(&self, session_state: State, ttl: &Duration) -> Result<SessionKey, SaveError> {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        let key = hex::encode(bytes);
        let json = serde_json::to_string(&session_state)
            .map_err(|e| SaveError::Serialization(e.into()))?;
        let row = (
            sessions::id.eq(row_id(&key)),
            sessions::state.eq(json),
            sessions::user_id.eq(user_id(&session_state)),
            sessions::expires_at.eq(expiry(ttl)),
            sessions::kind.eq(SessionKind::from_state(&session_state).as_str()),
            sessions::last_used_at.eq(Utc::now().naive_utc()),
        );
        self.run(move |conn| {
            diesel::insert_into(sessions::table)
                .values(row)
                .execute(conn)?;
            Ok(())
        })
        .await
        .map_err(SaveError::Other)?;
        SessionKey::try_from(key).map_err(|e| SaveError::Other(e.into()))
    }

    async fn update(
        &self,
        session_key: SessionKey,
        session_state: State,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let json = serde_json::to_string(&session_state)
            .map_err(|e| UpdateError::Serialization(e.into()))?;
        let id = row_id(session_key.as_ref());
        let (user, expires_at) = (user_id(&session_state), expiry(ttl));
        let kind = SessionKind::from_state(&session_state).as_str();
        let updated = self
            .run(move |conn| {
                Ok(diesel::update(sessions::table.find(id))
                    .set((
                        sessions::state.eq(json),
                        sessions::user_id.eq(user),
                        sessions::expires_at.eq(expires_at),
                        sessions::kind.eq(kind),
                        sessions::last_used_at.eq(Utc::now().naive_utc()),
                    ))
                    .execute(conn)?)
            })
            .await
            .map_err(UpdateError::Other)?;
        if updated == 1 {
            return Ok(session_key);
        }
        // The row expired and was purged meanwhile: start a new session with this state.
        self.save(session_state, ttl).await.map_err(|e| match e {
            SaveError::Serialization(e) => UpdateError::Serialization(e),
            SaveError::Other(e) => UpdateError::Other(e),
        })
    }

    async fn update_ttl(
        &self,
        session_key: &SessionKey,
        ttl: &Duration,
    ) -> Result<(), anyhow::Error> {
        let id = row_id(session_key.as_ref());
        let expires_at = expiry(ttl);
        self.run(move |conn| {
            diesel::update(sessions::table.find(id))
                .set(sessions::expires_at.eq(expires_at))
                .execute(conn)?;
            Ok(())
        })
        .await
    }

    async fn delete(&self, session_key: &SessionKey) -> Result<(), anyhow::Error> {
        let id = row_id(session_key.as_ref());
        self.run(move |conn| {
            diesel::delete(sessions::table.find(id)).execute(conn)?;
            Ok(())
        })
        .await
    }
}

/// Deletes expired sessions, browser sessions unused longer than `idle_secs`, and anonymous
/// carts idle longer than a session lives; returns how many sessions went.
pub fn purge_expired(conn: &mut db::DbConnection, idle_secs: i64) -> QueryResult<usize> {
    use db::schema::carts;
    let now = Utc::now().naive_utc();
    let idle_before = now - chrono::Duration::seconds(idle_secs);
    let sessions_gone = diesel::delete(
        sessions::table.filter(
            sessions::expires_at.le(now).or(sessions::kind
                .eq(SessionKind::Browser.as_str())
                .and(sessions::last_used_at.lt(idle_before))),
        ),
    )
    .execute(conn)?;
    let idle_since = now - chrono::Duration::days(super::SESSION_DAYS);
    diesel::delete(
        carts::table
            .filter(carts::user_id.is_null())
            .filter(carts::updated_at.lt(idle_since)),
    )
    .execute(conn)?;
    Ok(sessions_gone)
}
