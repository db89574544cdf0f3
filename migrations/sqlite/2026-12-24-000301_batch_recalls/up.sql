-- A manufacturer's recall of one batch, and the customers the shop told of it (Insecticides
-- Rules 1971 r. 15(4): the dealer must be able to name everyone a batch was sold to). One recall
-- a batch: pressing the button again tells nobody twice.
CREATE TABLE batch_recalls (
    id INTEGER PRIMARY KEY,
    batch_id BIGINT NOT NULL UNIQUE REFERENCES batches (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    recipients INTEGER NOT NULL,
    mails INTEGER NOT NULL,
    phone_messages INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
