-- Staff sign-in: a disabled account signs in no more; a second factor (TOTP) per staff member,
-- with the last time step used so a code never works twice; single-use recovery codes, hashed.
ALTER TABLE users ADD COLUMN disabled_at TIMESTAMP;

CREATE TABLE user_totp (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    confirmed_at TIMESTAMP,
    last_used_step BIGINT,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE recovery_codes (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);
