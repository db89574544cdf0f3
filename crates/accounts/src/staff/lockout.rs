//! Locking the second step of staff sign-in after wrong codes, for growing periods. The state
//! is a row of `two_factor_locks` per account, read and written in the attempt's transaction
//! with the row locked (PostgreSQL; SQLite has one writer at a time), so any number of
//! processes and concurrent attempts see one count.
//!
//! Why these numbers: someone who holds the password guesses six-digit TOTP codes. With one
//! step of drift either way (RFC 6238 §5.2) three codes are valid at any time, so one guess is
//! right with probability 3 / 10^6. [`WRONG_CODES_PER_LOCK`] wrong codes lock the step for
//! 1 minute, then 2, 4, ... doubling up to [`LONGEST_LOCK_SECS`] (4 hours) for every lock after.
//! Guessing as fast as allowed, that is 5 guesses per lock: 8 locks (1 to 128 minutes, 255
//! minutes in all) then one 4-hour lock after another, about 180 of them in 30 days, so about
//! 5 * 188 = 940 guesses a month, and a chance of at most 940 * 3 / 10^6 ≈ 0.3 % (under the 1 %
//! the shop wants; `an_attacker_with_the_password_has_under_one_percent_in_thirty_days` checks
//! it). Without a lock, the old limit of 5 a minute allowed 216,000 guesses: about 48 %.
//! A right code clears the row; so does a new password (the member's answer to the mail that
//! each lock sends).

use chrono::{Duration, NaiveDateTime};
use db::schema::two_factor_locks;
use db::{DbConnection, UserId};
use diesel::prelude::*;

/// Wrong codes (or recovery codes) in a row that lock the second step.
pub const WRONG_CODES_PER_LOCK: i32 = 5;
/// The first lock's length; each one after is twice as long, up to [`LONGEST_LOCK_SECS`].
pub const FIRST_LOCK_SECS: i64 = 60;
pub const LONGEST_LOCK_SECS: i64 = 4 * 3600;

/// How long the `lockouts`-th lock (from 1) lasts.
pub fn lock_secs(lockouts: i32) -> i64 {
    let doublings = u32::try_from(lockouts.saturating_sub(1))
        .unwrap_or(0)
        .min(20);
    FIRST_LOCK_SECS
        .saturating_mul(1_i64 << doublings)
        .min(LONGEST_LOCK_SECS)
}

/// An account's wrong codes since its last lock, its locks so far, and the current lock's end.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LockState {
    failures: i32,
    lockouts: i32,
    locked_until: Option<NaiveDateTime>,
}

impl LockState {
    /// Whole seconds the lock still lasts at `now` (at least 1), if it does.
    pub(crate) fn remaining_secs(&self, now: NaiveDateTime) -> Option<u64> {
        let until = self.locked_until.filter(|until| *until > now)?;
        let millis = (until - now).num_milliseconds();
        Some(u64::try_from((millis + 999) / 1000).unwrap_or(1).max(1))
    }
}

/// A lock that has just begun: how many so far, and how long it lasts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NewLock {
    pub lockouts: i32,
    pub secs: i64,
}

/// The account's state, its row locked until the transaction ends (created when missing).
pub(crate) fn claim(conn: &mut DbConnection, user_id: UserId) -> QueryResult<LockState> {
    use two_factor_locks::dsl as l;
    let (failures, lockouts, locked_until) = db::per_backend!(conn, |c| {
        diesel::insert_into(l::two_factor_locks)
            .values(l::user_id.eq(user_id))
            .on_conflict(l::user_id)
            .do_update()
            // Writing the row takes its lock (PostgreSQL); the values stay as they are.
            .set(l::failures.eq(l::failures))
            .returning((l::failures, l::lockouts, l::locked_until))
            .get_result::<(i32, i32, Option<NaiveDateTime>)>(c)
    })?;
    Ok(LockState {
        failures,
        lockouts,
        locked_until,
    })
}

/// A right code: the account starts afresh.
pub(crate) fn clear(conn: &mut DbConnection, user_id: UserId) -> QueryResult<()> {
    diesel::delete(two_factor_locks::table.find(user_id)).execute(conn)?;
    Ok(())
}

/// Counts a wrong code at `now`; the lock it starts, if it is the last one allowed.
pub(crate) fn wrong_code(
    conn: &mut DbConnection,
    user_id: UserId,
    state: &LockState,
    now: NaiveDateTime,
) -> QueryResult<Option<NewLock>> {
    let failures = state.failures.saturating_add(1);
    if failures < WRONG_CODES_PER_LOCK {
        diesel::update(two_factor_locks::table.find(user_id))
            .set(two_factor_locks::failures.eq(failures))
            .execute(conn)?;
        return Ok(None);
    }
    let lockouts = state.lockouts.saturating_add(1);
    let secs = lock_secs(lockouts);
    diesel::update(two_factor_locks::table.find(user_id))
        .set((
            two_factor_locks::failures.eq(0),
            two_factor_locks::lockouts.eq(lockouts),
            two_factor_locks::locked_until.eq(now + Duration::seconds(secs)),
        ))
        .execute(conn)?;
    Ok(Some(NewLock { lockouts, secs }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_double_up_to_four_hours() {
        let secs: Vec<i64> = (1..=10).map(lock_secs).collect();
        assert_eq!(
            secs,
            [60, 120, 240, 480, 960, 1920, 3840, 7680, 14400, 14400]
        );
        assert_eq!(lock_secs(i32::MAX), LONGEST_LOCK_SECS);
    }

    /// The attacker guesses instantly whenever the step is open: every lock's codes come at
    /// once, which is the most guesses the schedule lets through.
    #[test]
    fn an_attacker_with_the_password_has_under_one_percent_in_thirty_days() {
        let month = 30 * 24 * 3600;
        let (mut elapsed, mut guesses, mut lockouts) = (0_i64, 0_i64, 0_i32);
        while elapsed < month {
            guesses += i64::from(WRONG_CODES_PER_LOCK);
            lockouts += 1;
            elapsed += lock_secs(lockouts);
        }
        // Three valid codes (the step and one either side) in 10^6.
        let chance = guesses as f64 * 3.0 / 1_000_000.0;
        assert!(chance < 0.01, "{guesses} guesses: {chance}");
        assert!((900..1000).contains(&guesses), "{guesses}");
    }
}
