DROP TABLE contact_messages;
DROP TABLE mail_outbox;
DROP TABLE user_tokens;
DROP TABLE users;
