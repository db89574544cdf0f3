//! The secrets every process on one database shares, made at the first start and kept in the
//! database: the session cookies' key, and the keys derived from it (order links).

use actix_web::cookie::Key;
use anyhow::Context;
use db::schema::app_secrets;
use db::{DbConnection, DbPool};
use diesel::prelude::*;
use rand::RngCore;

const NAME: &str = "session_cookie_key";

/// The key that encrypts session cookies. It is made at the first start and kept in the
/// database, so every process on one database accepts the others' cookies and restarts keep
/// shoppers' sessions.
pub fn cookie_key(pool: &DbPool) -> anyhow::Result<Key> {
    let mut conn = pool.get().context("connecting for the session key")?;
    let hex_key = match stored(&mut conn)? {
        Some(existing) => existing,
        None => {
            let mut bytes = [0u8; 64];
            rand::rng().fill_bytes(&mut bytes);
            let fresh = (
                app_secrets::name.eq(NAME),
                app_secrets::value.eq(hex::encode(bytes)),
            );
            // Two processes starting together: the first insert wins and both read it back.
            db::per_backend!(&mut *conn, |c| diesel::insert_into(app_secrets::table)
                .values(fresh)
                .on_conflict_do_nothing()
                .execute(c))?;
            stored(&mut conn)?.context("the session key was not stored")?
        }
    };
    let bytes = hex::decode(hex_key).context("the stored session key is not hex")?;
    Key::try_from(bytes.as_slice()).context("the stored session key is too short")
}

/// The key that signs order links in messages, derived from the session key so that every
/// process on one database signs and checks alike.
pub fn order_link_key(pool: &DbPool) -> anyhow::Result<paths::OrderLinkKey> {
    Ok(paths::OrderLinkKey::derive(cookie_key(pool)?.master()))
}

fn stored(conn: &mut DbConnection) -> anyhow::Result<Option<String>> {
    Ok(app_secrets::table
        .find(NAME)
        .select(app_secrets::value)
        .first(conn)
        .optional()?)
}
