DROP INDEX orders_guest_phone_idx;
DROP TABLE phone_codes;
DROP TRIGGER users_email_or_phone_update;
DROP TRIGGER users_email_or_phone_insert;
DROP INDEX users_verified_phone_idx;
ALTER TABLE users DROP COLUMN phone_verified_at;
-- Accounts without an address or a password get ones nobody can use.
UPDATE users SET email = 'phone-' || id || '@invalid' WHERE email IS NULL;
UPDATE users SET password_hash = '!unset' WHERE password_hash IS NULL;
UPDATE users SET phone = '' WHERE phone IS NULL;
UPDATE contact_messages SET email = '' WHERE email IS NULL;
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(replace(replace(sql,
             'email TEXT UNIQUE', 'email TEXT NOT NULL UNIQUE'),
             'phone TEXT,', 'phone TEXT NOT NULL,'),
             'password_hash TEXT,', 'password_hash TEXT NOT NULL,')
 WHERE type = 'table' AND name = 'users';
UPDATE sqlite_schema
   SET sql = replace(sql, 'email TEXT,', 'email TEXT NOT NULL,')
 WHERE type = 'table' AND name = 'contact_messages';
PRAGMA writable_schema = RESET;
CREATE TABLE phone_accounts_schema_bump (x INTEGER);
DROP TABLE phone_accounts_schema_bump;
