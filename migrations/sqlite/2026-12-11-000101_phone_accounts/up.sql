-- Accounts by mobile number (issue 29): an account has a mobile number (verified or not) or an
-- e-mail address, never neither; a password is optional (a code to the phone signs in). Staff
-- keep e-mail, password and TOTP. The contact form takes a phone or an e-mail.
-- SQLite cannot drop a NOT NULL constraint, and rebuilding `users` inside the migration's
-- transaction (foreign keys stay on there) would run every ON DELETE action of the tables that
-- reference it: sessions, tokens and addresses deleted, orders and the audit log unlinked. Removing
-- NOT NULL changes nothing on disk, so the definitions are edited in place, as SQLite's
-- documentation allows for this case and as 2026-12-07-000001_phone_first_orders did; every index,
-- trigger and foreign key stays as it was. Creating and dropping a table bumps the schema version
-- so other open connections reload the schema.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(replace(replace(sql,
             'email TEXT NOT NULL UNIQUE', 'email TEXT UNIQUE'),
             'phone TEXT NOT NULL', 'phone TEXT'),
             'password_hash TEXT NOT NULL', 'password_hash TEXT')
 WHERE type = 'table' AND name = 'users';
UPDATE sqlite_schema
   SET sql = replace(sql, 'email TEXT NOT NULL,', 'email TEXT,')
 WHERE type = 'table' AND name = 'contact_messages';
PRAGMA writable_schema = RESET;
CREATE TABLE phone_accounts_schema_bump (x INTEGER);
DROP TABLE phone_accounts_schema_bump;

-- No phone was kept as an empty string (staff, accounts from before phones were required).
UPDATE users SET phone = NULL WHERE phone = '';
-- When the number was proved by a code sent to it; one account per verified number.
ALTER TABLE users ADD COLUMN phone_verified_at TIMESTAMP;
CREATE UNIQUE INDEX users_verified_phone_idx ON users (phone) WHERE phone_verified_at IS NOT NULL;
-- Never neither (PostgreSQL has this as a CHECK; SQLite cannot add one to a table in place).
CREATE TRIGGER users_email_or_phone_insert BEFORE INSERT ON users
  WHEN NEW.email IS NULL AND NEW.phone IS NULL
  BEGIN SELECT RAISE(ABORT, 'an account needs an e-mail address or a phone number'); END;
CREATE TRIGGER users_email_or_phone_update BEFORE UPDATE OF email, phone ON users
  WHEN NEW.email IS NULL AND NEW.phone IS NULL
  BEGIN SELECT RAISE(ABORT, 'an account needs an e-mail address or a phone number'); END;

-- One-time codes sent to a phone (sign-in, or proving an account's number): 6 digits, stored as
-- an HMAC with the server's secret key, valid 5 minutes, once, for at most 5 tries. The caps on
-- sending (per number, per client address, for the whole shop) are counted from these rows, so
-- they hold across any number of processes.
CREATE TABLE phone_codes (
    id INTEGER PRIMARY KEY,
    phone TEXT NOT NULL,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    used_at TIMESTAMP,
    client_address TEXT NOT NULL
);
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, purpose, created_at);
CREATE INDEX phone_codes_client_idx ON phone_codes (client_address, created_at);
CREATE INDEX phone_codes_created_idx ON phone_codes (created_at);

-- Guest orders found by the number they were placed with, when it is verified.
CREATE INDEX orders_guest_phone_idx ON orders (contact_phone) WHERE user_id IS NULL;
