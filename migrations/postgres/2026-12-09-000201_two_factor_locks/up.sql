-- The second step of staff sign-in locks after wrong codes, for growing periods (see
-- crates/accounts/src/staff/lockout.rs). One row per account with wrong codes since its last
-- success: the wrong codes since the last lock, how many locks so far, and until when the
-- current one lasts. In the database, so every storefront process enforces the same lock.
CREATE TABLE two_factor_locks (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    failures INTEGER NOT NULL DEFAULT 0,
    lockouts INTEGER NOT NULL DEFAULT 0,
    locked_until TIMESTAMP
);
