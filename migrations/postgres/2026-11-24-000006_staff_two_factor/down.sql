DROP TABLE recovery_codes;
DROP TABLE user_totp;
ALTER TABLE users DROP COLUMN disabled_at;
