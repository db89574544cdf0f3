-- One outbox for every message the shop sends (DESIGN.md, "Messages"): mail as before, and
-- messages to a customer's or the shop's phone, sent through WhatsApp or SMS (or written to a
-- file), whichever the shop has configured when the message is sent. A phone message keeps its
-- template, language and variables as JSON in `payload`; `to_address` holds the E.164 number.
ALTER TABLE mail_outbox RENAME TO outbox;
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
ALTER TABLE outbox ADD COLUMN payload TEXT;
-- The order a message is about, for the order's timeline on the desk.
ALTER TABLE outbox ADD COLUMN order_id BIGINT REFERENCES orders (id);
-- Which worker holds the claim: a worker renews its claim right before each send and sends only
-- if the claim is still its own, so a slow batch can never let a second worker send it again.
ALTER TABLE outbox ADD COLUMN claim_token TEXT;
-- What the provider said: its id for the message, the last status it reported (sent, delivered,
-- read, failed) and when; a refusal that retrying cannot mend ends the tries (gave_up_at).
ALTER TABLE outbox ADD COLUMN sent_via TEXT;
ALTER TABLE outbox ADD COLUMN provider_id TEXT;
ALTER TABLE outbox ADD COLUMN provider_status TEXT;
ALTER TABLE outbox ADD COLUMN provider_status_at TIMESTAMP;
ALTER TABLE outbox ADD COLUMN gave_up_at TIMESTAMP;
CREATE INDEX outbox_channel_due_idx ON outbox (channel, sent_at, next_attempt_at);
CREATE INDEX outbox_order_idx ON outbox (order_id);
CREATE UNIQUE INDEX outbox_provider_id_idx ON outbox (sent_via, provider_id) WHERE provider_id IS NOT NULL;
