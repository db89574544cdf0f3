DROP INDEX orders_guest_phone_idx;
DROP TABLE phone_codes;
DROP INDEX users_verified_phone_idx;
ALTER TABLE users DROP COLUMN phone_verified_at;
ALTER TABLE users DROP CONSTRAINT users_email_or_phone;
-- Accounts without an address or a password get ones nobody can use.
UPDATE users SET email = 'phone-' || id || '@invalid' WHERE email IS NULL;
UPDATE users SET password_hash = '!unset' WHERE password_hash IS NULL;
UPDATE users SET phone = '' WHERE phone IS NULL;
UPDATE contact_messages SET email = '' WHERE email IS NULL;
ALTER TABLE users ALTER COLUMN email SET NOT NULL;
ALTER TABLE users ALTER COLUMN phone SET NOT NULL;
ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL;
ALTER TABLE contact_messages ALTER COLUMN email SET NOT NULL;
