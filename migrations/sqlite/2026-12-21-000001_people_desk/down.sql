DROP TABLE erased_orders;
DROP TABLE customer_notes;
DROP TRIGGER users_email_or_phone_insert;
DROP TRIGGER users_email_or_phone_update;
CREATE TRIGGER users_email_or_phone_insert BEFORE INSERT ON users
  WHEN NEW.email IS NULL AND NEW.phone IS NULL
  BEGIN SELECT RAISE(ABORT, 'an account needs an e-mail address or a phone number'); END;
CREATE TRIGGER users_email_or_phone_update BEFORE UPDATE OF email, phone ON users
  WHEN NEW.email IS NULL AND NEW.phone IS NULL
  BEGIN SELECT RAISE(ABORT, 'an account needs an e-mail address or a phone number'); END;
ALTER TABLE users DROP COLUMN erased_at;
